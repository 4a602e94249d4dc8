/** /stats at many anchors and /health when the store fails. */
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { contractEvent, makeTestApp, operator } from '../test-helpers.js';
import { StatsSchema } from './info.js';

describe('GET /stats', () => {
  it('answers at 200k anchored roots (no per-root read, no spread into Math.min)', async () => {
    const t = await makeTestApp();
    try {
      await t.app.inject({ method: 'POST', url: '/event', headers: operator, payload: contractEvent(1) });
      // Written straight to the file: going through the loop 200k times would take far too long.
      const db = new Database(path.join(t.dir, 'zap1.sqlite'));
      try {
        db.exec(`
          WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200000)
          INSERT INTO anchors (id, root_hash, leaf_count, state, txid, height, created_at, updated_at)
            SELECT i, printf('%064x', i), 1, 'anchored', printf('%064x', i), 4000000 + i, 't', 't' FROM c;
          INSERT INTO anchored_roots (anchor_id, root_hash, leaf_count, txid, height, block_time, created_at)
            SELECT id, root_hash, leaf_count, txid, height, NULL, 't' FROM anchors;
        `);
      } finally {
        db.close();
      }
      const res = await t.app.inject({ url: '/stats' });
      expect(res.statusCode).toBe(200);
      expect(StatsSchema.parse(res.json())).toMatchObject({
        total_anchors: 200_000,
        total_anchor_records: 200_000,
        first_anchor_block: 4_000_001,
        last_anchor_block: 4_200_000,
      });
    } finally {
      await t.close();
    }
  });
});

describe('GET /health', () => {
  it('answers 503 store_unavailable when the database cannot be read', async () => {
    const t = await makeTestApp();
    t.store.ping = () => {
      throw new Error('SQLITE_IOERR: disk I/O error at /secret/path');
    };
    try {
      const res = await t.app.inject({ url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'store_unavailable', message: 'The database cannot be read.' },
      });
      expect(res.body).not.toMatch(/SQLITE|secret/);
    } finally {
      await t.close();
    }
  });
});
