import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  blockHash,
  decodeViewingKey,
  encodeViewingKey,
  merkleBranch,
  merkleRootFromBranch,
  parseBlock,
  parseBlockHeader,
  parseTransactionV5,
  readMemos,
  toDisplayHex,
  toHex,
  transactionAuthDigest,
  transactionId,
  checkProofOfWork,
} from 'zap1';
import { DEVCHAIN_FEE_ZAT, DEVCHAIN_START_HEIGHT, DEVCHAIN_WALLET_ADDRESS, DevChain } from './devchain.js';
import { newWalletKey } from './keys.js';
import { DEVCHAIN_CONSENSUS_BRANCH_ID, DEVCHAIN_MINER_SCRIPT, blockSubsidyZat, heightScript } from './tx.js';
import { RpcError, ZcashRpcClient, zatToZec } from 'zap1/node-rpc';
import { devMine, devReorg } from './control.js';

// The development chain's transactions and blocks are real in format: everything here is checked
// with the core library's chain codec on bytes fetched through the service's own RPC client.

const USER = 'devuser';
const PASSWORD = 'devpass';
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
const ZERO_HASH = '00'.repeat(32);

let dataDir: string;
const chains: DevChain[] = [];

async function startChain(): Promise<{ chain: DevChain; c: ZcashRpcClient }> {
  const chain = await DevChain.start({ dataDir, blockMs: 0, user: USER, password: PASSWORD });
  chains.push(chain);
  const c = new ZcashRpcClient({ url: chain.url, user: USER, password: PASSWORD, retries: 0 });
  return { chain, c };
}

async function stopChain(chain: DevChain): Promise<void> {
  await chain.stop();
  chains.splice(chains.indexOf(chain), 1);
}

const memoText = (memo: Uint8Array): string => Buffer.from(memo).toString('latin1').replace(/\0+$/, '');

async function sendAnchor(c: ZcashRpcClient, rootHex = ROOT): Promise<string> {
  const memo = Buffer.from(`ZAP1:09:${rootHex}`, 'ascii').toString('hex');
  const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
    { address: DEVCHAIN_WALLET_ADDRESS, amount: zatToZec(1000), memo },
  ]);
  const [op] = await c.zGetOperationStatus([opid]);
  expect(op?.status).toBe('success');
  return op!.txid!;
}

/** Walks the chain from its first block: each header's hashPrevBlock is the block below's hash. */
async function expectLinkedChain(c: ZcashRpcClient): Promise<void> {
  const tip = await c.getBlockCount();
  let previous = ZERO_HASH;
  for (let height = DEVCHAIN_START_HEIGHT; height <= tip; height++) {
    const hash = await c.getBlockHash(height);
    const header = await c.getBlockHeaderHex(hash);
    expect(blockHash(header)).toBe(hash);
    expect(toDisplayHex(parseBlockHeader(header).previousBlockHash)).toBe(previous);
    previous = hash;
  }
  expect(await c.getBestBlockHash()).toBe(previous);
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'devchain-bytes-'));
});

