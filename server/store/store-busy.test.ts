import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contractEvent,
  makeTestApp,
  operator,
  removeTempStore,
  submitContractEvent,
  tableCounts,
  tempDir,
  type TestApp,
} from '../test-helpers.js';
import { SQLITE_FILE, openSqliteStore } from './sqlite-store.js';
import { isStoreBusy } from './store.js';

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
    expect(waitedMs).toBeLessThan(2500);
    const trialKey = await t.app.inject({ method: 'POST', url: '/trial-key' });
    expect(trialKey.statusCode).toBe(503);
    // Reads go on while the lock is held (WAL).
    expect((await t.app.inject({ method: 'GET', url: '/stats' })).statusCode).toBe(200);

    other.exec('ROLLBACK');
    const acceptedLeaf = await submitContractEvent(t, 1);
    const counts = tableCounts(t.dir);
    expect(counts['leaves']).toBe(1);
    expect(counts['api_keys']).toBe(0);
    // The tree holds the one committed leaf only: the refused attempt left nothing behind.
    const check = await t.app.inject({ method: 'GET', url: `/verify/${acceptedLeaf}/check` });
    expect(check.json()).toMatchObject({ valid: true });
    expect((await t.app.inject({ method: 'GET', url: '/stats' })).json()).toMatchObject({ total_leaves: 1 });
  });
});

describe('another process holding the database, with the commit thread', () => {
  it('refuses the commit as busy within a moment, writes nothing, and commits once the lock is gone', async () => {
    const dir = tempDir();
    const store = openSqliteStore(dir, { commitThread: true });
    const holder = new Database(path.join(dir, SQLITE_FILE));
    try {
      holder.exec('BEGIN IMMEDIATE');
      const event = {
        leafHex: 'c'.repeat(64),
        eventType: 1,
        walletHash: 'wallet_busy',
        serialNumber: 'S-busy',
        timestamp: null,
        trialKeyHash: null,
        keyId: 'operator',
      };
      const started = Date.now();
      const refused = await store.leaves
        .commitEvents([event], new Date().toISOString())
        .catch((e: unknown) => e);
      expect(isStoreBusy(refused)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await store.leaves.leafCount()).toBe(0);

      holder.exec('ROLLBACK');
      expect(await store.leaves.commitEvents([event], new Date().toISOString())).toEqual([
        { status: 'created', position: 1 },
      ]);
      expect(await store.leaves.leafCount()).toBe(1);
    } finally {
      holder.close();
      await removeTempStore(dir, store);
    }
  });
});
