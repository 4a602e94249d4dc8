/** Loading and empty states, the same everywhere (errors go to ErrorNotice). */
import { ErrorNotice } from './error-notice';
import { RelativeTime } from './relative-time';

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      Loading {what}…
    </p>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded border border-dashed border-slate-400 p-4 text-slate-700 dark:border-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}

/**
 * When the figures shown are from: the last answer, kept on the page while the service does not
 * answer, so nobody reads an old count as today's.
 */
export function AsOf({ updatedAt, testId }: { updatedAt: number; testId?: string }) {
  return (
    <p className="text-sm" data-testid={testId ?? 'as-of'}>
      Shown as of the last answer: <RelativeTime value={new Date(updatedAt)} />.
    </p>
  );
}

/**
 * What a polled query shows before it has an answer: its error (kept while it asks again,
 * `useKeptError`) with how often it is asked, else "Loading…" while it is pending. Once it has
 * answered, a failure is said with the time of the answer still shown.
 */
export function LoadingOrError({
  query,
  error,
  what,
  title,
  retryEveryMs,
}: {
  /** The polled query: "Loading…" while it is pending; `dataUpdatedAt` 0 until it first answered. */
  query: { isPending: boolean; dataUpdatedAt?: number };
  /** Its failure, kept while it asks again (`useKeptError`). */
  error: Error | null;
  /** What is loading, e.g. "the attempt log". */
  what: string;
  /** The error's title; "The attempt log could not be loaded" when left out. */
  title?: string;
  retryEveryMs: number;
}) {
  if (error) {
    const failed = title ?? `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`;
    const updatedAt = query.dataUpdatedAt ?? 0;
    return (
      <>
        <ErrorNotice error={error} title={failed} retryEveryMs={retryEveryMs} />
        {updatedAt > 0 && <AsOf updatedAt={updatedAt} />}
      </>
    );
  }
  return query.isPending ? <Loading what={what} /> : null;
}
