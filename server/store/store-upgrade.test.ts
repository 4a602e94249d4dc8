/**
 * A database from the release before anchored roots kept their block hash and evidence its block
 * commitments (SQLite's migration 11, PostgreSQL's 6), on both stores: rows written then, with the
 * schema rewound to what that release left, are upgraded in place. Each root takes the block hash
 * of the evidence kept for it (none without), the evidence is served as it was, without the
 * commitments, and is listed to be read again.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/postgres/database.js';
import { removeTempStore, tempDir } from '../test-helpers.js';
import { openPostgresStore } from './postgres-store.js';
import { SQLITE_FILE, openSqliteStore } from './sqlite-store.js';
import { testEvent } from './store-contract.js';
import type { Store, StoredChainEvidence } from './store.js';

/**
 * Statements that take a database back to the schema the release before left (the migrations
 * after it undone, newest first), and the number of migrations that release had.
 */
const REWIND = [
  'DROP TABLE anchor_fees',
  'ALTER TABLE anchored_roots DROP COLUMN block_hash',
  'ALTER TABLE anchor_evidence DROP COLUMN tx_count',
  'ALTER TABLE anchor_evidence DROP COLUMN auth_digest_branch',
  'ALTER TABLE anchor_evidence DROP COLUMN chain_history_root',
];

const SQLITE_RELEASE_BEFORE = 10;
const POSTGRES_RELEASE_BEFORE = 5;

const txidOf = (n: number): string => n.toString(16).padStart(64, 'e');

/** Two anchored roots, the first with evidence: what the release before could hold. */
async function writeOldRows(store: Store): Promise<{ withEvidence: StoredChainEvidence; without: number }> {
  await store.leaves.commitEvents(
    [1, 2, 3].map((n) => testEvent(n)),
    '2026-01-01T00:00:00.000Z',
  );
  const ids: number[] = [];
  for (const leafCount of [2, 3]) {
    const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount });
    await store.anchors.setAnchorTxid(a.id, txidOf(leafCount));
    await store.anchors.markAnchored(a.id, { height: 4_000_000 + leafCount, blockTime: null });
    ids.push(a.id);
  }
  const withEvidence: StoredChainEvidence = {
    anchorId: ids[0]!,
    txid: txidOf(2),
    height: 4_000_002,
    blockHash: 'b'.repeat(64),
    blockHeaderHex: '04000000' + 'ab'.repeat(136),
    txIndex: 1,
    merkleBranch: ['1'.repeat(64)],
    transactionHex: '050000800a27a726' + 'cd'.repeat(40),
    commitments: null,
  };
  await store.evidence.putEvidence(withEvidence);
  return { withEvidence, without: ids[1]! };
}

/** What the upgraded store must say of those rows. */
async function expectUpgraded(
  store: Store,
  rows: { withEvidence: StoredChainEvidence; without: number },
): Promise<void> {
  const roots = await store.anchors.anchoredRoots();
  expect(roots.map((r) => [r.anchorId, r.blockHash])).toEqual([
    [rows.withEvidence.anchorId, rows.withEvidence.blockHash],
    [rows.without, null],
  ]);
  expect(await store.evidence.evidenceByTxid(txidOf(2))).toEqual(rows.withEvidence);
  expect((await store.evidence.anchoredNeedingEvidence(10)).map((r) => r.anchorId)).toEqual([
    rows.withEvidence.anchorId,
    rows.without,
  ]);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('a database from before block hashes and block commitments', () => {
  it('is upgraded in place on SQLite (migration 11)', async () => {
    const dir = tempDir();
    let store = openSqliteStore(dir);
    cleanups.push(() => removeTempStore(dir, store));
    const rows = await writeOldRows(store);
    await store.close();
    const db = new Database(`${dir}/${SQLITE_FILE}`);
    for (const statement of REWIND) db.exec(statement);
    db.pragma(`user_version = ${SQLITE_RELEASE_BEFORE}`);
    db.close();

    store = openSqliteStore(dir);
    await expectUpgraded(store, rows);
  });

  it('is upgraded in place on PostgreSQL (migration 6)', async () => {
    const url = await freshDatabaseUrl();
    const first = await openPostgresStore(url);
    const rows = await writeOldRows(first);
    await first.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of REWIND) await client.query(statement);
      await client.query('DELETE FROM schema_migrations WHERE version > $1', [POSTGRES_RELEASE_BEFORE]);
    } finally {
      await client.end();
    }

    const store = await openPostgresStore(url);
    cleanups.push(() => store.close());
    await expectUpgraded(store, rows);
  });
});
