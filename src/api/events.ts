/**
 * `GET /events?limit=&before=&event_type=&include=` (docs/reference-api.md 4.8): newest first; the
 * body keeps the reference shape and this service puts the next (older) page in a
 * `Link: <…>; rel="next"` header. Items carry `position` only when asked (`includePosition`), and
 * `wallet_hash` only for the operator key (`includeWallet`).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { nextBeforeFromLink } from 'zap1';
import { apiRequestWithMeta } from './client';
import { eventsSchema, type EventItem } from 'zap1';
export { eventItemSchema, eventsSchema, type EventItem, type EventsBody } from 'zap1';

export interface EventsParams {
  limit?: number;
  /** Only leaves at 0-based positions below this (a root's leaf count lists that root's leaves). */
  before?: number;
  /** An event type label. */
  eventType?: string;
  /**
   * Ask for each item's `position` (`?include=position`). Off by default: the reference's checker
   * refuses fields beyond its own, so this service adds it only on request (a reference deployment
   * answers without it, which `eventItemSchema` accepts too).
   */
  includePosition?: boolean;
  /** Ask for each item's `wallet_hash` (`?include=wallet`): the operator key, which the request then sends, is needed. */
  includeWallet?: boolean;
}

export interface EventsPage {
  events: EventItem[];
  /** `before` of the next (older) page; null at the end or when the service does not page. */
  nextBefore: number | null;
}

export function eventsPath(params: EventsParams = {}): string {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.before !== undefined) search.set('before', String(params.before));
  if (params.eventType) search.set('event_type', params.eventType);
  const include = [params.includePosition && 'position', params.includeWallet && 'wallet'].filter(Boolean);
  if (include.length > 0) search.set('include', include.join(','));
  const qs = search.toString();
  return qs ? `/events?${qs}` : '/events';
}

export async function fetchEventsPage(
  baseUrl: string,
  params: EventsParams,
  signal?: AbortSignal,
): Promise<EventsPage> {
  const response = await apiRequestWithMeta(eventsPath(params), {
    schema: eventsSchema,
    baseUrl,
    signal,
    // The wallets are the operator's to see: only then is the stored key sent.
    auth: params.includeWallet === true,
  });
  return { events: response.data.events, nextBefore: nextBeforeFromLink(response.headers.get('Link')) };
}

export const eventsKeys = {
  all: (baseUrl: string) => ['events', baseUrl] as const,
  feed: (
    baseUrl: string,
    pageSize: number,
    eventType: string | null,
    /** A fixed start position, 'moving' for a start that follows the anchored leaves, null for the top. */
    start: number | 'moving' | null = null,
    filteredHere = false,
    include: { position?: boolean; wallet?: boolean } = {},
  ) =>
    [
      ...eventsKeys.all(baseUrl),
      'feed',
      pageSize,
      eventType,
      start,
      filteredHere,
      include.position ?? false,
      include.wallet ?? false,
    ] as const,
};

/** The most events a reference deployment returns at once (it ignores `before` and `event_type`). */
export const REFERENCE_EVENTS_LIMIT = 200;

/**
 * The feed, newest first, one page per `fetchNextPage`; `startBefore` starts below a position
 * (a root's page lists the leaves it covers from its leaf count down), `movingStartBefore` below
 * one that moves (see there).
 */
export function eventsInfiniteQueryOptions(
  baseUrl: string,
  options: {
    pageSize?: number;
    eventType?: string | null;
    refetchIntervalMs?: number;
    startBefore?: number | null;
    /**
     * A start that moves as the feed is read, like the top of the anchored leaves (each new anchor
     * raises it). It is not part of the query key, so the pages already loaded stay when it moves;
     * every refresh starts from its value at that time. Takes the place of `startBefore`.
     */
    movingStartBefore?: number | null;
    /**
     * The service does not filter by type (no `events-filter` extension): ask for the latest
     * `REFERENCE_EVENTS_LIMIT` events and keep the type here.
     */
    filterHere?: boolean;
    /** Each item's position (this service's `events-paging`); see `EventsParams`. */
    includePosition?: boolean;
    /** Each item's wallet (the operator key only); see `EventsParams`. */
    includeWallet?: boolean;
  } = {},
) {
  const eventType = options.eventType ?? null;
  const filterHere = (options.filterHere ?? false) && eventType !== null;
  const pageSize = filterHere ? REFERENCE_EVENTS_LIMIT : (options.pageSize ?? 25);
  const movingStartBefore = options.movingStartBefore ?? null;
  const startBefore = movingStartBefore === null ? (options.startBefore ?? null) : null;
  const includePosition = options.includePosition ?? false;
  const includeWallet = options.includeWallet ?? false;
  return infiniteQueryOptions({
    queryKey: eventsKeys.feed(
      baseUrl,
      pageSize,
      eventType,
      movingStartBefore === null ? startBefore : 'moving',
      filterHere,
      {
        position: includePosition,
        wallet: includeWallet,
      },
    ),
    queryFn: async ({ signal, pageParam }) => {
      // The first page of a moving start is null here (so a refresh starts from the start's value now).
      const before = pageParam ?? movingStartBefore;
      const page = await fetchEventsPage(
        baseUrl,
        {
          limit: pageSize,
          ...(before !== null ? { before } : {}),
          ...(eventType && !filterHere ? { eventType } : {}),
          includePosition,
          includeWallet,
        },
        signal,
      );
      // Kept here even when the service filters: a service that ignores the parameter shows no other types.
      return eventType ? { ...page, events: page.events.filter((e) => e.event_type === eventType) } : page;
    },
    initialPageParam: startBefore,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
    refetchInterval: options.refetchIntervalMs ?? false,
  });
}
