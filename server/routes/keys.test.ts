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
