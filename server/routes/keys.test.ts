import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../http/auth.js';
import { ADMIN_KEY, makeTestApp, tableCounts, type TestApp } from '../test-helpers.js';
import { KeyInfoSchema, TrialKeyResponseSchema } from './keys.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ TRIAL_KEYS_PER_HOUR: '2', TRIAL_KEY_QUOTA: '7', TRIAL_KEY_DAYS: '10' });
});
afterEach(async () => {
  await t.close();
});

describe('POST /trial-key', () => {
  it('issues a key without credentials, shown once and stored only as its SHA-256', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trial-key' });
    expect(res.statusCode).toBe(201);
    const body = TrialKeyResponseSchema.parse(res.json());
    expect(body).toMatchObject({ tier: 'trial', quota: 7, expires_in_days: 10 });
    expect(Math.abs(Date.parse(body.expires_at) - Date.now() - 10 * 86_400_000)).toBeLessThan(60_000);
    expect(await t.store.keys.trialKey(sha256Hex(body.key))).toMatchObject({ quota: 7, used: 0 });
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(`${t.dir}/zap1.sqlite`, { readonly: true });
    const dump = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
    db.close();
    expect(dump).not.toContain(body.key.slice('zap1_trial_'.length));
  });

  it('limits issuance per client address with 429 and Retry-After, writing nothing', async () => {
    const from = (ip: string) => t.app.inject({ method: 'POST', url: '/trial-key', remoteAddress: ip });
    expect((await from('10.0.0.1')).statusCode).toBe(201);
    expect((await from('10.0.0.1')).statusCode).toBe(201);
    const before = tableCounts(t.dir);
    const res = await from('10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(tableCounts(t.dir)).toEqual(before);
    expect((await from('10.0.0.2')).statusCode).toBe(201);
  });

  it('behind one proxy, limits the address the proxy saw however the client spoofs X-Forwarded-For', async () => {
    const proxied = await makeTestApp({ TRIAL_KEYS_PER_HOUR: '2', TRUST_PROXY: '1' });
    try {
      // The client writes its own leftmost address each time; the proxy (10.0.0.9) appends the real one.
      const from = (spoofed: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/trial-key',
          remoteAddress: '10.0.0.9',
          headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.7` },
        });
      const codes = [];
      for (let i = 1; i <= 4; i++) codes.push((await from(`203.0.113.${i}`)).statusCode);
      expect(codes).toEqual([201, 201, 429, 429]);
      const other = await proxied.app.inject({
        method: 'POST',
        url: '/trial-key',
        remoteAddress: '10.0.0.9',
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('counts IPv6 clients by their /64: two addresses in one share the limit, another /64 does not', async () => {
    const from = (ip: string) => t.app.inject({ method: 'POST', url: '/trial-key', remoteAddress: ip });
    expect((await from('2001:db8:1:2::1')).statusCode).toBe(201);
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode).toBe(201);
    const res = await from('2001:DB8:1:2:ffff::9');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(201);
  });

  describe('from browsers', () => {
    const victim = '198.51.100.20';
    const post = (app: TestApp['app'], headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/trial-key',
        remoteAddress: victim,
        headers: { host: 'zap1.example', ...headers },
      });

    it("refuses another site's page with 403 cross_site_request, spending nothing of its visitor's limit", async () => {
      const before = tableCounts(t.dir);
      // What fetch(…, {mode: 'no-cors', method: 'POST'}) from another site sends, many times over.
      for (let i = 0; i < 6; i++) {
        const res = await post(t.app, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('cross_site_request');
        // Without Sec-Fetch-Site (older browsers), the Origin alone says so.
        expect((await post(t.app, { origin: 'https://evil.example' })).statusCode).toBe(403);
        expect((await post(t.app, { origin: 'null' })).statusCode).toBe(403);
        // A sibling subdomain is someone else's unless CORS_ORIGINS lists it.
        const sibling = { 'sec-fetch-site': 'same-site', origin: 'https://user.zap1.example' };
        expect((await post(t.app, sibling)).statusCode).toBe(403);
      }
      expect(tableCounts(t.dir)).toEqual(before);
      // The visitor's own page still gets its keys (the limit is 2 an hour here).
      const own = { 'sec-fetch-site': 'same-origin', origin: 'http://zap1.example' };
      expect((await post(t.app, own)).statusCode).toBe(201);
      expect((await post(t.app, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
      expect((await post(t.app, own)).statusCode).toBe(429);
    });

    it('issues to its own origin, a user action and clients that are not browsers', async () => {
      const codes = [
        // An older browser on this site: Origin only.
        (await post(t.app, { origin: 'http://zap1.example' })).statusCode,
        (await post(t.app, { 'sec-fetch-site': 'none' })).statusCode,
      ];
      expect(codes).toEqual([201, 201]);
      // curl and the ZAP1 clients send neither header.
      expect((await t.app.inject({ method: 'POST', url: '/trial-key' })).statusCode).toBe(201);
    });

    it('issues to an origin CORS_ORIGINS allows, and behind trusted proxies to the origin they report', async () => {
      const allowed = await makeTestApp({
        CORS_ORIGINS: 'https://app.example',
        TRUST_PROXY: '1',
        TRIAL_KEYS_PER_HOUR: '5',
      });
      try {
        const via = { 'x-forwarded-for': '198.51.100.21' };
        const app = allowed.app;
        const cors = await post(app, {
          ...via,
          'sec-fetch-site': 'cross-site',
          origin: 'https://app.example',
        });
        expect(cors.statusCode).toBe(201);
        expect(cors.headers['access-control-allow-origin']).toBe('https://app.example');
        const other = { ...via, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
        expect((await post(app, other)).statusCode).toBe(403);
        // TLS ends at the proxy: the page is https://zap1.example, the service hears http.
        const tls = { ...via, 'x-forwarded-proto': 'https', origin: 'https://zap1.example' };
        expect((await post(app, tls)).statusCode).toBe(201);
      } finally {
        await allowed.close();
      }
    });

    it('issues to any origin when CORS_ORIGINS is *', async () => {
      const open = await makeTestApp({ CORS_ORIGINS: '*' });
      try {
        const res = await post(open.app, {
          'sec-fetch-site': 'cross-site',
          origin: 'https://elsewhere.example',
        });
        expect(res.statusCode).toBe(201);
      } finally {
        await open.close();
      }
    });
  });

  it('ignores a request body it does not need, but still bounds it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trial-key',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(70_000),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /key', () => {
  it('describes a trial key and the operator key', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/trial-key' })).json().key;
    const trial = await t.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
    expect(KeyInfoSchema.parse(trial.json())).toMatchObject({ tier: 'trial', quota: 7, used: 0 });
    const op = await t.app.inject({ url: '/key', headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(op.json()).toEqual({
      tier: 'operator',
      quota: null,
      used: null,
      expires_at: null,
      key_id: 'operator',
    });
  });

  it.each([
    ['no header', {}, 'unauthorized'],
    ['unknown key', { authorization: 'Bearer zap1_trial_ffffffffffffffffffffffffffffffff' }, 'unauthorized'],
    ['lowercase bearer', { authorization: `bearer ${ADMIN_KEY}` }, 'unauthorized'],
    ['token only', { authorization: ADMIN_KEY }, 'unauthorized'],
  ])('%s → 401', async (_name, headers, code) => {
    const res = await t.app.inject({ url: '/key', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(code);
  });

  it('says key_expired for an expired key', async () => {
    const key = 'zap1_trial_0000000000000000000000000000000a';
    await t.store.keys.insertTrialKey({
      keyHash: sha256Hex(key),
      quota: 1,
      used: 0,
      createdAt: '2020-01-01T00:00:00.000Z',
      expiresAt: '2020-02-01T00:00:00.000Z',
    });
    const res = await t.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('key_expired');
  });
});
