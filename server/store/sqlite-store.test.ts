import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { merkleRoot } from '../../src/core/index.js';
import { openTempStore, removeTempStore } from '../test-helpers.js';
import { MIGRATIONS } from './migrations.js';
import { openSqliteStore, type SqliteStore } from './sqlite-store.js';
import { StoreConflictError, type NewEvent } from './store.js';

const leaf = (n: number): string => n.toString(16).padStart(64, '0');
const event = (n: number, wallet = `w${n}`): NewEvent => ({
  leafHex: leaf(n),
  eventType: 3,
  walletHash: wallet,
  serialNumber: `S${n}`,
  timestamp: null,
  trialKeyHash: null,
});

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  ({ dir, store } = openTempStore());
});
afterEach(() => removeTempStore(dir, store));

function fill(n: number): void {
  store.commitEvents(
    Array.from({ length: n }, (_, i) => event(i + 1)),
    new Date(Date.UTC(2026, 0, 1)).toISOString(),
  );
}

describe('SqliteStore leaves', () => {
  it('assigns dense positions, dedupes within and across batches, and links every wallet', () => {
    const r1 = store.commitEvents([event(1), event(2), event(1, 'other')], '2026-01-01T00:00:00.000Z');
    expect(r1).toEqual([
      { status: 'created', position: 1 },
      { status: 'created', position: 2 },
      { status: 'exists', position: 1 },
    ]);
    const r2 = store.commitEvents([event(3), event(2, 'third')], '2026-01-01T00:00:01.000Z');
    expect(r2).toEqual([
      { status: 'created', position: 3 },
      { status: 'exists', position: 2 },
    ]);
    expect(store.leafCount()).toBe(3);
    expect(store.walletLeaves('other').map((l) => l.leafHex)).toEqual([leaf(1)]);
    expect(store.walletLeaves('w1').map((l) => l.position)).toEqual([1]);
    expect(store.leafByHash(leaf(3))).toMatchObject({ position: 3, serialNumber: 'S3', walletHash: 'w3' });
    expect(store.leafByHash(leaf(9))).toBeNull();
  });

  it('survives reopening (schema version kept, data intact)', () => {
    fill(5);
    store.close();
    store = openSqliteStore(dir);
    expect(store.leafCount()).toBe(5);
    expect(Array.from({ length: 5 }, (_, i) => store.leafAt(i + 1)!.leafHex)).toEqual(
      [1, 2, 3, 4, 5].map(leaf),
    );
  });

  it('writes nothing when a batch fails part-way', () => {
    fill(2);
    const bad = { ...event(10), leafHex: 'not hex' };
    expect(() => store.commitEvents([event(3), bad], '2026-01-01T00:00:00.000Z')).toThrow();
    expect(store.leafCount()).toBe(2);
    expect(store.leafByHash(leaf(3))).toBeNull();
  });

  it('pages events newest first with a cursor and a type filter', () => {
    fill(7);
    store.commitEvents([{ ...event(8), eventType: 4 }], '2026-01-02T00:00:00.000Z');
    const p1 = store.listEvents({ limit: 3 });
    expect(p1.leaves.map((l) => l.position)).toEqual([8, 7, 6]);
    const p2 = store.listEvents({ limit: 3, before: p1.nextBefore! });
    expect(p2.leaves.map((l) => l.position)).toEqual([5, 4, 3]);
    const p3 = store.listEvents({ limit: 3, before: p2.nextBefore! });
    expect(p3.leaves.map((l) => l.position)).toEqual([2, 1]);
    expect(p3.nextBefore).toBeNull();
    expect(store.listEvents({ limit: 10, eventType: 4 }).leaves.map((l) => l.position)).toEqual([8]);
    expect(store.typeCounts()).toEqual(
      new Map([
        [3, 7],
        [4, 1],
      ]),
    );
  });

  it('spends trial quota atomically and tells used-up from expired', () => {
    store.insertTrialKey({
      keyHash: 'a'.repeat(64),
      quota: 1,
      used: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-02-01T00:00:00.000Z',
    });
    const withKey = (n: number) => ({ ...event(n), trialKeyHash: 'a'.repeat(64) });
    expect(store.commitEvents([withKey(1), withKey(2)], '2026-01-05T00:00:00.000Z')).toEqual([
      { status: 'created', position: 1 },
      { status: 'quota_exhausted' },
    ]);
    store.insertTrialKey({
      keyHash: 'b'.repeat(64),
      quota: 9,
      used: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-02-01T00:00:00.000Z',
    });
    expect(
      store.commitEvents([{ ...event(3), trialKeyHash: 'b'.repeat(64) }], '2026-03-01T00:00:00.000Z'),
    ).toEqual([{ status: 'key_expired' }]);
    expect(
      store.commitEvents([{ ...event(4), trialKeyHash: 'c'.repeat(64) }], '2026-01-05T00:00:00.000Z'),
    ).toEqual([{ status: 'unauthorized' }]);
    expect(store.leafCount()).toBe(1);
    expect(store.trialKey('a'.repeat(64))?.used).toBe(1);
  });

  it('stores and loads tree chunks byte for byte', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => i);
    store.saveChunks([{ level: 2, index: 5, bytes }]);
    expect(store.loadChunk(2, 5)).toEqual(bytes);
    expect(store.loadChunk(2, 6)).toBeUndefined();
  });
});

