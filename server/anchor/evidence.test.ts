/**
 * Chain evidence on the dev chain: read when an anchor is confirmed (automatic or manual), read at
 * start for anchors recorded without it, read again when kept without the block commitments or
 * when the block at its height changed (the history's block hash following), left for the next
 * round while the node is away, gone with a reverted anchor, and never served with a viewing key
 * that does not recover the anchor memos.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { anchorMemoHex, encodeViewingKey } from 'zap1';
import { DEVCHAIN_WALLET_ADDRESS } from '../../devchain/devchain.js';
import { newWalletKey } from '../../devchain/keys.js';
import {
  MANUAL_BLOCKS,
  check,
  operatorHeaders,
  postEvent,
  startHarness,
  waitFor,
  type AnchorHarness,
} from './test-helpers.js';
import { devMine, devReorg } from '../../devchain/control.js';

const harnesses: AnchorHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function start(...args: Parameters<typeof startHarness>): Promise<AnchorHarness> {
  const h = await startHarness(...args);
  harnesses.push(h);
  return h;
}

/** Stops the service but keeps its data directory, for a restart on it. */
async function stopKeepingData(h: AnchorHarness): Promise<string> {
  harnesses.splice(harnesses.indexOf(h), 1);
  await h.app.close();
  await h.runtime.stop();
  await h.store.close();
  return h.dir;
}

/** Sends and mines the anchor memo of `rootHex` from the dev wallet; its txid and height. */
async function pay(h: AnchorHarness, rootHex: string): Promise<{ txid: string; height: number }> {
  const rpc = h.runtime.rpc;
  const opid = await rpc.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
    { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(rootHex) },
  ]);
  const [op] = await rpc.zGetOperationStatus([opid]);
  await devMine(rpc, 1);
  return { txid: op!.txid!, height: h.devChain.height };
}

/** An anchor paid on chain and recorded straight in the store, as one from before evidence was kept. */
async function recordWithoutEvidence(
  h: AnchorHarness,
  size: number,
): Promise<{ txid: string; root: string }> {
  const root = h.ledger.tree.root(size);
  const { txid, height } = await pay(h, root);
  const a = await h.store.anchors.recordAnchorIntent({ rootHex: root, leafCount: size });
  await h.store.anchors.setAnchorTxid(a.id, txid);
  await h.store.anchors.markAnchored(a.id, { height, blockTime: null });
  return { txid, root };
}

const evidenceOf = (h: AnchorHarness, txid: string) => h.app.inject({ url: `/anchor/evidence/${txid}` });
/** The block hash /anchor/history serves for the anchor in `txid`. */
async function historyBlockHash(h: AnchorHarness, txid: string): Promise<string | null | undefined> {
  const body = (await h.app.inject({ url: '/anchor/history' })).json() as {
    anchors: { txid: string; block_hash: string | null }[];
  };
  return body.anchors.find((a) => a.txid === txid)?.block_hash;
}
const infoOf = async (h: AnchorHarness) =>
  (await h.app.inject({ url: '/protocol/info' })).json() as Record<string, unknown>;
const anotherWalletsKey = () => encodeViewingKey({ network: 'regtest', orchard: newWalletKey().fvk });

