import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerkleTree, verifyProofBundle } from 'zap1';
import { ProofBundleSchema } from '../proofs.js';
import { contractEvent, makeTestApp, operator, tableCounts, type TestApp } from '../test-helpers.js';
import { CheckResponseSchema } from './verify.js';

const N = 3000;
/** [anchored size, height]; the 2000 anchor is reorganised away again. */
const ANCHORS: [number, number][] = [
  [500, 4_000_010],
  [1200, 4_000_020],
  [2000, 4_000_030],
  [2500, 4_000_040],
];
const txidOf = (size: number): string => size.toString(16).padStart(64, 'f');

let t: TestApp;
let leaves: string[];

beforeAll(async () => {
  t = await makeTestApp();
  for (let i = 0; i < N; i += 500) {
    const batch = await Promise.all(
      Array.from({ length: 500 }, (_, j) =>
        t.app.inject({ method: 'POST', url: '/event', headers: operator, payload: contractEvent(i + j) }),
      ),
    );
    expect(batch.every((r) => r.statusCode === 201)).toBe(true);
  }
  leaves = Buffer.from(await t.store.leaves.leafBytes(1, N))
    .toString('hex')
    .match(/.{64}/g)!;
  const tree = new MerkleTree();
  for (const l of leaves) tree.append(l);
  for (const [size, height] of ANCHORS) {
    const a = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(size), leafCount: size });
    await t.store.anchors.setAnchorTxid(a.id, txidOf(size));
    await t.store.anchors.setAnchorConfirmed(a.id, height);
    await t.store.anchors.markAnchored(a.id, { height, blockTime: 1_800_000_000 + size });
    if (size === 2000) await t.store.anchors.revertAnchor(a.id, 'reorganised');
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

function expectedTarget(position: number): { size: number; txid: string | null } {
  for (const [size] of ANCHORS) if (size !== 2000 && size >= position) return { size, txid: txidOf(size) };
  return { size: N, txid: null };
}

describe('GET /verify/{leaf}/proof.json', () => {
  it('serves a verifying v2 bundle for every leaf, against the first anchored root containing it', async () => {
    for (let p = 1; p <= N; p++) {
      const leaf = leaves[p - 1]!;
      const res = await t.app.inject({ url: `/verify/${leaf}/proof.json` });
      expect(res.statusCode).toBe(200);
      const bundle = ProofBundleSchema.parse(res.json());
      const verdict = verifyProofBundle(bundle, { expectedLeafHex: leaf });
      expect(verdict.valid, `leaf ${p}: ${verdict.error}`).toBe(true);
      const target = expectedTarget(p);
      expect(bundle.root.leaf_count).toBe(target.size);
      expect(bundle.anchor.txid).toBe(target.txid);
      expect(bundle.anchor.height === null).toBe(target.txid === null);
    }
  }, 120_000);

  it('never exposes wallet_hash or serial_number', async () => {
    const res = await t.app.inject({ url: `/verify/${leaves[0]}/proof.json` });
    expect(res.body).not.toMatch(/wallet_hash|serial_number|wallet_0|S-0/);
  });
});

describe('GET /verify/{leaf}/check', () => {
  it.each([1, 500, 501, 1500, 2001, 2500, 2501, N])(
    'reports the anchor and validity of leaf %i',
    async (p) => {
      const res = await t.app.inject({ url: `/verify/${leaves[p - 1]}/check` });
      expect(res.statusCode).toBe(200);
      const body = CheckResponseSchema.parse(res.json());
      const target = expectedTarget(p);
      expect(body).toMatchObject({
        valid: true,
        merkle_scheme: 'ZAP1_COUNT_BOUND_V2',
        leaf_count: target.size,
        event_type: 'CONTRACT_ANCHOR',
      });
      expect(body.anchor.txid).toBe(target.txid);
      expect(body.block_time).toBe(target.txid === null ? null : 1_800_000_000 + target.size);
    },
  );
});

describe('verify bad input', () => {
  const bad: [string, string, number][] = [
    ['uppercase hex', 'A'.repeat(64), 400],
    ['63 characters', 'a'.repeat(63), 400],
    ['65 characters', 'a'.repeat(65), 400],
    ['non-hex', 'g'.repeat(64), 400],
    ['200 characters', 'a'.repeat(200), 400],
    ['url-encoded junk', '%00%ff', 400],
    ['unknown leaf', 'e'.repeat(64), 404],
  ];
  for (const suffix of ['check', 'proof.json']) {
    it.each(bad)(`${suffix}: %s → %i`, async (_name, leaf, status) => {
      const before = tableCounts(t.dir);
      const res = await t.app.inject({ url: `/verify/${leaf}/${suffix}` });
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(status === 404 ? 'not_found' : 'validation_failed');
      expect(tableCounts(t.dir)).toEqual(before);
    });
  }
});
