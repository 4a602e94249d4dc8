import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MerkleTree, verifyProofBundle } from 'zap1';
import { Ledger } from './ledger.js';
import { ProofBundleCache } from './proof-cache.js';
import { ProofBundleSchema } from './proofs.js';
import { makeTestApp, submitContractEvent, type TestApp } from './test-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function bundle(leaf: string) {
  const res = await t.app.inject({ url: `/verify/${leaf}/proof.json` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const parsed = ProofBundleSchema.parse(res.json());
  expect(verifyProofBundle(parsed, { expectedLeafHex: leaf }).valid).toBe(true);
  return parsed;
}

async function anchor(leaves: string[], size: number, height: number): Promise<number> {
  const tree = new MerkleTree();
  for (const l of leaves.slice(0, size)) tree.append(l);
  const a = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(size), leafCount: size });
  await t.store.anchors.setAnchorTxid(a.id, size.toString(16).padStart(64, 'e'));
  await t.store.anchors.markAnchored(a.id, { height, blockTime: 1_800_000_000 });
  return a.id;
}

describe('GET /verify/{leaf}/proof.json served from the bundle cache', () => {
  it('follows the tree while unanchored, then the anchor, and back after a reorganisation', async () => {
    const leaves = [
      await submitContractEvent(t, 1),
      await submitContractEvent(t, 2),
      await submitContractEvent(t, 3),
    ];
    const first = leaves[0]!;

    // Unanchored: against the current root, and a new leaf moves it.
    expect((await bundle(first)).root.leaf_count).toBe(3);
    expect((await bundle(first)).root.leaf_count).toBe(3);
    leaves.push(await submitContractEvent(t, 4));
    const grown = await bundle(first);
    expect(grown.root.leaf_count).toBe(4);
    expect(grown.anchor).toEqual({ txid: null, height: null });

    // Anchored at 2: the cached unanchored bundle is replaced by the anchored one.
    const id = await anchor(leaves, 2, 4_000_100);
    const anchored = await bundle(first);
    expect(anchored.root.leaf_count).toBe(2);
    expect(anchored.anchor.height).toBe(4_000_100);
    leaves.push(await submitContractEvent(t, 5));
    expect((await bundle(first)).root.leaf_count).toBe(2);

    // Reorganised away: back to the current root, never the removed anchor.
    await t.store.anchors.revertAnchor(id, 'reorganised');
    const reverted = await bundle(first);
    expect(reverted.root.leaf_count).toBe(5);
    expect(reverted.anchor).toEqual({ txid: null, height: null });

    // Re-anchored at 4 by a new attempt: the new root, with its own txid.
    await anchor(leaves, 4, 4_000_200);
    const again = await bundle(first);
    expect(again.root.leaf_count).toBe(4);
    expect(again.anchor.txid).toBe((4).toString(16).padStart(64, 'e'));
  });

  it('still answers 404 for an unknown leaf and 400 for a malformed one after caching others', async () => {
    const leaf = await submitContractEvent(t, 1);
    await bundle(leaf);
    expect((await t.app.inject({ url: `/verify/${'c'.repeat(64)}/proof.json` })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/verify/${leaf.toUpperCase()}/proof.json` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});

describe('proofs against many anchored roots', () => {
  it('serves every leaf against the first anchored root containing it, whatever the anchoring cadence', async () => {
    const leaves: string[] = [];
    for (let i = 1; i <= 48; i++) leaves.push(await submitContractEvent(t, i));
    const cadences = fc.sample(
      fc
        .uniqueArray(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 24 })
        .map((sizes) => sizes.sort((a, b) => a - b)),
      { numRuns: 3, seed: 2026 },
    );
    for (const [run, sizes] of cadences.entries()) {
      const ids: number[] = [];
      for (const [n, size] of sizes.entries())
        ids.push(await anchor(leaves, size, 4_000_000 + run * 100 + n));
      for (const [index, leaf] of leaves.entries()) {
        const served = await bundle(leaf);
        const first = sizes.find((size) => size > index);
        expect(served.root.leaf_count).toBe(first ?? leaves.length);
        expect(served.anchor.height).toBe(
          first === undefined ? null : 4_000_000 + run * 100 + sizes.indexOf(first),
        );
      }
      // The next cadence starts from an unanchored tree again.
      for (const id of ids) await t.store.anchors.revertAnchor(id, 'next cadence');
    }
  });
});

describe('ProofBundleCache size', () => {
  it('stays near its bound when every request is for a new leaf, and what it keeps still serves', async () => {
    const leaves: string[] = [];
    for (let i = 1; i <= 40; i++) leaves.push(await submitContractEvent(t, i));
    const cache = new ProofBundleCache(await Ledger.open(t.store), 8);
    for (const leaf of leaves) {
      const record = await t.store.leaves.leafByHash(leaf);
      if (!record) throw new Error('leaf not stored');
      await cache.build(record);
      expect(cache.size).toBeLessThanOrEqual(8 + 1);
    }
    // The newest bundles are the ones kept, and each is the right leaf's.
    const kept = await cache.lookup(leaves[39]!);
    expect(kept).not.toBeNull();
    expect(verifyProofBundle(JSON.parse(kept!), { expectedLeafHex: leaves[39] }).valid).toBe(true);
    expect(await cache.lookup(leaves[0]!)).toBeNull();
  });
});
