/**
 * POST /event under WALLET_WRITES=first-key: every wallet an event links to is checked (a
 * TRANSFER's new_wallet_hash as well as its wallet_hash), and with LIFECYCLE_REQUIRES_KEY the
 * refusal does not name the wallet's first key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LifecycleResponseSchema } from './lifecycle.js';
import { contractEvent, makeTestApp, operator, tableCounts, type TestApp } from '../test-helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function open(env: Record<string, string>): Promise<TestApp> {
  t = await makeTestApp({ TRIAL_KEYS_PER_HOUR: '10', WALLET_WRITES: 'first-key', ...env });
  return t;
}

async function trialKey(app: TestApp): Promise<{ headers: Record<string, string>; keyId: string }> {
  const issued = await app.app.inject({ method: 'POST', url: '/trial-key' });
  const key = String(issued.json().key);
  const info = await app.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
  return {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    keyId: String(info.json().key_id),
  };
}

const post = (app: TestApp, headers: Record<string, string>, body: unknown) =>
  app.app.inject({ method: 'POST', url: '/event', headers, payload: JSON.stringify(body) });

const transfer = (n: number, from: string, to: string) => ({
  event_type: 'TRANSFER',
  wallet_hash: from,
  new_wallet_hash: to,
  serial_number: `T-${n}`,
});

describe('POST /event with WALLET_WRITES=first-key', () => {
  it("refuses a TRANSFER into another key's wallet: 403 naming new_wallet_hash, nothing written", async () => {
    const app = await open({});
    const key1 = await trialKey(app);
    const key2 = await trialKey(app);
    expect((await post(app, key1.headers, contractEvent(1, 'race_wallet'))).statusCode).toBe(201);
    expect((await post(app, key2.headers, contractEvent(2, 'k2_wallet'))).statusCode).toBe(201);
    const before = tableCounts(app.dir);

    const res = await post(app, key2.headers, transfer(3, 'k2_wallet', 'race_wallet'));
    expect(res.statusCode).toBe(403);
    const error = res.json().error;
    expect(error.code).toBe('wallet_key_mismatch');
    expect(error.message).toContain('race_wallet');
    // The lifecycle is public here (and shows first_key_id), so the refusal may name the key.
    expect(error.message).toContain(key1.keyId);
    expect(error.fields).toEqual([{ field: 'new_wallet_hash', message: error.message }]);
    expect(tableCounts(app.dir)).toEqual(before);
    const key2Info = await app.app.inject({ url: '/key', headers: key2.headers });
    expect(key2Info.json().used).toBe(1);
    const race = LifecycleResponseSchema.parse(
      (await app.app.inject({ url: '/lifecycle/race_wallet' })).json(),
    );
    expect(race.events).toHaveLength(1);
    expect(race.first_key_id).toBe(key1.keyId);

    // The operator key may; the first key may transfer out of its wallet into one nobody wrote yet.
    expect((await post(app, operator, transfer(4, 'k2_wallet', 'race_wallet'))).statusCode).toBe(201);
    expect((await post(app, key1.headers, transfer(5, 'race_wallet', 'new_wallet'))).statusCode).toBe(201);
  });

  it('with LIFECYCLE_REQUIRES_KEY=true the refusal does not name the first key', async () => {
    const app = await open({ LIFECYCLE_REQUIRES_KEY: 'true' });
    const key1 = await trialKey(app);
    const key2 = await trialKey(app);
    expect((await post(app, key1.headers, contractEvent(1, 'race_wallet'))).statusCode).toBe(201);
    expect((await post(app, key2.headers, contractEvent(2, 'k2_wallet'))).statusCode).toBe(201);

    const direct = await post(app, key2.headers, contractEvent(3, 'race_wallet'));
    const viaTransfer = await post(app, key2.headers, transfer(4, 'k2_wallet', 'race_wallet'));
    for (const [res, field] of [
      [direct, 'wallet_hash'],
      [viaTransfer, 'new_wallet_hash'],
    ] as const) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(key1.keyId);
      expect(res.json().error).toMatchObject({ code: 'wallet_key_mismatch', fields: [{ field }] });
    }
  });
});
