/** Merkle inclusion proof verification, the standard ZAP1 verdict (docs/protocol.md 3.4). */
import { commitRoot, hashNode, MAX_LEAF_COUNT } from './hash.js';
import { isHex64, isRecord } from './guards.js';
import { parseHash, toHex, bytesEqual } from './hex.js';
import { LEGACY_ROOT_MAX_ANCHOR_HEIGHT, SCHEME_COUNT_BOUND, SCHEME_LEGACY } from './schemes.js';
import type { ProofStep } from './merkle-tree.js';

/** One step of a walk: the sibling, its side, and the node computed at this step. */
export interface WalkStep {
  siblingHex: string;
  position: 'left' | 'right';
  resultHex: string;
}

/** The verdict schemes: the scheme a proof verified under, or INVALID. */
export type VerdictScheme = typeof SCHEME_COUNT_BOUND | typeof SCHEME_LEGACY | 'INVALID';

/** The sibling of step `i` as bytes, and whether it is on the right; throws for a malformed step. */
function readStep(step: unknown, i: number): { sibling: Uint8Array; right: boolean; hash: string } {
  if (!isRecord(step)) throw new TypeError(`proof[${i}] must be an object with hash and position`);
  const { hash, position } = step;
  if (typeof hash !== 'string') throw new TypeError(`proof[${i}].hash must be a hex string`);
  const sibling = parseHash(hash, `proof[${i}].hash`);
  if (position !== 'right' && position !== 'left') {
    throw new RangeError(`proof[${i}].position must be exactly "left" or "right"`);
  }
  return { sibling, right: position === 'right', hash };
}

/**
 * Walks a proof from the leaf to the raw root (docs/protocol.md 3.4 step 1): "right" means
 * `H_node(current, sibling)`, "left" means `H_node(sibling, current)`. Throws TypeError/RangeError
 * for a leaf or sibling that is not 64 lowercase hex, or a position other than exactly left/right.
 */
export function walkProof(
  leafHex: string,
  proof: readonly ProofStep[],
): { rawRootHex: string; steps: WalkStep[] } {
  let current = parseHash(leafHex, 'leafHex');
  if (!Array.isArray(proof)) throw new TypeError('proof must be an array of steps');
  const steps: WalkStep[] = [];
  proof.forEach((step: unknown, i) => {
    const { sibling, right, hash } = readStep(step, i);
    current = right ? hashNode(current, sibling) : hashNode(sibling, current);
    steps.push({ siblingHex: hash, position: right ? 'right' : 'left', resultHex: toHex(current) });
  });
  return { rawRootHex: toHex(current), steps };
}

/** The raw root a proof walks to, as bytes: `walkProof` without the record of each step (a verdict needs only the end). */
function rawRootOf(leafHex: string, proof: readonly ProofStep[]): Uint8Array {
  let current = parseHash(leafHex, 'leafHex');
  if (!Array.isArray(proof)) throw new TypeError('proof must be an array of steps');
  for (let i = 0; i < proof.length; i++) {
    const { sibling, right } = readStep(proof[i], i);
    current = right ? hashNode(current, sibling) : hashNode(sibling, current);
  }
  return current;
}

/**
 * The standard ZAP1 verdict (docs/protocol.md 3.4, exactly): walk the proof, then accept a count-bound
 * root `H_root(leafCount, raw)` unless the scheme is legacy, or a raw (legacy) root only when the
 * scheme is legacy, or null with `allowHistoricalLegacy`, and the anchor height is at most 3317133.
 * An unknown scheme is INVALID even when the hashes match. Never throws: malformed input (bad hex,
 * a position other than left/right, leafCount not an integer in 1..MAX_SAFE_INTEGER, a bad anchor
 * height) gives `{valid: false, scheme: "INVALID"}`.
 */
export function verifyProof(input: {
  leafHex: string;
  proof: readonly ProofStep[];
  leafCount: number;
  rootHex: string;
  scheme?: string | null;
  anchorHeight?: number | null;
  allowHistoricalLegacy?: boolean;
}): { valid: boolean; scheme: VerdictScheme } {
  const invalid = { valid: false, scheme: 'INVALID' } as const;
  try {
    if (!isRecord(input)) return invalid;
    const { leafHex, proof, leafCount, rootHex } = input;
    const scheme = input.scheme ?? null;
    const anchorHeight = input.anchorHeight ?? null;
    if (
      typeof leafCount !== 'number' ||
      !Number.isInteger(leafCount) ||
      leafCount < 1 ||
      leafCount > MAX_LEAF_COUNT
    ) {
      return invalid;
    }
    if (!isHex64(rootHex)) return invalid;
    if (
      anchorHeight !== null &&
      (typeof anchorHeight !== 'number' || !Number.isSafeInteger(anchorHeight) || anchorHeight < 0)
    ) {
      return invalid;
    }
    const raw = rawRootOf(leafHex, proof);
    const expected = parseHash(rootHex);
    if (scheme !== null && scheme !== SCHEME_COUNT_BOUND && scheme !== SCHEME_LEGACY) return invalid;
    if (
      (scheme === null || scheme === SCHEME_COUNT_BOUND) &&
      bytesEqual(commitRoot(leafCount, raw), expected)
    ) {
      return { valid: true, scheme: SCHEME_COUNT_BOUND };
    }
    const legacyGate =
      (scheme === SCHEME_LEGACY || (scheme === null && input.allowHistoricalLegacy === true)) &&
      anchorHeight !== null &&
      anchorHeight <= LEGACY_ROOT_MAX_ANCHOR_HEIGHT;
    if (legacyGate && bytesEqual(raw, expected)) return { valid: true, scheme: SCHEME_LEGACY };
    return invalid;
  } catch {
    return invalid;
  }
}
