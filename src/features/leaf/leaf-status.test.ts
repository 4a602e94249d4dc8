import { describe, expect, it } from 'vitest';
import { anchorStatusSchema } from '../../api/anchor';
import { awaitingExplanation, formatExpectedWait } from './leaf-status';

const status = (extra: Record<string, unknown>) =>
  anchorStatusSchema.parse({
    current_root: 'ab'.repeat(32),
    leaf_count: 3,
    unanchored_leaves: 1,
    needs_anchor: true,
    ...extra,
  });

describe('expected wait', () => {
  it('reads in round human units', () => {
    expect(formatExpectedWait(2)).toBe('any moment now');
    expect(formatExpectedWait(42)).toBe('about 42 seconds');
    expect(formatExpectedWait(600)).toBe('about 10 minutes');
    expect(formatExpectedWait(7200)).toBe('about 2 hours');
    expect(formatExpectedWait(null)).toBeNull();
    expect(formatExpectedWait(undefined)).toBeNull();
  });

  it('explains what the anchoring loop is doing', () => {
    expect(awaitingExplanation(status({ expected_wait_s: 30 }))).toBe(
      'The next anchor is expected in about 30 seconds.',
    );
    expect(awaitingExplanation(status({ expected_wait_s: 2 }))).toBe(
      'The next anchor is expected any moment now.',
    );
    expect(
      awaitingExplanation(
        status({
          expected_wait_s: 3,
          in_flight: { state: 'broadcast', root: 'ab'.repeat(32), leaf_count: 3 },
        }),
      ),
    ).toMatch(
      /^An anchor transaction is on its way \(sent, waiting to be mined\)\. Expected wait: any moment now/,
    );
    expect(
      awaitingExplanation(status({ recommendation: 'below the configured automatic anchor threshold' })),
    ).toBe('The service says: below the configured automatic anchor threshold.');
    expect(awaitingExplanation(undefined)).toBe('The service does not say when it anchors next.');
  });
});

describe("the service's recommendation", () => {
  it('is quoted with its hidden characters visible', () => {
    expect(awaitingExplanation(status({ recommendation: 'wait\u202E won' }))).toBe(
      'The service says: wait<U+202E> won.',
    );
  });
});
