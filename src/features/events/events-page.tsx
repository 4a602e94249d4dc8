import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { anchorStatusQueryOptions } from '../../api/anchor';
import { REFERENCE_EVENTS_LIMIT, eventsInfiniteQueryOptions } from '../../api/events';
import { useCapabilities } from '../../api/capabilities';
import { useBaseUrl } from '../../api/settings';
import { eventTypeName, isEventType } from 'zap1';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { MorePagesButton } from '../../components/more-pages-button';
import { useKeptError } from '../../components/use-kept-error';
import { eventsPageSize } from './page-size';
import { Page } from '../../components/ui/page';
import { HELP_CLASS } from '../../components/ui/styles';
import { useOperatorKey } from '../status/use-operator-key';
import {
  anchoredLeafCount,
  eventAnchorState,
  feedStartFor,
  olderPagesMayMatch,
  parseStatusFilter,
} from './event-status';
import { EventsFilters } from './events-filters';
import { EventsTable } from './events-table';

const REFRESH_MS = 5_000;

/**
 * The latest events, newest first, paged backwards, filterable by type and by anchored/pending;
 * refreshes by itself. Each row opens its leaf's page; the operator also sees who submitted it.
 */
export function EventsPage() {
  const baseUrl = useBaseUrl();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const eventType = typeParam && isEventType(typeParam) ? typeParam : null;
  const pageSize = eventsPageSize(params.get('limit'));
  const capabilities = useCapabilities(baseUrl);
  const { isOperator } = useOperatorKey();
  const filterHere = eventType !== null && capabilities !== null && !capabilities.eventsFilter;
  // Positions (and so each event's anchored/pending state) come from this service's paging extension.
  const withPositions = capabilities?.eventsPaging === true && !filterHere;
  const status = useQuery({ ...anchorStatusQueryOptions(baseUrl, REFRESH_MS), enabled: withPositions });
  const anchoredCount = withPositions && status.data ? anchoredLeafCount(status.data) : null;
  const statusFilter = withPositions ? parseStatusFilter(params.get('status')) : null;
  const noneAnchored = statusFilter === 'anchored' && anchoredCount === 0;
  const events = useInfiniteQuery({
    ...eventsInfiniteQueryOptions(baseUrl, {
      pageSize,
      eventType,
      refetchIntervalMs: REFRESH_MS,
      filterHere,
      // Follows the anchored count without being part of the query key: a new anchor keeps the pages loaded.
      movingStartBefore: feedStartFor(statusFilter, anchoredCount),
      includePosition: withPositions,
      includeWallet: withPositions && isOperator,
    }),
    // A status filter waits for the anchored count it filters by.
    enabled: capabilities !== null && (statusFilter === null || anchoredCount !== null) && !noneAnchored,
  });
  // A failure stays shown while the list asks again, instead of going back to "Loading…".
  const eventsError = useKeptError(events, [baseUrl, pageSize, eventType, statusFilter, isOperator]);
  const statusError = useKeptError(status, [baseUrl]);
  // The first page waits for /protocol/info (what the service offers) and, to filter by status, for
  // the anchored count: loading until then, unless one of them has failed.
  const firstPageLoading =
    !noneAnchored &&
    eventsError === null &&
    (events.isPending || (statusFilter !== null && status.isPending)) &&
    !(statusFilter !== null && statusError !== null);
  const loaded = events.data?.pages.flatMap((p) => p.events) ?? [];
  const rows = loaded
    .map((event) => ({ event, state: eventAnchorState(event.position, anchoredCount) }))
    .filter((row) => statusFilter === null || row.state === statusFilter);
  const moreMayMatch = olderPagesMayMatch(
    statusFilter,
    loaded.map((e) => e.position),
    anchoredCount,
  );
  const described = [
    eventType ? eventTypeName(eventType) : null,
    statusFilter === 'anchored' ? 'anchored' : statusFilter === 'pending' ? 'pending' : null,
  ].filter(Boolean);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Page title="Recent events">
      <p className="max-w-3xl">
        The latest leaves recorded by the service, newest first. Event types are what the submitter claimed;
        the preimage is not public. This list refreshes every few seconds; open a row to see its leaf.
      </p>
      <EventsFilters
        eventType={eventType}
        statusFilter={withPositions ? (statusFilter ?? '') : null}
        refreshing={events.isFetching && !events.isPending}
        onChange={setParam}
      />
      {filterHere && (
        <p className={HELP_CLASS} data-testid="filtered-here">
          This service does not filter events by type, so the latest {REFERENCE_EVENTS_LIMIT} events are
          filtered in your browser: older events of this type are not listed.
        </p>
      )}
      {withPositions && !isOperator && (
        <p className={HELP_CLASS} data-testid="wallets-operator-only">
          The public feed names no wallet: with the operator key kept, this list also shows who submitted each
          event.
        </p>
      )}
      {firstPageLoading && <Loading what="events" />}
      {eventsError && (
        <ErrorNotice error={eventsError} title="The events could not be loaded" retryEveryMs={REFRESH_MS} />
      )}
      {statusError && statusFilter !== null && (
        <ErrorNotice
          error={statusError}
          title="The anchoring status could not be loaded to filter by it"
          retryEveryMs={REFRESH_MS}
        />
      )}
      {((events.isSuccess && rows.length === 0 && !(events.hasNextPage && moreMayMatch)) || noneAnchored) && (
        <EmptyState>
          {described.length > 0 ? `No ${described.join(' ')} events yet.` : 'No events yet.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <EventsTable
          rows={rows}
          showStatus={anchoredCount !== null}
          showWallet={withPositions && isOperator}
        />
      )}
      {moreMayMatch && <MorePagesButton list={events} label="Older events" />}
    </Page>
  );
}
