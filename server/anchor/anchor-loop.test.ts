import { afterEach, describe, expect, it, vi } from 'vitest';
import { anchorMemoHex, encodeMemo, rootOfMemoHex, toHex, verifyProofBundle } from 'zap1';
import { HistoryResponseSchema } from '../routes/anchor.js';
import { AnchorLoop } from './anchor-loop.js';
import { RESEND_GRACE_MS } from './attempt.js';
import { DEVCHAIN_WALLET_ADDRESS } from '../../devchain/devchain.js';
import { RpcUnavailableError } from 'zap1/node-rpc';
import {
  MANUAL_BLOCKS,
  check,
  operatorHeaders,
  postEvent,
  startHarness,
  status,
  waitFor,
  type AnchorHarness,
} from './test-helpers.js';
import { devMine, devReorg } from '../../devchain/control.js';

const operatorAuth = { authorization: operatorHeaders.authorization };
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';

let h: AnchorHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Anchor memos on the dev chain, per root (minconf 0: mempool included). */
async function memosByRoot(harness: AnchorHarness): Promise<Map<string, string[]>> {
  const notes = await harness.runtime.rpc.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 0);
  const byRoot = new Map<string, string[]>();
  for (const note of notes) {
    const root = rootOfMemoHex(note.memo);
    if (root) byRoot.set(root, [...(byRoot.get(root) ?? []), note.txid]);
  }
  return byRoot;
}

describe('anchor memo', () => {
  it('is the 72 ASCII bytes ZAP1:09:<root> (docs/protocol.md 5.1)', () => {
    const hex = anchorMemoHex(ROOT);
    expect(hex.length).toBe(144);
    expect(Buffer.from(hex, 'hex').toString('ascii')).toBe(`ZAP1:09:${ROOT}`);
  });

  it('reads back only exactly that memo followed by zero padding', () => {
    const padded = toHex(encodeMemo(9, ROOT, { padTo512: true }));
    expect(rootOfMemoHex(padded)).toBe(ROOT);
    expect(rootOfMemoHex(padded.toUpperCase())).toBe(ROOT); // wallets may print hex in either case
    expect(rootOfMemoHex(anchorMemoHex(ROOT) + '01'.padEnd(1024 - 144, '0'))).toBeNull(); // trailing junk
    expect(rootOfMemoHex(toHex(encodeMemo(8, ROOT)))).toBeNull(); // another type byte
    expect(rootOfMemoHex('f6' + '00'.repeat(511))).toBeNull(); // a change output's empty memo
    expect(rootOfMemoHex(undefined)).toBeNull();
    expect(rootOfMemoHex('zz')).toBeNull();
  });
});

