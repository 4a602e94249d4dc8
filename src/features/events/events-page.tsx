import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { REFERENCE_EVENTS_LIMIT, eventsInfiniteQueryOptions } from '../../api/events';
import { useCapabilities } from '../../api/capabilities';
import { useBaseUrl } from '../../api/settings';
import { EVENT_TYPES, eventTypeName, isEventType, visibleText } from '../../core';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { RelativeTime } from '../../components/relative-time';
import { DataTable } from '../../components/data-table';
import { HashLink } from '../../components/hash-link';
import { MorePagesButton } from '../../components/more-pages-button';
import { eventsPageSize } from './page-size';
import { Page } from '../../components/ui/page';

const REFRESH_MS = 5_000;

/** The latest events, newest first, paged backwards, filterable by type; refreshes by itself. */
export function EventsPage() {
  const baseUrl = useBaseUrl();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const eventType = typeParam && isEventType(typeParam) ? typeParam : null;
  const pageSize = eventsPageSize(params.get('limit'));
  const capabilities = useCapabilities(baseUrl);
  const filterHere = eventType !== null && capabilities !== null && !capabilities.eventsFilter;
  const events = useInfiniteQuery({
    ...eventsInfiniteQueryOptions(baseUrl, {
      pageSize,
      eventType,
      refetchIntervalMs: REFRESH_MS,
      filterHere,
    }),
    enabled: capabilities !== null,
  });
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  const id = useId();

  return (
    <Page title="Recent events">
      <p className="max-w-3xl">
        The latest leaves recorded by the service, newest first. Event types are what the submitter claimed;
        the preimage is not public. This list refreshes every few seconds.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="font-medium">
          Event type
        </label>
        <select
          id={id}
          value={eventType ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value) next.set('type', e.target.value);
            else next.delete('type');
            setParams(next, { replace: true });
          }}
          className="rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">All types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {eventTypeName(t)}
            </option>
          ))}
        </select>
        {events.isFetching && !events.isPending && (
          <span className="text-sm text-slate-700 dark:text-slate-300" aria-hidden="true">
            refreshing…
          </span>
        )}
      </div>
      {filterHere && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="filtered-here">
          This service does not filter events by type, so the latest {REFERENCE_EVENTS_LIMIT} events are
          filtered in your browser: older events of this type are not listed.
        </p>
      )}
      {events.isPending && <Loading what="events" />}
      {events.isError && <ErrorNotice error={events.error} title="The events could not be loaded" />}
      {events.isSuccess && rows.length === 0 && (
        <EmptyState>{eventType ? `No ${eventTypeName(eventType)} events yet.` : 'No events yet.'}</EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable
          testId="events-table"
          caption="Recent events, newest first"
          rows={rows}
          rowKey={(event) => event.leaf_hash}
          rowProps={(event) => ({ 'data-leaf': event.leaf_hash })}
          columns={[
            { header: 'Recorded', cell: (event) => <RelativeTime value={event.created_at} /> },
            // The service's (and its submitters') text: its hidden and reordering characters are shown.
            { header: 'Event type', cell: (event) => visibleText(eventTypeName(event.event_type)) },
            { header: 'Description', cell: (event) => visibleText(event.description ?? '') },
            { header: 'Leaf', cell: (event) => <HashLink to="leaf" hash={event.leaf_hash} /> },
          ]}
        />
      )}
      <MorePagesButton list={events} label="Older events" />
    </Page>
  );
}
