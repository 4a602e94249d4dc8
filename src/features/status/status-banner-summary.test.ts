import { describe, expect, it } from 'vitest';
import type { AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import { formatAmount } from '../../components/amount-words';
import { anchorsAffordable, balanceText, healthVerdict } from './status-banner-summary';

const zec = (zat: number) => formatAmount(zat, 'mainnet');
const devZec = (zat: number) => formatAmount(zat, 'devnet');

const health = (extra: Partial<Health> = {}): Health => ({
  last_scanned_height: 100,
  chain_tip: 100,
  sync_lag: 0,
  scanner_operational: true,
  rpc_reachable: true,
  store_ok: true,
  wallet_balance_zat: 150_000_000,
  anchor_cost_zat: 10_000,
  ...extra,
});
const status = (extra: Partial<AnchorStatus> = {}): AnchorStatus => ({
  current_root: 'ab'.repeat(32),
  leaf_count: 3,
  unanchored_leaves: 1,
  ...extra,
});

describe('the status banner', () => {
  it('is healthy when the node, the store, the loop and the wallet are fine', () => {
    expect(healthVerdict(health(), false, status())).toEqual({ healthy: true, problems: [] });
  });

  it('names every problem, and waits for the health check before judging', () => {
    const verdict = healthVerdict(
      health({ rpc_reachable: false, scanner_operational: false, sync_lag: 12, wallet_balance_zat: 9_999 }),
      false,
      status({ in_flight: { state: 'broadcast', root: 'r', leaf_count: 3, last_error: 'timeout' } }),
    );
    expect(verdict.healthy).toBe(false);
    expect(verdict.problems).toEqual([
      'the node is unreachable',
      'the scanner is 12 blocks behind',
      'the wallet cannot pay for another anchor',
      'the anchor in flight met an error and will retry',
    ]);
    expect(healthVerdict(undefined, false, status()).healthy).toBeNull();
    expect(healthVerdict(undefined, true, status())).toEqual({
      healthy: false,
      problems: ['the health check failed'],
    });
    // The anchoring status failing is a problem too, even while the last health check was fine.
    expect(healthVerdict(health(), false, status(), true)).toEqual({
      healthy: false,
      problems: ['the anchoring status could not be loaded'],
    });
    expect(healthVerdict(undefined, false, undefined, true).healthy).toBe(false);
    expect(healthVerdict(health(), false, status({ signer_configured: false })).problems).toEqual([
      'no signer is configured, so no anchor can be sent',
    ]);
  });

  it('says what the balance pays for at the stated fee', () => {
    expect(anchorsAffordable(health())).toBe(15_000);
    expect(balanceText(health(), zec)).toBe(
      '1.5 ZEC · pays for about 15,000 more anchors at 0.0001 ZEC each',
    );
    expect(balanceText(health({ anchor_cost_zat: undefined }), zec)).toBe('1.5 ZEC');
    expect(balanceText(health({ wallet_balance_zat: null }), zec)).toBeNull();
    expect(anchorsAffordable(health({ wallet_balance_zat: null }))).toBeNull();
  });

  it("names the development chain's coins as such", () => {
    expect(balanceText(health(), devZec)).toBe(
      '1.5 dev-ZEC · pays for about 15,000 more anchors at 0.0001 dev-ZEC each',
    );
  });

  it('says a free anchor costs nothing, with no count of anchors', () => {
    const free = health({ anchor_cost_zat: 0 });
    expect(balanceText(free, zec)).toBe('1.5 ZEC · an anchor costs nothing here');
    expect(anchorsAffordable(free)).toBeNull();
    expect(balanceText(health({ anchor_cost_zat: 0, wallet_balance_zat: 0 }), zec)).toBe(
      '0 ZEC · an anchor costs nothing here',
    );
    expect(
      healthVerdict(health({ anchor_cost_zat: 0, wallet_balance_zat: 0 }), false, status()).healthy,
    ).toBe(true);
  });
});
