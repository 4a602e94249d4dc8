/**
 * /anchor/spend: the fees of anchored roots per window (today, this week from Monday, the last 7
 * days, in total) at the service's clock, anchors without a known fee counted apart, listed as the
 * `anchor-spend` extension and described in the OpenAPI document.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, submitContractEvent, type TestApp } from '../test-helpers.js';
import { SpendResponseSchema, spendWindowStarts } from './anchor-spend.js';

const DAY_MS = 86_400_000;
/** Wednesday 2026-03-04 at 15:00 UTC. */
const NOW = Date.UTC(2026, 2, 4, 15);
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function anchor(app: TestApp, size: number, atMs: number, feeZat: number | null): Promise<void> {
  const rootHex = (await app.store.leaves.leafAt(size))!.leafHex;
  const a = await app.store.anchors.recordAnchorIntent({ rootHex, leafCount: size });
  await app.store.anchors.setAnchorTxid(a.id, size.toString(16).padStart(64, '0'));
  await app.store.anchors.markAnchored(a.id, {
    height: 4_000_000 + size,
    blockTime: Math.floor(atMs / 1000),
    feeZat,
  });
}

describe('spendWindowStarts', () => {
  it('starts today at 00:00 UTC, the week on Monday, and the rate window 7 days back', () => {
    const starts = spendWindowStarts(new Date(NOW));
    expect(new Date(starts.today * 1000).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(new Date(starts.thisWeek * 1000).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(new Date(starts.last7Days * 1000).toISOString()).toBe('2026-02-25T15:00:00.000Z');
    // On a Sunday the week began six days before; on a Monday, that day.
    expect(new Date(spendWindowStarts(new Date(Date.UTC(2026, 2, 8, 23))).thisWeek * 1000).getUTCDate()).toBe(
      2,
    );
    expect(new Date(spendWindowStarts(new Date(Date.UTC(2026, 2, 9, 1))).thisWeek * 1000).getUTCDate()).toBe(
      9,
    );
  });
});

describe('GET /anchor/spend', () => {
  it('sums the fees paid today, this week, in the last 7 days and in total', async () => {
    t = await makeTestApp({}, { now: () => new Date(NOW) });
    for (let n = 1; n <= 5; n++) await submitContractEvent(t, n);
    await anchor(t, 1, NOW - 20 * DAY_MS, 10_000);
    await anchor(t, 2, NOW - 5 * DAY_MS, 10_000);
    await anchor(t, 3, NOW - 2 * DAY_MS, 15_000);
    await anchor(t, 4, NOW - 2 * 3_600_000, null);
    await anchor(t, 5, NOW - 3_600_000, 10_000);
    const res = await t.app.inject({ url: '/anchor/spend' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = SpendResponseSchema.parse(res.json());
    expect(body.now).toBe(new Date(NOW).toISOString());
    expect(body.today).toEqual({
      since: '2026-03-04T00:00:00.000Z',
      fee_zat: 10_000,
      anchors: 2,
      unpriced_anchors: 1,
      first_anchor_at: new Date(NOW - 2 * 3_600_000).toISOString(),
    });
    expect(body.this_week).toMatchObject({ since: '2026-03-02T00:00:00.000Z', fee_zat: 25_000, anchors: 3 });
    expect(body.last_7_days).toMatchObject({ fee_zat: 35_000, anchors: 4, unpriced_anchors: 1 });
    expect(body.total).toEqual({
      since: null,
      fee_zat: 45_000,
      anchors: 5,
      unpriced_anchors: 1,
      first_anchor_at: new Date(NOW - 20 * DAY_MS).toISOString(),
    });
  });

  it('answers zeros before the first anchor, and is an extension the OpenAPI document describes', async () => {
    t = await makeTestApp({}, { now: () => new Date(NOW) });
    const body = SpendResponseSchema.parse((await t.app.inject({ url: '/anchor/spend' })).json());
    expect(body.total).toEqual({
      since: null,
      fee_zat: 0,
      anchors: 0,
      unpriced_anchors: 0,
      first_anchor_at: null,
    });
    const info = (await t.app.inject({ url: '/protocol/info' })).json();
    expect(info.extensions).toContain('anchor-spend');
    const openapi = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(JSON.stringify(openapi.paths['/anchor/spend'])).toContain('the window a runway is estimated over');
  });

  it('ignores a query it does not know rather than failing', async () => {
    t = await makeTestApp({}, { now: () => new Date(NOW) });
    const res = await t.app.inject({ url: '/anchor/spend?_=1' });
    expect(res.statusCode).toBe(200);
  });
});
