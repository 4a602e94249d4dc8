/** The chain evidence of anchored roots on PostgreSQL (evidence-store.ts). */
import type pg from 'pg';
import type { AnchoredRoot } from '../anchor-store.js';
import {
  EVIDENCE_COLUMNS,
  evidenceFromRow,
  evidenceParams,
  type EvidenceRow,
  type EvidenceStore,
  type StoredChainEvidence,
} from '../evidence-store.js';
import { ROOT_COLUMNS, rootFromRow, type RootRow } from '../sqlite/rows.js';

export class PostgresEvidenceStore implements EvidenceStore {
  constructor(private readonly pool: pg.Pool) {}

  async putEvidence(evidence: StoredChainEvidence): Promise<boolean> {
    // Only for a root still anchored, in that transaction at that height; a second writer replaces.
    const result = await this.pool.query(
      `INSERT INTO anchor_evidence (${EVIDENCE_COLUMNS})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE EXISTS
         (SELECT 1 FROM anchored_roots WHERE anchor_id = $1 AND txid = $2 AND height = $3)
       ON CONFLICT (anchor_id) DO UPDATE SET
         txid = EXCLUDED.txid, height = EXCLUDED.height, block_hash = EXCLUDED.block_hash,
         block_header = EXCLUDED.block_header, tx_index = EXCLUDED.tx_index,
         merkle_branch = EXCLUDED.merkle_branch, transaction_hex = EXCLUDED.transaction_hex`,
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

  async anchoredWithoutEvidence(limit: number): Promise<AnchoredRoot[]> {
    const result = await this.pool.query<RootRow>(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots r
       WHERE NOT EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id)
       ORDER BY anchor_id LIMIT $1`,
      [limit],
    );
    return result.rows.map(rootFromRow);
  }
}
