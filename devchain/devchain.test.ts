import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVCHAIN_FEE_ZAT, DEVCHAIN_START_HEIGHT, DEVCHAIN_WALLET_ADDRESS, DevChain } from './devchain.js';
import { RpcError, RpcUnavailableError, ZcashRpcClient, networkFromChain, zatToZec } from 'zap1/node-rpc';
import { devMine, devReorg } from './control.js';

const USER = 'devuser';
const PASSWORD = 'devpass';
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';

/** The 72-byte ZAP1 anchor memo (docs/protocol.md 5.1) as hex. */
function anchorMemoHex(rootHex: string): string {
  return Buffer.from(`ZAP1:09:${rootHex}`, 'ascii').toString('hex');
}

let dataDir: string;
const chains: DevChain[] = [];

async function startChain(
  options: { blockMs?: number; opDelayMs?: number; network?: 'dev' | 'test' } = {},
): Promise<DevChain> {
  const chain = await DevChain.start({
    dataDir,
    blockMs: options.blockMs ?? 0,
    user: USER,
    password: PASSWORD,
    ...options,
  });
  chains.push(chain);
  return chain;
}

function clientFor(
  chain: DevChain,
  extra: { password?: string; timeoutMs?: number; retries?: number } = {},
): ZcashRpcClient {
  return new ZcashRpcClient({
    url: chain.url,
    user: USER,
    password: extra.password ?? PASSWORD,
    timeoutMs: extra.timeoutMs ?? 2000,
    retries: extra.retries ?? 0,
    retryBaseMs: 5,
  });
}

async function sendAnchor(c: ZcashRpcClient, rootHex = ROOT): Promise<string> {
  const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
    { address: DEVCHAIN_WALLET_ADDRESS, amount: zatToZec(1000), memo: anchorMemoHex(rootHex) },
  ]);
  const [op] = await c.zGetOperationStatus([opid]);
  expect(op?.status).toBe('success');
  return op!.txid!;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'devchain-test-'));
});

