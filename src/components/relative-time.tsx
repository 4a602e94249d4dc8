import { formatDateTime, formatExact, formatRelative, parseServiceTime } from './time-format';
import { useNow } from './use-now';

/**
 * A time as every page shows it: the absolute time first ("26 Nov 2026, 05:57:39 UTC", in the
 * reader's locale), then how long ago in smaller words; the exact UTC and local times are in the
 * `<time>` element's title. `value` is what the service sends (Unix seconds or RFC 3339) or a Date.
 */
export function RelativeTime({
  value,
  unknown = 'unknown time',
  testId,
}: {
  value: Date | number | string | null | undefined;
  /** What to say when the time is absent or unreadable. */
  unknown?: string;
  testId?: string;
}) {
  const nowMs = useNow();
  const date = value instanceof Date ? value : parseServiceTime(value);
  if (!date || Number.isNaN(date.getTime())) return <span data-testid={testId}>{unknown}</span>;
  const exact = formatExact(date);
  return (
    <time dateTime={date.toISOString()} title={exact} data-testid={testId}>
      {/* Wraps in a phone's narrow cell (at its spaces; the "ago" kept whole) rather than scroll sideways. */}
      {formatDateTime(date)}{' '}
      <span className="text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">
        · {formatRelative(date, new Date(nowMs))}
      </span>
    </time>
  );
}
