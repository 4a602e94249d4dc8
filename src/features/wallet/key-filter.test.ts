import { describe, expect, it } from 'vitest';
import type { LifecycleEvent } from '../../api/lifecycle';
import { filterByKey, otherKeySummary, parseKeyFilter, writtenByOtherKey } from './key-filter';

const ev = (leaf: string, keyId?: string | null): LifecycleEvent => ({
  leaf_hash: leaf,
  event_type: 'DEPLOYMENT',
  created_at: '2026-01-01T00:00:00Z',
  ...(keyId === undefined ? {} : { key_id: keyId }),
});

const EVENTS = [
  ev('a', 'key_first'),
  ev('b', 'key_other'),
  ev('c'),
  ev('d', 'key_third'),
  ev('e', 'key_other'),
];

describe('events by the key that wrote them', () => {
  it('sums up the events of other keys once, each other key named once in the order it first wrote', () => {
    expect(otherKeySummary(EVENTS, 'key_first')).toEqual({
      otherCount: 3,
      otherKeyIds: ['key_other', 'key_third'],
    });
  });

  it('has nothing to say when only the first key wrote, or the service names no first key', () => {
    expect(otherKeySummary([ev('a', 'key_first'), ev('b')], 'key_first')).toBeNull();
    expect(otherKeySummary(EVENTS, null)).toBeNull();
    expect(writtenByOtherKey(ev('x', 'key_other'), null)).toBe(false);
  });

  it('shows all, only the first key’s (and those whose key is not named), or only the others’', () => {
    const leaves = (filter: 'all' | 'first' | 'others') =>
      filterByKey(EVENTS, 'key_first', filter).map((e) => e.leaf_hash);
    expect(leaves('all')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(leaves('first')).toEqual(['a', 'c']);
    expect(leaves('others')).toEqual(['b', 'd', 'e']);
  });

  it('reads the filter from the address, anything unknown as all', () => {
    expect(parseKeyFilter('others')).toBe('others');
    expect(parseKeyFilter('first')).toBe('first');
    expect(parseKeyFilter('mine')).toBe('all');
    expect(parseKeyFilter(null)).toBe('all');
  });
});
