/**
 * The anchored roots in leaf-count order, kept in memory for `firstAnchoredRootCovering`, which every
 * proof asks: a binary search instead of a query (the query was about 6% of the event loop's work
 * per first proof, docs/benchmarks.md "many-roots"). Read on first use, and again after this
 * connection changes them: only it does, since on SQLite one process anchors (docs/architecture.md
 * decision 9). Past MAX_KEPT roots (some 400 bytes each) nothing is kept and the query answers.
 */
import type Database from 'better-sqlite3';
import type { AnchoredRoot } from '../store.js';
import { ROOT_COLUMNS, rootFromRow, type RootRow } from './rows.js';

const MAX_KEPT = 65_536;

export class RootsBySize {
  private readonly stmts;
  /** null: not read since the last change; 'too many': more than `maxKept`. */
  private kept: readonly AnchoredRoot[] | 'too many' | null = null;

  constructor(
    db: Database.Database,
    private readonly maxKept = MAX_KEPT,
  ) {
    this.stmts = {
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM anchored_roots'),
      all: db.prepare<[], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots ORDER BY leaf_count, anchor_id`,
      ),
      covering: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count >= ? ORDER BY leaf_count, anchor_id LIMIT 1`,
      ),
    };
  }

  /** This connection added or removed an anchored root: read them again when next asked. */
  changed(): void {
    this.kept = null;
  }

  /** The first anchored root (by leaf count, then anchor id) holding at least `position` leaves. */
  firstCovering(position: number): AnchoredRoot | null {
    const roots = (this.kept ??= this.read());
    if (roots === 'too many') {
      const row = this.stmts.covering.get(position);
      return row ? rootFromRow(row) : null;
    }
    let low = 0;
    let high = roots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (roots[middle]!.leafCount >= position) high = middle;
      else low = middle + 1;
    }
    return roots[low] ?? null;
  }

  private read(): readonly AnchoredRoot[] | 'too many' {
    if ((this.stmts.count.get()?.n ?? 0) > this.maxKept) return 'too many';
    return this.stmts.all.all().map((row) => Object.freeze(rootFromRow(row)));
  }
}
