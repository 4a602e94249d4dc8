/**
 * When an anchor is due, and how long unanchored leaves are expected to wait: one pure function,
 * used by the anchoring loop to decide and by GET /anchor/status to report, so the two never
 * disagree (docs/architecture.md "What anchored means").
 */
import type { Config } from '../config.js';
import type { Ledger } from '../ledger.js';
import type { AnchorAttempt, Store } from '../store/store.js';

/** Zcash's target block spacing since Blossom. */
export const ZCASH_BLOCK_TIME_S = 75;

/** The operator's anchoring settings and the chain's pace. */
export interface AnchorPolicy {
  /** Anchor once this many leaves are unanchored… */
  minLeaves: number;
  /** …or once the oldest unanchored leaf is this old (seconds). */
  maxAgeS: number;
  /** Seconds between two looks of the loop. */
  tickS: number;
  /** Blocks on top of the anchoring one before a root counts. */
  confirmations: number;
  /** Expected seconds between blocks (75 on Zcash; the dev chain's interval on the dev chain). */
  blockTimeS: number;
}

/** The policy the settings describe, at the pace of the configured chain. */
export function anchorPolicy(config: Config): AnchorPolicy {
  return {
    minLeaves: config.anchorMinLeaves,
    maxAgeS: config.anchorMaxAgeS,
    tickS: config.anchorTickMs / 1000,
    confirmations: config.anchorConfirmations,
    blockTimeS: config.chain === 'dev' ? config.devchainBlockMs / 1000 : ZCASH_BLOCK_TIME_S,
  };
}

/** What the decision looks at, read from the store and the chain at one moment. */
export interface AnchorSituation {
  /** Leaves in the tree. */
  size: number;
  /** The largest anchored leaf count (0 when nothing is anchored). */
  anchoredLeafCount: number;
  /** created_at of the first unanchored leaf; null when every leaf is anchored. */
  oldestUnanchoredAt: string | null;
  /** The attempt in flight, if any. */
  inFlight: Pick<AnchorAttempt, 'state' | 'leafCount' | 'height'> | null;
  /** The chain tip last seen; null while unknown. */
  tip: number | null;
  /** After a reorganisation the current root is anchored at once, whatever the thresholds say. */
  force?: boolean;
  nowMs: number;
}

export interface AnchorSchedule {
  unanchored: number;
  /** The attempt in flight already covers every leaf. */
  covered: boolean;
  /**
   * An anchor of the current root is due: the thresholds are met and no attempt in flight covers
   * every leaf (the loop starts it as soon as nothing is in flight).
   */
  due: boolean;
  /** Seconds until every leaf is expected anchored (never negative); null when none waits. */
  expectedWaitS: number | null;
}

/** The anchoring schedule of `situation` under `policy`. */
export function anchorSchedule(policy: AnchorPolicy, situation: AnchorSituation): AnchorSchedule {
  const { size, inFlight } = situation;
  const unanchored = Math.max(size - situation.anchoredLeafCount, 0);
  const covered = inFlight !== null && inFlight.leafCount >= size;
  const ageS =
    situation.oldestUnanchoredAt === null
      ? 0
      : Math.max(0, (situation.nowMs - Date.parse(situation.oldestUnanchoredAt)) / 1000);
  const thresholdMet = situation.force === true || unanchored >= policy.minLeaves || ageS >= policy.maxAgeS;
  const due = unanchored > 0 && !covered && thresholdMet;
  if (unanchored === 0) return { unanchored, covered, due, expectedWaitS: null };

  const confirmationS = policy.confirmations * policy.blockTimeS;
  // One anchor: a look of the loop, then the blocks it waits for.
  const cycleS = policy.tickS + confirmationS;
  let waitS: number;
  if (inFlight) {
    let remaining = cycleS;
    if (inFlight.state === 'broadcast') remaining = confirmationS;
    if (inFlight.state === 'confirmed' && inFlight.height !== null && situation.tip !== null) {
      const have = situation.tip - inFlight.height + 1;
      remaining = Math.max(policy.confirmations - have, 0) * policy.blockTimeS + policy.tickS;
    }
    // Leaves beyond the root in flight wait for the next anchor.
    waitS = covered ? remaining : remaining + cycleS;
  } else {
    waitS = (thresholdMet ? 0 : policy.maxAgeS - ageS) + cycleS;
  }
  return { unanchored, covered, due, expectedWaitS: Math.max(0, Math.ceil(waitS)) };
}

/** The anchoring schedule read from the store and the tree now (the loop and GET /anchor/status). */
export async function scheduleNow(
  store: Store,
  ledger: Ledger,
  policy: AnchorPolicy,
  at: { tip: number | null; force?: boolean; nowMs: number },
): Promise<AnchorSchedule> {
  const size = ledger.size;
  const anchoredLeafCount = await store.anchors.anchoredLeafCount();
  const firstUnanchored = size > anchoredLeafCount ? await store.leaves.leafAt(anchoredLeafCount + 1) : null;
  return anchorSchedule(policy, {
    size,
    anchoredLeafCount,
    oldestUnanchoredAt: firstUnanchored?.createdAt ?? null,
    inFlight: await store.anchors.inFlightAnchor(),
    ...at,
  });
}
