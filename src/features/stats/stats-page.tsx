import { useQuery } from '@tanstack/react-query';
import { anchorHistoryQueryOptions, anchorStatusQueryOptions } from '../../api/anchor';
import { anchorSpendQueryOptions } from '../../api/anchor-spend';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { useBaseUrl } from '../../api/settings';
import { statsQueryOptions } from '../../api/stats';
import { EVENT_TYPES, eventTypeName } from 'zap1';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { BarChart, StepChart } from './charts';
import {
  anchoredOverTime,
  overTimeAxisLabel,
  overTimeAxisTitle,
  overTimeTickLabel,
  typeCountRows,
} from './stats-data';
import { RelativeTime } from '../../components/relative-time';
import { Page } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { DataTable, type DataTableProps } from '../../components/data-table';
import { formatNumber } from '../../components/number-words';
import { useFormatAmount } from '../../components/amount-words';

const REFRESH_MS = 10_000;

/** One total; a number is written as every page writes one (thousands marked). */
function Total({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="rounded border border-slate-300 p-3 dark:border-slate-700">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {typeof value === 'number' ? formatNumber(value) : value}
      </dd>
    </div>
  );
}

/** A chart's numbers again, as a table folded away below the chart. */
function TableUnderChart<Row>({ summary, ...table }: { summary: string } & DataTableProps<Row>) {
  return (
    <details>
      <summary className="cursor-pointer">{summary}</summary>
      <DataTable {...table} />
    </details>
  );
}

/** Totals, counts per event type and leaves anchored over time, as charts and as tables. */
export function StatsPage() {
  const baseUrl = useBaseUrl();
  const stats = useQuery(statsQueryOptions(baseUrl, REFRESH_MS));
  const status = useQuery(anchorStatusQueryOptions(baseUrl, REFRESH_MS));
  const history = useQuery({ ...anchorHistoryQueryOptions(baseUrl), refetchInterval: REFRESH_MS });
  // What anchoring cost, where the service says (this service's `anchor-spend` extension).
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const spendOffered = info.data?.extensions?.includes('anchor-spend') ?? false;
  const spend = useQuery({ ...anchorSpendQueryOptions(baseUrl, REFRESH_MS), enabled: spendOffered });
  const formatAmount = useFormatAmount();
  const counts = stats.data ? typeCountRows(stats.data, EVENT_TYPES) : [];
  const series = history.data ? anchoredOverTime(history.data.anchors) : null;
  const overTime = series?.points ?? [];
  const axis = series?.axis ?? 'height';

  return (
    <Page title="Statistics" className="space-y-6">
      {stats.isPending && <Loading what="statistics" />}
      {stats.isError && <ErrorNotice error={stats.error} title="The statistics could not be loaded" />}
      {stats.data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Total label="Leaves" value={stats.data.total_leaves} testId="stat-leaves" />
          <Total label="Anchors" value={stats.data.total_anchors} testId="stat-anchors" />
          <Total
            label="Unanchored leaves"
            value={status.data ? status.data.unanchored_leaves : status.isError ? 'unavailable' : '…'}
            testId="stat-unanchored"
          />
          <Total
            label="First anchor block"
            value={stats.data.first_anchor_block ?? 'none'}
            testId="stat-first-block"
          />
          <Total
            label="Last anchor block"
            value={stats.data.last_anchor_block ?? 'none'}
            testId="stat-last-block"
          />
          {spendOffered && (
            <Total
              label="Spent on anchors"
              value={
                spend.data ? formatAmount(spend.data.total.fee_zat) : spend.isError ? 'unavailable' : '…'
              }
              testId="stat-spent"
            />
          )}
        </dl>
      )}

      {stats.data && (
        <Section title="Events per type">
          {!stats.data.type_counts ? (
            <EmptyState>This service does not report counts per event type.</EmptyState>
          ) : counts.every((c) => c.value === 0) ? (
            <EmptyState>No events yet.</EmptyState>
          ) : (
            <>
              <BarChart
                title="Events per type"
                data={counts
                  .filter((c) => c.value > 0)
                  .map((c) => ({ label: eventTypeName(c.label), value: c.value }))}
              />
              <TableUnderChart
                summary="Counts as a table"
                testId="type-counts"
                caption="Events per type"
                rows={counts}
                rowKey={(c) => c.label}
                rowProps={(c) => ({ 'data-type': c.label })}
                columns={[
                  { header: 'Event type', cell: (c) => eventTypeName(c.label) },
                  { header: 'Events', cell: (c) => formatNumber(c.value) },
                ]}
              />
            </>
          )}
        </Section>
      )}

      <Section title="Leaves anchored over time">
        {history.isPending && <Loading what="anchor history" />}
        {history.isError && (
          <ErrorNotice error={history.error} title="The anchor history could not be loaded" />
        )}
        {history.data && overTime.length === 0 && <EmptyState>Nothing has been anchored yet.</EmptyState>}
        {overTime.length > 0 && (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="over-time-axis">
              {axis === 'time'
                ? 'Plotted against block time (UTC).'
                : 'Plotted against block height: the service reports no block times for these anchors.'}
            </p>
            <StepChart
              title={axis === 'time' ? 'Leaves anchored by block time' : 'Leaves anchored by block height'}
              xTitle={overTimeAxisTitle(axis)}
              yTitle="Leaves anchored"
              formatX={(x) => overTimeAxisLabel(axis, x)}
              formatTick={(x, span) => overTimeTickLabel(axis, x, span)}
              points={overTime.map((p) => ({ x: p.x, y: p.leafCount, root: p.root }))}
            />
            <TableUnderChart
              summary="Anchors as a table"
              testId="over-time-table"
              caption="Leaves anchored by block height and time"
              rows={overTime}
              rowKey={(p) => `${p.x}-${p.height}-${p.leafCount}`}
              columns={[
                {
                  header: 'Block height',
                  cell: (p) => (p.height === null ? 'unknown' : formatNumber(p.height)),
                },
                { header: 'Time', cell: (p) => <RelativeTime value={p.time} /> },
                { header: 'Leaves anchored', cell: (p) => formatNumber(p.leafCount) },
              ]}
            />
          </>
        )}
      </Section>
    </Page>
  );
}
