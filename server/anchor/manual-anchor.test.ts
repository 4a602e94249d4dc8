/**
 * ANCHOR_MODE=manual on the dev chain: the service never sends; the operator pays the anchor shown
 * by /admin/anchor/qr from the dev chain's wallet (standing in for their own) and records it, which
 * holds only when the node shows the transaction mined at that height with the root's memo.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchorMemoHex, zecAmount } from 'zap1';
import { anchorPaymentUri } from './manual-anchor.js';
import { AnchorPaymentSchema } from '../routes/admin-anchor.js';
import { DEVCHAIN_WALLET_ADDRESS } from '../../devchain/devchain.js';
import {
  check,
  operatorHeaders,
  postEvent,
  startHarness,
  status,
  type AnchorHarness,
} from './test-helpers.js';
import { tableCounts } from '../test-helpers.js';
import { devMine } from '../../devchain/control.js';

let h: AnchorHarness;
beforeEach(async () => {
  h = await startHarness({
    ANCHOR_MODE: 'manual',
    DEVCHAIN_BLOCK_MS: '3600000',
    ANCHOR_MIN_LEAVES: '1',
    ANCHOR_MAX_AGE_S: '1',
  });
});
afterEach(() => h.close());

/** Pays `memoRoot`'s anchor memo from the dev wallet, mines it, and returns txid and height. */
async function pay(memoRoot: string): Promise<{ txid: string; height: number }> {
  const rpc = h.runtime.rpc;
  const opid = await rpc.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
    { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(memoRoot) },
  ]);
  const [op] = await rpc.zGetOperationStatus([opid]);
  await devMine(rpc, 1);
  return { txid: op!.txid!, height: h.devChain.height };
}

/** The app asks for JSON; a client that does not gets the reference's HTML pages. */
const asJson = { authorization: operatorHeaders.authorization, accept: 'application/json' };
const record = (payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/admin/anchor/record',
    headers: { ...operatorHeaders, accept: 'application/json' },
    payload,
  });

/** One leaf recorded, and its root's anchor paid and mined: ready to be recorded. */
async function paidFirstRoot(): Promise<{ root: string; paid: { txid: string; height: number } }> {
  await postEvent(h.app, 1);
  const root = h.ledger.tree.root(1);
  return { root, paid: await pay(root) };
}

/** The one attempt ended anchored, and none is left in flight for the loop to retry. */
async function expectOneAttemptAnchored(): Promise<void> {
  expect((await status(h.app)).in_flight).toBeNull();
  expect((await h.store.anchors.recentAttemptsWithLog(10)).map(({ attempt }) => attempt.state)).toEqual([
    'anchored',
  ]);
}

