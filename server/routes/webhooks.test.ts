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
