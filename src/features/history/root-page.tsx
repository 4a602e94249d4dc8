import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { anchorHistoryQueryOptions } from '../../api/anchor';
import { eventsInfiniteQueryOptions } from '../../api/events';
import { useCapabilities } from '../../api/capabilities';
import { eventTypeName, visibleText } from 'zap1';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { formatNumber } from '../../components/number-words';
import { RelativeTime } from '../../components/relative-time';
import { HashText } from '../../components/hash-text';
import { DataTable } from '../../components/data-table';
import { HashLink } from '../../components/hash-link';
import { MorePagesButton } from '../../components/more-pages-button';
import { TxLink } from '../../components/tx-link';
import { normaliseHex64 } from '../../components/hash-input';
import { anchorTime, coveredRange, positionsText, withPositions } from './root-leaves';
import { SCHEME_NOT_STATED } from './anchor-scheme';
import { Page } from '../../components/ui/page';
import { PATHS } from '../../app/paths';

const PAGE_SIZE = 50;

/** One anchored root: its anchor, and the leaves it covers (newest first, from its leaf count down). */
export function RootPage() {
  const { root = '' } = useParams();
  const parsed = normaliseHex64(root, 'The root hash');
  // An address that is no root hash names no root: nothing is looked up or shown as one.
  if (!parsed.ok) {
    return (
      <Page title="Anchored root">
        <p role="alert" className="text-red-700 dark:text-red-300" data-testid="root-address-problem">
          This address names no root: {parsed.message}{' '}
          <Link className="underline" to={PATHS.history}>
            See all anchored roots
          </Link>
          .
        </p>
      </Page>
    );
  }
  return <AnchoredRoot rootHex={parsed.hex} />;
}

function AnchoredRoot({ rootHex }: { rootHex: string }) {
  const baseUrl = useBaseUrl();
  const history = useQuery(anchorHistoryQueryOptions(baseUrl));
  const anchors = history.data?.anchors ?? [];
  const index = anchors.findIndex((a) => a.root.toLowerCase() === rootHex);
  const anchor = index >= 0 ? anchors[index] : undefined;
  const range = anchor ? coveredRange(anchors, index) : null;
  // Listing by position needs `/events?before=`; a service without it would list the newest leaves instead.
  const capabilities = useCapabilities(baseUrl);
  const leaves = useInfiniteQuery({
    ...eventsInfiniteQueryOptions(baseUrl, {
      pageSize: PAGE_SIZE,
      startBefore: anchor?.leaf_count ?? 0,
    }),
    enabled: anchor !== undefined && capabilities?.eventsPaging === true,
  });
  const rows = withPositions(leaves.data?.pages.flatMap((p) => p.events) ?? [], anchor?.leaf_count ?? 0);

  return (
    <Page title="Anchored root">
      <p>
        <HashText value={rootHex} what="root" full />
      </p>
      {history.isPending && <Loading what="the anchor" />}
      {history.isError && (
        <ErrorNotice error={history.error} title="The anchor history could not be loaded" />
      )}
      {history.isSuccess && !anchor && (
        <EmptyState>
          This root is not among the anchored roots of this service.{' '}
          <Link className="underline" to={PATHS.history}>
            See all anchored roots
          </Link>
          .
        </EmptyState>
      )}
      {anchor && range && (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="font-medium">Transaction</dt>
            <dd>
              <TxLink txid={anchor.txid} full />
            </dd>
            <dt className="font-medium">Height</dt>
            <dd>{anchor.height === null ? 'unknown' : formatNumber(anchor.height)}</dd>
            <dt className="font-medium">Time</dt>
            <dd>
              <RelativeTime value={anchorTime(anchor)} />
            </dd>
            <dt className="font-medium">Leaves covered</dt>
            <dd>
              {positionsText(0, anchor.leaf_count - 1)}
              {range.newFrom <= range.newTo
                ? `; new in this anchor: ${positionsText(range.newFrom, range.newTo)}`
                : '; no new leaves since the previous anchor'}
            </dd>
            <dt className="font-medium">Scheme</dt>
            {/* The service's text (as the event types below): hidden characters shown, not obeyed. */}
            <dd className="font-mono text-sm break-all">{visibleText(anchor.scheme ?? SCHEME_NOT_STATED)}</dd>
          </dl>
          <h2 className="text-xl font-semibold">Leaves it covers</h2>
          {capabilities?.eventsPaging === false && (
            <EmptyState>
              This service does not list leaves by position, so the leaves this root covers cannot be listed
              here. Each leaf&apos;s own page says which anchor covers it.
            </EmptyState>
          )}
          {capabilities?.eventsPaging && leaves.isPending && <Loading what="leaves" />}
          {leaves.isError && <ErrorNotice error={leaves.error} title="The leaves could not be loaded" />}
          {leaves.isSuccess && rows.length === 0 && (
            <EmptyState>The service lists no events for these positions.</EmptyState>
          )}
          {rows.length > 0 && (
            <DataTable
              testId="root-leaves"
              caption="Leaves covered by this root, newest first"
              rows={rows}
              rowKey={({ event }) => event.leaf_hash}
              columns={[
                {
                  header: 'Position',
                  cell: ({ position }) => (
                    <>
                      {formatNumber(position)}
                      {position >= range.newFrom && (
                        <span className="ml-1 text-xs text-emerald-800 dark:text-emerald-300">(new)</span>
                      )}
                    </>
                  ),
                },
                { header: 'Leaf', cell: ({ event }) => <HashLink to="leaf" hash={event.leaf_hash} /> },
                { header: 'Event type', cell: ({ event }) => visibleText(eventTypeName(event.event_type)) },
                { header: 'Recorded', cell: ({ event }) => <RelativeTime value={event.created_at} /> },
              ]}
            />
          )}
          <MorePagesButton list={leaves} label="Earlier leaves" />
        </>
      )}
    </Page>
  );
}
