import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ByteReader,
  blockHash,
  decodeViewingKey,
  merkleBranch,
  merkleRootFromBranch,
  readBlockHeader,
  readTransaction,
  serializeBlockHeader,
  serializeTransaction,
  sha256d,
  toDisplayHex,
  toHex,
  transactionId,
} from '../index.js';
import { ZCASH_VECTORS_DIR, readZcashVectors } from '../../test/vectors.js';
import { RpcError, RpcUnavailableError, ZcashRpcClient, isNotFoundError } from './zcash-rpc.js';

// No real node runs here. The replies are written from the zcashd RPC reference
// (zcash.github.io/rpc: getrawtransaction, getblock, getblockheader, getblockhash,
// getbestblockhash, z_exportviewingkey) with the values of a real block: Mainnet block 1,687,106
// (test/vectors/zcash), whose bytes, header fields and txids are read from the vector itself.

const vector = JSON.parse(
  readFileSync(path.join(ZCASH_VECTORS_DIR, 'mainnet_block_1687106.json'), 'utf8'),
) as { height: number; hash: string; block: string };
const BLOCK_HEX = vector.block;
const reader = new ByteReader(Buffer.from(BLOCK_HEX, 'hex'), 'block');
const HEADER = readBlockHeader(reader);
const HEADER_HEX = toHex(serializeBlockHeader(HEADER));
const COUNT = reader.count('transaction count', 1);
const V5_TXS = Array.from({ length: COUNT - 1 }, () => readTransaction(reader));
/** The last transaction is v4: its txid is the double SHA-256 of its bytes. */
const TXIDS = [
  ...V5_TXS.map((tx) => transactionId(tx)),
  toDisplayHex(sha256d(Buffer.from(BLOCK_HEX, 'hex').subarray(BLOCK_HEX.length / 2 - reader.remaining))),
];
const COINBASE_HEX = toHex(serializeTransaction(V5_TXS[0]!));
const PREVIOUS = toDisplayHex(HEADER.previousBlockHash);
// Fields the vector cannot give (roots, supply, work, the next block) are placeholders of the
// reference's form: the client reads none of them, and a reply that carries them must still parse.
const NEXT = '0000000001a8f1dcafe2e4cd5a4a1c22d8cbb59ab4d1f28ab9cd4b3c2f1a2b3c';
const UFVK = String(
  readZcashVectors('unified_full_viewing_keys.json').find((v) => v.orchard_fvk_bytes)?.unified_fvk,
);

const headerFields = {
  hash: vector.hash,
  confirmations: 1636584,
  height: vector.height,
  version: HEADER.version,
  merkleroot: toDisplayHex(HEADER.merkleRoot),
  blockcommitments: toDisplayHex(HEADER.blockCommitments),
  finalsaplingroot: '03c6a44f8dda1ff6e4fba2ed1d3c1f67a98e49e0c5a9b9fd8bd6f5d8ab2c7a43',
  time: HEADER.time,
  nonce: toDisplayHex(HEADER.nonce),
  solution: toHex(HEADER.solution),
  bits: HEADER.bits.toString(16).padStart(8, '0'),
  difficulty: 73570102.68727534,
  chainwork: '00000000000000000000000000000000000000000000000002a4eec1ff6bc97e',
  previousblockhash: PREVIOUS,
  nextblockhash: NEXT,
};
const fixtures = {
  getblock1: {
    ...headerFields,
    size: BLOCK_HEX.length / 2,
    authdataroot: 'ffbb38bdb8a3d4abe4d2e5e0b7e74ffdc3b5db4c1a1a6ed2ea0a0b0e5a1d9c01',
    finalorchardroot: 'ae2935f1dfd8a24aed7c70df7de3a668eb7a49b1319880dde2bbd9031ae5d82f',
    chainhistoryroot: 'f1e2d3c4b5a6978877665544332211000112233445566778899aabbccddeeff0',
    tx: TXIDS,
    anchor: '59d2cde5e65c1414c32ba54f0fe4bdb3d67618125286e6a191317917c812c6d7',
    chainSupply: { monitored: true, chainValue: 14325547.41558542, chainValueZat: 1432554741558542 },
    valuePools: [
      { id: 'orchard', monitored: true, chainValue: 0.0, chainValueZat: 0, valueDelta: 0, valueDeltaZat: 0 },
    ],
    trees: { sapling: { size: 72066 }, orchard: { size: 0 } },
  },
  // zcashd's getblock 2 lists getrawtransaction's fields per transaction.
  getblock2: {
    ...headerFields,
    size: BLOCK_HEX.length / 2,
    tx: TXIDS.map((txid, i) => ({
      txid,
      overwintered: true,
      version: i === TXIDS.length - 1 ? 4 : 5,
      locktime: 0,
      expiryheight: vector.height + 20,
      vin: [],
      vout: [],
      vjoinsplit: [],
    })),
  },
};

let server: Server | null = null;

/** A stand-in node: `reply` answers each request (method, params) with a body and status. */
async function fakeNode(
  reply: (method: string, params: unknown[]) => { status?: number; body: unknown },
): Promise<{ url: string; seen: { method: string; params: unknown[] }[] }> {
  const seen: { method: string; params: unknown[] }[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { method, params } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        method: string;
        params: unknown[];
      };
      seen.push({ method, params });
      const r = reply(method, params);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

const ok = (result: unknown) => ({ body: { result, error: null, id: 1 } });
const rpcErr = (code: number, message: string) => ({
  status: 500,
  body: { result: null, error: { code, message }, id: 1 },
});
const client = (url: string) =>
  new ZcashRpcClient({ url, user: 'u', password: 'p', timeoutMs: 2000, retries: 1, retryBaseMs: 5 });

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  }
});

