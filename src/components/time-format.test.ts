import { describe, expect, it } from 'vitest';
import {
  dateTimeParts,
  formatDateTime,
  formatAge,
  formatDuration,
  formatExact,
  formatRelative,
  formatUtc,
  formatZec,
  parseServiceTime,
  shortHex,
  waitInWords,
} from './time-format';

describe('service times', () => {
  it('reads Unix seconds and RFC 3339 text', () => {
    expect(parseServiceTime(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseServiceTime('2026-03-27T03:29:26.270894724+00:00')?.toISOString()).toBe(
      '2026-03-27T03:29:26.270Z',
    );
  });

  it('gives null for absent or unreadable times, which pages show as unknown', () => {
    expect(parseServiceTime(null)).toBeNull();
    expect(parseServiceTime('yesterday-ish')).toBeNull();
    expect(formatUtc(null)).toBe('unknown time');
  });

  it('formats in UTC to the second', () => {
    expect(formatUtc(new Date('2026-03-27T03:29:26.9Z'))).toBe('2026-03-27 03:29:26 UTC');
  });
});

describe('durations and ages', () => {
  it('uses the two largest units', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(303)).toBe('5 min 3 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3 * 3600 + 4 * 60 + 59)).toBe('3 h 4 min');
    expect(formatDuration(2 * 86_400 + 3 * 3600)).toBe('2 d 3 h');
  });

  it('says how long ago, and "just now" for clock skew', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(formatAge(new Date('2026-01-01T11:55:00Z'), now)).toBe('5 min ago');
    expect(formatAge(new Date('2026-01-01T12:00:05Z'), now)).toBe('just now');
    expect(formatAge(null, now)).toBe('unknown');
  });

  it('shortens long hex but keeps short values whole', () => {
    expect(shortHex('0123456789abcdef0123456789')).toBe('0123456789…456789');
    expect(shortHex('abcd')).toBe('abcd');
  });
});

describe('waits in words', () => {
  it('rounds up to the unit a person would say', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(12)).toBe('12 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(180)).toBe('3 minutes');
    expect(waitInWords(181)).toBe('4 minutes');
    expect(waitInWords(3599)).toBe('60 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(7201)).toBe('3 hours');
    expect(waitInWords(0)).toBe('1 second');
  });
});

describe('balances', () => {
  it('are written in ZEC, not zatoshi', () => {
    expect(formatZec(10_000_000_000)).toBe('100 ZEC');
    expect(formatZec(150_000_000)).toBe('1.5 ZEC');
    expect(formatZec(10_000)).toBe('0.0001 ZEC');
    expect(formatZec(123_456_789_000_000)).toBe('1,234,567.89 ZEC');
  });
});

describe('relative times', () => {
  const now = new Date('2026-03-27T12:00:00Z');
  it('says how long ago a past time was and how far off a future one is', () => {
    expect(formatRelative(new Date('2026-03-27T11:55:00Z'), now)).toBe('5 min ago');
    expect(formatRelative(new Date('2026-04-26T12:00:00Z'), now)).toBe('in 30 d');
    expect(formatRelative(new Date('2026-03-27T12:00:00.400Z'), now)).toBe('just now');
    expect(formatRelative(new Date('2026-03-27T12:00:30Z'), now)).toBe('just now');
    expect(formatRelative(null, now)).toBe('unknown time');
  });

  it('gives the exact time in UTC first, then in local time', () => {
    expect(formatExact(new Date('2026-03-27T03:29:26Z'))).toMatch(/^2026-03-27 03:29:26 UTC; local time .+$/);
  });
});

describe('absolute times as evidence', () => {
  const when = new Date('2026-11-26T05:57:39Z');

  it('writes the UTC date and time in the reader’s words and says UTC', () => {
    expect(formatDateTime(when, 'en-GB')).toBe('26 Nov 2026, 05:57:39 UTC');
    expect(formatDateTime(when, 'en-US')).toBe('Nov 26, 2026, 05:57:39 UTC');
  });

  it('keeps the UTC day even where the reader’s clock is on another day', () => {
    expect(formatDateTime(new Date('2026-11-26T23:30:00Z'), 'de-DE')).toBe('26. Nov. 2026, 23:30:00 UTC');
  });

  it('says when the time is unknown', () => {
    expect(formatDateTime(null)).toBe('unknown time');
  });
});

describe('a time in its two parts', () => {
  it('splits formatDateTime into the day and the time of day', () => {
    const date = new Date('2026-11-26T05:57:39Z');
    expect(dateTimeParts(date, 'en-GB')).toEqual({ day: '26 Nov 2026,', clock: '05:57:39 UTC' });
    const { day, clock } = dateTimeParts(date, 'en-US');
    expect(`${day} ${clock}`).toBe(formatDateTime(date, 'en-US'));
  });
});