afterEach(async () => {
  for (const chain of chains.splice(0)) await chain.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DevChain through the real client', () => {
  it('reports network dev and starts at height 4,000,000', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    const info = await c.getBlockchainInfo();
    expect(info.chain).toBe('dev');
    expect(networkFromChain(info.chain)).toBe('devnet');
    expect(info.blocks).toBe(DEVCHAIN_START_HEIGHT);
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT);
  });

  it('sends a memo, mines it, and reads it back zero-padded to 512 bytes', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    const txid = await sendAnchor(c);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await c.getTxChainState(txid)).toEqual({ state: 'unconfirmed', confirmations: 0 });

    const before = Math.floor(Date.now() / 1000);
    const [hash] = await devMine(c, 1);
    const mined = await c.getTxChainState(txid);
    expect(mined).toMatchObject({
      state: 'mined',
      confirmations: 1,
      height: DEVCHAIN_START_HEIGHT + 1,
      blockhash: hash,
    });
    expect(mined.state === 'mined' && mined.blocktime !== null && mined.blocktime >= before).toBe(true);

    await devMine(c, 2);
    expect(await c.getTxChainState(txid)).toMatchObject({
      state: 'mined',
      confirmations: 3,
      height: DEVCHAIN_START_HEIGHT + 1,
    });

    const view = await c.zViewTransaction(txid);
    const anchor = view.outputs.find((o) => o.walletInternal === false);
    const expected = Buffer.concat([
      Buffer.from(`ZAP1:09:${ROOT}`, 'ascii'),
      Buffer.alloc(512 - 72),
    ]).toString('hex');
    expect(anchor?.memo).toBe(expected);
    expect(anchor?.memoStr).toBe(`ZAP1:09:${ROOT}`);
    expect(anchor?.valueZat).toBe(1000);
    // The change output carries the canonical empty memo: readers must choose by memo, not position.
    expect(view.outputs.find((o) => o.walletInternal === true)?.memo).toBe('f6' + '00'.repeat(511));
  });

  it('mines on its timer', async () => {
    const chain = await startChain({ blockMs: 40 });
    const c = clientFor(chain);
    // Poll rather than sleep a fixed time: a loaded machine delays timers.
    const deadline = Date.now() + 5000;
    let height = await c.getBlockCount();
    while (height < DEVCHAIN_START_HEIGHT + 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      height = await c.getBlockCount();
    }
    expect(height).toBeGreaterThanOrEqual(DEVCHAIN_START_HEIGHT + 3);
  });

  it('keeps blocks and mempool across a restart, but forgets operation ids as zcashd does', async () => {
    let chain = await startChain();
    let c = clientFor(chain);
    const minedTxid = await sendAnchor(c);
    const [hash] = await devMine(c, 1);
    const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
      { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex('ab'.repeat(32)) },
    ]);
    const [op] = await c.zGetOperationStatus([opid]);
    const pendingTxid = op!.txid!;
    await chain.stop();
    chains.pop();

    chain = await startChain();
    c = clientFor(chain);
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT + 1);
    expect(await c.getTxChainState(minedTxid)).toMatchObject({
      state: 'mined',
      height: DEVCHAIN_START_HEIGHT + 1,
      blockhash: hash,
    });
    expect(await c.getTxChainState(pendingTxid)).toEqual({ state: 'unconfirmed', confirmations: 0 });
    expect(await c.zGetOperationStatus([opid])).toEqual([]);

    await devMine(c, 1);
    expect(await c.getTxChainState(pendingTxid)).toMatchObject({
      state: 'mined',
      confirmations: 1,
      height: DEVCHAIN_START_HEIGHT + 2,
    });
  });

  it('dev_reorg drops the transactions of the removed blocks and continues with new hashes', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    const txid = await sendAnchor(c);
    const [oldHash] = await devMine(c, 1);
    expect((await c.getTxChainState(txid)).state).toBe('mined');

    const result = await devReorg(c, 1);
    expect(result).toEqual({ removed_blocks: 1, dropped_txids: [txid], height: DEVCHAIN_START_HEIGHT });
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT);
    expect(await c.getTxChainState(txid)).toEqual({ state: 'not_found' });
    await expect(c.getRawTransaction(txid)).rejects.toMatchObject({
      code: -5,
      message: 'No information available about transaction',
    });
    await expect(c.getTransaction(txid)).rejects.toBeInstanceOf(RpcError);
    await expect(c.zViewTransaction(txid)).rejects.toMatchObject({ code: -5 });
    expect(await c.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 0)).toEqual([]);

    const [newHash] = await devMine(c, 1);
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT + 1);
    expect(newHash).not.toBe(oldHash);
    // The wallet does not re-send on its own: the anchoring loop must.
    expect(await c.getTxChainState(txid)).toEqual({ state: 'not_found' });
  });

  it('refuses to reorganise below its first block', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    await devMine(c, 2);
    await expect(devReorg(c, 3)).rejects.toMatchObject({ name: 'RpcError', code: -8 });
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT + 2);
  });

  it('z_listreceivedbyaddress finds a sent memo, unmined with minconf 0, mined with minconf 1', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    const txid = await sendAnchor(c);
    const unmined = await c.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 0);
    expect(unmined).toHaveLength(1);
    expect(unmined[0]).toMatchObject({ txid, confirmations: 0, memoStr: `ZAP1:09:${ROOT}` });
    expect(unmined[0]!.memo!.startsWith(anchorMemoHex(ROOT))).toBe(true);
    expect(await c.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 1)).toEqual([]);

    await devMine(c, 1);
    const mined = await c.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS);
    expect(mined[0]).toMatchObject({ txid, confirmations: 1, blockheight: DEVCHAIN_START_HEIGHT + 1 });
  });

  it('keeps its database readable by its own user only', async () => {
    const chain = await startChain();
    await sendAnchor(clientFor(chain));
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const name of ['devchain.sqlite', 'devchain.sqlite-wal'])
      expect(statSync(path.join(dataDir, name)).mode & 0o777).toBe(0o600);
  });

  it('refuses bad credentials with 401', async () => {
    const chain = await startChain();
    const err = await clientFor(chain, { password: 'wrong' })
      .getBlockCount()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(err).toMatchObject({ reason: 'auth', httpStatus: 401 });
    const res = await fetch(chain.url, { method: 'POST', body: '{"method":"getblockcount"}' });
    expect(res.status).toBe(401);
  });

  it('answers RPC errors the way zcashd does (HTTP 500 with an error object; 404 for unknown methods)', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    await expect(
      c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
        { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: 'ab'.repeat(512) },
      ]),
    ).resolves.toMatch(/^opid-/);
    await expect(
      c.call('z_sendmany', [
        DEVCHAIN_WALLET_ADDRESS,
        [{ address: 'x', amount: 0.1, memo: 'ab'.repeat(513) }],
      ]),
    ).rejects.toMatchObject({
      code: -8,
      message: 'Invalid parameter, memo is longer than the maximum allowed 512 bytes.',
    });
    await expect(
      c.zSendMany('u1notthiswallet', [{ address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001 }]),
    ).rejects.toMatchObject({ code: -5 });
    await expect(c.call('no_such_method')).rejects.toMatchObject({ code: -32601 });
    // Names every object inherits are not methods either.
    await expect(c.call('constructor')).rejects.toMatchObject({ code: -32601 });
    await expect(c.call('toString')).rejects.toMatchObject({ code: -32601 });
    const res = await fetch(chain.url, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${USER}:${PASSWORD}`).toString('base64') },
      body: '{"jsonrpc":"1.0","id":7,"method":"gettransaction","params":["00"]}',
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      result: null,
      error: { code: -5, message: 'Invalid or non-wallet transaction id' },
      id: 7,
    });
  });

  it('reports a failed send as a failed operation, with no transaction', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    chain.failNextSend('Insufficient funds: test');
    const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
      { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(ROOT) },
    ]);
    const [op] = await c.zGetOperationResult([opid]);
    expect(op).toMatchObject({
      status: 'failed',
      txid: null,
      error: { code: -6, message: 'Insufficient funds: test' },
    });
    expect(await c.zGetOperationStatus([opid])).toEqual([]); // z_getoperationresult removed it
    expect(await c.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 0)).toEqual([]);
  });

  it('can keep an operation executing for a while before it succeeds', async () => {
    // Long enough that the two reads below come back while it is still executing, even when loaded.
    const chain = await startChain({ opDelayMs: 1500 });
    const c = clientFor(chain);
    const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
      { address: DEVCHAIN_WALLET_ADDRESS, amount: 0.00001, memo: anchorMemoHex(ROOT) },
    ]);
    expect((await c.zGetOperationStatus([opid]))[0]).toMatchObject({ status: 'executing', txid: null });
    expect(await c.zGetOperationResult([opid])).toEqual([]); // unfinished operations are not results yet
    let [op] = await c.zGetOperationResult([opid]);
    for (let i = 0; !op && i < 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [op] = await c.zGetOperationResult([opid]);
    }
    expect(op?.status).toBe('success');
    expect((await c.getTxChainState(op!.txid!)).state).toBe('unconfirmed');
  });

  it('shows a wallet balance that pays one fee per send', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    const before = await c.zGetTotalBalance();
    expect(before.totalZat).toBeGreaterThan(0);
    await sendAnchor(c);
    expect((await c.zGetTotalBalance()).totalZat).toBe(before.totalZat - DEVCHAIN_FEE_ZAT);
  });

  it('plays an unreachable node: 503 errors, then hanging requests, then back', async () => {
    const chain = await startChain();
    const c = clientFor(chain, { timeoutMs: 150, retries: 1 });
    chain.setUnavailable('error');
    await expect(c.getBlockCount()).rejects.toMatchObject({
      name: 'RpcUnavailableError',
      reason: 'http',
      httpStatus: 503,
    });
    chain.setUnavailable('hang');
    await expect(c.getBlockCount()).rejects.toMatchObject({ name: 'RpcUnavailableError', reason: 'timeout' });
    chain.setUnavailable(false);
    expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT);
  });

  it('is unreachable once stopped (connection refused)', async () => {
    const chain = await startChain();
    const c = clientFor(chain);
    await chain.stop();
    await expect(c.getBlockCount()).rejects.toMatchObject({ name: 'RpcUnavailableError', reason: 'refused' });
  });
});

describe('devchain-main (child process)', () => {
  it('prints its URL as one JSON line, serves the RPC, and exits cleanly on SIGTERM', async () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', entry], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DEVCHAIN_PORT: '0',
        DEVCHAIN_BLOCK_MS: '0',
        ZCASH_RPC_USER: USER,
        ZCASH_RPC_PASSWORD: PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
      });
      const printed: unknown = JSON.parse(line);
      expect(printed).toMatchObject({
        user: USER,
        chain: 'dev',
        height: DEVCHAIN_START_HEIGHT,
        wallet_address: DEVCHAIN_WALLET_ADDRESS,
      });
      expect(printed).not.toHaveProperty('password');
      const url =
        typeof printed === 'object' && printed !== null && 'url' in printed ? String(printed.url) : '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const c = new ZcashRpcClient({ url, user: USER, password: PASSWORD, timeoutMs: 2000 });
      expect(await c.getBlockCount()).toBe(DEVCHAIN_START_HEIGHT);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('stops with a message naming a wrong setting', async () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', entry], {
      env: { ...process.env, DATA_DIR: dataDir, DEVCHAIN_BLOCK_MS: 'fast' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('DEVCHAIN_BLOCK_MS');
  });
});
