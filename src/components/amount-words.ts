/**
 * Amounts as every page writes them, named for the network they are on: "0.0001 ZEC" on mainnet,
 * "0.0001 TAZ" on testnet (the test coin's own name) and "0.0001 dev-ZEC" on the development chain,
 * whose coins are minted on this machine and worth nothing. Where the network is not known yet (or
 * never said), "ZEC", as a reference deployment's figures read.
 */
import { useServiceNetwork } from '../api/network';
import type { NetworkName } from '../api/protocol';
import { useBaseUrl } from '../api/settings';
import { formatZec } from './time-format';

const UNIT: Record<NetworkName, string> = {
  mainnet: 'ZEC',
  testnet: 'TAZ',
  devnet: 'dev-ZEC',
  unknown: 'ZEC',
};

/** The unit of amounts on `network`: "ZEC", "TAZ" or "dev-ZEC". */
export function amountUnit(network: NetworkName): string {
  return UNIT[network];
}

/** Zatoshi in the unit of `network`, thousands marked: "1,250.5 dev-ZEC". */
export function formatAmount(zat: number, network: NetworkName): string {
  return `${formatZec(zat).replace(/ ZEC$/, '')} ${amountUnit(network)}`;
}

/** An amount already written in ZEC by the service (a decimal string), in the unit of `network`. */
export function decimalAmount(zec: string, network: NetworkName): string {
  return `${zec} ${amountUnit(network)}`;
}

/** `formatAmount` for the configured service's network: what the Status and Stats pages use. */
export function useFormatAmount(): (zat: number) => string {
  const { network } = useServiceNetwork(useBaseUrl());
  return (zat) => formatAmount(zat, network);
}
