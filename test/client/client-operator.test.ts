/**
 * The operator's methods against a service that anchors manually: the payment to make, the record
 * of a payment made (checked against the node), and "anchor now", which such a service refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVCHAIN_WALLET_ADDRESS } from '../../devchain/devchain.js';
import { Zap1Error, anchorMemoHex, createClient } from 'zap1';
import { ADMIN_KEY, contractEvent, startListeningService, type ListeningService } from './service.js';
import { devMine } from '../../devchain/control.js';

let service: ListeningService;
beforeAll(async () => {
  service = await startListeningService({ ANCHOR_MODE: 'manual', DEVCHAIN_BLOCK_MS: '3600000' });
});
afterAll(async () => {
  await service?.close();
});

describe('manual anchoring through the client', () => {
  it('shows the payment, records the paid anchor, and the leaf is anchored by it', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: ADMIN_KEY });
    const leaf = (await client.submitEvent(contractEvent(1))).leaf_hash;

    const refused = await client.anchorNow().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Zap1Error);
    expect(refused).toMatchObject({ status: 409, code: 'conflict' });

    const payment = await client.anchorPayment();
    expect(payment).toMatchObject({ leaf_count: 1, unanchored_leaves: 1, memo: `ZAP1:09:${payment.root}` });

    // The operator pays from their wallet (here the development chain's) and a block is mined.
    const rpc = service.harness.runtime.rpc;
    const opid = await rpc.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
      { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(payment.root) },
    ]);
    const [operation] = await rpc.zGetOperationStatus([opid]);
    await devMine(rpc, 1);
    const paid = { root: payment.root, txid: operation!.txid!, height: service.harness.devChain.height };

    expect(await client.recordAnchor(paid)).toEqual({ status: 'anchored', leaf_count: 1, ...paid });
    expect((await client.check(leaf)).anchor).toMatchObject({ txid: paid.txid, height: paid.height });
  });

  it('lists events with their wallets for the operator key only', async () => {
    const operator = createClient({ baseUrl: service.url, apiKey: ADMIN_KEY });
    const leaf = (await operator.submitEvent(contractEvent(2))).leaf_hash;
    const page = await operator.eventsPage({ includeWallet: true, includePosition: true });
    const item = page.items.find((event) => event.leaf_hash === leaf);
    expect(item).toMatchObject({ wallet_hash: contractEvent(2).wallet_hash });
    expect(item?.position).toEqual(expect.any(Number));
    const { key } = await createClient({ baseUrl: service.url }).trialKey();
    const trial = createClient({ baseUrl: service.url, apiKey: key });
    await expect(trial.eventsPage({ includeWallet: true })).rejects.toMatchObject({ status: 403 });
    // Without the option the public shape names no wallet.
    const open = await createClient({ baseUrl: service.url }).eventsPage();
    expect(open.items.find((event) => event.leaf_hash === leaf)).not.toHaveProperty('wallet_hash');
  });

  it('refuses the operator routes to a trial key, 403 forbidden', async () => {
    const { key } = await createClient({ baseUrl: service.url }).trialKey();
    const trial = createClient({ baseUrl: service.url, apiKey: key });
    for (const call of [
      () => trial.anchorPayment(),
      () => trial.anchorNow(),
      () => trial.registerWebhook('http://127.0.0.1:9/'),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    }
  });
});
