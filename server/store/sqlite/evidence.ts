/** The chain evidence of anchored roots on SQLite (evidence-store.ts). */
import type Database from 'better-sqlite3';
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
import { ROOT_COLUMNS, rootFromRow, type RootRow } from './rows.js';

type Params = Record<string, string | number | null>;

export class SqliteEvidenceStore implements EvidenceStore {
  private readonly stmts;
  private readonly put: (params: Params) => boolean;

  /** `rootChanged`: told of each anchored root whose block hash this store wrote. */
  constructor(
    db: Database.Database,
    private readonly rootChanged: (anchorId: number) => void = () => {},
  ) {
    const values = EVIDENCE_COLUMNS.split(',').map((_, i) => `@p${i}`);
    this.stmts = {
      // Only for a root still anchored, in that transaction at that height.
      put: db.prepare<[Params]>(
        `INSERT OR REPLACE INTO anchor_evidence (${EVIDENCE_COLUMNS})
         SELECT ${values.join(', ')} WHERE EXISTS
           (SELECT 1 FROM anchored_roots WHERE anchor_id = @p0 AND txid = @p1 AND height = @p2)`,
      ),
      // The evidence was read from the block the node has the transaction in now.
      rootBlock: db.prepare<[string, number]>('UPDATE anchored_roots SET block_hash = ? WHERE anchor_id = ?'),
      byTxid: db.prepare<[string], EvidenceRow>(
        `SELECT ${EVIDENCE_COLUMNS} FROM anchor_evidence WHERE txid = ?`,
      ),
      needing: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots r
         WHERE NOT EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id)
            OR EXISTS (SELECT 1 FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id AND ${WITHOUT_COMMITMENTS})
         ORDER BY anchor_id LIMIT ?`,
      ),
    };
    this.put = db.transaction((params: Params) => {
      if (this.stmts.put.run(params).changes === 0) return false;
      this.stmts.rootBlock.run(params['p3'] as string, params['p0'] as number);
      return true;
    });
  }

  async putEvidence(evidence: StoredChainEvidence): Promise<boolean> {
    const params = Object.fromEntries(evidenceParams(evidence).map((value, i) => [`p${i}`, value]));
    const kept = this.put(params);
    if (kept) this.rootChanged(evidence.anchorId);
    return kept;
  }

  async evidenceByTxid(txid: string): Promise<StoredChainEvidence | null> {
    const row = this.stmts.byTxid.get(txid);
    return row ? evidenceFromRow(row) : null;
  }

  async anchoredNeedingEvidence(limit: number): Promise<AnchoredRoot[]> {
    return this.stmts.needing.all(limit).map(rootFromRow);
  }
}
