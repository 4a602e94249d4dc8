/**
 * The development chain's wallet keeps its books: every send spends the whole balance into the
 * recipients' outputs, the fee and a change note, so value in = value out + fee, whoever the
 * recipients are (the wallet itself, others, several). Checked three ways on the chain's ledger:
 * the balance before and after, what `z_viewtransaction` says was spent and made, and the values
 * the wallet's viewing key recovers from the transaction's bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMemos } from 'zap1';
import { DEVCHAIN_FEE_ZAT, DEVCHAIN_WALLET_ADDRESS, DevChain } from './devchain.js';
import { ZcashRpcClient, zatToZec, type SendAmount } from 'zap1/node-rpc';
import { devMine } from './control.js';

const USER = 'devuser';
const PASSWORD = 'devpass';
const OTHER = 'u1someoneelse';
const THIRD = 'u1athirdwallet';

let dataDir: string;
let chain: DevChain;
let c: ZcashRpcClient;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'devchain-wallet-'));
  chain = await DevChain.start({ dataDir, blockMs: 0, user: USER, password: PASSWORD });
  c = new ZcashRpcClient({ url: chain.url, user: USER, password: PASSWORD, retries: 0 });
});

afterEach(async () => {
  await chain.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const balance = async (): Promise<number> => (await c.zGetTotalBalance()).privateZat;
const pay = (address: string, zat: number): SendAmount => ({ address, amount: zatToZec(zat) });

/** Sends `amounts` and mines the send; its txid, or the operation's error. */
async function send(amounts: SendAmount[]): Promise<{ txid: string | null; error: string | null }> {
  const [op] = await c.zGetOperationStatus([await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, amounts)]);
  await devMine(c, 1);
  return { txid: op?.txid ?? null, error: op?.error?.message ?? null };
}

/** The books of one mined send: what it spent, what it made, and what the bytes hold. */
async function booksOf(txid: string) {
  const view = await c.zViewTransaction(txid);
  const valueOf = (entry: unknown): number => (entry as { valueZat: number }).valueZat;
  const key = await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
  // Every output the wallet made opens under its viewing key (padding to someone random does not).
  const recovered = readMemos(await c.getRawTransactionHex(txid), key);
  return {
    spent: (view.spends ?? []).reduce((sum: number, s) => sum + valueOf(s), 0),
    outputs: view.outputs.map((o) => o.valueZat!),
    change: view.outputs.find((o) => o.walletInternal)?.valueZat,
    inBytes: recovered.map((m) => Number(m.value)),
  };
}

describe("the development chain's wallet", () => {
  it.each([
    ['to itself', [[DEVCHAIN_WALLET_ADDRESS, 1_000]]],
    ['to another wallet', [[OTHER, 2_000]]],
    [
      'to itself and two others',
      [
        [DEVCHAIN_WALLET_ADDRESS, 1_000],
        [OTHER, 2_000],
        [THIRD, 3_000],
      ],
    ],
  ] as const)('spends value in = value out + fee on a send %s', async (_, recipients) => {
    const before = await balance();
    const { txid } = await send(recipients.map(([address, zat]) => pay(address, zat)));
    const sent = recipients.reduce((sum, [, zat]) => sum + zat, 0);
    const toSelf = recipients.reduce(
      (sum, [address, zat]) => sum + (address === DEVCHAIN_WALLET_ADDRESS ? zat : 0),
      0,
    );

    // What leaves the wallet: the fee and what others were paid; what it paid itself stays.
    expect(await balance()).toBe(before - DEVCHAIN_FEE_ZAT - (sent - toSelf));
    const books = await booksOf(txid!);
    expect(books.spent).toBe(before);
    expect(books.change).toBe(before - sent - DEVCHAIN_FEE_ZAT);
    expect(books.outputs.reduce((sum, v) => sum + v, 0) + DEVCHAIN_FEE_ZAT).toBe(books.spent);
    // The bytes say the same, output by output (change first, then the recipients in order).
    expect(books.inBytes).toEqual(books.outputs);
    // The wallet now holds its change and what it paid itself.
    expect(await balance()).toBe(books.change! + toSelf);
  });

  it('needs what it pays itself: a send to itself of more than the balance less the fee fails', async () => {
    const before = await balance();
    const refused = await send([pay(DEVCHAIN_WALLET_ADDRESS, before - DEVCHAIN_FEE_ZAT + 1)]);
    expect(refused).toMatchObject({ txid: null, error: expect.stringContaining('Insufficient funds') });
    expect(await balance()).toBe(before);

    const all = await send([pay(DEVCHAIN_WALLET_ADDRESS, before - DEVCHAIN_FEE_ZAT)]);
    const books = await booksOf(all.txid!);
    expect(books.change).toBe(0);
    expect(books.spent).toBe(before);
    expect(await balance()).toBe(before - DEVCHAIN_FEE_ZAT);
  });
});
