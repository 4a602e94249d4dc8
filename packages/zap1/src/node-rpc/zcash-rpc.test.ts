import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RpcError,
  RpcUnavailableError,
  ZcashRpcClient,
  isNotFoundError,
  networkFromChain,
  zatToZec,
  zecToZat,
} from './zcash-rpc.js';

// No real node runs here. The reply bodies below are written from the zcashd RPC reference
// (zcash.github.io/rpc: getblockchaininfo, z_sendmany, z_getoperationstatus, z_getoperationresult,
// gettransaction, getrawtransaction, z_viewtransaction, z_listreceivedbyaddress, z_gettotalbalance)
// and from zcashd's HTTP behaviour: RPC errors come back as HTTP 500 (404 for an unknown method)
// with `{"result": null, "error": {"code", "message"}, "id"}`, bad credentials as a bare 401.

const TXID = '1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const BLOCKHASH = '0000000000e97536c5ffaf405b3bdb2b64340dac3d79260da1bb5e90f69fe3b4';
const OPID = 'opid-fa6c5e00-09e9-4be0-8f9b-15cc6bdaab53';
const ADDRESS = 'u1exampleunifiedaddressforthetestsonly';
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
const MEMO_TEXT = `ZAP1:09:${ROOT}`;
const MEMO_HEX_72 = Buffer.from(MEMO_TEXT, 'ascii').toString('hex');
const MEMO_HEX_512 = MEMO_HEX_72.padEnd(1024, '0');

const fixtures = {
  getblockchaininfo: {
    chain: 'main',
    blocks: 3323688,
    initial_block_download_complete: true,
    headers: 3323688,
    bestblockhash: BLOCKHASH,
    difficulty: 127318833.42730181,
    verificationprogress: 0.9999993982591637,
    estimatedheight: 3323690,
    chainwork: '0000000000000000000000000000000000000000000000000000000000000000',
    size_on_disk: 274557320335,
    commitments: 0,
    chainSupply: { monitored: true, chainValue: 16682895.4780448, chainValueZat: 1668289547804480 },
  },
  opSuccess: {
    id: OPID,
    status: 'success',
    creation_time: 1497245984,
    result: { txid: TXID },
    execution_secs: 33.2,
    method: 'z_sendmany',
    params: {
      fromaddress: ADDRESS,
      amounts: [{ address: ADDRESS, amount: 0.00001, memo: MEMO_HEX_72 }],
      minconf: 1,
      fee: null,
    },
  },
  opFailed: {
    id: OPID,
    status: 'failed',
    creation_time: 1497245984,
    error: { code: -6, message: 'Insufficient funds: have 0.00, need 0.00011' },
    method: 'z_sendmany',
    params: {},
  },
  opExecuting: { id: OPID, status: 'executing', creation_time: 1497245984, method: 'z_sendmany', params: {} },
  gettransactionMined: {
    status: 'mined',
    version: '5',
    amount: -0.0001,
    amountZat: -10000,
    confirmations: 3,
    blockhash: BLOCKHASH,
    blockindex: 2,
    blocktime: 1700000000,
    expiryheight: 3323730,
    txid: TXID,
    walletconflicts: [],
    time: 1699999990,
    timereceived: 1699999990,
    details: [],
    vjoinsplit: [],
    hex: '0500008085202f89',
  },
  gettransactionWaiting: {
    status: 'waiting',
    version: '5',
    amount: -0.0001,
    amountZat: -10000,
    confirmations: 0,
    txid: TXID,
    time: 1699999990,
    timereceived: 1699999990,
    details: [],
    hex: '0500008085202f89',
  },
  getrawtransaction: {
    in_active_chain: true,
    hex: '0500008085202f89',
    txid: TXID,
    authdigest: 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    size: 9165,
    overwintered: true,
    version: 5,
    versiongroupid: '26a7270a',
    locktime: 0,
    expiryheight: 3323730,
    vin: [],
    vout: [],
    vjoinsplit: [],
    valueBalance: 0,
    valueBalanceZat: 0,
    vShieldedSpend: [],
    vShieldedOutput: [],
    orchard: { actions: [], valueBalance: 0.0001, valueBalanceZat: 10000 },
    blockhash: BLOCKHASH,
    height: 3323686,
    confirmations: 3,
    time: 1700000000,
    blocktime: 1700000000,
  },
  z_viewtransaction: {
    txid: TXID,
    spends: [
      {
        pool: 'orchard',
        type: 'orchard',
        action: 0,
        txidPrev: TXID,
        actionPrev: 1,
        address: ADDRESS,
        value: 1.0,
        valueZat: 100000000,
      },
    ],
    outputs: [
      {
        pool: 'orchard',
        type: 'orchard',
        action: 0,
        outgoing: false,
        walletInternal: true,
        value: 0.9998,
        valueZat: 99980000,
        memo: 'f6' + '00'.repeat(511),
      },
      {
        pool: 'orchard',
        type: 'orchard',
        action: 1,
        address: ADDRESS,
        outgoing: false,
        walletInternal: false,
        value: 0.00001,
        valueZat: 1000,
        memo: MEMO_HEX_512,
        memoStr: MEMO_TEXT,
      },
    ],
  },
  z_listreceivedbyaddress: [
    {
      pool: 'orchard',
      txid: TXID,
      amount: 0.00001,
      amountZat: 1000,
      memo: MEMO_HEX_512,
      memoStr: MEMO_TEXT,
      confirmations: 3,
      blockheight: 3323686,
      blockindex: 2,
      blocktime: 1700000000,
      outindex: 1,
      change: false,
    },
  ],
};

