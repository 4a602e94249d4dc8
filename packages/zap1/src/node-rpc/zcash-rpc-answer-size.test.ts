/**
 * The JSON-RPC client reads a node's answer as a stream and cuts it off past its limit (32 MiB by
 * default): against a local server that would stream 100 MB, the read stops early, what the server
 * could send before the client hung up stays near the limit (so does what the client held), and
 * the error says why; an answer that declares a larger length is refused before it is read; an
 * answer within the limit is read whole. No real node runs here.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RPC_ANSWER_BYTES, RpcUnavailableError, ZcashRpcClient } from './zcash-rpc.js';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface StreamingNode {
  url: string;
  requests: number;
  /** Bytes of body written to the last answer so far. */
  written: number;
  /** Resolves once the last answer's connection closed (the client hung up, or it ended). */
  closed: Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Writes `total` bytes of a JSON string as fast as the client takes them, stopping when it hangs up. */
function stream(res: ServerResponse, node: StreamingNode, total: number): void {
  let ended = false;
  res.on('close', () => {
    ended = true;
  });
  const more = (): void => {
    while (!ended && node.written < total) {
      node.written += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', more);
    }
    if (!ended) res.end('"}');
  };
  res.write('{"result":"');
  more();
}

/** A node whose every answer is `total` bytes long, streamed, declaring its length when `declare`. */
async function streamingNode(total: number, declare = false): Promise<StreamingNode> {
  const node: StreamingNode = { url: '', requests: 0, written: 0, closed: Promise.resolve() };
  const server = createServer((req, res) => {
    node.requests++;
    node.written = 0;
    node.closed = new Promise((resolve) => res.on('close', () => resolve()));
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declare ? { 'content-length': String(total + 13) } : {}),
    });
    stream(res, node, total);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return node;
}

const client = (url: string, extra: { maxAnswerBytes?: number } = {}) =>
  new ZcashRpcClient({ url, user: 'u', password: 'p', retries: 2, retryBaseMs: 1, ...extra });

describe('answers larger than the client reads', () => {
  it('stops reading a 100 MB stream past 32 MiB, with a clear error, and does not retry', async () => {
    const node = await streamingNode(100 * 1_000_000);
    const err = await client(node.url)
      .getBestBlockHash()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(err).toMatchObject({
      reason: 'too_large',
      method: 'getbestblockhash',
      message: `getbestblockhash: the node's answer is larger than ${MAX_RPC_ANSWER_BYTES} bytes, the most this client reads`,
    });
    await node.closed;
    // The client hung up near its limit: the server could not send (nor the client hold) much more.
    expect(MAX_RPC_ANSWER_BYTES).toBe(32 * MB);
    expect(node.written).toBeGreaterThan(MAX_RPC_ANSWER_BYTES - CHUNK.length);
    expect(node.written).toBeLessThan(MAX_RPC_ANSWER_BYTES + 16 * MB);
    expect(node.requests).toBe(1);
  });

  it('refuses an answer that declares a larger length before reading it', async () => {
    const node = await streamingNode(100 * 1_000_000, true);
    await expect(client(node.url).getBestBlockHash()).rejects.toMatchObject({ reason: 'too_large' });
    await node.closed;
    expect(node.written).toBeLessThan(16 * MB);
  });

  it('reads an answer within its limit whole, and cuts one just past it', async () => {
    const node = await streamingNode(MB);
    // The whole answer: '{"result":"' + 1 MiB of 'a' + '"}', a string result.
    const whole = await client(node.url, { maxAnswerBytes: MB + 13 }).call('getbestblockhash');
    expect(whole).toBe('a'.repeat(MB));
    await expect(
      client(node.url, { maxAnswerBytes: MB + 12 }).call('getbestblockhash'),
    ).rejects.toMatchObject({
      reason: 'too_large',
    });
  });
});

describe('a node that answers with a redirect', () => {
  it('is not followed: the request carries its credentials, and nothing reaches the other address', async () => {
    let reached = 0;
    const elsewhere = createServer((req, res) => {
      reached++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"x","error":null}');
    });
    servers.push(elsewhere);
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
    const redirecting = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: target }).end();
    });
    servers.push(redirecting);
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`;
    await expect(client(url).getBestBlockHash()).rejects.toMatchObject({
      name: 'RpcUnavailableError',
      message: expect.stringContaining('answered with a redirect (HTTP 307), which is not followed'),
    });
    expect(reached).toBe(0);
  });
});
