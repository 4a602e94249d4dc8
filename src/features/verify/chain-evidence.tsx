/**
 * What the Verify page says about the anchor's chain evidence: whose word the anchor rests on once
 * the chain's own bytes were checked here, and, under "Check the chain yourself", the memo the
 * viewing key recovered from the transaction and the block to compare (its hash at its height).
 * Text from evidence (the key, a source's name) is shown with `visibleText`, hashes with HashText.
 */
import { visibleText } from 'zap1';
import { HashText } from '../../components/hash-text';
import { formatNumber } from '../../components/number-words';
import { CopyButton } from '../../components/ui/copy-button';
import { Section } from '../../components/ui/section';
import { PANEL_CLASS } from '../../components/ui/styles';
import type { EvidenceView } from './evidence-view';

const CODE_CLASS = 'block min-w-0 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800';

/** "Whose word the anchor rests on": the service's history, or the chain's bytes and one named source. */
export function WhoseWord({
  service,
  chain,
  explorer,
}: {
  /** The service asked (shown with visibleText already), or null when none was. */
  service: string | null;
  chain: EvidenceView | null;
  /** Whether the transaction above links to an explorer. */
  explorer: boolean;
}) {
  const onChain = chain?.holds ? chain : null;
  const { block_hash: blockHash } = onChain?.evidence ?? { block_hash: '' };
  const height = formatNumber(onChain?.evidence.height ?? 0);
  return (
    <Section title="Whose word the anchor rests on" className={PANEL_CLASS} headingClassName="font-semibold">
      <p className="text-sm" data-testid="whose-word">
        {onChain ? (
          <>
            The inclusion was computed here, in this browser, and the anchor's chain evidence checked here
            too: the transaction's bytes hash to its txid, the viewing key reads the memo ZAP1:09:
            {visibleText(onChain.recoveredMemoRootHex ?? '')} from them, and the block header holds the
            transaction and hashes to block {blockHash}.{' '}
            {onChain.block?.status === 'pass'
              ? `That this block is at height ${height} rests on one source: ${visibleText(onChain.block.detail)}`
              : `That this block is at height ${height} is the one fact left: nothing has confirmed it yet.`}
          </>
        ) : (
          <>
            {service
              ? `The inclusion was computed here, in this browser. The anchor was compared with the anchor history of ${service}: that is its word, not the chain's.`
              : 'The inclusion was computed here, in this browser. No service was asked about the anchor.'}{' '}
            To check the chain without trusting any service, open the transaction in a block explorer
            {explorer ? ' (the link above)' : ''}, or run{' '}
            <code className="font-mono">npm run verify -- receipt.json --rpc &lt;your node&gt;</code> against
            a node you trust.
          </>
        )}
      </p>
    </Section>
  );
}

/**
 * "Check the chain yourself" with chain evidence: the memo recovered here from the transaction's
 * bytes, the block to compare (hash and height, on the explorer where the service names one), and
 * the viewing key, for reading the memo again in a wallet of one's own.
 */
export function EvidenceChainCheck({
  chain,
  explorerLink,
}: {
  chain: EvidenceView;
  explorerLink: string | null;
}) {
  const { evidence, recoveredMemoRootHex } = chain;
  const memo = recoveredMemoRootHex === null ? null : `ZAP1:09:${recoveredMemoRootHex}`;
  const key = visibleText(evidence.viewing_key);
  return (
    <section aria-labelledby="chain-check-title" className={PANEL_CLASS} data-testid="chain-check">
      <h2 id="chain-check-title" className="font-semibold">
        Check the chain yourself
      </h2>
      <p className="text-sm">
        {memo === null
          ? 'The viewing key recovered no ZAP1 anchor memo from the transaction.'
          : "The viewing key recovered this memo here, from the transaction's own bytes:"}
      </p>
      {memo !== null && (
        <code className={CODE_CLASS} data-testid="recovered-memo">
          {visibleText(memo)}
        </code>
      )}
      <p className="text-sm">
        The block to compare: at height{' '}
        <span data-testid="block-height">{formatNumber(evidence.height)}</span>, an explorer or your own node
        must show the block hash
      </p>
      <p className="text-sm">
        <HashText
          value={evidence.block_hash}
          what="block hash"
          href={explorerLink ?? undefined}
          hrefTitle={`Block ${formatNumber(evidence.height)} on the block explorer`}
          full
          testId="block-to-compare"
        />
      </p>
      <p className="text-sm">
        The transaction ({evidence.transaction.length / 2} bytes) is in the receipt too: the raw transaction
        an explorer shows for <HashText value={evidence.txid} what="transaction id" /> must be the same, and
        this viewing key, imported into a wallet of your own (view-only), reads the same memo from it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className={CODE_CLASS} data-testid="viewing-key">
          {key}
        </code>
        <CopyButton text={evidence.viewing_key} what="viewing key" label="Copy viewing key" />
      </div>
    </section>
  );
}
