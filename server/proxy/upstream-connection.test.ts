/**
 * The proxy's connection to the upstream is shared by all its clients (kept alive), so each
 * request on it must be framed exactly: a declared length that no body follows makes the upstream
 * read the next client's request, its Authorization header included, as that body. The upstream
 * here is a raw socket on loopback that records the bytes as they come and answers each request
 * once its headers have come, as a server that does not wait for a body would.
 */
import http, { type OutgoingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildProxyApp, checkedBody } from './upstream-proxy.js';

let upstream: net.Server;
let proxy: FastifyInstance;
let proxyPort: number;
/** What reached the upstream, one string per connection. */
const connections: { bytes: string; closed: Promise<number> }[] = [];
const open = new Set<net.Socket>();

interface ParsedRequest {
  line: string;
  headers: Record<string, string>;
  body: string;
}

/** The requests in a connection's bytes, read as an HTTP/1.1 server frames them (Content-Length). */
function framed(bytes: string): ParsedRequest[] {
  const requests: ParsedRequest[] = [];
  let rest = bytes;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    const [line = '', ...fields] = rest.slice(0, end === -1 ? undefined : end).split('\r\n');
    const headers = Object.fromEntries(
      fields.map((field) => {
        const colon = field.indexOf(':');
        return [field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim()];
      }),
    );
    if (end === -1) return [...requests, { line, headers, body: '' }];
    const length = Number(headers['content-length'] ?? 0);
    requests.push({ line, headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return requests;
}

function send(
  method: string,
  path: string,
  headers: OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  upstream = net.createServer((socket) => {
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const seen = { bytes: '', closed };
    connections.push(seen);
    socket.on('error', () => {}); // the proxy cutting a request resets the connection
    open.add(socket);
    let answered = 0;
    socket.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.toString('latin1');
      for (; answered < seen.bytes.split('\r\n\r\n').length - 1; answered++)
        socket.write('HTTP/1.1 204 No Content\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
  const config = loadConfig({ UPSTREAM_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: '2000' });
  proxy = await buildProxyApp({ config, upstreamUrl: config.upstreamUrl ?? '' });
  proxyPort = Number(new URL(await proxy.listen({ host: '127.0.0.1', port: 0 })).port);
});

afterAll(async () => {
  await proxy.close();
  for (const socket of open) socket.destroy();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

it('sends no body headers for a body it does not forward, so the next request on the connection stays whole', async () => {
  const ignored = 'x'.repeat(40);
  const bodyHeaders = {
    'content-length': '40',
    'content-type': 'application/json',
    'content-encoding': 'gzip',
  };
  // GET and HEAD bodies are not read here (nor by the service), so not forwarded.
  expect((await send('GET', '/events', bodyHeaders, ignored)).status).toBe(204);
  expect((await send('HEAD', '/events', { 'content-length': '40' }, ignored)).status).toBe(204);
  const event = '{"event_type":"CONTRACT_ANCHOR"}';
  const written = await send('POST', '/event', { 'content-type': 'application/json' }, event);
  expect(written.status).toBe(204);
  expect((await send('GET', '/stats', { authorization: 'Bearer second-client' })).status).toBe(204);

  // One kept-alive connection, so each request is read where the one before it ends.
  expect(connections.length).toBe(1);
  const requests = framed(connections[0]!.bytes);
  expect(requests.map((r) => r.line)).toEqual([
    'GET /base/events HTTP/1.1',
    'HEAD /base/events HTTP/1.1',
    'POST /base/event HTTP/1.1',
    'GET /base/stats HTTP/1.1',
  ]);
  for (const request of requests.slice(0, 2))
    for (const name of ['content-length', 'content-type', 'content-encoding', 'transfer-encoding'])
      expect(request.headers[name], `${request.line} ${name}`).toBeUndefined();
  // A body that is forwarded goes with its exact length.
  expect(requests[2]!.headers['content-length']).toBe(String(event.length));
  expect(requests[2]!.body).toBe(event);
  expect(requests[3]!.headers.authorization).toBe('Bearer second-client');
});

it('cuts the upstream request at once when the client goes before its body has all come', async () => {
  const socket = net.connect(proxyPort, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /event HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"ev',
  );
  await expect.poll(() => connections.find((c) => c.bytes.includes('{"ev'))).toBeDefined();
  const started = Date.now();
  socket.destroy();
  // The upstream answered at once (204), so no timeout is left to end a request waiting for the rest.
  const closed = connections.find((c) => c.bytes.includes('{"ev'))!.closed;
  const closedAt = await Promise.race([closed, setTimeout(3000, Infinity)]);
  expect(closedAt - started).toBeLessThan(1000);
});

it('passes on a body only at the length it declared, and within the limit', async () => {
  const through = (bytes: number, limit: number, declared: number | null): Promise<unknown> =>
    pipeline(Readable.from([Buffer.alloc(bytes)]), checkedBody(limit, declared), async (source) => {
      for await (const _ of source as AsyncIterable<Buffer>);
    }).then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );
  expect(await through(40, 100, 40)).toBe('ok');
  expect(await through(40, 100, null)).toBe('ok');
  expect(await through(5, 100, 40)).toBe('malformed_request');
  expect(await through(50, 100, 40)).toBe('malformed_request');
  expect(await through(101, 100, null)).toBe('payload_too_large');
});