describe('SqliteStore anchoring states', () => {
  const root5 = () => merkleRoot([1, 2, 3, 4, 5].map(leaf));

  it('walks pending → broadcast → confirmed → anchored and writes the root row only when anchored', () => {
    fill(5);
    const a = store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
    expect(a).toMatchObject({ state: 'pending', txid: null, leafCount: 5 });
    expect(store.listInFlightAnchors().map((x) => x.id)).toEqual([a.id]);
    expect(store.setAnchorOperation(a.id, 'opid-1').opid).toBe('opid-1');
    expect(store.setAnchorTxid(a.id, 'c'.repeat(64)).state).toBe('broadcast');
    expect(store.noteAnchorError(a.id, 'node slow')).toMatchObject({
      attempts: 1,
      lastError: 'node slow',
      state: 'broadcast',
    });
    expect(store.setAnchorConfirmed(a.id, 4_000_010).state).toBe('confirmed');
    expect(store.anchoredRootCount()).toBe(0);
    expect(store.anchoredLeafCount()).toBe(0);
    const done = store.markAnchored(a.id, { height: 4_000_010, blockTime: 1_800_000_000 });
    expect(done.state).toBe('anchored');
    expect(store.listInFlightAnchors()).toEqual([]);
    expect(store.anchoredRoots()).toEqual([
      {
        anchorId: a.id,
        rootHex: root5(),
        leafCount: 5,
        txid: 'c'.repeat(64),
        height: 4_000_010,
        blockTime: 1_800_000_000,
        createdAt: store.leafAt(5)!.createdAt,
      },
    ]);
    expect(store.anchoredLeafCount()).toBe(5);
    expect(store.firstAnchoredRootCovering(3)?.leafCount).toBe(5);
    expect(store.firstAnchoredRootCovering(6)).toBeNull();
  });

  it('allows one anchor in flight; a failed one frees the slot', () => {
    fill(5);
    const a = store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
    expect(() => store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 })).toThrow(StoreConflictError);
    expect(store.markAnchorFailed(a.id, 'z_sendmany failed')).toMatchObject({
      state: 'failed',
      lastError: 'z_sendmany failed',
    });
    expect(() => store.markAnchored(a.id, { height: 1, blockTime: null })).toThrow(StoreConflictError);
    const b = store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
    expect(store.latestAnchorAttempt()?.id).toBe(b.id);
  });

  it('refuses impossible transitions and intents', () => {
    fill(2);
    expect(() => store.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 3 })).toThrow(
      StoreConflictError,
    );
    expect(() => store.recordAnchorIntent({ rootHex: 'A'.repeat(64), leafCount: 1 })).toThrow(RangeError);
    const a = store.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 2 });
    expect(() => store.markAnchored(a.id, { height: 1, blockTime: null })).toThrow(StoreConflictError);
    expect(() => store.setAnchorConfirmed(a.id, 5)).toThrow(StoreConflictError);
    expect(() => store.revertAnchor(a.id, 'reorg')).toThrow(StoreConflictError);
    expect(() => store.setAnchorTxid(999, 'c'.repeat(64))).toThrow(StoreConflictError);
  });

  it('reverts an anchored root after a reorganisation: proofs stop claiming it', () => {
    fill(5);
    const a = store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
    store.setAnchorTxid(a.id, 'c'.repeat(64));
    store.markAnchored(a.id, { height: 4_000_001, blockTime: null });
    expect(store.firstAnchoredRootCovering(1)).not.toBeNull();
    const reverted = store.revertAnchor(a.id, 'reorganised out of the chain');
    expect(reverted).toMatchObject({ state: 'failed', lastError: 'reorganised out of the chain' });
    expect(store.firstAnchoredRootCovering(1)).toBeNull();
    expect(store.anchoredRootCount()).toBe(0);
    // The same root can be anchored anew with the same txid if it is mined again.
    const b = store.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
    store.setAnchorTxid(b.id, 'c'.repeat(64));
    store.markAnchored(b.id, { height: 4_000_003, blockTime: null });
    expect(store.latestAnchoredRoot()?.anchorId).toBe(b.id);
  });

  it('lists anchored roots by height with limit and before, keeping the newest', () => {
    fill(6);
    for (const [size, height] of [
      [2, 10],
      [4, 20],
      [6, 30],
    ] as const) {
      const a = store.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: size });
      store.setAnchorTxid(a.id, size.toString(16).padStart(64, '0'));
      store.markAnchored(a.id, { height, blockTime: height * 100 });
    }
    expect(store.anchoredRoots().map((r) => r.height)).toEqual([10, 20, 30]);
    expect(store.anchoredRoots({ limit: 2 }).map((r) => r.height)).toEqual([20, 30]);
    expect(store.anchoredRoots({ limit: 2, beforeHeight: 30 }).map((r) => r.height)).toEqual([10, 20]);
    expect(store.firstAnchoredRootCovering(3)?.leafCount).toBe(4);
    expect(store.anchoredRootBySize(6)?.height).toBe(30);
    expect(store.latestAnchoredRoot()?.height).toBe(30);
  });

  it('persists when a send started (before z_sendmany), across reopening, for pending attempts only', () => {
    fill(2);
    const a = store.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 2 });
    expect(a.sendStartedAt).toBeNull();
    expect(store.markSendStarted(a.id, '2026-01-01T00:00:05.000Z').sendStartedAt).toBe(
      '2026-01-01T00:00:05.000Z',
    );
    store.close();
    store = openSqliteStore(dir);
    expect(store.listInFlightAnchors()[0]).toMatchObject({
      id: a.id,
      state: 'pending',
      sendStartedAt: '2026-01-01T00:00:05.000Z',
    });
    expect(() => store.markSendStarted(a.id, 'yesterday')).toThrow(RangeError);
    store.setAnchorTxid(a.id, 'c'.repeat(64));
    expect(() => store.markSendStarted(a.id, '2026-01-01T00:00:09.000Z')).toThrow(StoreConflictError);
  });

  it('upgrades a version-1 database: an attempt in flight keeps its state and gains an empty send time', () => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    const db = new Database(path.join(dir, 'zap1.sqlite'));
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    db.prepare(
      "INSERT INTO anchors (root_hash, leaf_count, state, created_at, updated_at) VALUES (?, 1, 'pending', 't', 't')",
    ).run('a'.repeat(64));
    db.close();
    store = openSqliteStore(dir);
    expect(store.listInFlightAnchors()).toMatchObject([{ id: 1, state: 'pending', sendStartedAt: null }]);
    expect(store.markSendStarted(1, '2026-01-01T00:00:00.000Z').sendStartedAt).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    const check = new Database(path.join(dir, 'zap1.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    check.close();
  });

  it('sums up anchored roots (count, lowest and highest height) without failed or reverted attempts', () => {
    expect(store.anchoredRootStats()).toEqual({ count: 0, firstHeight: null, lastHeight: null });
    fill(6);
    const ids: number[] = [];
    for (const [size, height] of [
      [2, 20],
      [4, 10],
      [6, 30],
    ] as const) {
      const a = store.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: size });
      store.setAnchorTxid(a.id, size.toString(16).padStart(64, '0'));
      store.markAnchored(a.id, { height, blockTime: null });
      ids.push(a.id);
    }
    const failed = store.recordAnchorIntent({ rootHex: 'b'.repeat(64), leafCount: 6 });
    store.markAnchorFailed(failed.id, 'node down');
    expect(store.anchoredRootStats()).toEqual({ count: 3, firstHeight: 10, lastHeight: 30 });
    store.revertAnchor(ids[2]!, 'reorganised out of the chain');
    expect(store.anchoredRootStats()).toEqual({ count: 2, firstHeight: 10, lastHeight: 20 });
  });
});
