/** GET /metrics: what the service counted and what it reads at each scrape, in Prometheus text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import { contractEvent, makeTestApp, operator, type TestApp } from '../test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The value of one sample line, e.g. `zap1_events_total{outcome="created"}`. */
async function sample(name: string): Promise<number | undefined> {
  const res = await t.app.inject({ url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('GET /metrics', () => {
  it('counts POST /event outcomes by code, request durations by route, and reads tree and anchors', async () => {
    const post = (payload: unknown, headers: Record<string, string> = operator) =>
      t.app.inject({ method: 'POST', url: '/event', headers, payload: payload as object });
    const created = await post(contractEvent(1));
    expect(created.statusCode).toBe(201);
    expect((await post(contractEvent(1, 'another_wallet'))).statusCode).toBe(200);
    expect((await post({ event_type: 'CONTRACT_ANCHOR' })).statusCode).toBe(400);
    expect((await post(contractEvent(2), { 'content-type': 'application/json' })).statusCode).toBe(401);

    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await sample('zap1_events_total{outcome="created"}')).toBe(1);
    expect(await sample('zap1_events_total{outcome="exists"}')).toBe(1);
    expect(await sample('zap1_events_total{outcome="validation_failed"}')).toBe(1);
    expect(await sample('zap1_events_total{outcome="unauthorized"}')).toBe(1);
    expect(
      await sample('zap1_http_request_duration_seconds_count{method="POST",route="/event",status="201"}'),
    ).toBe(1);
    expect(await sample('zap1_tree_leaves')).toBe(1);
    expect(await sample('zap1_unanchored_leaves')).toBe(1);
    // Both wallets' links wait for the index (it takes thousands at a time).
    expect(await sample('zap1_wallet_links_unindexed')).toBe(2);

    const tree = new MerkleTree();
    tree.append(created.json<{ leaf_hash: string }>().leaf_hash);
    const a = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(1), leafCount: 1 });
    expect(await sample('zap1_anchor_attempts{state="pending"}')).toBe(1);
    await t.store.anchors.setAnchorTxid(a.id, '5'.repeat(64));
    await t.store.anchors.markAnchored(a.id, { height: 4_000_100, blockTime: null });
    expect(await sample('zap1_anchor_attempts{state="anchored"}')).toBe(1);
    expect(await sample('zap1_anchor_attempts{state="pending"}')).toBe(0);
    expect(await sample('zap1_unanchored_leaves')).toBe(0);
    expect(await sample('zap1_last_anchor_latency_seconds')).toBeGreaterThanOrEqual(0);

    // A proof asked for alone is hashed on the event loop; the hashing thread has not failed.
    const before = (await sample('zap1_proof_paths_hashed{where="event_loop"}')) ?? 0;
    const leaf = created.json<{ leaf_hash: string }>().leaf_hash;
    expect((await t.app.inject({ url: `/verify/${leaf}/proof.json` })).statusCode).toBe(200);
    expect(await sample('zap1_proof_paths_hashed{where="event_loop"}')).toBe(before + 1);
    expect(await sample('zap1_proof_paths_hashed{where="thread"}')).toBeGreaterThanOrEqual(0);
    expect(await sample('zap1_proof_hashing_thread_up')).toBe(1);
  });
});
