import { describe, expect, it } from 'vitest';
import { readOpsFixture } from './fixtures/read-fixture';
import { healthSchema } from './health';

describe('health schema (docs/reference-api.md 4.11)', () => {
  it('accepts the ops-fixture (reference) shape', () => {
    const parsed = healthSchema.parse(readOpsFixture('health.json'));
    expect(parsed.chain_tip).toBe(3290812);
    expect(parsed.store_ok).toBeUndefined();
  });

  it("accepts this service's extra fields", () => {
    const parsed = healthSchema.parse({
      last_scanned_height: 4000010,
      chain_tip: 4000010,
      sync_lag: 0,
      pending_invoices: 0,
      scanner_operational: true,
      rpc_reachable: true,
      network: 'devnet',
      store_ok: true,
      chain_ok: true,
      wallet_balance_zat: 123,
      last_error: null,
    });
    expect(parsed.network).toBe('devnet');
  });
});
