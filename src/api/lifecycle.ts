/**
 * `GET /lifecycle/{wallet}` (docs/reference-api.md 4.9): every event of one wallet, oldest first.
 * A wallet without events is a 404 and a service that requires a key answers 401/403; both are
 * answers the page shows, so the query resolves to a tagged result instead of throwing for them.
 */
import { queryOptions } from '@tanstack/react-query';
import { nextLinkPath } from 'zap1';
import { ApiError, apiRequestWithMeta } from './client';
import { lifecycleSchema, type Lifecycle } from 'zap1';
export { nextLinkPath };
export { lifecycleEventSchema, lifecycleSchema, type Lifecycle, type LifecycleEvent } from 'zap1';

/** A bound on pages followed (a wallet of 250,000 events at the default page size). */
const MAX_LIFECYCLE_PAGES = 1000;

export type LifecycleResult =
  { kind: 'found'; lifecycle: Lifecycle } | { kind: 'no_events' } | { kind: 'key_required'; message: string };

export const lifecycleKeys = {
  all: (baseUrl: string) => ['lifecycle', baseUrl] as const,
  wallet: (baseUrl: string, wallet: string, apiKey: string | null) =>
    [...lifecycleKeys.all(baseUrl), wallet, apiKey] as const,
};

/** Maps the answers the page explains (404, 401, 403) to results; other failures still throw. */
export function lifecycleResultFromError(error: unknown): LifecycleResult | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return { kind: 'no_events' };
  if (error.status === 401 || error.status === 403) return { kind: 'key_required', message: error.message };
  return null;
}

export async function fetchLifecycle(
  baseUrl: string,
  wallet: string,
  signal?: AbortSignal,
): Promise<LifecycleResult> {
  try {
    const request = (path: string) => apiRequestWithMeta(path, { schema: lifecycleSchema, baseUrl, signal });
    const first = await request(`/lifecycle/${encodeURIComponent(wallet)}`);
    const events = [...first.data.events];
    // A paging service names the next page in its Link header; the reference sends all at once.
    let next = nextLinkPath(first.headers.get('link'));
    for (let pages = 1; next !== null && pages < MAX_LIFECYCLE_PAGES; pages++) {
      const page = await request(next);
      events.push(...page.data.events);
      const following = nextLinkPath(page.headers.get('link'));
      next = following !== next ? following : null;
    }
    const lifecycle = { ...first.data, events };
    return events.length === 0 ? { kind: 'no_events' } : { kind: 'found', lifecycle };
  } catch (error) {
    const result = lifecycleResultFromError(error);
    if (result) return result;
    throw error;
  }
}

/** The key is part of the query key: a newly pasted key must ask again. */
export function lifecycleQueryOptions(
  baseUrl: string,
  wallet: string,
  apiKey: string | null,
  refetchIntervalMs?: number,
) {
  return queryOptions({
    queryKey: lifecycleKeys.wallet(baseUrl, wallet, apiKey),
    queryFn: ({ signal }) => fetchLifecycle(baseUrl, wallet, signal),
    refetchInterval: refetchIntervalMs ?? false,
  });
}