describe('anchoring on the dev chain', () => {
  it('anchors written events end to end: /check shows txid and height, the bundle verifies against the anchored root', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: '100' });
    const app = h.app;
    const key: unknown = (await app.inject({ method: 'POST', url: '/trial-key' })).json();
    const token =
      typeof key === 'object' && key !== null && 'key' in key && typeof key.key === 'string' ? key.key : '';
    const trial = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const leaves = [
      await postEvent(app, 1, trial),
      await postEvent(app, 2, trial),
      await postEvent(app, 3, trial),
    ];

    const last = leaves[2]!;
    const anchoredCheck = await waitFor(async () => {
      const c = await check(app, last);
      return c.anchor.txid !== null ? c : null;
    }, 'the last leaf to be anchored');
    expect(anchoredCheck.valid).toBe(true);
    expect(anchoredCheck.anchor.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(anchoredCheck.anchor.height).toBeGreaterThan(4_000_000);
    expect(anchoredCheck.block_time).toEqual(expect.any(Number));

    const history = HistoryResponseSchema.parse((await app.inject({ url: '/anchor/history' })).json());
    for (const leaf of leaves) {
      const c = await check(app, leaf);
      const bundleRes = await app.inject({ url: `/verify/${leaf}/proof.json` });
      expect(bundleRes.statusCode).toBe(200);
      const bundle: unknown = bundleRes.json();
      const verdict = verifyProofBundle(bundle, { expectedLeafHex: leaf });
      expect(verdict.valid).toBe(true);
      // The bundle's root is an anchored root, with its transaction and height.
      const entry = history.anchors.find((a) => a.root === verdict.rootHex);
      expect(entry).toBeDefined();
      expect(verdict.anchor).toEqual({ txid: entry?.txid, height: entry?.height });
      expect(c.anchor).toEqual({ txid: entry?.txid, height: entry?.height });
    }

    // The chain itself holds exactly one ZAP1:09 memo per anchored root, in the anchoring transaction.
    const memos = await memosByRoot(h);
    for (const a of history.anchors) expect(memos.get(a.root)).toEqual([a.txid]);
    const view = await h.runtime.rpc.zViewTransaction(anchoredCheck.anchor.txid!);
    expect(view.outputs.some((o) => rootOfMemoHex(o.memo) === anchoredCheck.root)).toBe(true);

    const st = await status(app);
    expect(st.unanchored_leaves).toBe(0);
    expect(st.last_anchor_txid).toBe(anchoredCheck.anchor.txid);
    const health: unknown = (await app.inject({ url: '/health' })).json();
    expect(health).toMatchObject({
      network: 'devnet',
      rpc_reachable: true,
      scanner_operational: true,
      last_error: null,
    });
  });

  it('does not accept a transaction whose memo names another root, and anchors the current root afterwards', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    const { app, store, ledger, runtime } = h;
    const leaf = await postEvent(app, 1);
    const root = ledger.tree.root(1);
    // An attempt whose recorded transaction carries a different root (as a lying or confused wallet would).
    const attempt = await store.anchors.recordAnchorIntent({ rootHex: root, leafCount: 1 });
    const opid = await runtime.rpc.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
      { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(ROOT) },
    ]);
    const [op] = await runtime.rpc.zGetOperationStatus([opid]);
    const wrongTxid = op?.txid ?? '';
    await store.anchors.setAnchorTxid(attempt.id, wrongTxid);

    runtime.loop.start();
    await devMine(runtime.rpc, 1);
    const failed = await waitFor(async () => {
      const a = await store.anchors.anchorAttempt(attempt.id);
      return a?.state === 'failed' ? a : null;
    }, 'the attempt to fail');
    expect(failed.lastError).toContain('memo read back');
    expect((await store.anchors.anchoredRootStats()).count).toBe(0);
    expect((await check(app, leaf)).anchor).toEqual({ txid: null, height: null });

    // The next attempt sends the real memo of the current root, and only that one is anchored.
    const anchored = await waitFor(
      async () => {
        const c = await check(app, leaf);
        return c.anchor.txid !== null ? c : null;
      },
      'the current root to be anchored',
      { each: () => devMine(runtime.rpc, 1) },
    );
    expect(anchored.anchor.txid).not.toBe(wrongTxid);
    expect(anchored.root).toBe(root);
    expect((await memosByRoot(h)).get(root)).toEqual([anchored.anchor.txid]);
  });

  it('reverts an anchor whose block is reorganised away, stops claiming it in proofs, and anchors the current root anew', async () => {
    // Thresholds far away: only the operator and the reorganisation start anchors here.
    h = await startHarness({
      DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS,
      ANCHOR_MIN_LEAVES: '100',
      ANCHOR_MAX_AGE_S: '3600',
    });
    const { app, store, ledger, runtime } = h;
    const leaf1 = await postEvent(app, 1);

    const now = await app.inject({ method: 'POST', url: '/anchor/now', headers: operatorAuth });
    expect(now.statusCode).toBe(202);
    expect(now.json()).toMatchObject({ in_flight: { root: ledger.tree.root(1), leaf_count: 1 } });
    const again = await app.inject({ method: 'POST', url: '/anchor/now', headers: operatorAuth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' } });

    await waitFor(async () => (await status(app)).in_flight?.txid, 'the anchor to be broadcast');
    await devMine(runtime.rpc, 1);
    const first = await waitFor(async () => {
      const c = await check(app, leaf1);
      return c.anchor.txid !== null ? c : null;
    }, 'the first anchor');

    // A second leaf, below the threshold: it waits.
    const leaf2 = await postEvent(app, 2);
    const currentRoot = ledger.tree.root(2);
    expect((await status(app)).in_flight).toBeNull();

    const reorg = await devReorg(runtime.rpc, 1);
    expect(reorg.dropped_txids).toEqual([first.anchor.txid]);

    // Proofs stop claiming the dropped anchor, and the current root is sent at once.
    const inFlight = await waitFor(async () => {
      const st = await status(app);
      return st.in_flight?.txid ? st.in_flight : null;
    }, 'the re-anchor to be broadcast');
    expect(inFlight.root).toBe(currentRoot);
    expect(inFlight.leaf_count).toBe(2);
    expect((await check(app, leaf1)).anchor).toEqual({ txid: null, height: null });
    expect((await store.anchors.anchoredRootStats()).count).toBe(0);
    const reverted = await store.anchors.anchorAttempt(1);
    expect(reverted?.state).toBe('failed');
    expect(reverted?.lastError).toContain('reorganisation');

    await devMine(runtime.rpc, 1);
    const second = await waitFor(async () => {
      const c = await check(app, leaf1);
      return c.anchor.txid !== null ? c : null;
    }, 'the re-anchor');
    expect(second.anchor.txid).toBe(inFlight.txid);
    expect(second.root).toBe(currentRoot);
    expect((await check(app, leaf2)).anchor.txid).toBe(inFlight.txid);
    const history = HistoryResponseSchema.parse((await app.inject({ url: '/anchor/history' })).json());
    expect(history.anchors.map((a) => [a.root, a.txid])).toEqual([[currentRoot, inFlight.txid]]);
  });

  it('keeps accepting writes while the node is unreachable, reports it, and anchors when the node is back', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: '100' });
    const { app, devChain } = h;
    const leaf1 = await postEvent(app, 1);
    await waitFor(async () => (await check(app, leaf1)).anchor.txid, 'the first anchor');

    devChain.setUnavailable('error');
    const down = await waitFor(async () => {
      const body: unknown = (await app.inject({ url: '/health' })).json();
      return typeof body === 'object' &&
        body !== null &&
        'rpc_reachable' in body &&
        body.rpc_reachable === false
        ? body
        : null;
    }, '/health to report the node unreachable');
    expect(down).toMatchObject({
      chain_ok: false,
      store_ok: true,
      last_error: expect.stringContaining('unreachable'),
    });

    const now = await app.inject({ method: 'POST', url: '/anchor/now', headers: operatorAuth });
    expect(now.statusCode).toBe(503);
    expect(now.json()).toMatchObject({ error: { code: 'chain_unavailable' } });

    // Writes still succeed; the due anchor is recorded and shows the node's error.
    const leaf2 = await postEvent(app, 2);
    const leaf3 = await postEvent(app, 3);
    const stuck = await waitFor(async () => {
      const st = await status(app);
      return st.in_flight?.last_error ? st : null;
    }, '/anchor/status to show the error');
    expect(stuck.in_flight?.state).toBe('pending');
    expect(stuck.in_flight?.last_error).toContain('unreachable');
    expect(stuck.unanchored_leaves).toBeGreaterThanOrEqual(2);

    devChain.setUnavailable(false);
    await waitFor(async () => (await check(app, leaf3)).anchor.txid, 'anchoring to resume', {
      timeoutMs: 20_000,
    });
    for (const leaf of [leaf1, leaf2, leaf3]) expect((await check(app, leaf)).anchor.txid).not.toBeNull();
    expect(await h.store.leaves.leafCount()).toBe(3);
    const health: unknown = (await app.inject({ url: '/health' })).json();
    expect(health).toMatchObject({ rpc_reachable: true, last_error: null });
    // Every root was sent once, although the node was away in the middle.
    for (const txids of (await memosByRoot(h)).values()) expect(txids).toHaveLength(1);
  });

  it('names the dev network in /protocol/info and /health from the start', async () => {
    h = await startHarness({}, { autoStart: false });
    expect((await h.app.inject({ url: '/protocol/info' })).json()).toMatchObject({ network: 'devnet' });
    expect((await h.app.inject({ url: '/health' })).json()).toMatchObject({
      network: 'devnet',
      rpc_reachable: true,
      chain_tip: h.devChain.height,
    });
  });

  it('fails an attempt the wallet refuses and anchors the current root with the next attempt', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: '100' });
    const { app, store, devChain } = h;
    devChain.failNextSend('Insufficient funds: test refusal');
    const leaf = await postEvent(app, 1);
    const c = await waitFor(async () => {
      const r = await check(app, leaf);
      return r.anchor.txid !== null ? r : null;
    }, 'the anchor after a refused send');
    expect(await store.anchors.anchorAttempt(1)).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('test refusal'),
    });
    expect(await store.anchors.anchorAttempt(2)).toMatchObject({ state: 'anchored', txid: c.anchor.txid });
  });
});

