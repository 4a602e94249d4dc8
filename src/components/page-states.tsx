/** Loading and empty states, the same everywhere (errors go to ErrorNotice). */
import { ErrorNotice } from './error-notice';

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
 * What a polled query shows before it has an answer: its error (kept while it asks again,
 * `useKeptError`) with how often it is asked, else "Loading…" while it is pending.
 */
export function LoadingOrError({
  pending,
  error,
  what,
  title,
  retryEveryMs,
}: {
  pending: boolean;
  error: Error | null;
  /** What is loading, e.g. "the attempt log". */
  what: string;
  /** The error's title, e.g. "The attempt log could not be loaded". */
  title: string;
  retryEveryMs: number;
}) {
  if (error) return <ErrorNotice error={error} title={title} retryEveryMs={retryEveryMs} />;
  return pending ? <Loading what={what} /> : null;
}
