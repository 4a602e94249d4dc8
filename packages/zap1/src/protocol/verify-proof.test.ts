import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitRoot, hashNode } from './hash.js';
import { parseHash, toHex } from './hex.js';
import { merkleProof, merkleRoot } from '../../test/merkle-reference.js';
import type { ProofStep } from './merkle-tree.js';
import { verifyProof, walkProof } from './verify-proof.js';

const L0 = '075b00df286038a7b3f6bb70054df61343e3481fba579591354a00214e9e019b';
const L1 = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
const L2 = '344a05bf81faf6e2d54a0e52ea0267aff0244998eb1ee27adf5627413e92f089';
const L3 = '6fe67554' + '0'.repeat(52) + '1a4f';
const ROOT_2 = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
const ROOT_1 = '586a84be4d3a717f06a0b837e8dbb9a333a3c44a679338dfa29d422569cd1d8c';
const LEGACY_ROOT_2 = '024e36515ea30efc15a0a7962dd8f677455938079430b9eab174f46a4328a07a';
const V2 = 'ZAP1_COUNT_BOUND_V2';
const LEGACY = 'ZAP1_LEGACY_DUPLICATE_ODD';
const VALID_V2 = { valid: true, scheme: V2 };
const VALID_LEGACY = { valid: true, scheme: LEGACY };
const INVALID = { valid: false, scheme: 'INVALID' };

const proofOf1: ProofStep[] = [{ hash: L0, position: 'left' }];
const proofOf0: ProofStep[] = [{ hash: L1, position: 'right' }];
/** Leaf 1 of the 2-leaf tree against its count-bound (V2) root. */
const V2_PAIR = { leafHex: L1, proof: proofOf1, leafCount: 2, rootHex: ROOT_2 };
/** Leaf 0 of the 2-leaf tree against its legacy (duplicate-odd) root. */
const LEGACY_PAIR = { leafHex: L0, proof: proofOf0, leafCount: 2, rootHex: LEGACY_ROOT_2 };

describe('verifyProof: the equivalence corpus cases (docs/protocol.md 3.4, 6 item 9)', () => {
  it('valid V2: 2-leaf tree, right leaf with left sibling (the valid bundle)', () => {
    expect(verifyProof(V2_PAIR)).toEqual(VALID_V2);
  });

  it('valid V2: 2-leaf tree, left leaf with right sibling, scheme named', () => {
    expect(verifyProof({ leafHex: L0, proof: proofOf0, leafCount: 2, rootHex: ROOT_2, scheme: V2 })).toEqual(
      VALID_V2,
    );
  });

  it('valid V2: 4-leaf tree, two steps', () => {
    const leaves = [L0, L1, L2, L3];
    const proof = merkleProof(leaves, 2);
    expect(proof).toHaveLength(2);
    expect(verifyProof({ leafHex: L2, proof, leafCount: 4, rootHex: merkleRoot(leaves) })).toEqual(VALID_V2);
  });

  it('valid V2: single leaf, empty proof', () => {
    expect(verifyProof({ leafHex: L0, proof: [], leafCount: 1, rootHex: ROOT_1 })).toEqual(VALID_V2);
  });

  it('gated legacy: raw root accepted at anchor height exactly 3317133', () => {
    const input = { ...LEGACY_PAIR, anchorHeight: 3_317_133 };
    expect(verifyProof({ ...input, scheme: LEGACY })).toEqual(VALID_LEGACY);
    expect(verifyProof({ ...input, scheme: null, allowHistoricalLegacy: true })).toEqual(VALID_LEGACY);
  });

  it('legacy at height 3317134 is invalid', () => {
    const input = { ...LEGACY_PAIR, anchorHeight: 3_317_134 };
    expect(verifyProof({ ...input, scheme: LEGACY })).toEqual(INVALID);
    expect(verifyProof({ ...input, allowHistoricalLegacy: true })).toEqual(INVALID);
  });

  it('legacy raw root with no scheme, no flag and no height is invalid', () => {
    expect(verifyProof(LEGACY_PAIR)).toEqual(INVALID);
    expect(verifyProof({ ...LEGACY_PAIR, scheme: LEGACY })).toEqual(INVALID);
  });

  it('a fake scheme is invalid even though the math matches', () => {
    expect(verifyProof({ ...V2_PAIR, scheme: 'ZAP1_COUNT_BOUND_V3' })).toEqual(INVALID);
    expect(verifyProof({ ...V2_PAIR, scheme: '' })).toEqual(INVALID);
  });

  it('a wrong leaf_count (3 for a 2-leaf root) is invalid', () => {
    expect(verifyProof({ ...V2_PAIR, leafCount: 3 })).toEqual(INVALID);
  });

  it('a wrong root (ff…ff) and a tampered sibling (00…00) are invalid', () => {
    expect(verifyProof({ ...V2_PAIR, rootHex: 'f'.repeat(64) })).toEqual(INVALID);
    expect(verifyProof({ ...V2_PAIR, proof: [{ hash: '0'.repeat(64), position: 'left' }] })).toEqual(INVALID);
  });

  it('never crosses schemes: legacy refuses a count-bound match, V2 refuses a gated legacy match', () => {
    expect(verifyProof({ ...V2_PAIR, scheme: LEGACY, anchorHeight: 1 })).toEqual(INVALID);
    expect(verifyProof({ ...LEGACY_PAIR, scheme: V2, anchorHeight: 1 })).toEqual(INVALID);
  });
});