afterEach(async () => {
  for (const chain of chains.splice(0)) await chain.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the development chain makes real-format transactions and blocks', () => {
  it('a mined anchor: txid, memo by viewing key, Merkle branch to the header, block hash', async () => {
    const { c } = await startChain();
    const txid = await sendAnchor(c);
    const [blockhash] = await devMine(c, 1);

    const hex = await c.getRawTransactionHex(txid, blockhash);
    expect(transactionId(hex)).toBe(txid);
    const tx = parseTransactionV5(hex);
    expect(tx.consensusBranchId).toBe(DEVCHAIN_CONSENSUS_BRANCH_ID);
    expect(tx.orchard?.actions).toHaveLength(2);
    expect(tx.orchard?.valueBalance).toBe(BigInt(DEVCHAIN_FEE_ZAT));
    expect(tx.orchard?.proofs).toHaveLength(2720 + 2272 * 2);

    const key = await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    expect(key).toMatch(/^uviewregtest1/);
    expect(decodeViewingKey(key).network).toBe('regtest');
    const memos = readMemos(hex, key);
    const anchor = memos.find((m) => m.scope === 'external');
    expect(memoText(anchor!.memo)).toBe(`ZAP1:09:${ROOT}`);
    expect(anchor!.value).toBe(1000n);
    // What z_viewtransaction shows is what the key recovers from the bytes, action by action.
    const view = await c.zViewTransaction(txid);
    expect(memos.map((m) => [m.actionIndex, toHex(m.memo), Number(m.value)])).toEqual(
      view.outputs.map((o) => [o.action, o.memo, o.valueZat]),
    );

    const block = await c.getBlock(blockhash!);
    expect(block.height).toBe(DEVCHAIN_START_HEIGHT + 1);
    const headerHex = await c.getBlockHeaderHex(blockhash!);
    const header = parseBlockHeader(headerHex);
    const index = block.tx.indexOf(txid);
    expect(index).toBe(1); // after the coinbase
    expect(merkleRootFromBranch(txid, merkleBranch(block.tx, index), index)).toBe(toHex(header.merkleRoot));
    expect(block.merkleroot).toBe(toDisplayHex(header.merkleRoot));
    expect(blockHash(headerHex)).toBe(await c.getBlockHash(block.height));
    expect(blockHash(headerHex)).toBe(blockhash);
    expect(toDisplayHex(header.previousBlockHash)).toBe(await c.getBlockHash(block.height - 1));
    expect(block.previousblockhash).toBe(await c.getBlockHash(block.height - 1));

    // The whole block parses, its transactions are those txids, and its header is the header.
    const parsed = parseBlock(await c.getBlockHex(blockhash!));
    expect(parsed.transactions.map((t) => transactionId(t))).toEqual(block.tx);
    expect(blockHash(parsed.header)).toBe(blockhash);
    expect(parsed.header.solution).toHaveLength(36);

    // Every header the chain serves is mined: its Equihash (48, 5) solution holds and its hash is
    // under regtest's target; a changed nonce byte undoes that.
    for (let height = DEVCHAIN_START_HEIGHT; height <= block.height; height++) {
      const hex = await c.getBlockHeaderHex(await c.getBlockHash(height));
      expect(checkProofOfWork(hex, 'regtest'), `height ${height}`).toMatchObject({ ok: true });
    }
    const nonceChanged =
      headerHex.slice(0, 216) + (headerHex[216] === '0' ? '1' : '0') + headerHex.slice(217);
    expect(checkProofOfWork(nonceChanged, 'regtest').ok).toBe(false);
  });

  it('a wrong key recovers nothing; one flipped byte changes the txid', async () => {
    const { c } = await startChain();
    const txid = await sendAnchor(c);
    await devMine(c, 1);
    const raw = Buffer.from(await c.getRawTransactionHex(txid), 'hex');

    const otherKey = encodeViewingKey({ network: 'regtest', orchard: newWalletKey().fvk });
    expect(readMemos(raw, otherKey)).toEqual([]);

    // A byte of the anchor output's encrypted note: another txid, and the memo no longer opens.
    const action = parseTransactionV5(raw).orchard!.actions[1]!;
    const at = raw.indexOf(Buffer.from(action.encCiphertext)) + 100;
    expect(at).toBeGreaterThan(100);
    const flipped = Buffer.from(raw);
    flipped[at]! ^= 0x01;
    expect(transactionId(flipped)).not.toBe(txid);
    const key = await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    expect(readMemos(flipped, key).map((m) => m.actionIndex)).toEqual([0]);

    // The txid leaves out proofs and signatures (ZIP 244); the auth digest covers them.
    const sig = raw.indexOf(Buffer.from(action.spendAuthSig));
    expect(sig).toBeGreaterThan(0);
    const resigned = Buffer.from(raw);
    resigned[sig]! ^= 0x01;
    expect(transactionId(resigned)).toBe(txid);
    expect(toHex(transactionAuthDigest(parseTransactionV5(resigned)))).not.toBe(
      toHex(transactionAuthDigest(parseTransactionV5(raw))),
    );
  });

  it('blocks open with a coinbase paying the subsidy and the fees, its height first in the scriptSig', async () => {
    const { c } = await startChain();
    await sendAnchor(c);
    const [hash] = await devMine(c, 1);
    const block = await c.getBlockWithTransactions(hash!);
    const coinbaseHex = block.tx[0]!.hex!;
    const coinbase = parseTransactionV5(coinbaseHex);
    const height = DEVCHAIN_START_HEIGHT + 1;
    expect(coinbase.transparentInputs).toHaveLength(1);
    const input = coinbase.transparentInputs[0]!;
    expect(input.prevout).toEqual({ txid: new Uint8Array(32), index: 0xffff_ffff });
    expect(input.sequence).toBe(0xffff_ffff);
    expect(toHex(input.scriptSig).startsWith(toHex(heightScript(height)))).toBe(true);
    expect(toHex(heightScript(height))).toBe('0301093d'); // 4,000,001 as a 3-byte push
    expect(coinbase.expiryHeight).toBe(height);
    expect(coinbase.transparentOutputs).toEqual([
      { value: BigInt(blockSubsidyZat(height) + DEVCHAIN_FEE_ZAT), scriptPubKey: DEVCHAIN_MINER_SCRIPT },
    ]);
    expect(blockSubsidyZat(height)).toBe(156_250_000);
    expect(coinbase.sapling).toBeNull();
    expect(coinbase.orchard).toBeNull();

    // getrawtransaction finds the coinbase too, in zcashd's shape.
    const described = (await c.call('getrawtransaction', [block.tx[0]!.txid, 1])) as Record<string, unknown>;
    expect(described).toMatchObject({
      txid: block.tx[0]!.txid,
      hex: coinbaseHex,
      version: 5,
      versiongroupid: '26a7270a',
      vin: [{ coinbase: toHex(input.scriptSig), sequence: 0xffff_ffff }],
      vout: [{ valueZat: blockSubsidyZat(height) + DEVCHAIN_FEE_ZAT, n: 0 }],
      blockhash: hash,
      height,
      confirmations: 1,
    });
  });

  it('the first block has a real header on a previous hash of zeros; getblock takes heights', async () => {
    const { c } = await startChain();
    const first = await c.getBlock(DEVCHAIN_START_HEIGHT);
    expect(first.tx).toHaveLength(1);
    expect(first.previousblockhash).toBeUndefined();
    const header = parseBlockHeader(await c.getBlockHeaderHex(first.hash));
    expect(toHex(header.previousBlockHash)).toBe(ZERO_HASH);
    expect(toHex(header.merkleRoot)).toBe(toHex(Buffer.from(first.tx[0]!, 'hex').reverse()));
    await devMine(c, 2);
    expect((await c.getBlock(-1)).height).toBe(DEVCHAIN_START_HEIGHT + 2);
    const described = await c.getBlockHeader(first.hash);
    expect(described).toMatchObject({
      hash: first.hash,
      confirmations: 3,
      height: DEVCHAIN_START_HEIGHT,
      version: 4,
      merkleroot: toDisplayHex(header.merkleRoot),
      bits: '200f0f0f',
      nextblockhash: await c.getBlockHash(DEVCHAIN_START_HEIGHT + 1),
    });
    await expect(c.getBlock(DEVCHAIN_START_HEIGHT + 3)).rejects.toMatchObject({ code: -8 });
    await expect(c.getBlockHash(DEVCHAIN_START_HEIGHT - 1)).rejects.toMatchObject({ code: -8 });
    await expect(c.getBlockHeader('ab'.repeat(32))).rejects.toMatchObject({ code: -5 });
    await expect(c.call('getblock', [first.hash, 3])).rejects.toMatchObject({ code: -8 });
  });

  it('keeps its key across a restart; blocks chain by previous hash, after a reorganisation too', async () => {
    let { chain, c } = await startChain();
    const key = await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    const before = await sendAnchor(c);
    await devMine(c, 3);
    await stopChain(chain);

    ({ chain, c } = await startChain());
    expect(await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS)).toBe(key);
    expect(memoText(readMemos(await c.getRawTransactionHex(before), key)[1]!.memo)).toBe(`ZAP1:09:${ROOT}`);
    const after = await sendAnchor(c, 'cd'.repeat(32));
    await devMine(c, 2);
    expect(readMemos(await c.getRawTransactionHex(after), key)).toHaveLength(2);
    await expectLinkedChain(c);

    const dropped = await c.getBlockHash(DEVCHAIN_START_HEIGHT + 4);
    await devReorg(c, 2);
    const [replacement] = await devMine(c, 3);
    expect(replacement).not.toBe(dropped);
    await expect(c.getBlockHeader(dropped)).rejects.toMatchObject({ code: -5 });
    await expectLinkedChain(c);
  });

  it('answers z_exportviewingkey for its own address only', async () => {
    const { c } = await startChain();
    await expect(c.zExportViewingKey('u1notthiswallet')).rejects.toMatchObject({
      name: 'RpcError',
      code: -4,
      message: 'Wallet does not hold private key or viewing key for this zaddr',
    });
    await expect(c.zExportViewingKey('')).rejects.toMatchObject({ code: -5 });
  });
});

