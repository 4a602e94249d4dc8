import { describe, expect, it } from 'vitest';
import { anchorStatusSchema } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { readOpsFixture } from '../../api/fixtures/read-fixture';
import { anchorDue, anchorNowErrorText, inFlightText, lastAnchorAgeS, syncLagText } from './status-summary';

const now = new Date('2026-01-01T12:00:00Z');
const base = { current_root: 'none', leaf_count: 0, unanchored_leaves: 0 };

describe('operator status', () => {
  it("takes the last anchor's age from its block time", () => {
    const status = anchorStatusSchema.parse({
      ...base,
      latest_anchor: {
        root: 'r',
        txid: 't',
        height: 1,
        leaf_count: 1,
        block_time: now.getTime() / 1000 - 90,
      },
    });
    expect(lastAnchorAgeS(status, null, now)).toBe(90);
  });

  it('falls back to the history hours, and to unknown', () => {
    const fixture = anchorStatusSchema.parse(readOpsFixture('anchor_status.json'));
    expect(lastAnchorAgeS(fixture, 58, now)).toBe(58 * 3600);
    expect(lastAnchorAgeS(fixture, -1, now)).toBeNull();
  });

  it("prefers anchor_due and falls back to the reference's needs_anchor", () => {
    expect(anchorDue(anchorStatusSchema.parse({ ...base, anchor_due: true, needs_anchor: false }))).toBe(
      true,
    );
    expect(anchorDue(anchorStatusSchema.parse(readOpsFixture('anchor_status.json')))).toBe(false);
    expect(anchorDue(anchorStatusSchema.parse(base))).toBeNull();
  });

  it('describes anchor states', () => {
    expect(inFlightText({ state: 'broadcast', root: 'r', leaf_count: 1 })).toContain('waiting to be mined');
    expect(inFlightText({ state: 'weird', root: 'r', leaf_count: 1 })).toBe('State: weird');
  });

  it('explains a refused "Anchor now"', () => {
    expect(
      anchorNowErrorText(
        new ApiError({ status: 409, code: 'conflict', message: 'The current root is already anchored.' }),
      ),
    ).toBe('The current root is already anchored.');
    expect(anchorNowErrorText(new ApiError({ status: 409, code: 'http_error', message: 'Conflict' }))).toBe(
      'An anchor is already in flight; it must finish first.',
    );
    expect(anchorNowErrorText(new ApiError({ status: 403, code: 'forbidden', message: 'x' }))).toContain(
      'operator key',
    );
  });

  it('describes the sync lag', () => {
    expect(syncLagText(0)).toBe('in sync');
    expect(syncLagText(1)).toBe('1 block behind');
    expect(syncLagText(12)).toContain('not operational');
  });
});