describe('verifyProof input checks give INVALID rather than throwing', () => {
  it('requires lowercase hex for leaf, siblings and root', () => {
    expect(verifyProof({ ...V2_PAIR, leafHex: L1.toUpperCase() })).toEqual(INVALID);
    expect(verifyProof({ ...V2_PAIR, rootHex: ROOT_2.toUpperCase() })).toEqual(INVALID);
    expect(verifyProof({ ...V2_PAIR, proof: [{ hash: L0.toUpperCase(), position: 'left' }] })).toEqual(
      INVALID,
    );
    expect(verifyProof({ ...V2_PAIR, proof: [{ hash: L0.slice(1), position: 'left' }] })).toEqual(INVALID);
  });

  it('requires position to be exactly "left" or "right"', () => {
    for (const position of ['Left', 'LEFT', ' left', 'l', '', null]) {
      const proof = [{ hash: L0, position }] as unknown as ProofStep[];
      expect(verifyProof({ ...V2_PAIR, proof })).toEqual(INVALID);
    }
  });

  it('requires leaf_count to be an integer from 1 to MAX_SAFE_INTEGER', () => {
    for (const leafCount of [0, -2, 1.5, NaN, Infinity, 2 ** 53, '2' as unknown as number]) {
      expect(verifyProof({ ...V2_PAIR, leafCount })).toEqual(INVALID);
    }
    const raw = parseHash(walkProof(L1, proofOf1).rawRootHex);
    const rootHex = toHex(commitRoot(Number.MAX_SAFE_INTEGER, raw));
    expect(verifyProof({ ...V2_PAIR, leafCount: Number.MAX_SAFE_INTEGER, rootHex })).toEqual(VALID_V2);
  });

  it('survives junk in every argument', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        (leafHex, proof, leafCount, scheme) => {
          const input = { leafHex, proof, leafCount, rootHex: ROOT_2, scheme } as unknown as Parameters<
            typeof verifyProof
          >[0];
          expect(verifyProof(input)).toEqual(INVALID);
        },
      ),
      { numRuns: 200 },
    );
    expect(verifyProof(null as unknown as Parameters<typeof verifyProof>[0])).toEqual(INVALID);
  });
});

describe('walkProof', () => {
  it('reports each intermediate node, leaf level first', () => {
    const proof = merkleProof([L0, L1, L2], 2);
    const walk = walkProof(L2, proof);
    const expectedRaw = toHex(hashNode(hashNode(parseHash(L0), parseHash(L1)), parseHash(L2)));
    expect(walk.rawRootHex).toBe(expectedRaw);
    expect(walk.steps).toEqual([{ siblingHex: proof[0]!.hash, position: 'left', resultHex: expectedRaw }]);
    expect(walkProof(L0, [])).toEqual({ rawRootHex: L0, steps: [] });
  });

  it('throws naming the bad part', () => {
    expect(() => walkProof(L0, [{ hash: L1, position: 'up' as 'left' }])).toThrow(/proof\[0\]\.position/);
    expect(() => walkProof(L0, [{ hash: 'zz', position: 'left' }])).toThrow(/proof\[0\]\.hash/);
    expect(() => walkProof('nope', [])).toThrow(/leafHex/);
  });
});
