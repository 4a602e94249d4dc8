/**
 * The anchored roots in leaf-count order, kept in memory for `firstAnchoredRootCovering`, which every
 * proof asks: a binary search instead of a query (the query was about 6% of the event loop's work
 * per first proof, as profiled on the many-roots benchmark). Read on first use, then kept up to date
 * with each root this connection adds, changes or removes: only it writes them, since on SQLite one process
 * anchors (docs/architecture.md decision 9). Past MAX_KEPT roots (some 400 bytes each) nothing is
 * kept and the query answers.
 */
import type Database from 'better-sqlite3';
import type { AnchoredRoot } from '../store.js';
import { ROOT_COLUMNS, rootFromRow, type RootRow } from './rows.js';

const MAX_KEPT = 65_536;

export class RootsBySize {
  private readonly stmts;
  /** null: not read yet; 'too many': more than `maxKept`. */
  private kept: AnchoredRoot[] | 'too many' | null = null;

  constructor(
    db: Database.Database,
    private readonly maxKept = MAX_KEPT,
  ) {
    this.stmts = {
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM anchored_roots'),
      all: db.prepare<[], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots ORDER BY leaf_count, anchor_id`,
      ),
      byId: db.prepare<[number], RootRow>(`SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE anchor_id = ?`),
      covering: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count >= ? ORDER BY leaf_count, anchor_id LIMIT 1`,
      ),
    };
  }

  /** This connection committed the anchored root of attempt `anchorId`. */
  added(anchorId: number): void {
    if (!Array.isArray(this.kept)) return;
    const row = this.stmts.byId.get(anchorId);
    if (!row) return;
    if (this.kept.length >= this.maxKept) {
      this.kept = 'too many';
      return;
    }
    const root = Object.freeze(rootFromRow(row));
    this.kept.splice(this.firstAtOrAfter(this.kept, root.leafCount, root.anchorId), 0, root);
  }

  /** This connection deleted the anchored root of attempt `anchorId` (a reorganisation). */
  removed(anchorId: number): void {
    if (!Array.isArray(this.kept)) return;
    const index = this.kept.findIndex((root) => root.anchorId === anchorId);
    if (index >= 0) this.kept.splice(index, 1);
  }

  /** This connection rewrote the anchored root of attempt `anchorId` (its block hash): the copy follows. */
  changed(anchorId: number): void {
    this.removed(anchorId);
    this.added(anchorId);
  }

  /** The first anchored root (by leaf count, then anchor id) holding at least `position` leaves. */
  firstCovering(position: number): AnchoredRoot | null {
    const roots = (this.kept ??= this.read());
    if (roots === 'too many') {
      const row = this.stmts.covering.get(position);
      return row ? rootFromRow(row) : null;
    }
    return roots[this.firstAtOrAfter(roots, position, 0)] ?? null;
  }

  /** The index of the first root at or after (`leafCount`, `anchorId`) in the kept order. */
  private firstAtOrAfter(roots: readonly AnchoredRoot[], leafCount: number, anchorId: number): number {
    let low = 0;
    let high = roots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const root = roots[middle]!;
      if (root.leafCount > leafCount || (root.leafCount === leafCount && root.anchorId >= anchorId))
        high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private read(): AnchoredRoot[] | 'too many' {
    if ((this.stmts.count.get()?.n ?? 0) > this.maxKept) return 'too many';
    return this.stmts.all.all().map((row) => Object.freeze(rootFromRow(row)));
  }
}
