import { useServiceNetwork } from '../api/network';
import { useBaseUrl } from '../api/settings';

const STYLES: Record<string, string> = {
  mainnet: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  testnet: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  devnet: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  unknown: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

/** Always says which network the service anchors on, so nobody mistakes devnet anchors for mainnet ones. */
export function NetworkBadge() {
  const baseUrl = useBaseUrl();
  const { network, isPending, isError, isOffline } = useServiceNetwork(baseUrl);
  let label: string;
  let style: string;
  if (isOffline) {
    // The question waits for the network: "checking" would never end while the device is offline.
    label = 'offline';
    style = STYLES.unknown!;
  } else if (isPending) {
    label = 'checking network…';
    style = STYLES.unknown!;
  } else if (isError) {
    label = 'service unreachable';
    style = 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100';
  } else {
    label = network === 'unknown' ? 'unknown network' : network;
    style = STYLES[network]!;
  }
  return (
    <span
      data-testid="network-badge"
      // The name alone explains nothing: said in full where the pointer rests (the Status page says it too).
      title={
        isOffline
          ? 'This device is offline: the service is asked which network it anchors on once it is back'
          : !isPending && !isError && network === 'devnet'
            ? 'devnet: a development chain, not a public blockchain'
            : undefined
      }
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}
    >
      {label}
    </span>
  );
}
