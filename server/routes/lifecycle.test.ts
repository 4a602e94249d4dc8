/** /lifecycle/{wallet} and its export never reveal another wallet that submitted the same leaf. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExport } from 'zap1';
import { contractEvent, makeTestApp, operator, type TestApp } from '../test-helpers.js';
import { ExportPackageSchema, LifecycleResponseSchema } from './lifecycle.js';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
  // CONTRACT_ANCHOR does not hash wallet_hash: the second wallet's submission is a duplicate (decision 4).
  const submit = (wallet: string) =>
    t.app.inject({ method: 'POST', url: '/event', headers: operator, payload: contractEvent(1, wallet) });
  expect((await submit('first_wallet')).json().status).toBe('created');
  expect((await submit('second_wallet')).json().status).toBe('exists');
});
afterAll(async () => {
  await t.close();
});

describe('duplicates in /lifecycle/{wallet}', () => {
  it('the export names the requested wallet, never the first submitter', async () => {
    const res = await t.app.inject({ url: '/lifecycle/second_wallet/export' });
    expect(res.statusCode).toBe(200);
    const pkg = ExportPackageSchema.parse(res.json());
    expect(pkg.proofs).toHaveLength(1);
    expect(pkg.proofs[0]!.wallet_hash).toBe('second_wallet');
    expect(pkg.proofs[0]!.witness.wallet_hash_preimage).toBe('second_wallet');
    expect(res.body).not.toContain('first_wallet');
    expect(verifyExport(pkg)).toMatchObject({ valid: true });
  });

  it('the first submitter still sees its own wallet', async () => {
    const pkg = ExportPackageSchema.parse(
      (await t.app.inject({ url: '/lifecycle/first_wallet/export' })).json(),
    );
    expect(pkg.proofs[0]!.wallet_hash).toBe('first_wallet');
    expect(pkg.proofs[0]!.leaf_hash).toBe(
      ExportPackageSchema.parse((await t.app.inject({ url: '/lifecycle/second_wallet/export' })).json())
        .proofs[0]!.leaf_hash,
    );
  });

  it('the lifecycle body of the duplicate does not reveal the first submitter', async () => {
    const res = await t.app.inject({ url: '/lifecycle/second_wallet' });
    const body = LifecycleResponseSchema.parse(res.json());
    expect(body).toMatchObject({ wallet_hash: 'second_wallet', event_count: 1 });
    expect(res.body).not.toContain('first_wallet');
  });
});

describe('lifecycle pages and the streamed export', () => {
  let big: TestApp;
  const WALLET = 'busy_wallet';
  const EVENTS = 620;
  beforeAll(async () => {
    big = await makeTestApp();
    const posts = Array.from({ length: EVENTS }, (_, n) =>
      big.app.inject({ method: 'POST', url: '/event', headers: operator, payload: contractEvent(n, WALLET) }),
    );
    for (const res of await Promise.all(posts)) expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await big.close();
  });

  it('answers 250 events by default with a Link to the next page, and the pages together hold every event once', async () => {
    const seen: string[] = [];
    let url: string | null = `/lifecycle/${WALLET}`;
    let pages = 0;
    while (url !== null) {
      const res: Awaited<ReturnType<TestApp['app']['inject']>> = await big.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const body = LifecycleResponseSchema.parse(res.json());
      expect(body.event_count).toBe(EVENTS);
      expect(body.events.length).toBeLessThanOrEqual(250);
      seen.push(...body.events.map((e) => e.leaf_hash));
      const link: unknown = res.headers['link'];
      url = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(EVENTS);
    expect(new Set(seen).size).toBe(EVENTS);
  });

  it('clamps a page to 1,000 and refuses a zero or malformed limit', async () => {
    const res = await big.app.inject({ url: `/lifecycle/${WALLET}?limit=5000` });
    expect(LifecycleResponseSchema.parse(res.json()).events).toHaveLength(EVENTS);
    expect(res.headers['link']).toBeUndefined();
    for (const bad of ['limit=0', 'limit=abc', 'after=-1']) {
      const refused = await big.app.inject({ url: `/lifecycle/${WALLET}?${bad}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
  });

  it('streams an export of every event, in batches, that verifies', async () => {
    const res = await big.app.inject({ url: `/lifecycle/${WALLET}/export` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="zap1-export-${WALLET}.json"`);
    // Streamed: no Content-Length, the body is sent as it is made.
    expect(res.headers['content-length']).toBeUndefined();
    const pkg = ExportPackageSchema.parse(res.json());
    expect(pkg.proofs).toHaveLength(EVENTS);
    expect(verifyExport(pkg)).toMatchObject({ valid: true });
  });

  it('answers 404 for an unknown wallet before any body is streamed', async () => {
    const res = await big.app.inject({ url: '/lifecycle/nobody_here/export' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('who wrote to a lifecycle (WALLET_WRITES)', () => {
  async function trialKey(app: TestApp): Promise<{ key: string; keyId: string }> {
    const issued = await app.app.inject({ method: 'POST', url: '/trial-key' });
    const key = String(issued.json().key);
    const info = await app.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
    return { key, keyId: String(info.json().key_id) };
  }
  const write = (app: TestApp, key: string, n: number) =>
    app.app.inject({
      method: 'POST',
      url: '/event',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: contractEvent(n, 'shared_wallet'),
    });

  it('shows the key id of each event and the first key; by default any key may add', async () => {
    const app = await makeTestApp({ TRIAL_KEYS_PER_HOUR: '10' });
    try {
      const a = await trialKey(app);
      const b = await trialKey(app);
      expect(a.keyId).toMatch(/^key_[0-9a-f]{16}$/);
      expect(a.keyId).not.toBe(b.keyId);
      expect(a.keyId).not.toContain(a.key.slice('zap1_trial_'.length, 20));
      expect((await write(app, a.key, 1)).statusCode).toBe(201);
      expect((await write(app, b.key, 2)).statusCode).toBe(201);
      const res = await app.app.inject({ url: '/lifecycle/shared_wallet' });
      const body = LifecycleResponseSchema.parse(res.json());
      expect(body.first_key_id).toBe(a.keyId);
      expect(body.events.map((e) => e.key_id)).toEqual([a.keyId, b.keyId]);
      // Each item's 0-based position in the tree, the one /verify/{leaf}/check gives.
      expect(body.events.map((e) => e.position)).toEqual([0, 1]);
      const check = await app.app.inject({ url: `/verify/${body.events[1]!.leaf_hash}/check` });
      expect(check.json().position).toBe(1);
      expect(res.body).not.toContain(a.key);
      expect(res.body).not.toContain(b.key);
    } finally {
      await app.close();
    }
  });

  it('with first-key refuses other keys (403, no quota spent, nothing written) but not the operator', async () => {
    const app = await makeTestApp({ TRIAL_KEYS_PER_HOUR: '10', WALLET_WRITES: 'first-key' });
    try {
      const a = await trialKey(app);
      const b = await trialKey(app);
      expect((await write(app, a.key, 1)).statusCode).toBe(201);
      const refused = await write(app, b.key, 2);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'wallet_key_mismatch' });
      expect(refused.json().error.message).toContain(a.keyId);
      const bInfo = await app.app.inject({ url: '/key', headers: { authorization: `Bearer ${b.key}` } });
      expect(bInfo.json().used).toBe(0);
      expect((await write(app, a.key, 3)).statusCode).toBe(201);
      const byOperator = await app.app.inject({
        method: 'POST',
        url: '/event',
        headers: operator,
        payload: contractEvent(4, 'shared_wallet'),
      });
      expect(byOperator.statusCode).toBe(201);
      const body = LifecycleResponseSchema.parse(
        (await app.app.inject({ url: '/lifecycle/shared_wallet' })).json(),
      );
      expect(body.events.map((e) => e.key_id)).toEqual([a.keyId, a.keyId, 'operator']);
    } finally {
      await app.close();
    }
  });
});

describe('a TRANSFER in both lifecycles', () => {
  it('shows out of the old owner with the new one, and into the new owner with the old one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/event',
      headers: operator,
      payload: {
        event_type: 'TRANSFER',
        wallet_hash: 'seller_wallet',
        new_wallet_hash: 'buyer_wallet',
        serial_number: 'Z15P-7',
      },
    });
    expect(res.statusCode).toBe(201);
    const lifecycle = async (wallet: string) =>
      LifecycleResponseSchema.parse((await t.app.inject({ url: `/lifecycle/${wallet}` })).json());
    expect((await lifecycle('seller_wallet')).events[0]).toMatchObject({
      event_type: 'TRANSFER',
      direction: 'out',
      counterparty_wallet: 'buyer_wallet',
    });
    expect((await lifecycle('buyer_wallet')).events[0]).toMatchObject({
      leaf_hash: res.json().leaf_hash,
      direction: 'in',
      counterparty_wallet: 'seller_wallet',
    });
    // Other events carry neither field.
    expect((await lifecycle('first_wallet')).events[0]).not.toHaveProperty('direction');
    // The buyer's export proves the transfer with the preimage the leaf was hashed from.
    const pkg = ExportPackageSchema.parse(
      (await t.app.inject({ url: '/lifecycle/buyer_wallet/export' })).json(),
    );
    expect(pkg.proofs[0]?.witness.wallet_hash_preimage).toBe('seller_wallet');
    expect(verifyExport(pkg)).toMatchObject({ valid: true });
  });
});
