import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENTS_PAGE_SIZE, eventsPageSize } from './page-size';

describe('eventsPageSize', () => {
  it('takes ?limit= between 1 and 100, otherwise the default', () => {
    expect(eventsPageSize(null)).toBe(DEFAULT_EVENTS_PAGE_SIZE);
    expect(eventsPageSize('3')).toBe(3);
    expect(eventsPageSize('100')).toBe(100);
    expect(eventsPageSize('0')).toBe(DEFAULT_EVENTS_PAGE_SIZE);
    expect(eventsPageSize('101')).toBe(DEFAULT_EVENTS_PAGE_SIZE);
    expect(eventsPageSize('2.5')).toBe(DEFAULT_EVENTS_PAGE_SIZE);
    expect(eventsPageSize('abc')).toBe(DEFAULT_EVENTS_PAGE_SIZE);
  });
});