describe('a data directory from before real-format transactions', () => {
  /** The ledger as the dev chain wrote it before: random hashes, no bytes, no key. */
  function writeOldLedger(): { oldTip: string; oldTxid: string } {
    const db = new Database(path.join(dataDir, 'devchain.sqlite'));
    db.exec(`
      CREATE TABLE blocks (height INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, time INTEGER NOT NULL);
      CREATE TABLE txs (txid TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, from_address TEXT NOT NULL,
        fee_zat INTEGER NOT NULL, received_time INTEGER NOT NULL, height INTEGER, block_index INTEGER);
      CREATE TABLE outputs (txid TEXT NOT NULL, n INTEGER NOT NULL, address TEXT NOT NULL,
        amount_zat INTEGER NOT NULL, memo_hex TEXT NOT NULL, PRIMARY KEY (txid, n));
    `);
    const oldTip = '11'.repeat(32);
    const oldTxid = '22'.repeat(32);
    const now = Math.floor(Date.now() / 1000);
    db.prepare('INSERT INTO blocks VALUES (?, ?, ?)').run(DEVCHAIN_START_HEIGHT, '10'.repeat(32), now);
    db.prepare('INSERT INTO blocks VALUES (?, ?, ?)').run(DEVCHAIN_START_HEIGHT + 1, oldTip, now);
    db.prepare('INSERT INTO txs VALUES (?, 1, ?, ?, ?, ?, 1)').run(
      oldTxid,
      DEVCHAIN_WALLET_ADDRESS,
      DEVCHAIN_FEE_ZAT,
      now,
      DEVCHAIN_START_HEIGHT + 1,
    );
    const memo = Buffer.from(`ZAP1:09:${ROOT}`, 'ascii').toString('hex').padEnd(1024, '0');
    db.prepare('INSERT INTO outputs VALUES (?, 0, ?, 1000, ?)').run(oldTxid, DEVCHAIN_WALLET_ADDRESS, memo);
    db.close();
    return { oldTip, oldTxid };
  }

  it('opens; old rows answer the RPCs they did, byte RPCs say why they cannot, new blocks chain on', async () => {
    const { oldTip, oldTxid } = writeOldLedger();
    const { c } = await startChain();
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT + 1);
    expect(await c.getTxChainState(oldTxid)).toMatchObject({ state: 'mined', blockhash: oldTip });
    expect((await c.zViewTransaction(oldTxid)).outputs[1]?.memoStr).toBe(`ZAP1:09:${ROOT}`);
    expect(await c.getBlockHash(DEVCHAIN_START_HEIGHT + 1)).toBe(oldTip);

    const refusal = { name: 'RpcError', code: -1, message: expect.stringContaining('made before') };
    await expect(c.getRawTransactionHex(oldTxid)).rejects.toMatchObject(refusal);
    await expect(c.getBlock(oldTip)).rejects.toMatchObject(refusal);
    await expect(c.getBlockHeaderHex(oldTip)).rejects.toMatchObject(refusal);
    const err = await c.getRawTransactionHex(oldTxid).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);

    const txid = await sendAnchor(c);
    const [hash] = await devMine(c, 1);
    const header = parseBlockHeader(await c.getBlockHeaderHex(hash!));
    expect(toDisplayHex(header.previousBlockHash)).toBe(oldTip);
    const key = await c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
    expect(memoText(readMemos(await c.getRawTransactionHex(txid), key)[1]!.memo)).toBe(`ZAP1:09:${ROOT}`);
  });
});
