import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WRITE_API_EVENT_TYPES, leafHash } from 'zap1';
import { merkleRoot } from 'zap1/testing';
import { sha256Hex } from '../http/auth.js';
import {
  ADMIN_KEY,
  HEX_A,
  contractEvent,
  makeTestApp,
  operator,
  submitContractEvent,
  tableCounts,
  validEvent,
  type TestApp,
} from '../test-helpers.js';
import { EventResponseSchema } from './event.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ TRIAL_KEY_QUOTA: '3', EVENTS_PER_MINUTE: '1000' });
});
afterEach(async () => {
  await t.close();
});

async function post(body: unknown, headers: Record<string, string> = operator) {
  return t.app.inject({
    method: 'POST',
    url: '/event',
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function allLeaves(): Promise<string[]> {
  const count = await t.store.leaves.leafCount();
  return (
    Buffer.from(await t.store.leaves.leafBytes(1, count))
      .toString('hex')
      .match(/.{64}/g) ?? []
  );
}

describe('POST /event happy paths', () => {
  it.each(WRITE_API_EVENT_TYPES.map((type) => [type]))(
    'records a %s event durably with the reference shape',
    async (type) => {
      const body = validEvent(type);
      const res = await post(body);
      expect(res.statusCode).toBe(201);
      const json = EventResponseSchema.parse(res.json());
      expect(json.status).toBe('created');
      expect(json.event_type).toBe(type);
      expect(json.verify_url).toBe(`/verify/${json.leaf_hash}/check`);
      expect(json.subject_kind).toBe(type.startsWith('AGENT_') ? 'agent' : 'wallet');
      const expectedLeaf = leafHash(
        json.timestamp === undefined ? body : { ...body, timestamp: json.timestamp },
      );
      expect(json.leaf_hash).toBe(expectedLeaf);
      expect(json.root_hash).toBe(merkleRoot([expectedLeaf]));
      expect((await t.store.leaves.leafByHash(expectedLeaf))?.position).toBe(1);
      if (type === 'DEPLOYMENT' || type === 'EXIT') {
        expect(Math.abs(json.timestamp! - Date.now() / 1000)).toBeLessThan(5);
        expect((await t.store.leaves.leafByHash(expectedLeaf))?.timestamp).toBe(json.timestamp);
      } else {
        expect(json.timestamp).toBeUndefined();
      }
    },
  );

  it('answers a duplicate leaf with 200 "exists", the current root, and links the second wallet', async () => {
    const first = await post(contractEvent(1, 'alice'));
    await post(contractEvent(2, 'carol'));
    const again = await post(contractEvent(1, 'bob'));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    const json = EventResponseSchema.parse(again.json());
    expect(json.status).toBe('exists');
    expect(json.wallet_hash).toBe('bob');
    expect(json.leaf_hash).toBe(first.json().leaf_hash);
    expect(json.root_hash).toBe(merkleRoot(await allLeaves()));
    expect(await t.store.leaves.leafCount()).toBe(2);
    const life = await t.app.inject({ url: '/lifecycle/bob' });
    expect(life.statusCode).toBe(200);
    expect(life.json().events.map((e: { leaf_hash: string }) => e.leaf_hash)).toEqual([json.leaf_hash]);
  });

  it('commits concurrent requests in batches, in one order shared by the tree and the store', async () => {
    const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => post(contractEvent(i))));
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect(await t.store.leaves.leafCount()).toBe(300);
    const root = merkleRoot(await allLeaves());
    const status = await t.app.inject({ url: '/anchor/status' });
    expect(status.json().current_root).toBe(root);
    // Every answer names a root that already contains its leaf.
    for (const r of responses) {
      const { leaf_hash: leaf } = r.json();
      const proof = await t.app.inject({ url: `/verify/${leaf}/check` });
      expect(proof.json().valid).toBe(true);
    }
  });
});

describe('POST /event trial keys', () => {
  async function trialKey(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/trial-key' });
    return res.json().key;
  }

  it('spends quota only on accepted events, and answers 403 quota_exhausted when used up', async () => {
    const key = await trialKey();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    expect((await post({ event_type: 'CONTRACT_ANCHOR', wallet_hash: 'w' }, headers)).statusCode).toBe(400);
    expect((await post({ ...contractEvent(1), extra: 1 }, headers)).statusCode).toBe(400);
    expect((await t.store.keys.trialKey(sha256Hex(key)))?.used).toBe(0);
    for (let i = 0; i < 3; i++) expect((await post(contractEvent(i), headers)).statusCode).toBe(201);
    const before = tableCounts(t.dir);
    const res = await post(contractEvent(9), headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('quota_exhausted');
    expect(tableCounts(t.dir)).toEqual(before);
    const info = await t.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
    expect(info.json()).toMatchObject({ tier: 'trial', quota: 3, used: 3 });
  });

  it('does not let concurrent requests overspend a trial key', async () => {
    const key = await trialKey();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(contractEvent(i), headers)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(7);
    expect(await t.store.leaves.leafCount()).toBe(3);
  });

  it('a duplicate spends one quota unit, since it writes the wallet link', async () => {
    const key = await trialKey();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    await post(contractEvent(1, 'a'), headers);
    expect((await post(contractEvent(1, 'b'), headers)).statusCode).toBe(200);
    expect((await t.store.keys.trialKey(sha256Hex(key)))?.used).toBe(2);
    // The same event again links nothing new: it answers the same and spends nothing.
    const again = await post(contractEvent(1, 'b'), headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('exists');
    expect((await t.store.keys.trialKey(sha256Hex(key)))?.used).toBe(2);
  });

  it('answers the retry of the last unit with exists, and refuses only what would spend past the quota', async () => {
    const key = await trialKey();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    for (let n = 1; n <= 3; n++) expect((await post(contractEvent(n, 'last'), headers)).statusCode).toBe(201);
    // The quota (3) is used up; the third event sent again, as after a lost answer:
    const retry = await post(contractEvent(3, 'last'), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('exists');
    const fourth = await post(contractEvent(4, 'last'), headers);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.code).toBe('quota_exhausted');
    expect((await t.store.keys.trialKey(sha256Hex(key)))?.used).toBe(3);
  });
});

describe('POST /event rate limit per trial key', () => {
  it('answers 429 with Retry-After beyond EVENTS_PER_MINUTE, counting only valid events', async () => {
    const limited = await makeTestApp({ EVENTS_PER_MINUTE: '2' });
    try {
      const key = (await limited.app.inject({ method: 'POST', url: '/trial-key' })).json().key;
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const send = (n: number) =>
        limited.app.inject({ method: 'POST', url: '/event', headers, payload: contractEvent(n) });
      // Refused bodies change nothing, not even the minute's count.
      for (let i = 0; i < 3; i++) {
        const refused = await limited.app.inject({
          method: 'POST',
          url: '/event',
          headers,
          payload: { ...contractEvent(9), wallet_hash: 'not a wallet' },
        });
        expect(refused.statusCode).toBe(400);
      }
      expect((await send(1)).statusCode).toBe(201);
      expect((await send(2)).statusCode).toBe(201);
      const res = await send(3);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.store.leaves.leafCount()).toBe(2);
      // The operator key is not limited.
      await submitContractEvent(limited, 4);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /event bad input: never a 5xx, never a write', () => {
  const json = 'application/json';
  const auth = `Bearer ${ADMIN_KEY}`;
  const good = contractEvent(1);
  const big = JSON.stringify({ ...good, serial_number: 'x'.repeat(70 * 1024) });
  type Case = [
    name: string,
    body: string | Buffer,
    headers: Record<string, string>,
    status: number,
    code: string,
  ];
  const h = (extra: Record<string, string> = {}) => ({ authorization: auth, 'content-type': json, ...extra });
  const cases: Case[] = [
    ['malformed JSON', '{"event_type": ', h(), 400, 'invalid_json'],
    ['trailing garbage', `${JSON.stringify(good)}x`, h(), 400, 'invalid_json'],
    ['empty body', '', h(), 400, 'invalid_json'],
    ['__proto__ key', '{"__proto__": {"x": 1}, "event_type": "EXIT"}', h(), 400, 'invalid_json'],
    [
      'invalid UTF-8 in a field',
      Buffer.concat([
        Buffer.from(JSON.stringify({ ...good, serial_number: 'S-' }).replace('"S-"', '"S-')),
        Buffer.from([0xff, 0xfe, 0x22, 0x7d]),
      ]),
      h(),
      400,
      'invalid_json',
    ],
    [
      'charset latin1',
      JSON.stringify(good),
      h({ 'content-type': 'application/json; charset=iso-8859-1' }),
      415,
      'unsupported_media_type',
    ],
    [
      'charset UTF-16',
      JSON.stringify(good),
      h({ 'content-type': 'application/json;charset="UTF-16"' }),
      415,
      'unsupported_media_type',
    ],
    ['repeated key', JSON.stringify(good).replace('{', '{"wallet_hash":"first",'), h(), 400, 'invalid_json'],
    [
      'repeated key, escaped',
      JSON.stringify(good).replace('{', '{"wallet\\u005fhash":"first",'),
      h(),
      400,
      'invalid_json',
    ],
    ['text/plain', JSON.stringify(good), h({ 'content-type': 'text/plain' }), 415, 'unsupported_media_type'],
    ['application/xml', '<x/>', h({ 'content-type': 'application/xml' }), 415, 'unsupported_media_type'],
    [
      'form encoded',
      'a=b',
      h({ 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    ],
    ['body over 64 KiB', big, h(), 413, 'payload_too_large'],
    ['JSON array', '[]', h(), 400, 'validation_failed'],
    ['JSON string', '"CONTRACT_ANCHOR"', h(), 400, 'validation_failed'],
    ['JSON null', 'null', h(), 400, 'validation_failed'],
    ['JSON number', '42', h(), 400, 'validation_failed'],
    ['empty object', '{}', h(), 400, 'validation_failed'],
    ['missing event_type', JSON.stringify({ ...good, event_type: undefined }), h(), 400, 'validation_failed'],
    [
      'missing wallet_hash',
      JSON.stringify({ ...good, wallet_hash: undefined }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'missing serial_number',
      JSON.stringify({ ...good, serial_number: undefined }),
      h(),
      400,
      'validation_failed',
    ],
    ['extra field', JSON.stringify({ ...good, color: 'red' }), h(), 400, 'unknown_field'],
    ['client timestamp', JSON.stringify({ ...validEvent('EXIT'), timestamp: 1 }), h(), 400, 'unknown_field'],
    ['wallet_hash number', JSON.stringify({ ...good, wallet_hash: 5 }), h(), 400, 'validation_failed'],
    ['wallet_hash null', JSON.stringify({ ...good, wallet_hash: null }), h(), 400, 'validation_failed'],
    [
      'month as string',
      JSON.stringify({ ...validEvent('HOSTING_PAYMENT'), month: '3' }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'month 13',
      JSON.stringify({ ...validEvent('HOSTING_PAYMENT'), month: 13 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'year fraction',
      JSON.stringify({ ...validEvent('SHIELD_RENEWAL'), year: 2026.5 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'year huge',
      JSON.stringify({ ...validEvent('SHIELD_RENEWAL'), year: 1e300 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'amount negative',
      JSON.stringify({ ...validEvent('STAKING_DEPOSIT'), amount_zat: -1 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'amount over supply',
      JSON.stringify({ ...validEvent('STAKING_DEPOSIT'), amount_zat: 2.2e15 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'amount boolean',
      JSON.stringify({ ...validEvent('STAKING_DEPOSIT'), amount_zat: true }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'policy_version 0',
      JSON.stringify({ ...validEvent('AGENT_POLICY'), policy_version: 0 }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'non-hex hash',
      JSON.stringify({ ...good, contract_sha256: 'z'.repeat(64) }),
      h(),
      400,
      'validation_failed',
    ],
    [
      '63-char hash',
      JSON.stringify({ ...good, contract_sha256: 'a'.repeat(63) }),
      h(),
      400,
      'validation_failed',
    ],
    [
      '65-char hash',
      JSON.stringify({ ...good, contract_sha256: 'a'.repeat(65) }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'uppercase hash',
      JSON.stringify({ ...good, contract_sha256: HEX_A.toUpperCase() }),
      h(),
      400,
      'validation_failed',
    ],
    [
      '0x-prefixed hash',
      JSON.stringify({ ...good, contract_sha256: `0x${'a'.repeat(62)}` }),
      h(),
      400,
      'validation_failed',
    ],
    ['unknown event type', JSON.stringify({ ...good, event_type: 'FOO' }), h(), 400, 'validation_failed'],
    [
      'lowercase event type',
      JSON.stringify({ ...good, event_type: 'contract_anchor' }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'system type PROGRAM_ENTRY',
      JSON.stringify({ ...good, event_type: 'PROGRAM_ENTRY' }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'system type MERKLE_ROOT',
      JSON.stringify({ ...good, event_type: 'MERKLE_ROOT' }),
      h(),
      400,
      'validation_failed',
    ],
    ['event_type number', JSON.stringify({ ...good, event_type: 3 }), h(), 400, 'validation_failed'],
    [
      'control char in serial',
      JSON.stringify({ ...good, serial_number: 'a\u0001b' }),
      h(),
      400,
      'validation_failed',
    ],
    ['newline in serial', JSON.stringify({ ...good, serial_number: 'a\nb' }), h(), 400, 'validation_failed'],
    ['NUL in wallet', JSON.stringify({ ...good, wallet_hash: 'a\u0000' }), h(), 400, 'validation_failed'],
    ['non-ASCII wallet', JSON.stringify({ ...good, wallet_hash: 'wället' }), h(), 400, 'validation_failed'],
    ['empty wallet', JSON.stringify({ ...good, wallet_hash: '' }), h(), 400, 'validation_failed'],
    [
      '10 KB serial',
      JSON.stringify({ ...good, serial_number: 'x'.repeat(10_000) }),
      h(),
      400,
      'validation_failed',
    ],
    [
      '10 KB wallet',
      JSON.stringify({ ...good, wallet_hash: 'x'.repeat(10_000) }),
      h(),
      400,
      'validation_failed',
    ],
    [
      'agent_id differs',
      JSON.stringify({ ...validEvent('AGENT_ACTION'), agent_id: 'other' }),
      h(),
      400,
      'validation_failed',
    ],
    ['no Authorization', JSON.stringify(good), { 'content-type': json }, 401, 'unauthorized'],
    [
      'unknown key',
      JSON.stringify(good),
      h({ authorization: 'Bearer zap1_trial_0123456789abcdef0123456789abcdef' }),
      401,
      'unauthorized',
    ],
    ['garbage key', JSON.stringify(good), h({ authorization: 'Bearer nope' }), 401, 'unauthorized'],
    [
      'bearer lowercase',
      JSON.stringify(good),
      h({ authorization: `bearer ${ADMIN_KEY}` }),
      401,
      'unauthorized',
    ],
    [
      'BEARER uppercase',
      JSON.stringify(good),
      h({ authorization: `BEARER ${ADMIN_KEY}` }),
      401,
      'unauthorized',
    ],
    [
      'Bearer misspelt',
      JSON.stringify(good),
      h({ authorization: `Baerer ${ADMIN_KEY}` }),
      401,
      'unauthorized',
    ],
    [
      'Bearer two spaces',
      JSON.stringify(good),
      h({ authorization: `Bearer  ${ADMIN_KEY}` }),
      401,
      'unauthorized',
    ],
    ['Bearer no token', JSON.stringify(good), h({ authorization: 'Bearer ' }), 401, 'unauthorized'],
    ['Basic scheme', JSON.stringify(good), h({ authorization: `Basic ${ADMIN_KEY}` }), 401, 'unauthorized'],
    [
      'operator key with suffix',
      JSON.stringify(good),
      h({ authorization: `Bearer ${ADMIN_KEY}x` }),
      401,
      'unauthorized',
    ],
  ];

  it.each(cases)('%s → %i %s', async (_name, body, headers, status, code) => {
    const before = tableCounts(t.dir);
    const res = await t.app.inject({ method: 'POST', url: '/event', headers, payload: body });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const error = res.json().error;
    expect(error.code).toBe(code);
    expect(typeof error.message).toBe('string');
    if (code === 'validation_failed' || code === 'unknown_field')
      expect(error.fields.length).toBeGreaterThan(0);
    expect(tableCounts(t.dir)).toEqual(before);
  });

  it('names the failing fields with validateEvent messages', async () => {
    const res = await post({ ...good, contract_sha256: HEX_A.toUpperCase(), serial_number: 'a\u0007' });
    const fields = res.json().error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['contract_sha256', 'serial_number']));
  });

  it("refuses fields the event type's leaf does not commit to, naming them, and writes nothing", async () => {
    const before = tableCounts(t.dir);
    const res = await post({ ...validEvent('HOSTING_PAYMENT'), contract_sha256: HEX_A, agent_id: 'agent_1' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('unknown_field');
    expect(error.fields.map((f: { field: string }) => f.field)).toEqual(['contract_sha256', 'agent_id']);
    expect(error.fields[0].message).toContain('HOSTING_PAYMENT');
    expect(tableCounts(t.dir)).toEqual(before);
    // Thousands of invented keys: the first 20 are named, the rest counted; the answer stays small.
    const invented = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 1]));
    const flood = await post({ ...validEvent('HOSTING_PAYMENT'), ...invented });
    expect(flood.statusCode).toBe(400);
    expect(flood.json().error.fields).toHaveLength(20);
    expect(flood.json().error.message).toMatch(/: k0, k1, .*, k19 and 4980 more$/);
    expect(flood.body.length).toBeLessThan(4000);
    const longNames = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}`.padEnd(3000, 'x'), 1]));
    const long = await post({ ...validEvent('HOSTING_PAYMENT'), ...longNames });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0].field).toBe(`${'0'.padEnd(64, 'x')}…`);
    expect(long.body.length).toBeLessThan(10_000);
    expect(tableCounts(t.dir)).toEqual(before);
  });

  it('never reads a key from the query string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/event?key=${ADMIN_KEY}`,
      headers: { 'content-type': json },
      payload: JSON.stringify(good),
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects expired and used-up trial keys without writing', async () => {
    const now = Date.now();
    await t.store.keys.insertTrialKey({
      keyHash: sha256Hex('zap1_trial_00000000000000000000000000000001'),
      quota: 5,
      used: 0,
      createdAt: new Date(now - 2e9).toISOString(),
      expiresAt: new Date(now - 1000).toISOString(),
    });
    await t.store.keys.insertTrialKey({
      keyHash: sha256Hex('zap1_trial_00000000000000000000000000000002'),
      quota: 1,
      used: 1,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 1e9).toISOString(),
    });
    const before = tableCounts(t.dir);
    const expired = await post(good, {
      authorization: 'Bearer zap1_trial_00000000000000000000000000000001',
      'content-type': json,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('key_expired');
    const usedUp = await post(good, {
      authorization: 'Bearer zap1_trial_00000000000000000000000000000002',
      'content-type': json,
    });
    expect(usedUp.statusCode).toBe(403);
    expect(usedUp.json().error.code).toBe('quota_exhausted');
    expect(tableCounts(t.dir)).toEqual(before);
  });
});
