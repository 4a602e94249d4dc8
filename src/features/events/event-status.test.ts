import { describe, expect, it } from 'vitest';
import type { AnchorStatus } from '../../api/anchor';
import {
  anchoredLeafCount,
  eventAnchorState,
  feedStartFor,
  olderPagesMayMatch,
  parseStatusFilter,
} from './event-status';

const status = (leaf_count: number, unanchored_leaves: number): AnchorStatus => ({
  current_root: 'ab'.repeat(32),
  leaf_count,
  unanchored_leaves,
});

describe('event anchor states', () => {
  it('counts the leaves the latest anchor covers, never below zero', () => {
    expect(anchoredLeafCount(status(10, 3))).toBe(7);
    expect(anchoredLeafCount(status(4, 0))).toBe(4);
    expect(anchoredLeafCount(status(2, 5))).toBe(0);
  });

  it('calls positions below the anchored count anchored and the rest pending', () => {
    expect(eventAnchorState(0, 7)).toBe('anchored');
    expect(eventAnchorState(6, 7)).toBe('anchored');
    expect(eventAnchorState(7, 7)).toBe('pending');
    expect(eventAnchorState(undefined, 7)).toBeNull();
    expect(eventAnchorState(3, null)).toBeNull();
  });

  it('reads only the two filters it knows', () => {
    expect(parseStatusFilter('anchored')).toBe('anchored');
    expect(parseStatusFilter('pending')).toBe('pending');
    expect(parseStatusFilter('Anchored')).toBeNull();
    expect(parseStatusFilter(null)).toBeNull();
  });

  it('starts the anchored list at the last anchored position (`before` the anchored count)', () => {
    expect(feedStartFor('anchored', 7)).toBe(7);
    expect(feedStartFor('pending', 7)).toBeNull();
    expect(feedStartFor(null, 7)).toBeNull();
  });

  it('stops offering older pending pages once an anchored event was loaded', () => {
    expect(olderPagesMayMatch('pending', [12, 11, 10], 7)).toBe(true);
    expect(olderPagesMayMatch('pending', [8, 7, 6], 7)).toBe(false);
    expect(olderPagesMayMatch('anchored', [3, 2], 7)).toBe(true);
    expect(olderPagesMayMatch(null, [3, 2], 7)).toBe(true);
  });
});
