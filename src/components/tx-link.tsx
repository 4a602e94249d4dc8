import { useQuery } from '@tanstack/react-query';
import { explorerTxLink, protocolInfoQueryOptions } from '../api/protocol';
import { useBaseUrl } from '../api/settings';
import { HashText } from './hash-text';

/** A txid with a Copy button, linked to the network's block explorer when the service names one. */
export function TxLink({ txid, full = false }: { txid: string; full?: boolean }) {
  const baseUrl = useBaseUrl();
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const href = explorerTxLink(info.data, txid) ?? undefined;
  return (
    <HashText
      value={txid}
      what="transaction id"
      href={href}
      hrefTitle={`Transaction ${txid} on the block explorer`}
      full={full}
    />
  );
}
