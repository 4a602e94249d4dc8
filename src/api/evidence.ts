/**
 * `GET /anchor/evidence/{txid}`: the chain's own evidence of an anchor (`zap1-chain-evidence/1`:
 * the transaction's bytes, its block header, the branch between them and the viewing key that opens
 * its memo), which a receipt carries so that it can be checked without the service. A deployment
 * without it (the reference, an older one) answers 404: no evidence, not an error.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client';
import { parseChainEvidence, type ChainEvidence } from 'zap1';
import { chainEvidenceSchema } from 'zap1';
export { chainEvidenceSchema };

export const evidenceKeys = {
  all: (baseUrl: string) => ['evidence', baseUrl] as const,
  anchor: (baseUrl: string, txid: string) => [...evidenceKeys.all(baseUrl), txid] as const,
};

/** Statuses that mean "no evidence here": none kept for this txid, or a deployment without the route. */
const NO_EVIDENCE = new Set([400, 404, 405]);

/** The service's evidence of the anchor in `txid`, or null when it has none (or offers none). */
export async function fetchChainEvidence(
  baseUrl: string,
  txid: string,
  signal?: AbortSignal,
): Promise<ChainEvidence | null> {
  let body: unknown;
  try {
    body = await apiRequest(`/anchor/evidence/${encodeURIComponent(txid)}`, {
      schema: chainEvidenceSchema,
      baseUrl,
      auth: false,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && NO_EVIDENCE.has(error.status)) return null;
    throw error;
  }
  const parsed = parseChainEvidence(body);
  if (!parsed.ok) {
    throw new ApiError({
      status: 200,
      code: 'bad_response',
      message: `The service answered /anchor/evidence with ${parsed.error}.`,
    });
  }
  return parsed.evidence;
}

export function chainEvidenceQueryOptions(baseUrl: string, txid: string) {
  return queryOptions({
    queryKey: evidenceKeys.anchor(baseUrl, txid),
    queryFn: ({ signal }) => fetchChainEvidence(baseUrl, txid, signal),
    // The evidence of a transaction changes only if a reorganisation moves it: rarely worth a refetch.
    staleTime: 60_000,
  });
}
