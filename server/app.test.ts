import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOpenApi } from './http/openapi.js';
import { makeTestApp, tempDir, type TestApp } from './test-helpers.js';

const open: TestApp[] = [];
async function app(
  env: Record<string, string> = {},
  options: Parameters<typeof makeTestApp>[1] = {},
): Promise<TestApp> {
  const t = await makeTestApp(env, options);
  open.push(t);
  return t;
}
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

describe('errors', () => {
  it('answers unknown paths with JSON 404, and known paths asked with another method with 405 naming the right ones', async () => {
    const t = await app();
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/nope'],
      ['GET', '/verify/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    for (const [method, url, allow] of [
      ['DELETE', '/event', 'POST'],
      ['PUT', '/trial-key', 'POST'],
      ['GET', '/event', 'POST'],
      ['POST', '/stats', 'GET, HEAD'],
      ['DELETE', `/verify/${'a'.repeat(64)}/check`, 'GET, HEAD'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(405);
      expect(res.headers['allow']).toBe(allow);
      expect(res.json()).toEqual({
        error: { code: 'method_not_allowed', message: `${url} answers ${allow}, not ${method}.` },
      });
    }
  });

  it('turns an unexpected failure into a 500 that leaks nothing', async () => {
    const t = await app();
    t.store.events.listEvents = () => Promise.reject(new Error('SQLITE_CORRUPT secret/path/zap1.sqlite'));
    const res = await t.app.inject({ url: '/events' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(res.body).not.toMatch(/SQLITE|secret|stack/);
  });
});

describe('CORS', () => {
  it('sends no CORS headers by default (same origin only)', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/stats', headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // A preflight is answered as any method a route does not take: no CORS headers, the methods it does.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/event',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers.allow).toBe('POST');
  });

  it('allows the configured origins and exposes Link and Retry-After', async () => {
    const t = await app({ CORS_ORIGINS: 'https://app.example,https://other.example' });
    const res = await t.app.inject({ url: '/events', headers: { origin: 'https://app.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/Link/);
    const denied = await t.app.inject({ url: '/events', headers: { origin: 'https://evil.example' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/event',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    // Deleting a webhook from an allowed origin (the zap1 client's deleteWebhook).
    const remove = await t.app.inject({
      method: 'OPTIONS',
      url: '/webhooks/00000000-0000-4000-8000-000000000001',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(remove.statusCode).toBe(204);
    expect(String(remove.headers['access-control-allow-methods'])).toMatch(/\bDELETE\b/);
  });
});

describe('GET /openapi.json', () => {
  it('documents every route from the schemas the routes use', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/admin/anchor/qr',
        '/admin/anchor/record',
        '/anchor/attempts',
        '/anchor/consistency',
        '/anchor/evidence/{txid}',
        '/anchor/history',
        '/anchor/now',
        '/anchor/spend',
        '/anchor/status',
        '/badge/anchor/{txid_prefix}',
        '/badge/leaf/{leaf}',
        '/badge/status.svg',
        '/build/info',
        '/event',
        '/events',
        '/health',
        '/key',
        '/lifecycle/{wallet}',
        '/metrics',
        '/lifecycle/{wallet}/export',
        '/lookup',
        '/memo/decode',
        '/openapi.json',
        '/protocol/info',
        '/stats',
        '/trial-key',
        '/verify/{leaf}/check',
        '/verify/{leaf}/proof.json',
        '/webhooks',
        '/webhooks/register',
        '/webhooks/{id}',
      ].sort(),
    );
    const bundle =
      doc.paths['/verify/{leaf}/proof.json'].get.responses['200'].content['application/json'].schema;
    expect(bundle.additionalProperties).toBe(false);
    expect(bundle.required).toEqual(
      expect.arrayContaining(['protocol', 'version', 'leaf', 'proof', 'root', 'anchor']),
    );
    const eventBody = doc.paths['/event'].post.requestBody.content['application/json'].schema;
    expect(eventBody.properties.event_type.enum).toHaveLength(15);
    const limit = doc.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    expect(buildOpenApi([], { version: '0' })).toMatchObject({ paths: {} });
  });
});

describe('the built web app under /app/', () => {
  it('serves files, falls back to index.html only under /app/, and redirects /', async () => {
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ZAP1</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'main.js'), 'console.log(1)');
    try {
      const t = await app({}, { staticDir: dist });
      expect((await t.app.inject({ url: '/app/assets/main.js' })).body).toBe('console.log(1)');
      const page = await t.app.inject({ url: '/app/leaf/abc' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>ZAP1</title>');
      expect((await t.app.inject({ url: '/app/assets/missing.js' })).statusCode).toBe(404);
      const root = await t.app.inject({ url: '/' });
      expect(root.statusCode).toBe(302);
      expect(root.headers['location']).toBe('/app/');
      const api404 = await t.app.inject({ url: '/leaf/abc' });
      expect(api404.json().error.code).toBe('not_found');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends the security headers a browser enforces, and never serves a source map', async () => {
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ZAP1</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'main.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'main.js.map'), '{"version":3}');
    try {
      const t = await app({}, { staticDir: dist });
      // Errors too: a 400 from a route and a 404 from no route.
      for (const url of ['/app/', '/app/verify', '/health', '/verify/not-a-leaf/check', '/no-such-page']) {
        const res = await t.app.inject({ url });
        const csp = String(res.headers['content-security-policy']);
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
        expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
      const map = await t.app.inject({ url: '/app/assets/main.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('version');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves no app when the folder does not exist', async () => {
    const t = await app({}, { staticDir: path.join(tempDir(), 'missing') });
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(404);
  });
});

describe('POST /anchor/now', () => {
  it('needs the operator key, and answers 503 without an anchoring loop', async () => {
    const t = await app();
    expect((await t.app.inject({ method: 'POST', url: '/anchor/now' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/anchor/now',
      headers: { authorization: 'Bearer test-operator-key-0123456789' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('chain_unavailable');
  });

  it('answers 403 for every key when no operator key is configured', async () => {
    const t = await app({ ADMIN_API_KEY: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/anchor/now',
      headers: { authorization: 'Bearer test-operator-key-0123456789' },
    });
    expect(res.statusCode).toBe(403);
  });
});
