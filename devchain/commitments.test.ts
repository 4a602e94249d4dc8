/**
 * The development chain's hashBlockCommitments are real (ZIP 244): each header commits to the root
 * over its transactions' auth digests and to the block's chain history root (a documented stand-in
 * for ZIP 221's, kept per block), and the RPCs serve both roots and every auth digest in zcashd's
 * shapes and byte orders. Checked with the core library on what the service's own client fetches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authDataRoot,
  blockCommitmentsHash,
  fromDisplayHex,
  parseBlockHeader,
  parseHex,
  parseTransaction,
  toDisplayHex,
  toHex,
  transactionAuthDigest,
} from 'zap1';
import { nextChainHistoryRoot } from './blocks.js';
import { DEVCHAIN_START_HEIGHT, DEVCHAIN_WALLET_ADDRESS, DevChain } from './devchain.js';
import { ZcashRpcClient, zatToZec } from 'zap1/node-rpc';
import { devMine, devReorg } from './control.js';

const USER = 'devuser';
const PASSWORD = 'devpass';

let dataDir: string;
let chain: DevChain | null = null;

async function startChain(): Promise<ZcashRpcClient> {
  chain = await DevChain.start({ dataDir, blockMs: 0, user: USER, password: PASSWORD });
  return new ZcashRpcClient({ url: chain.url, user: USER, password: PASSWORD, retries: 0 });
}

async function stopChain(): Promise<void> {
  await chain?.stop();
  chain = null;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'devchain-commitments-'));
});

afterEach(async () => {
  await stopChain();
  rmSync(dataDir, { recursive: true, force: true });
});

const natural = (displayHex: string): string => toHex(fromDisplayHex(displayHex));

async function send(c: ZcashRpcClient, address: string): Promise<void> {
  const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [{ address, amount: zatToZec(1000) }]);
  expect((await c.zGetOperationStatus([opid]))[0]?.status).toBe('success');
}

/** The chain history root `getblock` serves for the block at `height`, display order. */
const historyRootAt = async (c: ZcashRpcClient, height: number): Promise<string | undefined> =>
  (await c.getBlock(height)).chainhistoryroot;

describe("the development chain's block commitments", () => {
  it('commit to the auth data root and the chain history root, as getblock and getblockheader say', async () => {
    const c = await startChain();
    await send(c, DEVCHAIN_WALLET_ADDRESS);
    await send(c, 'u1someoneelse');
    const [hash] = await devMine(c, 1);

    const described = await c.getBlockWithTransactions(hash!);
    expect(described.tx).toHaveLength(3);
    const digests = described.tx.map((tx) => {
      // Each transaction's authdigest is its bytes' (ZIP 244), display order, as zcashd prints it.
      expect(tx.authdigest).toBe(toDisplayHex(transactionAuthDigest(parseTransaction(tx.hex!))));
      return natural(tx.authdigest!);
    });
    const header = parseBlockHeader(await c.getBlockHeaderHex(hash!));
    const historyRoot = natural(described.chainhistoryroot!);
    expect(toHex(header.blockCommitments)).toBe(blockCommitmentsHash(historyRoot, authDataRoot(digests)));
    expect(toHex(header.blockCommitments)).not.toBe('00'.repeat(32));

    const roots = {
      blockcommitments: toDisplayHex(header.blockCommitments),
      authdataroot: toDisplayHex(parseHex(authDataRoot(digests))),
      chainhistoryroot: described.chainhistoryroot,
    };
    expect(described).toMatchObject(roots);
    expect(await c.getBlock(hash!)).toMatchObject(roots);
    expect(await c.getBlockHeader(hash!)).toMatchObject(roots);
    const raw = (await c.call('getrawtransaction', [described.tx[1]!.txid, 1])) as Record<string, unknown>;
    expect(raw['authdigest']).toBe(described.tx[1]!.authdigest);
  });

  it('chain their history roots block by block, across a restart and a reorganisation', async () => {
    let c = await startChain();
    await devMine(c, 2);
    const expectFollows = async (height: number): Promise<void> => {
      const below = await c.getBlock(height - 1);
      const root = nextChainHistoryRoot({
        root: fromDisplayHex(below.chainhistoryroot!),
        hash: below.hash,
      });
      expect(await historyRootAt(c, height)).toBe(toDisplayHex(root));
    };
    expect(await historyRootAt(c, DEVCHAIN_START_HEIGHT)).toBe(toDisplayHex(nextChainHistoryRoot(null)));
    await expectFollows(DEVCHAIN_START_HEIGHT + 1);
    await expectFollows(DEVCHAIN_START_HEIGHT + 2);

    await stopChain();
    c = await startChain();
    await devMine(c, 1);
    await expectFollows(DEVCHAIN_START_HEIGHT + 3);

    // Two blocks on one parent share a root; above the first replaced block the roots are new.
    const before = [2, 3].map((n) => DEVCHAIN_START_HEIGHT + n);
    const dropped = await Promise.all(before.map((height) => historyRootAt(c, height)));
    await devReorg(c, 2);
    await devMine(c, 2);
    expect(await historyRootAt(c, before[0]!)).toBe(dropped[0]);
    expect(await historyRootAt(c, before[1]!)).not.toBe(dropped[1]);
    await expectFollows(before[1]!);
  });

  it('keep blocks made before them opening: no chain history root served, the next block chains on', async () => {
    let c = await startChain();
    const [oldTip] = await devMine(c, 1);
    await stopChain();
    // A ledger from before the chain kept chain history roots.
    const db = new Database(path.join(dataDir, 'devchain.sqlite'));
    db.exec('ALTER TABLE blocks DROP COLUMN chain_history_root');
    db.close();

    c = await startChain();
    const old = await c.getBlock(oldTip!);
    expect(old.chainhistoryroot).toBeUndefined();
    expect(old.authdataroot).toMatch(/^[0-9a-f]{64}$/);
    expect(await c.getBlockHeader(oldTip!)).not.toHaveProperty('chainhistoryroot');
    const [next] = await devMine(c, 1);
    const expected = nextChainHistoryRoot({ root: null, hash: oldTip! });
    expect((await c.getBlock(next!)).chainhistoryroot).toBe(toDisplayHex(expected));
  });
});
