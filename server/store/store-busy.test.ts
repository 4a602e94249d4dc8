import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { contractEvent, makeTestApp, operator, tableCounts, type TestApp } from '../test-helpers.js';
import { SQLITE_FILE } from './sqlite-store.js';

let t: TestApp | null = null;
let other: Database.Database | null = null;
afterEach(async () => {
  other?.close();
  other = null;
  await t?.close();
  t = null;
});

describe('another process holding the database', () => {
  it('answers writes 503 store_unavailable with Retry-After at once, changes nothing, and recovers', async () => {
    t = await makeTestApp();
    // A second connection (as another process would) takes the write lock and keeps it.
    other = new Database(path.join(t.dir, SQLITE_FILE));
    other.exec('BEGIN IMMEDIATE');

    const started = Date.now();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/event',
      headers: operator,
      payload: contractEvent(1),
    });
    const waitedMs = Date.now() - started;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: { code: 'store_unavailable', message: expect.stringContaining('busy') },
    });
    // No wait on the event loop (busy_timeout would have held it for seconds).
    expect(waitedMs).toBeLessThan(1000);
    const trialKey = await t.app.inject({ method: 'POST', url: '/trial-key' });
    expect(trialKey.statusCode).toBe(503);
    // Reads go on while the lock is held (WAL).
    expect((await t.app.inject({ method: 'GET', url: '/stats' })).statusCode).toBe(200);

    other.exec('ROLLBACK');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/event',
      headers: operator,
      payload: contractEvent(1),
    });
    expect(accepted.statusCode).toBe(201);
    const counts = tableCounts(t.dir);
    expect(counts['leaves']).toBe(1);
    expect(counts['api_keys']).toBe(0);
    // The tree holds the one committed leaf only: the refused attempt left nothing behind.
    const check = await t.app.inject({ method: 'GET', url: `/verify/${accepted.json().leaf_hash}/check` });
    expect(check.json()).toMatchObject({ valid: true });
    expect((await t.app.inject({ method: 'GET', url: '/stats' })).json()).toMatchObject({ total_leaves: 1 });
  });
});
