/**
 * Whether a batch's recorded rows are anchored yet: each leaf's `GET /verify/{leaf}/check`, a few at
 * a time. The page asks again only when the service's latest anchor changed (`/anchor/status`), so
 * a batch of a thousand rows costs one small request per round while it waits.
 */
import { apiRequest } from '../../../api/client';
import { anchorStatusSchema, verifyCheckSchema } from 'zap1';

export interface AnchorFinding {
  id: string;
  txid: string | null;
  height: number | null;
}

/** A fingerprint of the service's latest anchor: when it changes, rows may have been anchored. */
export async function latestAnchorMark(baseUrl: string, signal?: AbortSignal): Promise<string> {
  const status = await apiRequest('/anchor/status', {
    schema: anchorStatusSchema,
    baseUrl,
    auth: false,
    signal,
  });
  return `${status.last_anchor_txid ?? ''}:${status.last_anchor_height ?? ''}:${status.leaf_count}`;
}

/** Each row's anchor (txid and height), or nulls while it awaits one; `limit` requests at a time. */
export async function findAnchors(
  baseUrl: string,
  rows: ReadonlyArray<{ id: string; leafHex: string }>,
  signal?: AbortSignal,
  limit = 4,
): Promise<AnchorFinding[]> {
  const findings: AnchorFinding[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const check = await apiRequest(`/verify/${encodeURIComponent(row.leafHex)}/check`, {
        schema: verifyCheckSchema,
        baseUrl,
        auth: false,
        signal,
      });
      findings.push({ id: row.id, txid: check.anchor?.txid ?? null, height: check.anchor?.height ?? null });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, rows.length) }, worker));
  return findings;
}
