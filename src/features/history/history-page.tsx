import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { anchorHistoryInfiniteQueryOptions, type AnchorHistoryEntry } from '../../api/anchor';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { formatNumber } from '../../components/number-words';
import { RelativeTime } from '../../components/relative-time';
import { DataTable } from '../../components/data-table';
import { HashLink } from '../../components/hash-link';
import { MorePagesButton } from '../../components/more-pages-button';
import { TxLink } from '../../components/tx-link';
import { verdictText, type ConsistencyVerdict } from './consistency-chain';
import { anchorTime } from './root-leaves';
import { SCHEME_NOT_STATED, schemesOf } from './anchor-scheme';
import { useConsistencyVerdicts } from './use-consistency';
import { Page } from '../../components/ui/page';
import { visibleText } from 'zap1';

const PAGE_SIZE = 20;
const CHECKING: ConsistencyVerdict = { kind: 'checking', fromSize: 0 };

function verdictClass(verdict: ConsistencyVerdict): string {
  if (verdict.kind === 'extends' || verdict.kind === 'same') return 'text-emerald-800 dark:text-emerald-300';
  if (verdict.kind === 'broken') return 'font-semibold text-red-700 dark:text-red-300';
  return 'text-slate-700 dark:text-slate-300';
}

/** Every anchored root, newest first, with the browser's own check that each extends the one before. */
export function HistoryPage() {
  const baseUrl = useBaseUrl();
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const history = useInfiniteQuery(anchorHistoryInfiniteQueryOptions(baseUrl, PAGE_SIZE, 10_000));
  // A service that ignores paging may repeat anchors across pages: keep each txid once.
  const seen = new Set<string>();
  const anchors = (history.data?.pages ?? [])
    .flatMap((p) => p.anchors)
    .filter((a) => !seen.has(a.txid) && (seen.add(a.txid), true));
  const supported = info.data?.extensions?.includes('consistency') ?? false;
  const schemes = schemesOf(anchors);
  const explorerConfigured = Boolean(info.data?.explorer_tx_url);
  const verdicts = useConsistencyVerdicts(
    baseUrl,
    anchors,
    history.hasNextPage,
    supported && !info.isPending,
  );

  return (
    <Page title="Anchor history">
      <p className="max-w-3xl">
        Every Merkle root this service anchored on chain, newest first.{' '}
        {supported
          ? 'Your browser checks, with a consistency proof, that each anchored root extends the previous one: no anchored leaf was removed or rewritten.'
          : info.isError
            ? 'Whether this service offers consistency proofs is unknown (its protocol information could not be loaded), so the append-only check is not run.'
            : info.isPending
              ? 'Asking the service whether it offers consistency proofs…'
              : 'This service does not offer consistency proofs, so the append-only check is not available.'}
      </p>
      {anchors.length > 0 && (
        <p className="max-w-3xl" data-testid="history-notes">
          {schemes.length === 1 && (
            <>
              {/* The service's text: its hidden and reordering characters are shown, not obeyed. */}
              Every root here is anchored under the scheme{' '}
              <code className="break-all" data-testid="history-scheme">
                {visibleText(schemes[0] ?? '')}
              </code>
              .{' '}
            </>
          )}
          Each root opens its own page, with the leaves it covers.{' '}
          {explorerConfigured
            ? 'Each transaction opens on the block explorer.'
            : info.isSuccess
              ? 'This service names no block explorer, so transactions are not linked to one.'
              : ''}
        </p>
      )}
      {history.isPending && <Loading what="anchor history" />}
      {history.isError && (
        <ErrorNotice error={history.error} title="The anchor history could not be loaded" />
      )}
      {history.isSuccess && anchors.length === 0 && <EmptyState>Nothing has been anchored yet.</EmptyState>}
      {anchors.length > 0 && (
        <DataTable
          testId="history-table"
          caption="Anchored roots, newest first"
          rows={anchors.map((anchor, i) => ({ anchor, verdict: verdicts[i] ?? CHECKING }))}
          rowKey={({ anchor }) => anchor.txid}
          rowProps={({ anchor }) => ({ 'data-txid': anchor.txid })}
          columns={[
            { header: 'Time', cell: ({ anchor }) => <RelativeTime value={anchorTime(anchor)} /> },
            {
              header: 'Height',
              cell: ({ anchor }) => (anchor.height === null ? 'unknown' : formatNumber(anchor.height)),
            },
            { header: 'Leaves', cell: ({ anchor }) => formatNumber(anchor.leaf_count) },
            { header: 'Root', cell: ({ anchor }) => <HashLink to="root" hash={anchor.root} /> },
            { header: 'Transaction', cell: ({ anchor }) => <TxLink txid={anchor.txid} /> },
            // Said once above unless the anchors differ: then each row names its own.
            ...(schemes.length > 1
              ? [
                  {
                    header: 'Scheme',
                    className: 'font-mono text-xs break-all',
                    cell: ({ anchor }: { anchor: AnchorHistoryEntry }) =>
                      visibleText(anchor.scheme ?? SCHEME_NOT_STATED),
                  },
                ]
              : []),
            {
              header: 'Append-only check',
              className: ({ verdict }) => verdictClass(verdict),
              cellProps: ({ verdict }) => ({
                'data-testid': 'consistency-verdict',
                'data-verdict': verdict.kind,
              }),
              cell: ({ verdict }) => verdictText(verdict),
            },
          ]}
        />
      )}
      <MorePagesButton list={history} label="Older anchors" />
    </Page>
  );
}
