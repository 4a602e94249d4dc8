/**
 * Anchoring resources: `/anchor/status`, `/anchor/history`, `/anchor/consistency`, `POST /anchor/now`
 * (docs/reference-api.md 4.6, 4.7; docs/architecture.md "Endpoints, beyond the reference shapes").
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithMeta } from './client';
import { nextBeforeFromLink } from 'zap1';
import {
  anchorAttemptsSchema,
  anchorConsistencySchema,
  anchorHistorySchema,
  anchorNowSchema,
  anchorStatusSchema,
  type AnchorHistory,
  type AnchorHistoryEntry,
  type AnchorNowResult,
  type AnchorStatus,
} from 'zap1';
export {
  ANCHOR_STATES,
  anchorAttemptSchema,
  anchorAttemptsSchema,
  anchorConsistencySchema,
  anchorHistoryEntrySchema,
  anchorHistorySchema,
  anchorNowSchema,
  anchorStatusSchema,
  attemptLogEntrySchema,
  inFlightSchema,
  latestAnchorSchema,
  type AnchorAttemptWithLog,
  type AnchorConsistency,
  type AnchorHistory,
  type AnchorHistoryEntry,
  type AnchorNowResult,
  type AnchorState,
  type AnchorStatus,
  type AttemptLogEntry,
  type InFlightAnchor,
  type LatestAnchor,
} from 'zap1';

export interface AnchorHistoryParams {
  limit?: number;
  /** Only anchors below this block height (this service's paging). */
  before?: number;
}

/** Query string of `/anchor/history`; empty for the reference behaviour (everything). */
export function anchorHistoryPath(params: AnchorHistoryParams = {}): string {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.before !== undefined) search.set('before', String(params.before));
  const qs = search.toString();
  return qs ? `/anchor/history?${qs}` : '/anchor/history';
}

export const anchorKeys = {
  all: (baseUrl: string) => ['anchor', baseUrl] as const,
  status: (baseUrl: string) => [...anchorKeys.all(baseUrl), 'status'] as const,
  history: (baseUrl: string, params: AnchorHistoryParams = {}) =>
    [...anchorKeys.all(baseUrl), 'history', params.limit ?? null, params.before ?? null] as const,
  historyPages: (baseUrl: string, pageSize: number) =>
    [...anchorKeys.all(baseUrl), 'history-pages', pageSize] as const,
  consistency: (baseUrl: string, from: number, to: number) =>
    [...anchorKeys.all(baseUrl), 'consistency', from, to] as const,
  attempts: (baseUrl: string, limit: number) => [...anchorKeys.all(baseUrl), 'attempts', limit] as const,
};

/** `/anchor/attempts?limit=`: the newest attempts with their logs (only where `anchor-attempts` is offered). */
export function anchorAttemptsQueryOptions(baseUrl: string, limit: number, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: anchorKeys.attempts(baseUrl, limit),
    queryFn: ({ signal }) =>
      apiRequest(`/anchor/attempts?limit=${limit}`, {
        schema: anchorAttemptsSchema,
        signal,
        baseUrl,
        auth: false,
      }),
    refetchInterval: refetchIntervalMs ?? false,
  });
}

/** `/anchor/status`; `refetchIntervalMs` for pages that watch anchoring. */
export function anchorStatusQueryOptions(baseUrl: string, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: anchorKeys.status(baseUrl),
    queryFn: ({ signal }) =>
      apiRequest('/anchor/status', { schema: anchorStatusSchema, signal, baseUrl, auth: false }),
    refetchInterval: refetchIntervalMs ?? false,
  });
}

/**
 * `/anchor/history`, oldest first as the service sends it. Without a `limit`, all of it: the pages
 * a paging service names in its `Link` header are followed (the reference sends everything at once).
 */
