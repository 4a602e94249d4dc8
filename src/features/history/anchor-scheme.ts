import type { AnchorHistoryEntry } from '../../api/anchor';

/** What an anchor without a `scheme` (older deployments) is said to use. */
export const SCHEME_NOT_STATED = 'not stated';

/**
 * The distinct schemes of a list of anchors, in order of first appearance: one for every deployment
 * so far, so the history says it once instead of on every row, and shows a column only if they differ.
 */
export function schemesOf(anchors: readonly AnchorHistoryEntry[]): string[] {
  return [...new Set(anchors.map((a) => a.scheme ?? SCHEME_NOT_STATED))];
}
