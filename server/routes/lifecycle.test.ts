/** /lifecycle/{wallet} and its export never reveal another wallet that submitted the same leaf. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExport } from '../../src/core/index.js';
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
