import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RootsBySize } from './roots-by-size.js';

/** A database with only the anchored_roots table, as migrations 1 and 11 make it. */
function rootsTable(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE anchored_roots (
    anchor_id INTEGER PRIMARY KEY, root_hash TEXT NOT NULL, leaf_count INTEGER NOT NULL,
    txid TEXT NOT NULL UNIQUE, height INTEGER NOT NULL, block_time INTEGER, created_at TEXT NOT NULL,
    block_hash TEXT)`);
  return db;
}

const insert = (db: Database.Database, anchorId: number, leafCount: number): void => {
  const hex = anchorId.toString(16).padStart(64, '0');
  db.prepare('INSERT INTO anchored_roots VALUES (?, ?, ?, ?, ?, NULL, ?, NULL)').run(
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

  it('keeps up with the roots this connection adds and removes, whatever their order', () => {
    fc.assert(
      fc.property(
        // Each step anchors a root of that many leaves, or (negative) removes the -n'th one left.
        fc.array(
          fc.integer({ min: -8, max: 40 }).filter((n) => n !== 0),
          { maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 12 }),
        (steps, maxKept) => {
          const db = rootsTable();
          const roots = new RootsBySize(db, maxKept);
          const query = db.prepare<[number], { anchor_id: number }>(
            'SELECT anchor_id FROM anchored_roots WHERE leaf_count >= ? ORDER BY leaf_count, anchor_id LIMIT 1',
          );
          let nextId = 1;
          for (const step of steps) {
            if (step > 0) {
              insert(db, nextId, step);
              roots.added(nextId++);
            } else {
              const ids = db.prepare<[], { anchor_id: number }>('SELECT anchor_id FROM anchored_roots').all();
              const gone = ids[(-step - 1) % Math.max(1, ids.length)];
              if (gone === undefined) continue;
              db.prepare('DELETE FROM anchored_roots WHERE anchor_id = ?').run(gone.anchor_id);
              roots.removed(gone.anchor_id);
            }
            for (let position = 1; position <= 41; position++) {
              expect(roots.firstCovering(position)?.anchorId ?? null).toBe(
                query.get(position)?.anchor_id ?? null,
              );
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('follows a root this connection rewrote (its block hash), keeping its place', () => {
    const db = rootsTable();
    [3, 5, 5, 9].forEach((count, i) => insert(db, i + 1, count));
    const roots = new RootsBySize(db);
    expect(roots.firstCovering(4)).toMatchObject({ anchorId: 2, blockHash: null });
    db.prepare('UPDATE anchored_roots SET block_hash = ? WHERE anchor_id = 2').run('ab'.repeat(32));
    roots.changed(2);
    expect(roots.firstCovering(4)).toMatchObject({ anchorId: 2, blockHash: 'ab'.repeat(32) });
    expect([1, 6, 10].map((p) => roots.firstCovering(p)?.anchorId ?? null)).toEqual([1, 4, null]);
  });
});