export function anchorHistoryQueryOptions(baseUrl: string, params: AnchorHistoryParams = {}) {
  return queryOptions({
    queryKey: anchorKeys.history(baseUrl, params),
    queryFn: async ({ signal }): Promise<AnchorHistory> => {
      const request = (path: string) =>
        apiRequestWithMeta(path, { schema: anchorHistorySchema, signal, baseUrl, auth: false });
      const first = await request(anchorHistoryPath(params));
      if (params.limit !== undefined) return first.data;
      const anchors = [...first.data.anchors];
      let before = nextBeforeFromLink(first.headers.get('link'));
      // Each page is older than the one before; stop should a service repeat itself.
      for (let pages = 1; before !== null && pages < MAX_HISTORY_PAGES; pages++) {
        const page = await request(anchorHistoryPath({ before }));
        anchors.unshift(...page.data.anchors);
        const next = nextBeforeFromLink(page.headers.get('link'));
        before = next !== null && next < before ? next : null;
      }
      return { ...first.data, anchors, total: anchors.length };
    },
    staleTime: 10_000,
  });
}

/** Far more pages than any deployment's anchors fill; a bound on a service that never stops paging. */
const MAX_HISTORY_PAGES = 10_000;

/** `/anchor/consistency?from=&to=`; the proof between two committed sizes. */
export function anchorConsistencyQueryOptions(baseUrl: string, from: number, to: number) {
  return queryOptions({
    queryKey: anchorKeys.consistency(baseUrl, from, to),
    queryFn: ({ signal }) =>
      apiRequest(`/anchor/consistency?from=${from}&to=${to}`, {
        schema: anchorConsistencySchema,
        signal,
        baseUrl,
        auth: false,
      }),
    // A proof between two fixed sizes never changes.
    staleTime: Infinity,
  });
}

/**
 * `POST /anchor/now` with the operator key: 202 `{in_flight}`. A 409 `conflict` (one already in
 * flight) and a 403 (not an operator key) surface as `ApiError`.
 */
export async function requestAnchorNow(baseUrl: string, apiKey?: string | null): Promise<AnchorNowResult> {
  const response = await apiRequestWithMeta('/anchor/now', {
    method: 'POST',
    schema: anchorNowSchema,
    baseUrl,
    ...(apiKey !== undefined ? { apiKey } : {}),
  });
  return response.data;
}

/** Whether a status says an anchor is in flight (pending, broadcast or confirmed, not failed). */
export function isAnchorInFlight(status: AnchorStatus | undefined): boolean {
  const state = status?.in_flight?.state;
  return state === 'pending' || state === 'broadcast' || state === 'confirmed';
}

export interface AnchorHistoryPage {
  /** Newest first. */
  anchors: AnchorHistoryEntry[];
  /** `before` (a height) for the next, older page; null at the end. */
  nextBefore: number | null;
}

/**
 * One page, newest first. The reference ignores `limit`/`before` and sends everything: then the
 * whole list is one page. Otherwise a full page continues below its lowest height.
 */
export function toHistoryPage(body: AnchorHistory, pageSize: number): AnchorHistoryPage {
  const anchors = [...body.anchors].reverse();
  if (anchors.length < pageSize || anchors.length > pageSize) return { anchors, nextBefore: null };
  const heights = anchors.map((a) => a.height).filter((h): h is number => h !== null);
  const lowest = heights.length > 0 ? Math.min(...heights) : null;
  return { anchors, nextBefore: lowest !== null && lowest > 0 ? lowest : null };
}

/**
 * The `before` of the page after `lastPage`, asked for with `lastPageParam`; null when that page
 * added nothing older. A deployment that ignores `before` and happens to send exactly a page's worth
 * would otherwise be asked for the same page for ever.
 */
export function nextHistoryPageParam(
  lastPage: AnchorHistoryPage,
  lastPageParam: number | null,
): number | null {
  const next = lastPage.nextBefore;
  if (next === null) return null;
  if (lastPageParam !== null && next >= lastPageParam) return null;
  return next;
}

/** `/anchor/history` newest first, one page per `fetchNextPage`. */
export function anchorHistoryInfiniteQueryOptions(
  baseUrl: string,
  pageSize = 20,
  refetchIntervalMs?: number,
) {
  return infiniteQueryOptions({
    queryKey: anchorKeys.historyPages(baseUrl, pageSize),
    queryFn: async ({ signal, pageParam }) =>
      toHistoryPage(
        await apiRequest(
          anchorHistoryPath({ limit: pageSize, ...(pageParam !== null ? { before: pageParam } : {}) }),
          {
            schema: anchorHistorySchema,
            signal,
            baseUrl,
            auth: false,
          },
        ),
        pageSize,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextHistoryPageParam(lastPage, lastPageParam),
    refetchInterval: refetchIntervalMs ?? false,
  });
}
