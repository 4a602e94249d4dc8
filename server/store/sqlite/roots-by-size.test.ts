import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RootsBySize } from './roots-by-size.js';

/** A database with only the anchored_roots table, as migration 1 makes it. */
function rootsTable(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE anchored_roots (
    anchor_id INTEGER PRIMARY KEY, root_hash TEXT NOT NULL, leaf_count INTEGER NOT NULL,
    txid TEXT NOT NULL UNIQUE, height INTEGER NOT NULL, block_time INTEGER, created_at TEXT NOT NULL)`);
  return db;
}

const insert = (db: Database.Database, anchorId: number, leafCount: number): void => {
  const hex = anchorId.toString(16).padStart(64, '0');
  db.prepare('INSERT INTO anchored_roots VALUES (?, ?, ?, ?, ?, NULL, ?)').run(
    anchorId,
    hex,
    leafCount,
    hex,
    anchorId,
    '2026-11-26T00:00:00.000Z',
  );
};

describe('RootsBySize', () => {
  it('finds the first root covering a position, kept in memory or past its bound, as the query does', () => {
    fc.assert(
      fc.property(
        // Leaf counts of anchored roots, in anchoring order; a size may be anchored twice (a reorganisation).
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 25 }),
        fc.integer({ min: 0, max: 30 }),
        (counts, maxKept) => {
          const db = rootsTable();
          counts.forEach((count, i) => insert(db, i + 1, count));
          const roots = new RootsBySize(db, maxKept);
          for (let position = 1; position <= 62; position++) {
            // The reference: the smallest leaf count at or above the position, then the first anchored.
            const ids = counts.map((count, i) => ({ count, id: i + 1 })).filter((r) => r.count >= position);
            ids.sort((a, b) => a.count - b.count || a.id - b.id);
            expect(roots.firstCovering(position)?.anchorId ?? null).toBe(ids[0]?.id ?? null);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the roots again after a change, and not before', () => {
    const db = rootsTable();
    insert(db, 1, 10);
    const roots = new RootsBySize(db);
    expect(roots.firstCovering(11)).toBeNull();
    insert(db, 2, 20);
    // Kept from before the insert until told of it: only this connection changes them.
    expect(roots.firstCovering(11)).toBeNull();
    roots.changed();
    expect(roots.firstCovering(11)).toMatchObject({ anchorId: 2, leafCount: 20 });
    db.prepare('DELETE FROM anchored_roots WHERE anchor_id = 2').run();
    roots.changed();
    expect(roots.firstCovering(11)).toBeNull();
    expect(roots.firstCovering(3)).toMatchObject({ anchorId: 1, leafCount: 10 });
  });
});