describe('manual anchoring', () => {
  it('offers the payment, then anchors a recorded payment whose memo and height the node confirms', async () => {
    const leaf = await postEvent(h.app, 1);
    await new Promise((r) => setTimeout(r, 300));
    // The loop never sends by itself in manual mode.
    expect((await status(h.app)).in_flight).toBeNull();
    const now = await h.app.inject({
      method: 'POST',
      url: '/anchor/now',
      headers: { authorization: operatorHeaders.authorization },
    });
    expect(now.statusCode).toBe(409);
    expect(now.json().error.message).toMatch(/anchors manually/);

    const qr = await h.app.inject({
      url: '/admin/anchor/qr',
      headers: asJson,
    });
    const p = AnchorPaymentSchema.parse(qr.json());
    const root = h.ledger.tree.root(1);
    expect(p).toMatchObject({
      root,
      leaf_count: 1,
      unanchored_leaves: 1,
      send_enabled: true,
      memo: `ZAP1:09:${root}`,
    });
    expect(p.payment_uri).toBe(anchorPaymentUri(DEVCHAIN_WALLET_ADDRESS, 1000, root));
    expect(p.payment_uri).toMatch(/^zcash:udev1[a-z0-9]+\?amount=0\.00001&memo=[A-Za-z0-9_-]+$/);
    expect(Buffer.from(p.payment_uri!.split('memo=')[1]!, 'base64url').toString('ascii')).toBe(
      `ZAP1:09:${root}`,
    );
    expect(p.qr_svg).toMatch(/^<svg/);

    const paid = await pay(root);
    const res = await record({
      root: root.toUpperCase(),
      txid: paid.txid.toUpperCase(),
      height: paid.height,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'anchored',
      root,
      txid: paid.txid,
      height: paid.height,
      leaf_count: 1,
    });
    expect((await check(h.app, leaf)).anchor).toEqual({ txid: paid.txid, height: paid.height });
    // The same record again changes nothing.
    expect((await record({ root, txid: paid.txid, height: paid.height })).statusCode).toBe(200);
    const after = AnchorPaymentSchema.parse(
      (
        await h.app.inject({
          url: '/admin/anchor/qr',
          headers: asJson,
        })
      ).json(),
    );
    expect(after).toMatchObject({
      unanchored_leaves: 0,
      send_enabled: false,
      payment_uri: null,
      qr_svg: null,
    });
  });

  it('records the same anchor sent many times at once (a double click) once, answering each alike', async () => {
    const { root, paid } = await paidFirstRoot();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => record({ root, txid: paid.txid, height: paid.height })),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'anchored', root, txid: paid.txid });
    }
    // One anchored root.
    expect((await h.store.anchors.anchoredRootStats()).count).toBe(1);
    await expectOneAttemptAnchored();
  });

  it('answers the recorded anchor when its attempt was finished by someone else mid-record', async () => {
    const { root, paid } = await paidFirstRoot();
    // The anchoring loop (or another instance) marks the attempt anchored just before this record does.
    const anchors = h.store.anchors;
    const markAnchored = anchors.markAnchored.bind(anchors);
    anchors.markAnchored = async (id, values) => {
      await markAnchored(id, values);
      return markAnchored(id, values);
    };
    try {
      const res = await record({ root, txid: paid.txid, height: paid.height });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'anchored', root, txid: paid.txid });
    } finally {
      anchors.markAnchored = markAnchored;
    }
    await expectOneAttemptAnchored();
  });

  it('refuses a record whose memo, height or confirmation does not hold, writing nothing', async () => {
    await postEvent(h.app, 1);
    const root = h.ledger.tree.root(1);
    const before = tableCounts(h.dir);
    const other = await pay('e'.repeat(64));
    const wrongMemo = await record({ root, txid: other.txid, height: other.height });
    expect(wrongMemo.statusCode).toBe(400);
    expect(wrongMemo.json().error.message).toBe(
      `the memo of transaction ${other.txid} is not ZAP1:09:${root}`,
    );

    const paid = await pay(root);
    const wrongHeight = await record({ root, txid: paid.txid, height: paid.height - 1 });
    expect(wrongHeight.statusCode).toBe(400);
    expect(wrongHeight.json().error.message).toBe(
      `claimed height ${paid.height - 1} does not match configured-node height ${paid.height}`,
    );
    const unknown = await record({ root, txid: 'f'.repeat(64), height: paid.height });
    expect(unknown).toMatchObject({ statusCode: 502 });
    expect(unknown.json()).toMatchObject({ error: { code: 'not_confirmed' } });
    const notOurs = await record({ root: 'a'.repeat(64), txid: paid.txid, height: paid.height });
    expect(notOurs.statusCode).toBe(409);
    for (const bad of [{ root, txid: 'xyz', height: 1 }, { root, txid: paid.txid, height: 0 }, { root }]) {
      const res = await record(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const counts = tableCounts(h.dir);
    expect({ anchors: counts['anchors'], anchored: counts['anchored_roots'] }).toEqual({
      anchors: before['anchors'],
      anchored: before['anchored_roots'],
    });
  });

  it('serves the reference HTML page to a browser, without the key, and needs the operator key', async () => {
    await postEvent(h.app, 1);
    const html = await h.app.inject({
      url: '/admin/anchor/qr',
      // No Accept header, as the reference's checker asks: the HTML page.
      headers: { authorization: operatorHeaders.authorization },
    });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = h.ledger.tree.root(1);
    expect(html.body).toContain(`Root: ${root}`);
    expect(html.body).toContain('Leaves: 1 (1 unanchored)');
    expect(html.body).toContain('data-anchor-send-enabled="true"');
    expect(html.body).toContain(`Memo: ZAP1:09:${root}`);
    expect(html.body).toContain('${ZAP1_API_BASE%/}/admin/anchor/record');
    expect(html.body).not.toContain(operatorHeaders.authorization.slice(7));
    expect((await h.app.inject({ url: '/admin/anchor/qr' })).statusCode).toBe(401);
    // Recording is POST only: a GET is refused, after the key (401 without it, 405 with it).
    expect((await h.app.inject({ url: '/admin/anchor/record' })).statusCode).toBe(401);
    const get = await h.app.inject({ url: '/admin/anchor/record', headers: asJson });
    expect(get.statusCode).toBe(405);
    expect(get.headers['allow']).toBe('POST');
    expect(zecAmount(100_000_000)).toBe('1');
    expect(zecAmount(123_450_000)).toBe('1.2345');
  });
});

describe('an anchor paid by hand while the service anchors by itself', () => {
  it('offers the payment to the dev chain wallet, as in manual mode', async () => {
    const auto = await startHarness({ DEVCHAIN_BLOCK_MS: '3600000', ANCHOR_MIN_LEAVES: '1000' });
    try {
      await postEvent(auto.app, 1);
      const qr = await auto.app.inject({ url: '/admin/anchor/qr', headers: asJson });
      expect(qr.statusCode).toBe(200);
      const root = auto.ledger.tree.root(1);
      expect(AnchorPaymentSchema.parse(qr.json()).payment_uri).toBe(
        anchorPaymentUri(DEVCHAIN_WALLET_ADDRESS, 1000, root),
      );
    } finally {
      await auto.close();
    }
  });
});