describe('chain evidence', () => {
  it('is read at start for anchors recorded without it, and a node error leaves it for the next round', async () => {
    const first = await start({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    await postEvent(first.app, 1);
    await postEvent(first.app, 2);
    const older = await recordWithoutEvidence(first, 1);
    const newer = await recordWithoutEvidence(first, 2);
    expect(await first.store.evidence.anchoredNeedingEvidence(10)).toHaveLength(2);

    // A restart: the start round reads both, before the service answers.
    const h = await start(
      { DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS },
      { autoStart: false, dir: await stopKeepingData(first) },
    );
    expect(await h.store.evidence.anchoredNeedingEvidence(10)).toEqual([]);
    for (const { txid } of [older, newer]) expect((await evidenceOf(h, txid)).statusCode).toBe(200);
    expect(h.runtime.viewingKey.state.state).toBe('checked');

    // Another one while the node is away: nothing is read, nothing breaks; it is read once it is back.
    await postEvent(h.app, 3);
    const third = await recordWithoutEvidence(h, 3);
    h.devChain.setUnavailable('error');
    await expect(h.runtime.evidence.round()).rejects.toThrow();
    expect((await evidenceOf(h, third.txid)).statusCode).toBe(404);
    h.devChain.setUnavailable(false);
    await h.runtime.evidence.round();
    expect((await evidenceOf(h, third.txid)).statusCode).toBe(200);
  });

  it('is read again from the node when the block at its height changed', async () => {
    const h = await start({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    await postEvent(h.app, 1);
    const { txid } = await recordWithoutEvidence(h, 1);
    await h.runtime.evidence.round();
    const real = (await h.store.evidence.evidenceByTxid(txid))!;
    expect(await historyBlockHash(h, txid)).toBe(real.blockHash);
    // As if the transaction had been mined again at that height in a block that then lost.
    await h.store.evidence.putEvidence({ ...real, blockHash: 'ab'.repeat(32) });
    expect(await historyBlockHash(h, txid)).toBe('ab'.repeat(32));
    await devMine(h.runtime.rpc, 1);
    await h.runtime.evidence.round();
    expect(await h.store.evidence.evidenceByTxid(txid)).toEqual(real);
    expect(await historyBlockHash(h, txid)).toBe(real.blockHash);
  });

  it('kept before it carried the block commitments, is served without them until read again', async () => {
    const h = await start({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    await postEvent(h.app, 1);
    const { txid } = await recordWithoutEvidence(h, 1);
    await h.runtime.evidence.round();
    const full = (await h.store.evidence.evidenceByTxid(txid))!;
    expect(full.commitments).not.toBeNull();
    await h.store.evidence.putEvidence({ ...full, commitments: null });

    const older = await evidenceOf(h, txid);
    expect(older.statusCode).toBe(200);
    expect(older.json()).not.toHaveProperty('tx_count');
    expect(older.json()).not.toHaveProperty('chain_history_root');
    await h.runtime.evidence.round();
    expect(await h.store.evidence.evidenceByTxid(txid)).toEqual(full);
    expect((await evidenceOf(h, txid)).json()).toMatchObject({
      tx_count: full.commitments!.txCount,
      auth_digest_branch: full.commitments!.authDigestBranch,
      chain_history_root: full.commitments!.chainHistoryRoot,
    });
  });

  it('goes with an anchor a reorganisation reverts', async () => {
    const h = await start({
      DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS,
      ANCHOR_MIN_LEAVES: '100',
      ANCHOR_MAX_AGE_S: '3600',
    });
    const leaf = await postEvent(h.app, 1);
    const now = await h.app.inject({
      method: 'POST',
      url: '/anchor/now',
      headers: { authorization: operatorHeaders.authorization },
    });
    expect(now.statusCode).toBe(202);
    await waitFor(async () => (await h.store.anchors.inFlightAnchor())?.txid, 'the anchor to be broadcast');
    await devMine(h.runtime.rpc, 1);
    const txid = await waitFor(async () => (await check(h.app, leaf)).anchor.txid, 'the anchor');
    await waitFor(async () => (await evidenceOf(h, txid)).statusCode === 200, 'its evidence');

    await devReorg(h.runtime.rpc, 1);
    await waitFor(async () => (await check(h.app, leaf)).anchor.txid === null, 'the anchor to be reverted');
    expect(await h.store.evidence.evidenceByTxid(txid)).toBeNull();
    const gone = await evidenceOf(h, txid);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
  });

  it('is read for a manually recorded anchor', async () => {
    const h = await start({ ANCHOR_MODE: 'manual', DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS });
    await postEvent(h.app, 1);
    const root = h.ledger.tree.root(1);
    const paid = await pay(h, root);
    const recorded = await h.app.inject({
      method: 'POST',
      url: '/admin/anchor/record',
      headers: { ...operatorHeaders, accept: 'application/json' },
      payload: { root, ...paid },
    });
    expect(recorded.statusCode).toBe(200);
    const res = await waitFor(async () => {
      const r = await evidenceOf(h, paid.txid);
      return r.statusCode === 200 ? r : null;
    }, 'the evidence of the manual anchor');
    expect(res.json()).toMatchObject({ txid: paid.txid, height: paid.height, network: 'devnet' });
  });
});

describe('the viewing key', () => {
  it("is the wallet's exported key by default, and another wallet's key is refused at start", async () => {
    const first = await start({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    const exported = await first.runtime.rpc.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    // Nothing anchored yet: published, and checked by the first anchor read.
    expect(await infoOf(first)).toMatchObject({ viewing_key: exported });
    expect(first.runtime.viewingKey.state.state).toBe('unchecked');
    await postEvent(first.app, 1);
    const { txid } = await recordWithoutEvidence(first, 1);
    await first.runtime.evidence.round();
    expect(first.runtime.viewingKey.state.state).toBe('checked');
    expect((await evidenceOf(first, txid)).statusCode).toBe(200);

    const h = await start(
      { DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS, ANCHOR_VIEWING_KEY: anotherWalletsKey() },
      { autoStart: false, dir: await stopKeepingData(first) },
    );
    expect(h.runtime.viewingKey.state).toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('recovers no memo'),
    });
    const info = await infoOf(h);
    expect(info['viewing_key']).toBeNull();
    expect(info).not.toHaveProperty('anchor_viewing_key');
    expect(info['extensions']).not.toContain('anchor-evidence');
    expect((await evidenceOf(h, txid)).statusCode).toBe(404);
  });

  it('is refused when it is not a key of this network', async () => {
    const mainnetKey = encodeViewingKey({ network: 'mainnet', orchard: newWalletKey().fvk });
    const h = await start(
      { DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS, ANCHOR_VIEWING_KEY: mainnetKey },
      { autoStart: false },
    );
    expect(h.runtime.viewingKey.state).toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('devnet'),
    });
    expect((await infoOf(h))['viewing_key']).toBeNull();
  });

  it('published unchecked with no anchor yet, is withdrawn when the first anchor shows it wrong', async () => {
    const h = await start(
      { DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS, ANCHOR_VIEWING_KEY: anotherWalletsKey() },
      { autoStart: false },
    );
    expect(h.runtime.viewingKey.state.state).toBe('unchecked');
    await postEvent(h.app, 1);
    const { txid } = await recordWithoutEvidence(h, 1);
    await h.runtime.evidence.round();
    expect(h.runtime.viewingKey.state.state).toBe('refused');
    expect(await h.store.evidence.evidenceByTxid(txid)).toBeNull();
    expect((await infoOf(h))['viewing_key']).toBeNull();
    expect((await evidenceOf(h, txid)).statusCode).toBe(404);
  });
});
