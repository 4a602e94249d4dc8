import { useState } from 'react';

/** What `useKeptError` reads of a query (TanStack Query's result has it). */
interface QueryOutcome {
  data: unknown;
  error: Error | null;
}

/**
 * A query's error, kept while the query tries again and has nothing else to show. TanStack Query
 * puts a query that never answered back to "pending" (its error cleared) each time it refetches, so
 * a page polling a service that is down would swing between its error and "Loading…", showing the
 * loading text most of the time. Null once an answer arrives. `identity` names what is asked (the
 * service, the filters): an error is kept only for the same question, so another service or filter
 * starts at "Loading…" rather than showing the last one's failure.
 */
export function useKeptError(query: QueryOutcome, identity: readonly unknown[]): Error | null {
  const key = JSON.stringify(identity);
  const [kept, setKept] = useState<{ key: string; error: Error | null }>({ key, error: null });
  const keptError = kept.key === key ? kept.error : null;
  const error = query.error ?? (query.data === undefined ? keptError : null);
  // Adjusting state while rendering (React's pattern for state derived from changing input).
  if (error !== kept.error || key !== kept.key) setKept({ key, error });
  return error;
}
