import { dateTimeParts, formatExact, formatRelative, parseServiceTime } from './time-format';
import { useNow } from './use-now';

/**
 * A time as every page shows it: the absolute time first ("26 Nov 2026, 05:57:39 UTC", in the
 * reader's locale), then how long ago in smaller words; the exact UTC and local times are in the
 * `<time>` element's title. `value` is what the service sends (Unix seconds or RFC 3339) or a Date.
 * `ageOnly` is for a time that matters only as an age (when the page last asked the service): its
 * date would be noise beside the dates that are evidence, so only "3 s ago" is shown.
 */
export function RelativeTime({
  value,
  unknown = 'unknown time',
  testId,
  ageOnly = false,
}: {
  value: Date | number | string | null | undefined;
  /** What to say when the time is absent or unreadable. */
  unknown?: string;
  testId?: string;
  ageOnly?: boolean;
}) {
  const nowMs = useNow();
  const date = value instanceof Date ? value : parseServiceTime(value);
  if (!date || Number.isNaN(date.getTime())) return <span data-testid={testId}>{unknown}</span>;
  const exact = formatExact(date);
  const age = formatRelative(date, new Date(nowMs));
  if (ageOnly) {
    return (
      <time dateTime={date.toISOString()} title={exact} data-testid={testId} className="whitespace-nowrap">
        {age}
      </time>
    );
  }
  // The date, the time of day and the age each stay whole, but may go to the next line: at 390 px
  // the whole is wider than a value column beside a long label.
  const { day, clock } = dateTimeParts(date);
  return (
    <time dateTime={date.toISOString()} title={exact} data-testid={testId}>
      <span className="whitespace-nowrap">{day}</span>
      {clock && (
        <>
          {' '}
          <span className="whitespace-nowrap">{clock}</span>
        </>
      )}{' '}
      <span className="text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">· {age}</span>
    </time>
  );
}
