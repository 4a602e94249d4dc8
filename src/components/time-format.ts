/** Times as the service sends them (Unix seconds or RFC 3339 text) and ages, in plain words. */
import { zecAmount } from 'zap1';
import { countWords, formatNumber } from './number-words';

/** A service time (Unix seconds, or an RFC 3339 string) as a Date, or null when absent or unreadable. */
export function parseServiceTime(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2026-03-27 03:29:26 UTC": one unambiguous form on every page, whatever the reader's locale. */
export function formatUtc(date: Date | null): string {
  if (!date) return 'unknown time';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * A time as evidence reads it: the reader's own date and time words, in UTC and saying so
 * ("26 Nov 2026, 05:57:39 UTC" in en-GB, "Nov 26, 2026, 05:57:39 UTC" in en-US). Absolute first,
 * because "existed by" is a claim about a date, and a phone cannot show a hover title.
 */
export function formatDateTime(date: Date | null, locale?: string): string {
  if (!date) return 'unknown time';
  const words = date.toLocaleString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return `${words} UTC`;
}

/**
 * `formatDateTime` in its two parts, the day and the time of day ("Nov 26, 2026," and
 * "05:57:39 UTC"), for a place that shows one of them (a chart's axis) or breaks between them.
 */
export function dateTimeParts(date: Date, locale?: string): { day: string; clock: string } {
  const whole = formatDateTime(date, locale);
  const cut = whole.lastIndexOf(', ');
  return cut < 0 ? { day: whole, clock: '' } : { day: whole.slice(0, cut + 1), clock: whole.slice(cut + 2) };
}

/** A duration in the two largest units: "45 s", "5 min 3 s", "3 h 4 min", "2 d 3 h". */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds)) return 'unknown';
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const seconds = s % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}

/** "5 min ago"; a time slightly in the future (clock skew) reads as "just now". */
export function formatAge(date: Date | null, now: Date = new Date()): string {
  if (!date) return 'unknown';
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 1) return 'just now';
  return `${formatDuration(seconds)} ago`;
}

/** How far ahead a time may be and still read "just now": clock skew, and a clock read a tick ago. */
const SKEW_S = 60;

/**
 * A time relative to `now` in words: "5 min ago", "in 30 d", and "just now" within a second before
 * or a minute after `now` (the service's clock may run ahead of the browser's).
 */
export function formatRelative(date: Date | null, now: Date = new Date()): string {
  if (!date) return 'unknown time';
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 1 && seconds > -SKEW_S) return 'just now';
  return seconds > 0 ? `${formatDuration(seconds)} ago` : `in ${formatDuration(-seconds)}`;
}

/** The exact time a relative one stands for: UTC first (as every page writes it), then the reader's local time. */
export function formatExact(date: Date): string {
  return `${formatUtc(date)}; local time ${date.toLocaleString()}`;
}

/** A long hex value shortened for tables ("0123456789…abcdef"); the full value stays in a title. */
export function shortHex(hex: string, head = 10, tail = 6): string {
  return hex.length <= head + tail + 1 ? hex : `${hex.slice(0, head)}…${hex.slice(-tail)}`;
}

/** A wait in plain words, rounded up to what a person would say: "12 seconds", "3 minutes", "2 hours". */
export function waitInWords(totalSeconds: number): string {
  const s = Math.max(1, Math.ceil(totalSeconds));
  const [n, unit] =
    s < 60 ? [s, 'second'] : s < 3600 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return countWords(n, unit, `${unit}s`);
}

/** Zatoshi as ZEC, as a person reads a balance: "1.5 ZEC", "0.0001 ZEC". */
export function formatZec(zat: number): string {
  const [whole = '0', fraction] = zecAmount(zat).split('.');
  return `${formatNumber(Number(whole))}${fraction ? `.${fraction}` : ''} ZEC`;
}

/** "Asked again every 5 s.": how often a page that polls tries a failed request again. */
export function askedAgainWords(everyMs: number): string {
  return `Asked again every ${formatDuration(everyMs / 1000)}.`;
}
