import { useQuery } from '@tanstack/react-query';
import { explorerTxLink, protocolInfoQueryOptions } from '../api/protocol';
import { useBaseUrl } from '../api/settings';
import { HashText } from './hash-text';

/** A txid with a Copy button, linked to the network's block explorer when the service names one. */
export function TxLink({ txid, full = false }: { txid: string; full?: boolean }) {
  const baseUrl = useBaseUrl();
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  return <ExplorerTxid txid={txid} href={explorerTxLink(info.data, txid)} full={full} />;
}

/**
 * A txid with a Copy button, linked to `href` on a block explorer when there is one: for a page that
 * knows the link already (from the service a receipt names rather than the one in Settings).
 */
export function ExplorerTxid({
  txid,
  href,
  full = false,
  testId,
}: {
  txid: string;
  href: string | null;
  full?: boolean;
  testId?: string;
}) {
  return (
    <HashText
      value={txid}
      what="transaction id"
      href={href ?? undefined}
      hrefTitle={`Transaction ${txid} on the block explorer`}
      full={full}
      testId={testId}
    />
  );
}