describe('ZcashRpcClient: raw transactions, blocks and viewing keys', () => {
  it('getrawtransaction with verbose 0 gives the bytes as hex, with or without the block hash', async () => {
    const node = await fakeNode(() => ok(COINBASE_HEX));
    const c = client(node.url);
    expect(transactionId(await c.getRawTransactionHex(TXIDS[0]!))).toBe(TXIDS[0]);
    await c.getRawTransactionHex(TXIDS[0]!, vector.hash);
    expect(node.seen.map((s) => s.params)).toEqual([
      [TXIDS[0], 0],
      [TXIDS[0], 0, vector.hash],
    ]);
  });

  it('getblock 0 and 1: the block bytes, and the header fields with the txids, by hash or height', async () => {
    const node = await fakeNode((_method, params) => ok(params[1] === 0 ? BLOCK_HEX : fixtures.getblock1));
    const c = client(node.url);
    expect(await c.getBlockHex(vector.hash)).toBe(BLOCK_HEX);
    const block = await c.getBlock(vector.height);
    expect(block).toMatchObject({
      hash: vector.hash,
      height: vector.height,
      tx: TXIDS,
      previousblockhash: PREVIOUS,
    });
    const root = merkleRootFromBranch(TXIDS[2]!, merkleBranch(block.tx, 2), 2);
    expect(toDisplayHex(Buffer.from(root, 'hex'))).toBe(block.merkleroot);
    // zcashd reads the first argument as a string, a height in decimal.
    expect(node.seen.map((s) => s.params)).toEqual([
      [vector.hash, 0],
      [String(vector.height), 1],
    ]);
    await expect(c.getBlock(1.5)).rejects.toThrow(RangeError);
    expect(node.seen).toHaveLength(2);
  });

  it('getblock 2: each transaction described', async () => {
    const node = await fakeNode(() => ok(fixtures.getblock2));
    const block = await client(node.url).getBlockWithTransactions(-1);
    expect(block.tx.map((t) => t.txid)).toEqual(TXIDS);
    expect(block.tx.at(-1)?.version).toBe(4);
    expect(node.seen[0]!.params).toEqual(['-1', 2]);
  });

  it('getblockheader: the fields, or the header bytes whose double SHA-256 is the hash', async () => {
    const node = await fakeNode((_method, params) => ok(params[1] === false ? HEADER_HEX : headerFields));
    const c = client(node.url);
    expect(await c.getBlockHeader(vector.hash)).toMatchObject({ hash: vector.hash, nextblockhash: NEXT });
    expect(blockHash(await c.getBlockHeaderHex(vector.hash))).toBe(vector.hash);
    expect(node.seen.map((s) => s.params)).toEqual([
      [vector.hash, true],
      [vector.hash, false],
    ]);
  });

  it('getblockhash and getbestblockhash', async () => {
    const node = await fakeNode((method) => ok(method === 'getblockhash' ? vector.hash : NEXT));
    const c = client(node.url);
    expect(await c.getBlockHash(vector.height)).toBe(vector.hash);
    expect(await c.getBestBlockHash()).toBe(NEXT);
    expect(node.seen).toEqual([
      { method: 'getblockhash', params: [vector.height] },
      { method: 'getbestblockhash', params: [] },
    ]);
  });

  it('z_exportviewingkey gives the unified full viewing key', async () => {
    const node = await fakeNode(() => ok(UFVK));
    const key = await client(node.url).zExportViewingKey('u1exampleunifiedaddress');
    expect(key).toBe(UFVK);
    expect(decodeViewingKey(key).network).toBe('mainnet');
    expect(node.seen[0]).toEqual({ method: 'z_exportviewingkey', params: ['u1exampleunifiedaddress'] });
  });

  it('passes zcashd errors on as RpcError: out of range -8, unknown block -5, key not held -4', async () => {
    const node = await fakeNode((method) => {
      if (method === 'getblockhash') return rpcErr(-8, 'Block height out of range');
      if (method === 'getblockheader') return rpcErr(-5, 'Block not found');
      return rpcErr(-4, 'Wallet does not hold private key or viewing key for this zaddr');
    });
    const c = client(node.url);
    await expect(c.getBlockHash(9_999_999)).rejects.toMatchObject({ name: 'RpcError', code: -8 });
    const unknown = await c.getBlockHeader('00'.repeat(32)).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(RpcError);
    expect(isNotFoundError(unknown)).toBe(true);
    await expect(c.zExportViewingKey('u1other')).rejects.toMatchObject({ code: -4 });
  });

  it('refuses replies of the wrong shape, and retries these read-only calls when the node is away', async () => {
    let calls = 0;
    const node = await fakeNode((method) => {
      calls++;
      if (method === 'getblockhash') return ok('not a hash');
      if (method === 'getrawtransaction') return ok('abc'); // not whole bytes
      return calls === 3 ? { status: 503, body: 'Service Unavailable' } : ok(BLOCK_HEX);
    });
    const c = client(node.url);
    await expect(c.getBlockHash(1)).rejects.toMatchObject({ name: 'RpcUnavailableError', reason: 'shape' });
    await expect(c.getRawTransactionHex(TXIDS[0]!)).rejects.toBeInstanceOf(RpcUnavailableError);
    expect(await c.getBlockHex(vector.hash)).toBe(BLOCK_HEX);
    expect(node.seen.map((s) => s.method)).toEqual([
      'getblockhash',
      'getrawtransaction',
      'getblock',
      'getblock',
    ]);
  });
});