interface Reply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
  /** Never answer. */
  hang?: boolean;
  /** Close the socket without an answer. */
  destroy?: boolean;
}

interface Seen {
  method: string;
  params: unknown[];
  jsonrpc: unknown;
  id: unknown;
  authorization: string | undefined;
  contentType: string | undefined;
}

let server: Server | null = null;

/** A stand-in node: `reply` decides each answer; every request is recorded. */
async function fakeNode(reply: (req: Seen) => Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const obj = typeof parsed === 'object' && parsed !== null ? parsed : {};
      const entry: Seen = {
        method: 'method' in obj && typeof obj.method === 'string' ? obj.method : '',
        params: 'params' in obj && Array.isArray(obj.params) ? obj.params : [],
        jsonrpc: 'jsonrpc' in obj ? obj.jsonrpc : undefined,
        id: 'id' in obj ? obj.id : undefined,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      };
      seen.push(entry);
      const r = reply(entry);
      if (r.hang) return;
      if (r.destroy) {
        req.socket.destroy();
        return;
      }
      const text = r.text ?? JSON.stringify(r.body);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, seen };
}

const ok = (result: unknown, id: unknown = 1): Reply => ({ body: { result, error: null, id } });
const rpcErr = (code: number, message: string, status = 500): Reply => ({
  status,
  body: { result: null, error: { code, message }, id: 1 },
});

function client(
  url: string,
  extra: Partial<ConstructorParameters<typeof ZcashRpcClient>[0]> = {},
): ZcashRpcClient {
  return new ZcashRpcClient({
    url,
    user: 'rpcuser',
    password: 'rpc pass:word',
    timeoutMs: 2000,
    retryBaseMs: 5,
    ...extra,
  });
}

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  }
});

