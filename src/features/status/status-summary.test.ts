import { describe, expect, it } from 'vitest';
import { anchorStatusSchema } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { readOpsFixture } from '../../api/fixtures/read-fixture';
import {
  anchorDue,
  anchorNowErrorText,
  dueText,
  inFlightText,
  lastAnchorAgeS,
  startedAnchorText,
  syncLagText,
} from './status-summary';

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

describe('anchor due, in one consistent sentence', () => {
  const ours = {
    current_root: 'ab'.repeat(32),
    leaf_count: 5,
    broadcast_enabled: true,
    signer_configured: true,
  };

  it('never calls an anchor due, nor gives a wait, when every leaf is anchored', () => {
    const text = dueText(
      anchorStatusSchema.parse({ ...ours, unanchored_leaves: 0, anchor_due: true, expected_wait_s: 30 }),
    );
    expect(text).toBe('No: every leaf is anchored.');
  });

  it('says the anchor in flight covers the waiting leaves instead of "due"', () => {
    const status = anchorStatusSchema.parse({
      ...ours,
      unanchored_leaves: 2,
      anchor_due: true,
      expected_wait_s: 0,
      in_flight: { state: 'broadcast', root: 'cd'.repeat(32), leaf_count: 5 },
    });
    expect(dueText(status)).toBe('No: the anchor in flight covers all 2 leaves waiting.');
    const moreSince = anchorStatusSchema.parse({ ...status, leaf_count: 6, unanchored_leaves: 3 });
    expect(dueText(moreSince)).toBe('After the anchor in flight, 1 leaf will still wait.');
  });

  it('gives a wait only with "not yet" or a due anchor still some seconds away', () => {
    expect(
      dueText(
        anchorStatusSchema.parse({ ...ours, unanchored_leaves: 1, anchor_due: false, expected_wait_s: 40 }),
      ),
    ).toBe('Not yet: 1 leaf waits; the next anchor is expected in about 40 s.');
    expect(
      dueText(
        anchorStatusSchema.parse({ ...ours, unanchored_leaves: 3, anchor_due: true, expected_wait_s: 0 }),
      ),
    ).toBe('Yes: 3 leaves wait; the next anchor starts now.');
  });

  it("keeps a reference service's own recommendation", () => {
    const status = anchorStatusSchema.parse({
      current_root: 'ab'.repeat(32),
      leaf_count: 3,
      unanchored_leaves: 3,
      needs_anchor: true,
      recommendation: 'anchor soon',
    });
    expect(dueText(status)).toBe('Yes: anchor soon.');
  });
});

describe('the anchor an operator started', () => {
  const started = { state: 'pending', root: 'cd'.repeat(32), leaf_count: 4 };
  const base = { current_root: 'cd'.repeat(32), leaf_count: 4 };

  it('follows the live state while it is in flight', () => {
    const status = anchorStatusSchema.parse({
      ...base,
      unanchored_leaves: 4,
      in_flight: { ...started, state: 'broadcast' },
    });
    expect(startedAnchorText(started, status)).toBe(
      'Anchoring the root of the first 4 leaves. Broadcast: sent, waiting to be mined.',
    );
  });

  it('says Anchored, not a stale Pending, once the status names it as the latest anchor', () => {
    const status = anchorStatusSchema.parse({
      ...base,
      unanchored_leaves: 0,
      in_flight: null,
      latest_anchor: {
        root: started.root,
        txid: 'ef'.repeat(32),
        height: 4000010,
        leaf_count: 4,
        block_time: null,
      },
    });
    const text = startedAnchorText(started, status);
    expect(text).toBe('Anchored at height 4,000,010: the root of the first 4 leaves.');
    expect(text).not.toMatch(/Pending/);
  });

  it('says "the first leaf" for one leaf, never "the first 1 leaf"', () => {
    const one = { ...started, leaf_count: 1 };
    const anchored = anchorStatusSchema.parse({
      ...base,
      leaf_count: 1,
      unanchored_leaves: 0,
      in_flight: null,
      latest_anchor: {
        root: one.root,
        txid: 'ef'.repeat(32),
        height: 4000024,
        leaf_count: 1,
        block_time: null,
      },
    });
    expect(startedAnchorText(one, anchored)).toBe(
      'Anchored at height 4,000,024: the root of the first leaf.',
    );
    expect(startedAnchorText(one, undefined)).toBe(
      'Anchoring the root of the first leaf. Pending: the intent is written; the transaction is being sent.',
    );
  });
});

describe("the service's text in the status words", () => {
  const RLO = '\u202E';
  it('shows hidden and reordering characters as <U+XXXX>', () => {
    const recommending = anchorStatusSchema.parse({
      ...base,
      leaf_count: 1,
      unanchored_leaves: 1,
      needs_anchor: true,
      recommendation: `anchor ${RLO}won`,
    });
    expect(dueText(recommending)).toBe('Yes: anchor <U+202E>won.');
    const odd = anchorStatusSchema.parse({
      ...base,
      in_flight: { state: `odd${RLO}`, root: 'r', leaf_count: 1 },
    });
    expect(odd.in_flight && inFlightText(odd.in_flight)).toBe('State: odd<U+202E>');
    expect(anchorNowErrorText(new ApiError({ status: 500, code: 'internal', message: `boom${RLO}` }))).toBe(
      'boom<U+202E>',
    );
  });
});
