/**
 * GET /anchor/evidence/{txid} on the dev chain: evidence read from the node after a real anchor,
 * served in exactly the `zap1-chain-evidence/1` shape, passing the core library's own checks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { blockHash, checkChainEvidence, parseChainEvidence, transactionId, verifyProofBundle } from 'zap1';
import { DEVCHAIN_WALLET_ADDRESS } from '../../devchain/devchain.js';
import { check, postEvent, startHarness, waitFor, type AnchorHarness } from '../anchor/test-helpers.js';
import { makeTestApp, type TestApp } from '../test-helpers.js';
import { ProofBundleSchema } from '../proofs.js';
import { ChainEvidenceSchema } from './evidence.js';
import { ProtocolInfoSchema } from './info.js';

let h: AnchorHarness | null = null;
let t: TestApp | null = null;
afterEach(async () => {
  await h?.close();
  await t?.close();
  h = null;
  t = null;
});

const FIELDS = [
  'format',
  'network',
  'txid',
  'height',
  'block_hash',
  'block_header',
  'tx_index',
  'merkle_branch',
  'transaction',
  'viewing_key',
  'tx_count',
  'auth_digest_branch',
  'chain_history_root',
];

describe('GET /anchor/evidence/{txid}', () => {
  it('serves the evidence of a real anchor, exactly in its shape, and it passes every check', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: '100' });
    const { app, runtime } = h;
    const leaf = await postEvent(app, 1);
    const anchored = await waitFor(async () => {
      const c = await check(app, leaf);
      return c.anchor.txid !== null ? c : null;
    }, 'the leaf to be anchored');
    const txid = anchored.anchor.txid!;
    const res = await waitFor(async () => {
      const r = await app.inject({ url: `/anchor/evidence/${txid}` });
      return r.statusCode === 200 ? r : null;
    }, 'the evidence to be read');

    const body: unknown = res.json();
    expect(Object.keys(body as object)).toEqual(FIELDS);
    const served = ChainEvidenceSchema.parse(body);
    const exported = await runtime.rpc.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    expect(served).toMatchObject({
      format: 'zap1-chain-evidence/1',
      network: 'devnet',
      txid,
      height: anchored.anchor.height,
      viewing_key: exported,
    });
    expect(served.viewing_key).toMatch(/^uviewregtest1/);
    expect(served.tx_index).toBeGreaterThanOrEqual(1); // the coinbase is first
    // The bytes are the chain's own: the node's transaction, header and block hash.
    expect(transactionId(served.transaction)).toBe(txid);
    expect(served.transaction).toBe(await runtime.rpc.getRawTransactionHex(txid, served.block_hash));
    expect(blockHash(served.block_header)).toBe(served.block_hash);
    expect(await runtime.rpc.getBlockHash(served.height)).toBe(served.block_hash);
    // The history names the same block, as the node reported it when the root was anchored.
    const history = (await app.inject({ url: '/anchor/history' })).json() as {
      anchors: { txid: string; block_hash: string | null }[];
    };
    expect(history.anchors.find((a) => a.txid === txid)?.block_hash).toBe(served.block_hash);
    // The block commitments are the node's: its block's size and chain history root (display order there).
    const block = await runtime.rpc.getBlock(served.block_hash);
    expect(served.tx_count).toBe(block.tx.length);
    expect(served.chain_history_root).toBe(
      Buffer.from(block.chainhistoryroot!, 'hex').reverse().toString('hex'),
    );

    const parsed = parseChainEvidence(body);
    if (!parsed.ok) throw new Error(parsed.error);
    const { checks, memoRootHex } = checkChainEvidence(parsed.evidence, anchored.root, {
      txid,
      height: anchored.anchor.height,
      network: 'devnet',
    });
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ['transaction', 'pass'],
      ['memo', 'pass'],
      ['branch', 'pass'],
      ['commitments', 'pass'],
      ['header', 'pass'],
      ['work', 'pass'],
    ]);
    expect(memoRootHex).toBe(anchored.root);

    // /protocol/info names the key and the extension; the proof bundle keeps the reference's shape.
    const info = ProtocolInfoSchema.parse((await app.inject({ url: '/protocol/info' })).json());
    expect(info.viewing_key).toBe(exported);
    expect(info.anchor_viewing_key).toBe(exported);
    expect(info.extensions).toContain('anchor-evidence');
    expect(info.explorer_block_url).toBeNull();
    const bundle: unknown = (await app.inject({ url: `/verify/${leaf}/proof.json` })).json();
    expect(ProofBundleSchema.parse(bundle)).toEqual(bundle);
    expect(verifyProofBundle(bundle, { expectedLeafHex: leaf }).valid).toBe(true);

    const openapi: unknown = (await app.inject({ url: '/openapi.json' })).json();
    expect(openapi).toMatchObject({ paths: { '/anchor/evidence/{txid}': { get: expect.any(Object) } } });
  });

  it('answers 404 for a transaction that anchors nothing here and 400 for anything but 64 lowercase hex', async () => {
    h = await startHarness({}, { autoStart: false });
    const cases: [string, number, string][] = [
      ['e'.repeat(64), 404, 'not_found'],
      ['E'.repeat(64), 400, 'validation_failed'],
      ['e'.repeat(63), 400, 'validation_failed'],
      ['e'.repeat(65), 400, 'validation_failed'],
      ['g'.repeat(64), 400, 'validation_failed'],
      ['%00%ff', 400, 'validation_failed'],
    ];
    for (const [txid, status, code] of cases) {
      const res = await h.app.inject({ url: `/anchor/evidence/${txid}` });
      expect([txid, res.statusCode, res.json().error.code]).toEqual([txid, status, code]);
    }
  });

  it('is not offered without a checked viewing key; /protocol/info shows EXPLORER_BLOCK_URL', async () => {
    // No anchoring side: nothing checked the configured key, so none is published.
    t = await makeTestApp({
      EXPLORER_BLOCK_URL: 'https://explorer.example/block/{height}',
      ANCHOR_VIEWING_KEY: 'uview1test',
    });
    const info = ProtocolInfoSchema.parse((await t.app.inject({ url: '/protocol/info' })).json());
    expect(info.explorer_block_url).toBe('https://explorer.example/block/{height}');
    expect(info.viewing_key).toBeNull();
    expect(info).not.toHaveProperty('anchor_viewing_key');
    expect(info.extensions).not.toContain('anchor-evidence');
    const res = await t.app.inject({ url: `/anchor/evidence/${'e'.repeat(64)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/viewing key/);
  });
});
