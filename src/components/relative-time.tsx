import { formatExact, formatRelative, parseServiceTime } from './time-format';
import { useNow } from './use-now';

/**
 * A time as every page shows it: relative words ("5 min ago"), with the exact time (UTC, then local)
 * in the `<time>` element's title on hover and in its accessible text. `value` is what the service
 * sends (Unix seconds or RFC 3339) or a Date.
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
    <time dateTime={date.toISOString()} title={exact} data-testid={testId} className="whitespace-nowrap">
      {formatRelative(date, new Date(nowMs))}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}
