/**
 * `GET /verify/{leaf}/check` (the service's own verdict and anchor) and
 * `GET /verify/{leaf}/proof.json` (the bundle, which the browser verifies itself).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { proofBundleSchema, verifyCheckSchema, type VerifyCheck } from 'zap1';
export { proofBundleSchema, verifyCheckSchema, type VerifyCheck };

export const verifyKeys = {
  all: (baseUrl: string) => ['verify', baseUrl] as const,
  leaf: (baseUrl: string, leafHex: string) => [...verifyKeys.all(baseUrl), leafHex] as const,
  check: (baseUrl: string, leafHex: string) => [...verifyKeys.leaf(baseUrl, leafHex), 'check'] as const,
  proof: (baseUrl: string, leafHex: string) => [...verifyKeys.leaf(baseUrl, leafHex), 'proof'] as const,
};

/** The txid of a check answer's anchor, or null while the leaf awaits one. */
export function anchoredTxid(check: VerifyCheck | undefined): string | null {
  return check?.anchor?.txid ?? null;
}

/** When the anchoring block was mined, from either place this service may put it; null if unknown. */
export function anchorBlockTime(check: VerifyCheck): Date | null {
  const raw = check.anchor?.block_time ?? check.block_time ?? null;
  if (raw === null) return null;
  const date = typeof raw === 'number' ? new Date(raw * 1000) : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** How often to look again while a leaf awaits its anchor. */
export const AWAITING_ANCHOR_POLL_MS = 3_000;

/** The refetch interval of a check while its leaf awaits an anchor; false once anchored (or unknown). */
export function checkPollInterval(check: VerifyCheck | undefined): number | false {
  return check && anchoredTxid(check) === null ? AWAITING_ANCHOR_POLL_MS : false;
}

/**
 * The refetch interval of a bundle while it names no anchor transaction. A failed fetch does not
 * stop the polling (the last bundle, if any, is kept): one network hiccup must not leave a saved
 * submission saying "checking" while nothing is checked any more.
 */
export function bundlePollInterval(bundle: unknown): number | false {
  return bundleIsAnchored(bundle) ? false : AWAITING_ANCHOR_POLL_MS;
}

export function verifyCheckQueryOptions(
  baseUrl: string,
  leafHex: string,
  options: { pollUntilAnchored?: boolean } = {},
) {
  return queryOptions({
    queryKey: verifyKeys.check(baseUrl, leafHex),
    queryFn: ({ signal }) =>
      apiRequest(`/verify/${encodeURIComponent(leafHex)}/check`, {
        schema: verifyCheckSchema,
        baseUrl,
        signal,
        auth: false,
      }),
    refetchInterval: options.pollUntilAnchored ? (query) => checkPollInterval(query.state.data) : false,
  });
}

/** Whether unknown bundle JSON already names an anchor transaction (no more polling needed). */
export function bundleIsAnchored(bundle: unknown): boolean {
  if (typeof bundle !== 'object' || bundle === null || !('anchor' in bundle)) return false;
  const anchor = bundle.anchor;
  return typeof anchor === 'object' && anchor !== null && 'txid' in anchor && typeof anchor.txid === 'string';
}

export function proofBundleQueryOptions(
  baseUrl: string,
  leafHex: string,
  options: { pollUntilAnchored?: boolean } = {},
) {
  return queryOptions({
    queryKey: verifyKeys.proof(baseUrl, leafHex),
    queryFn: ({ signal }): Promise<unknown> =>
      apiRequest(`/verify/${encodeURIComponent(leafHex)}/proof.json`, {
        schema: proofBundleSchema,
        baseUrl,
        signal,
        auth: false,
      }),
    refetchInterval: options.pollUntilAnchored ? (query) => bundlePollInterval(query.state.data) : false,
  });
}
