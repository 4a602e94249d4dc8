import { describe, expect, it } from 'vitest';
import type { AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import {
  anchorsAffordable,
  balanceText,
  healthVerdict,
  recentAnchorIntervalS,
  runwayText,
} from './status-banner-summary';

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
const anchorAt = (unixS: number) => ({
  root: 'r',
  txid: `t${unixS}`,
  height: 1,
  leaf_count: 1,
  block_time: unixS,
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
    expect(healthVerdict(health(), false, status({ signer_configured: false })).problems).toEqual([
      'no signer is configured, so no anchor can be sent',
    ]);
  });

  it('says what the balance pays for at the stated fee', () => {
    expect(anchorsAffordable(health())).toBe(15_000);
    expect(balanceText(health())).toBe('1.5 ZEC · pays for about 15,000 more anchors at 0.0001 ZEC each');
    expect(balanceText(health({ anchor_cost_zat: undefined }))).toBe('1.5 ZEC');
    expect(balanceText(health({ wallet_balance_zat: null }))).toBeNull();
    expect(anchorsAffordable(health({ wallet_balance_zat: null }))).toBeNull();
  });

  it('says a free anchor costs nothing, with no count of anchors and no runway', () => {
    const free = health({ anchor_cost_zat: 0 });
    expect(balanceText(free)).toBe('1.5 ZEC · an anchor costs nothing here');
    expect(anchorsAffordable(free)).toBeNull();
    expect(runwayText(anchorsAffordable(free), 3600)).toBeNull();
    expect(balanceText(health({ anchor_cost_zat: 0, wallet_balance_zat: 0 }))).toBe(
      '0 ZEC · an anchor costs nothing here',
    );
    expect(
      healthVerdict(health({ anchor_cost_zat: 0, wallet_balance_zat: 0 }), false, status()).healthy,
    ).toBe(true);
  });

  it('measures the runway at the pace of the recent anchors', () => {
    expect(recentAnchorIntervalS([anchorAt(1000), anchorAt(4600), anchorAt(8200)])).toBe(3600);
    expect(recentAnchorIntervalS([anchorAt(1000)])).toBeNull();
    expect(recentAnchorIntervalS([anchorAt(1000), anchorAt(1000)])).toBeNull();
    expect(runwayText(48, 3600)).toBe('about 2 d at the recent pace (one anchor every 1 h)');
    expect(runwayText(null, 3600)).toBeNull();
    expect(runwayText(48, null)).toBeNull();
  });
});