describe('ZcashRpcClient against documented replies', () => {
  it('sends a JSON-RPC 1.0 request with basic auth and reads getblockchaininfo', async () => {
    const node = await fakeNode((req) => ok(fixtures.getblockchaininfo, req.id));
    const info = await client(node.url).getBlockchainInfo();
    expect(info.chain).toBe('main');
    expect(info.blocks).toBe(3323688);
    expect(networkFromChain(info.chain)).toBe('mainnet');
    const req = node.seen[0]!;
    expect(req.jsonrpc).toBe('1.0');
    expect(req.method).toBe('getblockchaininfo');
    expect(req.params).toEqual([]);
    expect(req.authorization).toBe('Basic ' + Buffer.from('rpcuser:rpc pass:word').toString('base64'));
  });

  it('maps chain names to networks', () => {
    expect(networkFromChain('main')).toBe('mainnet');
    expect(networkFromChain('test')).toBe('testnet');
    expect(networkFromChain('regtest')).toBe('devnet');
    expect(networkFromChain('dev')).toBe('devnet');
  });

  it('reads getblockcount', async () => {
    const node = await fakeNode(() => ok(3323688));
    expect(await client(node.url).getBlockCount()).toBe(3323688);
  });

  it('sends z_sendmany with the memo as hex and the optional arguments in their positions', async () => {
    const node = await fakeNode(() => ok(OPID));
    const c = client(node.url);
    const opid = await c.zSendMany(ADDRESS, [
      { address: ADDRESS, amount: zatToZec(1000), memo: MEMO_HEX_72 },
    ]);
    expect(opid).toBe(OPID);
    expect(node.seen[0]!.params).toEqual([
      ADDRESS,
      [{ address: ADDRESS, amount: 0.00001, memo: MEMO_HEX_72 }],
    ]);

    await c.zSendMany(ADDRESS, [{ address: ADDRESS, amount: 0.00001 }], 1, null, 'FullPrivacy');
    expect(node.seen[1]!.params).toEqual([
      ADDRESS,
      [{ address: ADDRESS, amount: 0.00001 }],
      1,
      null,
      'FullPrivacy',
    ]);
  });

  it('refuses a memo that is not hex or longer than 512 bytes before sending anything', async () => {
    const node = await fakeNode(() => ok(OPID));
    const c = client(node.url);
    await expect(
      c.zSendMany(ADDRESS, [{ address: ADDRESS, amount: 0.00001, memo: MEMO_TEXT }]),
    ).rejects.toThrow(RangeError);
    await expect(
      c.zSendMany(ADDRESS, [{ address: ADDRESS, amount: 0.00001, memo: 'ab'.repeat(513) }]),
    ).rejects.toThrow(RangeError);
    expect(node.seen).toHaveLength(0);
  });

  it('reads operation status: success with txid, failure with its error, still executing', async () => {
    const replies = [[fixtures.opSuccess], [fixtures.opFailed], [fixtures.opExecuting], []];
    const node = await fakeNode(() => ok(replies.shift()));
    const c = client(node.url);
    const [success] = await c.zGetOperationStatus([OPID]);
    expect(success).toMatchObject({ id: OPID, status: 'success', txid: TXID, error: null });
    expect(node.seen[0]!.params).toEqual([[OPID]]);
    const [failed] = await c.zGetOperationResult([OPID]);
    expect(failed).toMatchObject({
      status: 'failed',
      txid: null,
      error: { code: -6, message: 'Insufficient funds: have 0.00, need 0.00011' },
    });
    expect(node.seen[1]!.method).toBe('z_getoperationresult');
    const [executing] = await c.zGetOperationStatus([OPID]);
    expect(executing).toMatchObject({ status: 'executing', txid: null });
    expect(await c.zGetOperationStatus(['opid-unknown'])).toEqual([]);
  });

  it('takes the txid from a Zallet-style result with txids', async () => {
    const node = await fakeNode(() =>
      ok([{ id: OPID, status: 'success', creation_time: 1, result: { txids: [TXID] } }]),
    );
    const [op] = await client(node.url).zGetOperationStatus([OPID]);
    expect(op!.txid).toBe(TXID);
  });

  it('finds the height of a mined transaction through gettransaction and getrawtransaction with its block hash', async () => {
    const node = await fakeNode((req) =>
      req.method === 'gettransaction' ? ok(fixtures.gettransactionMined) : ok(fixtures.getrawtransaction),
    );
    const state = await client(node.url).getTxChainState(TXID);
    expect(state).toEqual({
      state: 'mined',
      confirmations: 3,
      height: 3323686,
      blockhash: BLOCKHASH,
      blocktime: 1700000000,
    });
    expect(node.seen.map((s) => s.method)).toEqual(['gettransaction', 'getrawtransaction']);
    expect(node.seen[1]!.params).toEqual([TXID, 1, BLOCKHASH]);
  });

  it('reports an unmined transaction as unconfirmed and an unknown one as not found', async () => {
    const replies = [ok(fixtures.gettransactionWaiting), rpcErr(-5, 'Invalid or non-wallet transaction id')];
    const node = await fakeNode(() => replies.shift()!);
    const c = client(node.url);
    expect(await c.getTxChainState(TXID)).toEqual({ state: 'unconfirmed', confirmations: 0 });
    expect(await c.getTxChainState(TXID)).toEqual({ state: 'not_found' });
  });

  it('reports a conflicted transaction (negative confirmations) as off the chain', async () => {
    const node = await fakeNode(() => ok({ ...fixtures.gettransactionWaiting, confirmations: -1 }));
    expect(await client(node.url).getTxChainState(TXID)).toEqual({ state: 'conflicted', confirmations: -1 });
  });

  it('reads memos back with z_viewtransaction, change output included', async () => {
    const node = await fakeNode(() => ok(fixtures.z_viewtransaction));
    const view = await client(node.url).zViewTransaction(TXID);
    expect(view.outputs).toHaveLength(2);
    const anchor = view.outputs.find((o) => o.memoStr === MEMO_TEXT);
    expect(anchor?.memo).toBe(MEMO_HEX_512);
    expect(anchor?.memo).toHaveLength(1024);
    expect(view.outputs[0]!.walletInternal).toBe(true);
  });

  it('lists received notes with memos', async () => {
    const node = await fakeNode(() => ok(fixtures.z_listreceivedbyaddress));
    const notes = await client(node.url).zListReceivedByAddress(ADDRESS, 0);
    expect(node.seen[0]!.params).toEqual([ADDRESS, 0]);
    expect(notes[0]).toMatchObject({
      txid: TXID,
      memo: MEMO_HEX_512,
      confirmations: 3,
      blockheight: 3323686,
    });
  });

  it('reads the total balance in zatoshis, as documented numbers or as zcashd decimal strings', async () => {
    const replies = [
      ok({ transparent: 0, private: 1.2345, total: 1.2345 }),
      ok({ transparent: '0.00', private: '99.9999', total: '99.9999' }),
    ];
    const node = await fakeNode(() => replies.shift()!);
    const c = client(node.url);
    expect(await c.zGetTotalBalance()).toEqual({
      transparentZat: 0,
      privateZat: 123_450_000,
      totalZat: 123_450_000,
    });
    expect(await c.zGetTotalBalance()).toEqual({
      transparentZat: 0,
      privateZat: 9_999_990_000,
      totalZat: 9_999_990_000,
    });
  });

  it('converts between zatoshis and ZEC without drift', () => {
    expect(zatToZec(1000)).toBe(0.00001);
    expect(zecToZat(0.00001)).toBe(1000);
    expect(zecToZat('21000000')).toBe(2_100_000_000_000_000);
    expect(zecToZat(0.1 + 0.2)).toBe(30_000_000);
    expect(() => zecToZat('1.123456789')).toThrow(RangeError);
    expect(() => zatToZec(1.5)).toThrow(RangeError);
  });
});

