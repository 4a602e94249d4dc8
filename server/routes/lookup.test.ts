/** GET /lookup: a search value's kind, 200 whether found or not, respecting locked lifecycles. */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, makeTestApp, submitContractEvent, type TestApp } from '../test-helpers.js';
import { LookupResponseSchema } from './lookup.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const lookup = async (app: TestApp, q: string, headers: Record<string, string> = {}) => {
  const res = await app.app.inject({ url: `/lookup?q=${encodeURIComponent(q)}`, headers });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /lookup', () => {
  it('tells a leaf and a wallet with events from values that are neither, always with 200', async () => {
    t = await makeTestApp();
    const leaf = await submitContractEvent(t, 1);
    expect(LookupResponseSchema.parse((await lookup(t, leaf.toUpperCase())).body)).toEqual({
      query: leaf.toUpperCase(),
      leaf: true,
      wallet: 'none',
    });
    expect((await lookup(t, 'wallet_1')).body).toMatchObject({ leaf: false, wallet: 'found' });
    expect(await lookup(t, 'nobody_here')).toEqual({
      status: 200,
      body: { query: 'nobody_here', leaf: false, wallet: 'none' },
    });
    expect((await lookup(t, 'S-1 / 2026')).body).toMatchObject({ leaf: false, wallet: 'not_a_wallet' });
  });

  it('keeps a locked lifecycle to the operator, and refuses an empty or overlong value with 400', async () => {
    t = await makeTestApp({ LIFECYCLE_REQUIRES_KEY: 'true' });
    await submitContractEvent(t, 1);
    expect((await lookup(t, 'wallet_1')).body.wallet).toBe('requires_key');
    const asOperator = await lookup(t, 'wallet_1', { authorization: `Bearer ${ADMIN_KEY}` });
    expect(asOperator.body.wallet).toBe('found');
    for (const bad of ['', '   ', 'x'.repeat(513)]) {
      const res = await lookup(t, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
