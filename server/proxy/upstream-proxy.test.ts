/**
 * Proxy mode against a stand-in upstream: a real HTTP server answering like the public reference
 * service does (its CORS grant for its own site only, a cookie, plain-text errors with Retry-After),
 * since no real ZAP1 deployment can be reached from the tests. The proxy listens on a real port.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { tempDir } from '../test-helpers.js';
import { FORWARDED_CSP } from './upstream-headers.js';
import { PROXY_BODY_LIMIT, UPSTREAM_HEADER, buildProxyApp } from './upstream-proxy.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let upstreamBase: string;
let proxy: FastifyInstance;
let proxyBase: string;
let staticDir: string;
const seen: Seen[] = [];
const releaseSlow: (() => void)[] = [];

function handleUpstream(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = req.url ?? '';
  seen.push({ method: req.method ?? '', url, headers: req.headers, body });
  if (url.startsWith('/api/protocol/info')) {
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': 'https://reference.example',
      'set-cookie': 'session=upstream',
      'content-security-policy': "default-src 'none'",
    });
    res.end(JSON.stringify({ protocol: 'ZAP1', network: 'mainnet' }));
  } else if (url === '/api/build/info') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ version: '1.2.3', build_metadata: { commit: 'upstream' } }));
  } else if (url.startsWith('/api/trial-key')) {
    res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '180' });
    res.end('rate limited: try again later');
  } else if (url.startsWith('/api/event?') || url === '/api/event') {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ received: JSON.parse(body) as unknown }));
  } else if (url.startsWith('/api/stats')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(gzipSync(JSON.stringify({ total_leaves: 7 })));
  } else if (url.startsWith('/api/events')) {
    res.writeHead(200, { 'content-type': 'application/json', link: '</events?before=x>; rel="next"' });
    res.end(JSON.stringify({ events: [], query: url }));
  } else if (url.startsWith('/api/anchor/attempts')) {
    // Headers and a first part now, the rest when the test says so: the proxy must not buffer.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"first":');
    releaseSlow.push(() => res.end('"part"}'));
  } else if (url.startsWith('/api/anchor/consistency')) {
    // Never answers.
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  }
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handleUpstream(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;

  staticDir = tempDir();
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>ZAP1</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');

  // Long enough that no answer of a loaded machine's local upstream runs out; short enough for the 504 test.
  const config = loadConfig({ UPSTREAM_URL: `${upstreamBase}/`, UPSTREAM_TIMEOUT_MS: '2000' });
  proxy = await buildProxyApp({ config, upstreamUrl: config.upstreamUrl ?? '', staticDir });
  const address = await proxy.listen({ host: '127.0.0.1', port: 0 });
  proxyBase = new URL(address).origin;
});

afterAll(async () => {
  for (const release of releaseSlow) release();
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('proxy mode', () => {
  it("forwards an API read and names the upstream, with a policy of its own instead of the upstream's CORS grant, cookie or security headers", async () => {
    const res = await fetch(`${proxyBase}/protocol/info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ protocol: 'ZAP1', network: 'mainnet' });
    expect(res.headers.get(UPSTREAM_HEADER)).toBe(upstreamBase);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    // Not the upstream's policy, and not the app's either: a forwarded answer runs nothing.
    expect(res.headers.get('content-security-policy')).toBe(FORWARDED_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(seen.at(-1)?.url).toBe('/api/protocol/info');
  });

  it("forwards /build/info, a path of the reference's API description the app does not call, and brings the upstream's answer back", async () => {
    const before = seen.length;
    const res = await fetch(`${proxyBase}/build/info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: '1.2.3', build_metadata: { commit: 'upstream' } });
    expect(res.headers.get(UPSTREAM_HEADER)).toBe(upstreamBase);
    expect(res.headers.get('content-security-policy')).toBe(FORWARDED_CSP);
    expect(seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/build/info']);
  });

  it('answers a malformed URL itself, in JSON with its security headers, without echoing or forwarding it', async () => {
    const forwardedBefore = seen.length;
    const res = await fetch(`${proxyBase}/verify/%zz/check`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 'validation_failed', fields: [{ field: 'path' }] },
    });
    expect(text).not.toContain('%zz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.length).toBe(forwardedBefore);
  });

  it("passes status, plain-text body and Retry-After of the upstream's errors through", async () => {
    const res = await fetch(`${proxyBase}/trial-key`, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('180');
    expect(await res.text()).toBe('rate limited: try again later');
  });

  it('keeps the query and the Link header, and passes a compressed body as it came', async () => {
    const events = await fetch(`${proxyBase}/events?limit=5&before=abc`);
    expect(await events.json()).toEqual({ events: [], query: '/api/events?limit=5&before=abc' });
    expect(events.headers.get('link')).toBe('</events?before=x>; rel="next"');
    const stats = await fetch(`${proxyBase}/stats`);
    expect(stats.headers.get('content-encoding')).toBe('gzip');
    expect(await stats.json()).toEqual({ total_leaves: 7 }); // fetch decompresses what was relayed
  });

  it("sends the user's body and key as sent, adds no credentials, and sets the client address itself", async () => {
    const body = JSON.stringify({ event_type: 'CONTRACT_ANCHOR', serial_number: 'SN-1' });
    const res = await fetch(`${proxyBase}/event`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer users-own-key',
        'content-type': 'application/json',
        cookie: 'site=1',
        'x-forwarded-for': '203.0.113.9',
      },
      body,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ received: JSON.parse(body) as unknown });
    const request = seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer users-own-key');
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request?.headers.host).toBe(new URL(upstreamBase).host);

    await fetch(`${proxyBase}/protocol/info`);
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('streams an answer as it comes instead of waiting for its end', async () => {
    const res = await fetch(`${proxyBase}/anchor/attempts`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"first":');
    releaseSlow.shift()?.();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += new TextDecoder().decode(part.value);
    expect(rest).toBe('"part"}');
  });

  it('says so in JSON when the upstream is too slow (504) or cannot be reached (502)', async () => {
    const started = Date.now();
    const slow = await fetch(`${proxyBase}/anchor/consistency`);
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await slow.json()).toEqual({
      error: {
        code: 'upstream_timeout',
        message: `The upstream ZAP1 service at ${upstreamBase} did not answer within 2 s.`,
      },
    });

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const config = loadConfig({ UPSTREAM_URL: `http://127.0.0.1:${deadPort}` });
    const orphan = await buildProxyApp({ config, upstreamUrl: config.upstreamUrl ?? '' });
    try {
      const res = await orphan.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: { code: 'upstream_unreachable' } });
      expect(res.json<{ error: { message: string } }>().error.message).toContain('ECONNREFUSED');
    } finally {
      await orphan.close();
    }
  });

  it('refuses a body over the limit, declared or streamed, without forwarding it', async () => {
    const before = seen.length;
    const big = 'x'.repeat(PROXY_BODY_LIMIT + 1);
    const declared = await fetch(`${proxyBase}/event`, { method: 'POST', body: big });
    expect(declared.status).toBe(413);
    const streamed = await fetch(`${proxyBase}/event`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(seen.slice(before).every((s) => s.body.length <= PROXY_BODY_LIMIT)).toBe(true);
  });

  it('forwards only paths: a request line naming another host is refused and never leaves', async () => {
    const before = seen.length;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(new URL(proxyBase).port),
          method: 'GET',
          path: 'http://elsewhere.example/x',
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'malformed_request' } });
    expect(seen.length).toBe(before);
  });

  it('serves the app from this origin, naming the upstream in the page, for every app address', async () => {
    for (const url of ['/app/', '/app/verify', '/app/index.html']) {
      const res = await fetch(`${proxyBase}${url}`);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(`<meta name="zap1-upstream" content="${upstreamBase}" />`);
    }
    const asset = await fetch(`${proxyBase}/app/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    const root = await fetch(`${proxyBase}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/');
  });
});

describe('UPSTREAM_URL', () => {
  it('is the base URL without a trailing slash; a query, fragment or credentials are refused at start', () => {
    expect(loadConfig({ UPSTREAM_URL: 'https://zap1.example/api/' }).upstreamUrl).toBe(
      'https://zap1.example/api',
    );
    expect(loadConfig({}).upstreamUrl).toBeNull();
    for (const bad of ['https://zap1.example/?x=1', 'https://u:p@zap1.example', 'ftp://zap1.example', 'zap1'])
      expect(() => loadConfig({ UPSTREAM_URL: bad }), bad).toThrow(ConfigError);
  });
});
