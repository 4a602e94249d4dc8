/**
 * Each anchor's fee: read from the wallet's own view of the transaction (its spends beyond its
 * outputs) when the anchor is recorded, and served by /anchor/spend. On the development chain every
 * transaction pays DEVCHAIN_FEE_ZAT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SpendResponseSchema } from '../routes/anchor-spend.js';
import { DEVCHAIN_FEE_ZAT } from '../../devchain/ledger-db.js';
import { feeOfView, type ViewTransaction } from 'zap1/node-rpc';
import { postEvent, startHarness, waitFor, type AnchorHarness } from './test-helpers.js';

let h: AnchorHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const view = (spends: ViewTransaction['spends'], outputs: ViewTransaction['outputs']): ViewTransaction => ({
  txid: 'ab'.repeat(32),
  ...(spends !== undefined ? { spends } : {}),
  outputs,
});

describe('feeOfView', () => {
  it('is what the spends hold beyond the outputs, change included', () => {
    expect(feeOfView(view([{ valueZat: 500_000 }], [{ valueZat: 480_000 }, { valueZat: 10_000 }]))).toBe(
      10_000,
    );
    expect(feeOfView(view([{ valueZat: 300_000 }, { valueZat: 200_000 }], [{ valueZat: 495_000 }]))).toBe(
      5_000,
    );
  });

  it('is unknown when the wallet shows no spends, a value only as a decimal, or outputs beyond the spends', () => {
    expect(feeOfView(view(undefined, [{ valueZat: 1 }]))).toBeNull();
    expect(feeOfView(view([], [{ valueZat: 1 }]))).toBeNull();
    expect(feeOfView(view([{ value: 0.005 }], [{ valueZat: 1 }]))).toBeNull();
    expect(feeOfView(view([{ valueZat: 100 }], [{ value: 0.000001 }]))).toBeNull();
    // A transparent input the shielded view leaves out: the outputs look worth more than the spends.
    expect(feeOfView(view([{ valueZat: 100 }], [{ valueZat: 300 }]))).toBeNull();
  });
});

describe('the fee of an anchor on the development chain', () => {
  it('is recorded with the anchored root and summed by /anchor/spend', async () => {
    h = await startHarness({ DEVCHAIN_BLOCK_MS: '100' });
    const app = h.app;
    await postEvent(app, 1);
    await waitFor(async () => (await h!.store.anchors.anchoredLeafCount()) >= 1, 'the first anchor');
    await postEvent(app, 2);
    await waitFor(async () => (await h!.store.anchors.anchoredLeafCount()) >= 2, 'the second anchor');
    const anchors = await h.store.anchors.anchoredRoots();
    const body = SpendResponseSchema.parse((await app.inject({ url: '/anchor/spend' })).json());
    expect(body.total).toMatchObject({
      anchors: anchors.length,
      fee_zat: anchors.length * DEVCHAIN_FEE_ZAT,
      unpriced_anchors: 0,
    });
    // Both were paid moments ago: inside the runway's window.
    expect(body.last_7_days).toMatchObject({ anchors: anchors.length, fee_zat: body.total.fee_zat });
  });
});
