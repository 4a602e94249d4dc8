/** The chain evidence of anchored roots on SQLite (evidence-store.ts). */
import type Database from 'better-sqlite3';
import type { AnchoredRoot } from '../anchor-store.js';
import {
  EVIDENCE_COLUMNS,
  evidenceFromRow,
  evidenceParams,
  type EvidenceRow,
  type EvidenceStore,
  type StoredChainEvidence,
} from '../evidence-store.js';
import { ROOT_COLUMNS, rootFromRow, type RootRow } from './rows.js';

export class SqliteEvidenceStore implements EvidenceStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      // Only for a root still anchored, in that transaction at that height.
      put: db.prepare<[Record<string, string | number>]>(
        `INSERT OR REPLACE INTO anchor_evidence (${EVIDENCE_COLUMNS})
         SELECT @p0, @p1, @p2, @p3, @p4, @p5, @p6, @p7 WHERE EXISTS
           (SELECT 1 FROM anchored_roots WHERE anchor_id = @p0 AND txid = @p1 AND height = @p2)`,
      ),
      byTxid: db.prepare<[string], EvidenceRow>(
        `SELECT ${EVIDENCE_COLUMNS} FROM anchor_evidence WHERE txid = ?`,
      ),
      missing: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots r
         WHERE NOT EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id)
         ORDER BY anchor_id LIMIT ?`,
      ),
    };
  }

  async putEvidence(evidence: StoredChainEvidence): Promise<boolean> {
    const params = Object.fromEntries(evidenceParams(evidence).map((value, i) => [`p${i}`, value]));
    return this.stmts.put.run(params).changes > 0;
  }

  async evidenceByTxid(txid: string): Promise<StoredChainEvidence | null> {
    const row = this.stmts.byTxid.get(txid);
    return row ? evidenceFromRow(row) : null;
  }

  async anchoredWithoutEvidence(limit: number): Promise<AnchoredRoot[]> {
    return this.stmts.missing.all(limit).map(rootFromRow);
  }
}