describe('ZcashRpcClient errors', () => {
  it('turns an HTTP 500 error body into RpcError with code and message, without retrying', async () => {
    const node = await fakeNode(() => rpcErr(-5, 'No information available about transaction'));
    const err = await client(node.url)
      .getRawTransaction(TXID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({
      code: -5,
      message: 'No information available about transaction',
      method: 'getrawtransaction',
    });
    expect(isNotFoundError(err)).toBe(true);
    expect(node.seen).toHaveLength(1);
  });

  it('turns an unknown method (HTTP 404 with an error body) into RpcError -32601', async () => {
    const node = await fakeNode(() => rpcErr(-32601, 'Method not found', 404));
    await expect(client(node.url).call('z_nosuchmethod', [], { retry: false })).rejects.toMatchObject({
      name: 'RpcError',
      code: -32601,
    });
  });

  it('reports refused credentials (bare 401) as unavailable, reason auth, not retried', async () => {
    const node = await fakeNode(() => ({ status: 401, text: '' }));
    const err = await client(node.url)
      .getBlockCount()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(err).toMatchObject({ reason: 'auth', httpStatus: 401 });
    expect(node.seen).toHaveLength(1);
  });

  it('retries a read-only call after HTTP 503 with backoff, then succeeds', async () => {
    let n = 0;
    const node = await fakeNode(() => (++n < 3 ? { status: 503, text: 'Service Unavailable' } : ok(3323688)));
    expect(await client(node.url).getBlockCount()).toBe(3323688);
    expect(node.seen).toHaveLength(3);
  });

  it('gives up after the configured retries with RpcUnavailableError', async () => {
    const node = await fakeNode(() => ({ status: 503, text: 'Service Unavailable' }));
    const err = await client(node.url, { retries: 1 })
      .getBlockCount()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RpcUnavailableError', reason: 'http', httpStatus: 503 });
    expect(node.seen).toHaveLength(2);
  });

  it('never retries z_sendmany, which could send twice', async () => {
    const node = await fakeNode(() => ({ status: 503, text: 'Service Unavailable' }));
    await expect(
      client(node.url).zSendMany(ADDRESS, [{ address: ADDRESS, amount: 0.00001, memo: MEMO_HEX_72 }]),
    ).rejects.toBeInstanceOf(RpcUnavailableError);
    expect(node.seen).toHaveLength(1);
  });

  it('never retries z_getoperationresult, which forgets the operation once answered', async () => {
    const node = await fakeNode(() => ({ destroy: true }));
    await expect(client(node.url).zGetOperationResult([OPID])).rejects.toMatchObject({
      reason: 'connection',
    });
    expect(node.seen).toHaveLength(1);
  });

  it('times out a node that never answers, once per attempt', async () => {
    const node = await fakeNode(() => ({ hang: true }));
    const started = Date.now();
    const err = await client(node.url, { timeoutMs: 150, retries: 1 })
      .getBlockCount()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RpcUnavailableError', reason: 'timeout' });
    expect(node.seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('reports a refused connection as unavailable', async () => {
    const node = await fakeNode(() => ok(1));
    const url = node.url;
    server!.close();
    server = null;
    const err = await client(url, { retries: 0 })
      .getBlockCount()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RpcUnavailableError', reason: 'refused' });
  });

  it('reports an unparsable 200 body as unavailable (body)', async () => {
    const node = await fakeNode(() => ({ text: '<html>proxy error</html>' }));
    await expect(client(node.url, { retries: 0 }).getBlockCount()).rejects.toMatchObject({ reason: 'body' });
  });

  it('reports a result of the wrong shape as unavailable (shape), not retried', async () => {
    const node = await fakeNode(() => ok({ chain: 'main' }));
    await expect(client(node.url).getBlockchainInfo()).rejects.toMatchObject({ reason: 'shape' });
    expect(node.seen).toHaveLength(1);
  });
});
