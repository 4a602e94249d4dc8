/**
 * /anchor/history's age of the latest anchor, its whole list and each anchor's block hash, and
 * /anchor/status's anchor_due with an attempt in flight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, submitContractEvent, type TestApp } from '../test-helpers.js';
import { AttemptsResponseSchema, HistoryResponseSchema, StatusResponseSchema } from './anchor.js';

const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
let clock = T0;
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function anchor(app: TestApp, size: number, height: number, blockHash?: string): Promise<void> {
  const rootHex = (await app.store.leaves.leafAt(size))!.leafHex;
  const a = await app.store.anchors.recordAnchorIntent({ rootHex, leafCount: size });
  await app.store.anchors.setAnchorTxid(a.id, height.toString(16).padStart(64, '0'));
  await app.store.anchors.markAnchored(a.id, { height, blockTime: null, blockHash });
}

describe('GET /anchor/history block_hash', () => {
  it("is each anchor's block hash as recorded, null where unknown, and described in the OpenAPI", async () => {
    t = await makeTestApp();
    await submitContractEvent(t, 1);
    await submitContractEvent(t, 2);
    await anchor(t, 1, 4_000_010, 'b'.repeat(64));
    await anchor(t, 2, 4_000_020);
    const body: unknown = (await t.app.inject({ url: '/anchor/history' })).json();
    const history = HistoryResponseSchema.parse(body);
    expect(history.anchors.map((a) => [a.height, a.block_hash])).toEqual([
      [4_000_010, 'b'.repeat(64)],
      [4_000_020, null],
    ]);
    const openapi = JSON.stringify((await t.app.inject({ url: '/openapi.json' })).json());
    expect(openapi).toContain('the hash of the block holding the transaction');
  });
});

describe('GET /anchor/history last_anchor_age_hours', () => {
  it('is the age of the latest anchor overall, also on an older page', async () => {
    clock = T0;
    t = await makeTestApp({}, { now: () => new Date(clock) });
    await submitContractEvent(t, 1);
    await anchor(t, 1, 4_000_010);
    clock = T0 + 5 * HOUR;
    await submitContractEvent(t, 2);
    await anchor(t, 2, 4_000_020);
    clock = T0 + 7 * HOUR;
    const all = HistoryResponseSchema.parse((await t.app.inject({ url: '/anchor/history' })).json());
    expect(all.last_anchor_age_hours).toBe(2);
    const older = HistoryResponseSchema.parse(
      (await t.app.inject({ url: '/anchor/history?limit=1&before=4000020' })).json(),
    );
    expect(older.anchors.map((a) => a.height)).toEqual([4_000_010]);
    expect(older.last_anchor_age_hours).toBe(2);
    const none = HistoryResponseSchema.parse(
      (await t.app.inject({ url: '/anchor/history?before=4000005' })).json(),
    );
    expect(none).toMatchObject({ total: 0, last_anchor_age_hours: 2 });
  });
});

describe('GET /anchor/history without limit', () => {
  it("lists every anchor as the reference does, its total matching /stats' total_anchors", async () => {
    t = await makeTestApp();
    const anchors = 300;
    for (let n = 1; n <= anchors; n++) {
      await submitContractEvent(t, n);
      await anchor(t, n, 4_000_000 + n);
    }
    const whole = await t.app.inject({ url: '/anchor/history' });
    const history = HistoryResponseSchema.parse(whole.json());
    expect(history.anchors.map((a) => a.leaf_count)).toEqual(
      Array.from({ length: anchors }, (_, i) => i + 1),
    );
    expect(history.total).toBe(anchors);
    expect((await t.app.inject({ url: '/stats' })).json()).toMatchObject({ total_anchors: anchors });
    expect(whole.headers['link']).toBeUndefined();
    // With a limit it pages, newest first, and names the older page.
    const page = await t.app.inject({ url: '/anchor/history?limit=100' });
    expect(HistoryResponseSchema.parse(page.json()).anchors[0]!.leaf_count).toBe(201);
    expect(page.headers['link']).toBe('</anchor/history?limit=100&before=4000201>; rel="next"');
  });
});

describe('GET /anchor/status anchor_due', () => {
  const status = async (app: TestApp) =>
    StatusResponseSchema.parse((await app.app.inject({ url: '/anchor/status' })).json());

  it('is false while an attempt in flight covers every leaf, and true again once a leaf is beyond it', async () => {
    t = await makeTestApp({ ANCHOR_MIN_LEAVES: '1' });
    await submitContractEvent(t, 1);
    await submitContractEvent(t, 2);
    expect(await status(t)).toMatchObject({ anchor_due: true, unanchored_leaves: 2 });
    const rootHex = (await t.store.leaves.leafAt(2))!.leafHex;
    const a = await t.store.anchors.recordAnchorIntent({ rootHex, leafCount: 2 });
    const covered = await status(t);
    expect(covered).toMatchObject({
      anchor_due: false,
      unanchored_leaves: 2,
      in_flight: { state: 'pending', leaf_count: 2 },
    });
    expect(covered.expected_wait_s).not.toBeNull();
    await submitContractEvent(t, 3);
    expect(await status(t)).toMatchObject({
      anchor_due: true,
      unanchored_leaves: 3,
      in_flight: { leaf_count: 2 },
    });
    await t.store.anchors.markAnchorFailed(a.id, 'test over');
    expect(await status(t)).toMatchObject({ anchor_due: true, in_flight: null });
  });
});

describe('GET /anchor/attempts', () => {
  it('lists the newest attempts first with every change, and refuses a bad limit with 400', async () => {
    t = await makeTestApp();
    await submitContractEvent(t, 1);
    await anchor(t, 1, 4_000_010);
    await submitContractEvent(t, 2);
    const rootHex = (await t.store.leaves.leafAt(2))!.leafHex;
    const failed = await t.store.anchors.recordAnchorIntent({ rootHex, leafCount: 2 });
    await t.store.anchors.markAnchorFailed(failed.id, 'z_sendmany failed: insufficient funds');

    const res = await t.app.inject({ url: '/anchor/attempts' });
    expect(res.statusCode).toBe(200);
    const body = AttemptsResponseSchema.parse(res.json());
    expect(body.attempts.map((a) => [a.state, a.leaf_count])).toEqual([
      ['failed', 2],
      ['anchored', 1],
    ]);
    expect(body.attempts[0]?.last_error).toBe('z_sendmany failed: insufficient funds');
    expect(body.attempts[0]?.log.map((e) => e.change)).toEqual(['recorded', 'state']);
    expect(body.attempts[1]?.log.map((e) => [e.state, e.detail])).toEqual([
      ['pending', null],
      ['broadcast', (4_000_010).toString(16).padStart(64, '0')],
      ['anchored', '4000010'],
    ]);
    const one = AttemptsResponseSchema.parse(
      (await t.app.inject({ url: '/anchor/attempts?limit=1' })).json(),
    );
    expect(one.attempts).toHaveLength(1);

    const bad = await t.app.inject({ url: '/anchor/attempts?limit=zero' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});
