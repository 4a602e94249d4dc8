/**
 * Which network a service anchors on. `/protocol/info` says so on this service; the reference
 * names it only in `/health` and `/stats` (`MainNetwork`), so those are asked when the first says
 * nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from './health';
import { networkName, protocolInfoQueryOptions, type NetworkName } from './protocol';
import { statsQueryOptions } from './stats';

export interface ServiceNetwork {
  /** `unknown` when no answer names one. */
  network: NetworkName;
  isPending: boolean;
  /** `/protocol/info` failed: the service is not reachable as a ZAP1 service. */
  isError: boolean;
  /** Not asked yet because the browser is offline (the query waits for the network to come back). */
  isOffline: boolean;
}

export function useServiceNetwork(baseUrl: string): ServiceNetwork {
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const fromInfo = info.isSuccess ? networkName(info.data.network) : 'unknown';
  const askHealth = info.isSuccess && fromInfo === 'unknown';
  const health = useQuery({ ...healthQueryOptions(baseUrl), enabled: askHealth, staleTime: 5 * 60_000 });
  const fromHealth = health.isSuccess ? networkName(health.data.network) : 'unknown';
  const askStats = askHealth && (health.isError || (health.isSuccess && fromHealth === 'unknown'));
  const stats = useQuery({ ...statsQueryOptions(baseUrl), enabled: askStats, staleTime: 5 * 60_000 });
  const fromStats = stats.isSuccess ? networkName(stats.data.network) : 'unknown';
  const network = fromInfo !== 'unknown' ? fromInfo : fromHealth !== 'unknown' ? fromHealth : fromStats;
  const isPending =
    info.isPending ||
    (network === 'unknown' && ((askHealth && health.isPending) || (askStats && stats.isPending)));
  return { network, isPending, isError: info.isError, isOffline: isPending && info.fetchStatus === 'paused' };
}
