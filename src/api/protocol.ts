/** `/protocol/info`: what the service speaks and which network it anchors on. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { protocolInfoSchema, type ProtocolInfo } from 'zap1';
export { protocolInfoSchema, type ProtocolInfo };

export type NetworkName = 'mainnet' | 'testnet' | 'devnet' | 'unknown';

/**
 * The network named by a response: this service says `mainnet|testnet|devnet`, the reference
 * `MainNetwork|TestNetwork`; older deployments say nothing (docs/architecture.md "Endpoints").
 */
export function networkName(network: string | null | undefined): NetworkName {
  switch (network) {
    case 'mainnet':
    case 'MainNetwork':
      return 'mainnet';
    case 'testnet':
    case 'TestNetwork':
      return 'testnet';
    case 'devnet':
      return 'devnet';
    default:
      return 'unknown';
  }
}

/** A link to a transaction on a block explorer, from the service's template, or null. */
export function explorerTxLink(info: ProtocolInfo | undefined, txid: string): string | null {
  const template = info?.explorer_tx_url;
  if (!template || !template.includes('{txid}')) return null;
  return template.replace('{txid}', encodeURIComponent(txid));
}

/** A template only when it is an http(s) address: it becomes a link on the page. */
const isWebTemplate = (template: string): boolean => /^https?:\/\//i.test(template);

/**
 * The explorer's block URL template (`{height}` or `{hash}` in it) from the service, or null: what
 * the Verify page hands to the verdict so that it names where to look a block up.
 */
export function explorerBlockTemplate(info: ProtocolInfo | undefined | null): string | null {
  const template = info?.explorer_block_url;
  if (!template || !isWebTemplate(template) || !/\{(height|hash)\}/.test(template)) return null;
  return template;
}

/** A link to a block on the explorer, from the service's template, or null. */
export function explorerBlockLink(
  info: ProtocolInfo | undefined | null,
  block: { height: number; hash: string },
): string | null {
  const template = explorerBlockTemplate(info);
  if (template === null) return null;
  return template.replace('{height}', String(block.height)).replace('{hash}', encodeURIComponent(block.hash));
}

/** The key that opens the service's anchor memos, under either name a service gives it. */
export function anchorViewingKey(info: ProtocolInfo | undefined | null): string | null {
  return info?.anchor_viewing_key ?? info?.viewing_key ?? null;
}

export const protocolKeys = {
  all: (baseUrl: string) => ['protocol', baseUrl] as const,
  info: (baseUrl: string) => [...protocolKeys.all(baseUrl), 'info'] as const,
};

export function protocolInfoQueryOptions(baseUrl: string) {
  return queryOptions({
    queryKey: protocolKeys.info(baseUrl),
    queryFn: ({ signal }) =>
      apiRequest('/protocol/info', { schema: protocolInfoSchema, signal, baseUrl, auth: false }),
    staleTime: 5 * 60_000,
  });
}
