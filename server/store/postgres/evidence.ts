/** The chain evidence of anchored roots on PostgreSQL (evidence-store.ts). */
import type pg from 'pg';
import type { AnchoredRoot } from '../anchor-store.js';
import {
  EVIDENCE_COLUMNS,
  WITHOUT_COMMITMENTS,
  evidenceFromRow,
  evidenceParams,
  type EvidenceRow,
  type EvidenceStore,
  type StoredChainEvidence,
} from '../evidence-store.js';
import { ROOT_COLUMNS, rootFromRow, type RootRow } from '../sqlite/rows.js';

const REPLACED = EVIDENCE_COLUMNS.split(',')
  .map((column) => column.trim())
  .filter((column) => column !== 'anchor_id')
  .map((column) => `${column} = EXCLUDED.${column}`)
  .join(', ');
const VALUES = EVIDENCE_COLUMNS.split(',')
  .map((_, i) => `$${i + 1}`)
  .join(', ');

export class PostgresEvidenceStore implements EvidenceStore {
  constructor(private readonly pool: pg.Pool) {}

  async putEvidence(evidence: StoredChainEvidence): Promise<boolean> {
    // Only for a root still anchored, in that transaction at that height; a second writer replaces.
    // In the same statement the root takes the block hash the evidence was read from.
    const result = await this.pool.query(
      `WITH kept AS (
         INSERT INTO anchor_evidence (${EVIDENCE_COLUMNS})
         SELECT ${VALUES} WHERE EXISTS
           (SELECT 1 FROM anchored_roots WHERE anchor_id = $1 AND txid = $2 AND height = $3)
         ON CONFLICT (anchor_id) DO UPDATE SET ${REPLACED}
         RETURNING anchor_id, block_hash)
       UPDATE anchored_roots r SET block_hash = kept.block_hash FROM kept WHERE r.anchor_id = kept.anchor_id`,
      evidenceParams(evidence),
    );
    return (result.rowCount ?? 0) > 0;
  }

  async evidenceByTxid(txid: string): Promise<StoredChainEvidence | null> {
    const result = await this.pool.query<EvidenceRow>(
      `SELECT ${EVIDENCE_COLUMNS} FROM anchor_evidence WHERE txid = $1`,
      [txid],
    );
    return result.rows[0] ? evidenceFromRow(result.rows[0]) : null;
  }

  async anchoredNeedingEvidence(limit: number): Promise<AnchoredRoot[]> {
    const result = await this.pool.query<RootRow>(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots r
       WHERE NOT EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id)
          OR EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id AND ${WITHOUT_COMMITMENTS})
       ORDER BY anchor_id LIMIT $1`,
      [limit],
    );
    return result.rows.map(rootFromRow);
  }
}
