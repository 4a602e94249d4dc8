/**
 * POST /webhooks/register checks the receiver's address: loopback and private hosts are allowed
 * (self-hosted receivers), link-local and metadata hosts refused unless WEBHOOK_ALLOW_PRIVATE=true,
 * unspecified hosts and other schemes always. Nothing is delivered here (no dispatcher runs).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, operator, tableCounts, type TestApp } from '../test-helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const register = (app: TestApp, url: string) =>
  app.app.inject({ method: 'POST', url: '/webhooks/register', headers: operator, payload: { url } });

const LINK_LOCAL = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.1:8080/hook',
  'http://2852039166/',
  'http://[fe80::1]/hook',
  'http://[::ffff:169.254.169.254]/',
  'https://[fd00:ec2::254]/',
];

describe('POST /webhooks/register: the receiver address', () => {
  it('refuses link-local and metadata hosts with 400 naming the url, storing nothing', async () => {
    t = await makeTestApp();
    const before = tableCounts(t.dir);
    for (const url of LINK_LOCAL) {
      const res = await register(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        error: {
          code: 'validation_failed',
          fields: [{ field: 'url', message: expect.stringMatching(/WEBHOOK_ALLOW_PRIVATE/) }],
        },
      });
    }
    expect(tableCounts(t.dir)).toEqual(before);
  });

  it('always refuses unspecified hosts and schemes other than http(s)', async () => {
    t = await makeTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    for (const url of [
      'http://0.0.0.0:8080/',
      'http://[::]/',
      'http://224.0.0.1/',
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
    ]) {
      const res = await register(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        error: { code: 'validation_failed', fields: [{ field: 'url' }] },
      });
    }
  });

  it('says a url the URL parser refuses is not a valid URL, and one of another kind why it is refused', async () => {
    t = await makeTestApp();
    for (const url of ['http://x.example:65536/', 'http://x y.example/', 'not a url']) {
      expect((await register(t, url)).json().error.fields, url).toEqual([
        { field: 'url', message: 'url is not a valid URL' },
      ]);
    }
    for (const url of ['ftp://x.example/', 'https://user:pw@x.example/']) {
      expect((await register(t, url)).json().error.fields, url).toEqual([
        { field: 'url', message: 'url must be an http(s) URL without credentials' },
      ]);
    }
  });

  it('allows loopback, private and named hosts', async () => {
    t = await makeTestApp();
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://localhost:9000/hook',
      'http://[::1]:9000/hook',
      'http://10.0.0.5/hook',
      'http://172.16.4.2/hook',
      'http://192.168.1.20:8080/hook',
      'http://[fd12::5]/hook',
      'https://receiver.example/hook',
    ]) {
      expect((await register(t, url)).statusCode, url).toBe(201);
    }
  });

  it('allows link-local and metadata hosts with WEBHOOK_ALLOW_PRIVATE=true', async () => {
    t = await makeTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    for (const url of LINK_LOCAL) expect((await register(t, url)).statusCode, url).toBe(201);
  });
});

describe('operator routes check the key before they read the request', () => {
  it('answers 401 without a key and 403 with a trial key before a malformed path or query is named', async () => {
    t = await makeTestApp({ LIFECYCLE_REQUIRES_KEY: 'true' });
    const issued = await t.app.inject({ method: 'POST', url: '/trial-key' });
    const trial = { authorization: `Bearer ${(issued.json() as { key: string }).key}` };
    for (const [method, url] of [
      // An id longer than any webhook's.
      ['DELETE', `/webhooks/${'x'.repeat(65)}`],
      ['GET', '/lifecycle/not%20a%20wallet'],
      ['GET', '/lifecycle/wallet_1?limit=-1'],
      ['GET', '/lifecycle/not%20a%20wallet/export'],
    ] as const) {
      const without = await t.app.inject({ method, url });
      expect(without.statusCode, `${method} ${url}`).toBe(401);
      expect(JSON.stringify(without.json()), url).not.toMatch(/wallet|limit|\bid\b/);
      const wrong = await t.app.inject({ method, url, headers: trial });
      expect(wrong.statusCode, `${method} ${url} with a trial key`).toBe(403);
      // With the key, the request is read and what is wrong with it named.
      const keyed = await t.app.inject({ method, url, headers: { authorization: operator.authorization } });
      expect(keyed.statusCode, `${method} ${url} with the key`).toBe(400);
      expect(keyed.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    // The body too: without the key, a body that is not JSON, or not sent as JSON, is not read.
    for (const [type, payload] of [
      ['application/json', '{"url": '],
      ['application/json', '{"url": "http://127.0.0.1/", "url": "http://127.0.0.1/"}'],
      ['text/plain', 'http://127.0.0.1/'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webhooks/register',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(401);
      // Its body unread, the connection is not kept for another request.
      expect(res.headers['connection']).toBe('close');
    }
  });
});
