import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  ZCASH_BLOCK_TIME_S,
  anchorPolicy,
  anchorSchedule,
  type AnchorPolicy,
  type AnchorSituation,
} from './policy.js';

const policy: AnchorPolicy = { minLeaves: 10, maxAgeS: 600, tickS: 1, confirmations: 2, blockTimeS: 75 };
const NOW = Date.UTC(2026, 0, 1, 12);
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();
const situation = (over: Partial<AnchorSituation>): AnchorSituation => ({
  size: 5,
  anchoredLeafCount: 0,
  oldestUnanchoredAt: ago(60),
  inFlight: null,
  tip: 100,
  nowMs: NOW,
  ...over,
});

describe('anchorSchedule', () => {
  it('is not due below both thresholds, and says how long until the age threshold plus one cycle', () => {
    expect(anchorSchedule(policy, situation({}))).toEqual({
      unanchored: 5,
      covered: false,
      due: false,
      // 540 s until the oldest leaf is 600 s old, then a look (1 s) and two blocks (150 s).
      expectedWaitS: 540 + 1 + 150,
    });
  });

  it('is due at the leaf threshold or the age threshold, or at once after a reorganisation', () => {
    expect(anchorSchedule(policy, situation({ size: 10 })).due).toBe(true);
    expect(anchorSchedule(policy, situation({ oldestUnanchoredAt: ago(600) }))).toMatchObject({
      due: true,
      expectedWaitS: 151,
    });
    expect(anchorSchedule(policy, situation({ force: true })).due).toBe(true);
  });

  it('has nothing to wait for when every leaf is anchored', () => {
    expect(anchorSchedule(policy, situation({ anchoredLeafCount: 5, oldestUnanchoredAt: null }))).toEqual({
      unanchored: 0,
      covered: false,
      due: false,
      expectedWaitS: null,
    });
  });

  it('counts down the confirmations of an attempt in flight that covers every leaf', () => {
    const confirmed = anchorSchedule(
      policy,
      situation({ size: 12, inFlight: { state: 'confirmed', leafCount: 12, height: 100 } }),
    );
    // Mined at the tip: one more block to go, then a look.
    expect(confirmed).toEqual({ unanchored: 12, covered: true, due: false, expectedWaitS: 76 });
    const broadcast = anchorSchedule(
      policy,
      situation({ size: 12, inFlight: { state: 'broadcast', leafCount: 12, height: null } }),
    );
    expect(broadcast.expectedWaitS).toBe(150);
  });

  it('keeps an anchor due when the attempt in flight covers only some leaves, and adds a cycle for the rest', () => {
    const partial = anchorSchedule(
      policy,
      situation({ size: 12, inFlight: { state: 'broadcast', leafCount: 8, height: null } }),
    );
    expect(partial).toEqual({ unanchored: 12, covered: false, due: true, expectedWaitS: 150 + 151 });
  });
});

describe('anchorPolicy', () => {
  it('paces estimates by the dev chain on the dev chain and by Zcash blocks on Zcash', () => {
    const dev = anchorPolicy(loadConfig({ DEVCHAIN_BLOCK_MS: '500' }));
    expect(dev.blockTimeS).toBe(0.5);
    const zcash = anchorPolicy(
      loadConfig({ CHAIN: 'zcash', ZCASH_RPC_URL: 'http://127.0.0.1:8232', ANCHOR_FROM_ADDRESS: 'u1test' }),
    );
    expect(zcash.blockTimeS).toBe(ZCASH_BLOCK_TIME_S);
    expect(zcash.minLeaves).toBe(10);
  });
});
