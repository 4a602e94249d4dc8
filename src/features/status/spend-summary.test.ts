import { describe, expect, it } from 'vitest';
import type { AnchorSpend, SpendWindow } from '../../api/anchor-spend';
import { formatAmount } from '../../components/amount-words';
import { runwayEstimate, runwayText, spanWords, windowText } from './spend-summary';

const MIN = 60;
const HOUR = 3_600;
const DAY = 86_400;
const T0 = Date.UTC(2026, 2, 2) / 1000;
const FEE = 10_000;
const devZec = (zat: number) => formatAmount(zat, 'devnet');

interface Paid {
  at: number;
  feeZat: number | null;
}

/** What the service's /anchor/spend answers at `now` for these anchors (its windows, summed here). */
function spendAt(anchors: readonly Paid[], now: number): AnchorSpend {
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const window = (since: number | null): SpendWindow => {
    const inside = anchors.filter((a) => a.at <= now && (since === null || a.at >= since));
    const first = inside.length > 0 ? Math.min(...inside.map((a) => a.at)) : null;
    return {
      since: since === null ? null : iso(since),
      fee_zat: inside.reduce((sum, a) => sum + (a.feeZat ?? 0), 0),
      anchors: inside.length,
      unpriced_anchors: inside.filter((a) => a.feeZat === null).length,
      first_anchor_at: first === null ? null : iso(first),
    };
  };
  const today = Math.floor(now / DAY) * DAY;
  return {
    now: iso(now),
    today: window(today),
    this_week: window(today - ((new Date(now * 1000).getUTCDay() + 6) % 7) * DAY),
    last_7_days: window(now - 7 * DAY),
    total: window(null),
  };
}

/**
 * Thirty days of anchors at varied intervals: one every 1 to 3 hours, and four bursts of fifteen a
 * minute apart (an operator pressing "Anchor now" while importing contracts).
 */
function variedAnchors(): Paid[] {
  const anchors: Paid[] = [];
  for (let at = T0, i = 0; at < T0 + 30 * DAY; i++) {
    anchors.push({ at, feeZat: FEE });
    at += HOUR + ((i * 7919) % 121) * MIN;
  }
  for (const day of [10, 15, 20, 25])
    for (let k = 0; k < 15; k++) anchors.push({ at: T0 + day * DAY + 5 * HOUR + k * MIN, feeZat: FEE });
  return anchors.sort((a, b) => a.at - b.at);
}

const BALANCE = 1_000_000_000; // 10 dev-ZEC

function runwayDays(anchors: readonly Paid[], now: number): number {
  const estimate = runwayEstimate(BALANCE, spendAt(anchors, now));
  if (estimate?.kind !== 'estimate') throw new Error('no runway estimate');
  return estimate.seconds / DAY;
}

describe('the runway, smoothed over the last 7 days', () => {
  it('does not swing within 15 minutes, through bursts and lulls of anchors', () => {
    const anchors = variedAnchors();
    const runways: number[] = [];
    for (let now = T0 + 8 * DAY; now <= T0 + 30 * DAY; now += 15 * MIN)
      runways.push(runwayDays(anchors, now));
    const steps = runways.slice(1).map((r, i) => Math.max(r, runways[i]!) / Math.min(r, runways[i]!));
    // A burst of fifteen anchors among some hundred in the window moves it by a sixth at most.
    expect(Math.max(...steps)).toBeLessThan(1.2);
    expect(Math.max(...runways) / Math.min(...runways)).toBeLessThan(1.5);

    // The pace between the last twenty anchors (how the page estimated it before) swings far more
    // on the same anchors: several times over within 15 minutes of a burst.
    const paceRunway = (now: number) => {
      const times = anchors
        .filter((a) => a.at <= now)
        .map((a) => a.at)
        .slice(-20);
      return ((BALANCE / FEE) * ((times.at(-1)! - times[0]!) / (times.length - 1))) / DAY;
    };
    const burst = T0 + 10 * DAY + 5 * HOUR;
    expect(paceRunway(burst - MIN) / paceRunway(burst + 14 * MIN)).toBeGreaterThan(3);
    expect(runwayDays(anchors, burst - MIN) / runwayDays(anchors, burst + 14 * MIN)).toBeLessThan(1.2);
  });

  it("says its window: the last 7 days' rate, with the rate a day", () => {
    const anchors = variedAnchors();
    const estimate = runwayEstimate(BALANCE, spendAt(anchors, T0 + 12 * DAY))!;
    expect(estimate.kind).toBe('estimate');
    expect(runwayText(estimate, devZec)).toMatch(
      /^about [\d,]+ days at the last 7 days' rate \(0\.\d+ dev-ZEC a day\)$/,
    );
  });

  it('takes a young service’s rate over its first day at least, then over its life until 7 days', () => {
    const first = [0, 2, 4].map((m) => ({ at: T0 + m * MIN, feeZat: FEE }));
    // Three anchors within minutes: a day's rate of three fees, not three fees every four minutes.
    const young = runwayEstimate(BALANCE, spendAt(first, T0 + 10 * MIN))!;
    expect(young).toMatchObject({ kind: 'estimate', perDayZat: 3 * FEE, window: "the last 24 hours' rate" });
    expect(runwayEstimate(BALANCE, spendAt(first, T0 + 20 * HOUR))).toMatchObject({ perDayZat: 3 * FEE });
    const older = runwayEstimate(BALANCE, spendAt(first, T0 + 3 * DAY))!;
    expect(older).toMatchObject({ perDayZat: FEE, window: 'the rate since the first anchor, 3 d ago' });
    if (older.kind !== 'estimate') throw new Error('no estimate');
    expect(spanWords(older.seconds)).toBe('100,000 days');
  });

  it('says when nothing was paid lately, and leaves out what it cannot tell', () => {
    const old = [{ at: T0, feeZat: FEE }];
    const idle = runwayEstimate(BALANCE, spendAt(old, T0 + 10 * DAY))!;
    expect(runwayText(idle, devZec)).toBe(
      'no fee was paid in the last 7 days, so the balance is not running down',
    );
    expect(runwayEstimate(null, spendAt(old, T0 + DAY))).toBeNull();
    expect(runwayEstimate(BALANCE, undefined)).toBeNull();
    expect(runwayEstimate(BALANCE, spendAt([], T0))).toBeNull();
    // Only anchors whose fee is unknown: no rate to go by.
    expect(runwayEstimate(BALANCE, spendAt([{ at: T0, feeZat: null }], T0 + HOUR))).toBeNull();
    const mixed = runwayEstimate(BALANCE, spendAt([...old, { at: T0 + HOUR, feeZat: null }], T0 + 2 * HOUR))!;
    expect(runwayText(mixed, devZec)).toContain('1 anchor without a known fee not counted');
  });
});

describe('a window of spend in words', () => {
  it('gives the fees and the anchors, and the anchors whose fee is unknown', () => {
    const spend = spendAt(
      [
        { at: T0, feeZat: FEE },
        { at: T0 + HOUR, feeZat: FEE },
        { at: T0 + 2 * HOUR, feeZat: null },
      ],
      T0 + 3 * HOUR,
    );
    expect(windowText(spend.total, devZec)).toBe(
      '0.0002 dev-ZEC · 3 anchors (1 of them without a known fee, not counted)',
    );
    expect(windowText(spendAt([], T0).today, devZec)).toBe('nothing: no anchors');
    expect(windowText(spendAt([{ at: T0, feeZat: null }], T0).total, devZec)).toBe(
      'unknown · 1 anchor (1 of them without a known fee, not counted)',
    );
  });
});
