/** The two Merkle schemes of ZAP1 (docs/protocol.md 3.1 and 3.2) and the height gate of the old one. */

/** Legacy anchors (duplicate-odd, no count binding) are accepted only at or below this height. */
export const LEGACY_ROOT_MAX_ANCHOR_HEIGHT = 3_317_133;

/** The current Merkle scheme and the historical one. */
export const SCHEME_COUNT_BOUND = 'ZAP1_COUNT_BOUND_V2';
export const SCHEME_LEGACY = 'ZAP1_LEGACY_DUPLICATE_ODD';
export type MerkleScheme = typeof SCHEME_COUNT_BOUND | typeof SCHEME_LEGACY;
