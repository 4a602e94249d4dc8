import { useQuery } from '@tanstack/react-query';
import { explorerTxLink, protocolInfoQueryOptions } from '../api/protocol';
import { useBaseUrl } from '../api/settings';
import { shortHex } from './time-format';

/** A txid, linked to the network's block explorer when the service names one. */
export function TxLink({ txid, full = false }: { txid: string; full?: boolean }) {
  const baseUrl = useBaseUrl();
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const href = explorerTxLink(info.data, txid);
  const text = full ? txid : shortHex(txid);
  if (!href) {
    return (
      <span className="font-mono break-all" title={txid}>
        {text}
      </span>
    );
  }
  return (
    <a
      className="font-mono break-all text-amber-800 underline dark:text-amber-300"
      href={href}
      title={`Transaction ${txid} on the block explorer`}
      target="_blank"
      rel="noreferrer"
    >
      {text}
    </a>
  );
}