describe('a restart during an unanswered z_sendmany', () => {
  /** An anchoring loop as the service builds it, over the harness's store, ledger and chain, with `clock`. */
  function loopOn(harness: AnchorHarness, clock: { ms: number }): AnchorLoop {
    return new AnchorLoop({
      store: harness.store,
      ledger: harness.ledger,
      rpc: harness.runtime.rpc,
      fromAddress: DEVCHAIN_WALLET_ADDRESS,
      amountZat: harness.config.anchorAmountZat,
      minLeaves: 1,
      maxAgeS: 3600,
      tickS: harness.config.anchorTickMs / 1000,
      confirmations: 1,
      blockTimeS: 1,
      now: () => new Date(clock.ms),
    });
  }

  /**
   * One leaf on a chain that mines only when told; a first process whose z_sendmany gets no answer
   * (a slow wallet still building the transaction) stops there. Returns a second process's loop,
   * which has only the store and the chain to go by, not yet ticked.
   */
  async function restartDuringSend() {
    const harness = await startHarness({ DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS }, { autoStart: false });
    h = harness;
    const clock = { ms: Date.UTC(2026, 0, 1) };
    await postEvent(harness.app, 1);
    const root = harness.ledger.tree.root(1);
    const sends = vi.spyOn(harness.runtime.rpc, 'zSendMany');
    sends.mockRejectedValueOnce(new RpcUnavailableError('z_sendmany: timed out', 'timeout', 'z_sendmany'));
    const first = loopOn(harness, clock);
    await first.tick();
    expect(sends).toHaveBeenCalledTimes(1);
    const attempt = (await harness.store.anchors.inFlightAnchor())!;
    expect(attempt).toMatchObject({
      state: 'pending',
      txid: null,
      sendStartedAt: new Date(clock.ms).toISOString(),
    });
    await first.stop();
    sends.mockClear();
    return { harness, clock, root, attempt, sends, loop: loopOn(harness, clock) };
  }

  it('does not send again inside the grace window, and sends once after it when nothing is on chain', async () => {
    const { harness, clock, root, attempt, sends, loop } = await restartDuringSend();

    clock.ms += 1000;
    await loop.tick();
    clock.ms += RESEND_GRACE_MS - 2000;
    await loop.tick();
    expect(sends).not.toHaveBeenCalled();
    expect(await harness.store.anchors.anchorAttempt(attempt.id)).toMatchObject({
      state: 'pending',
      txid: null,
    });
    expect((await memosByRoot(harness)).get(root)).toBeUndefined();

    clock.ms += 2000;
    await loop.tick();
    expect(sends).toHaveBeenCalledTimes(1);
    const sent = (await harness.store.anchors.anchorAttempt(attempt.id))!;
    expect(sent).toMatchObject({ state: 'broadcast', sendStartedAt: new Date(clock.ms).toISOString() });
    expect((await memosByRoot(harness)).get(root)).toEqual([sent.txid]);

    await devMine(harness.runtime.rpc, 1);
    await loop.tick();
    expect(await harness.store.anchors.anchorAttempt(attempt.id)).toMatchObject({
      state: 'anchored',
      txid: sent.txid,
    });
    await loop.stop();
  });

  it("adopts the slow send's transaction when its memo appears inside the grace window, sending nothing", async () => {
    const { harness, clock, root, attempt, sends, loop } = await restartDuringSend();

    clock.ms += 1000;
    await loop.tick();
    // The wallet finishes the send the first process started (straight through the RPC, not the loop).
    const opid = await harness.runtime.rpc.call('z_sendmany', [
      DEVCHAIN_WALLET_ADDRESS,
      [{ address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(root) }],
      1,
    ]);
    const [op] = await harness.runtime.rpc.zGetOperationStatus([String(opid)]);
    expect(op?.txid).toMatch(/^[0-9a-f]{64}$/);
    clock.ms += 1000;
    await loop.tick();
    expect(await harness.store.anchors.anchorAttempt(attempt.id)).toMatchObject({
      state: 'broadcast',
      txid: op?.txid,
    });
    clock.ms += RESEND_GRACE_MS * 2;
    await loop.tick();
    expect(sends).not.toHaveBeenCalled();
    expect((await memosByRoot(harness)).get(root)).toEqual([op?.txid]);
    await loop.stop();
  });
});
