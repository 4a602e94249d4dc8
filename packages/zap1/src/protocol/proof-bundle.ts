/**
 * Proof bundle and export package verification (docs/protocol.md 4.1-4.5). Input is untrusted JSON, so
 * every field is checked explicitly and nothing here throws.
 */
import { LEGACY_ROOT_MAX_ANCHOR_HEIGHT, SCHEME_COUNT_BOUND, SCHEME_LEGACY } from './schemes.js';
import { MAX_LEAF_COUNT, commitRoot } from './hash.js';
import { parseHash, toHex } from './hex.js';
import { eventSpec, isEventType, type EventType } from './event-specs.js';
import { leafHash } from './leaf-hash.js';
import type { ProofStep } from './merkle-tree.js';
import { verifyProof, walkProof, type VerdictScheme, type WalkStep } from './verify-proof.js';
import { isHex64, isRecord } from './guards.js';

/** What `verifyProofBundle` found: the verdict, the parsed fields, and the walk for display. */
export interface BundleVerdict {
  valid: boolean;
  scheme: VerdictScheme;
  leafHex: string | null;
  rootHex: string | null;
  leafCount: number | null;
  anchor: { txid: string | null; height: number | null } | null;
  eventType: string | null;
  steps: WalkStep[];
  /** The root the walk reached, in the bundle's scheme: count-bound commitment (V2) or raw root (legacy). */
  computedRootHex: string | null;
  /** "verified"/"mismatch" when preimage fields are disclosed and recomputed, else "claimed". */
  witness: 'verified' | 'mismatch' | 'claimed';
  /**
   * The bundle names no scheme (written before ZAP1 3.0) and was judged, as the caller allowed,
   * under the historical rule of docs/protocol.md 3.4 (scheme null): count-bound, or a legacy raw
   * root for an anchor at or below block 3317133. Standard validation (4.4 rule 3) refuses it.
   */
  historical: boolean;
  error?: string;
}

/** Options of `verifyProofBundle`. */
export interface BundleOptions {
  /** The leaf hash the bundle was fetched for (rule 11). */
  expectedLeafHex?: string;
  /** Judge a bundle without `root.scheme` under the historical rule instead of refusing it. */
  allowHistorical?: boolean;
}

/** One proof of an export package and its verdict. */
export interface ExportProofVerdict {
  leafHex: string | null;
  valid: boolean;
  scheme: VerdictScheme;
  error?: string;
}

/** A proof of a tree of at most 2^64 leaves never needs more steps; longer ones are refused unwalked. */
const MAX_PROOF_STEPS = 64;
const MAX_U32 = 0xffff_ffff;
/** Leaf keys that are metadata, not preimage fields (4.1 and 4.2 shapes). */
const LEAF_METADATA_KEYS = new Set([
  'hash',
  'event_type',
  'created_at',
  'preimage_disclosure',
  'event_type_authentication',
]);

/** A short, safe rendering of an unexpected value for an error message. */
function quote(value: unknown): string {
  if (typeof value !== 'string') return `of type ${value === null ? 'null' : typeof value}`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

function isLeafCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LEAF_COUNT;
}

function isHeight(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_U32;
}

function isScheme(value: unknown): value is typeof SCHEME_COUNT_BOUND | typeof SCHEME_LEGACY {
  return value === SCHEME_COUNT_BOUND || value === SCHEME_LEGACY;
}

/** Checks proof steps (rule 7) and returns them typed, or an error. */
function readSteps(proof: readonly unknown[], what: string): ProofStep[] | string {
  if (proof.length > MAX_PROOF_STEPS) return `${what} has ${proof.length} steps; no tree needs more than 64`;
  const steps: ProofStep[] = [];
  for (const [i, step] of proof.entries()) {
    if (!isRecord(step)) return `${what} step ${i + 1} is not an object with hash and position`;
    const { hash, position } = step;
    if (!isHex64(hash)) return `${what} step ${i + 1} hash is not 64 lowercase hex characters`;
    if (position !== 'left' && position !== 'right') {
      return `${what} step ${i + 1} position is not exactly "left" or "right"`;
    }
    steps.push({ hash, position });
  }
  return steps;
}

function describeAnchor(txid: unknown, height: unknown): string | null {
  if (txid !== null && txid !== undefined && !isHex64(txid)) {
    return 'the anchor txid is neither null nor 64 lowercase hex characters';
  }
  if (height !== null && height !== undefined && !isHeight(height)) {
    return 'the anchor height is neither null nor a whole block height';
  }
  return null;
}

/** The fields a leaf of `type` hashes (MERKLE_ROOT's payload is the root itself). */
function preimageFields(type: EventType): string[] {
  return eventSpec(type).preimage?.map(([, field]) => field) ?? ['merkle_root'];
}

/**
 * Recomputes the leaf from disclosed preimage fields (docs/protocol.md 4.4, typed-witness check). Leaf
 * keys other than the metadata keys with a non-null value count as disclosed; with none the event
 * type stays a claim. A disclosure that lacks a field the claimed type hashes (the 4.2 fixture shape
 * discloses only wallet_hash and serial_number, which is not every type's preimage) cannot be
 * checked and also stays a claim. A disclosed field that cannot be hashed, or a recomputed leaf
 * that differs, is a mismatch.
 */
function checkWitness(
  leaf: Record<string, unknown>,
  leafHex: string,
): { witness: BundleVerdict['witness']; error?: string } {
  const disclosed: Record<string, unknown> = {};
  for (const key of Object.keys(leaf)) {
    const value = leaf[key];
    if (!LEAF_METADATA_KEYS.has(key) && value !== null && value !== undefined) disclosed[key] = value;
  }
  const keys = Object.keys(disclosed);
  if (keys.length === 0) return { witness: 'claimed' };
  const names = keys.length > 5 ? [...keys.slice(0, 5), `${keys.length - 5} more`] : keys;
  const eventType = leaf['event_type'];
  const event: Record<string, unknown> = { ...disclosed, event_type: eventType };
  // A witness without every field the claimed type hashes cannot be checked: it stays a claim.
  const isAbsent = (field: string): boolean => event[field] === undefined || event[field] === null;
  if (isAbsent('event_type') || (isEventType(eventType) && preimageFields(eventType).some(isAbsent))) {
    return { witness: 'claimed' };
  }
  let recomputed: string;
  try {
    recomputed = leafHash(event);
  } catch (e) {
    const reason = e instanceof Error ? e.message : 'it cannot be hashed';
    return {
      witness: 'mismatch',
      error: `the disclosed witness (${names.join(', ')}) is not a valid preimage: ${reason}`,
    };
  }
  if (recomputed === leafHex) return { witness: 'verified' };
  return {
    witness: 'mismatch',
    error: `the disclosed witness (${names.join(', ')}) hashes to ${recomputed}, not to the leaf hash`,
  };
}

function checkBundle(bundle: unknown, options: BundleOptions, v: BundleVerdict): BundleVerdict {
  const reject = (error: string): BundleVerdict => ({ ...v, valid: false, scheme: 'INVALID', error });
  // Rule 1.
  if (!isRecord(bundle)) return reject('the proof bundle is not a JSON object');
  if (bundle['protocol'] !== 'ZAP1')
    return reject('the proof bundle is not a ZAP1 bundle: protocol must be "ZAP1"');
  // Rule 2. Fields that are already well-formed are reported even when a later rule rejects.
  const { leaf, root, anchor, proof, version } = bundle;
  if (!isRecord(leaf)) return reject('the bundle has no leaf object');
  if (!isRecord(root)) return reject('the bundle has no root object');
  if (!isRecord(anchor)) return reject('the bundle has no anchor object');
  if (!Array.isArray(proof)) return reject('the bundle proof is not a list of steps');
  const { hash: leafHash64, event_type: eventType } = leaf;
  const { hash: rootHash, leaf_count: leafCount, scheme } = root;
  const { txid, height } = anchor;
  v.leafHex = isHex64(leafHash64) ? leafHash64 : null;
  v.rootHex = isHex64(rootHash) ? rootHash : null;
  v.leafCount = isLeafCount(leafCount) ? leafCount : null;
  v.eventType = typeof eventType === 'string' ? eventType : null;
  if (describeAnchor(txid, height) === null) {
    v.anchor = { txid: isHex64(txid) ? txid : null, height: isHeight(height) ? height : null };
  }
  // Rules 3 and 4; a bundle from before ZAP1 3.0 names no scheme, and is judged only when allowed.
  const historical = (scheme === undefined || scheme === null) && options.allowHistorical === true;
  if (historical) {
    if (version !== '2' && version !== '1.0.0')
      return reject('the bundle version is not "2" or "1.0.0", so it is no ZAP1 bundle from before 3.0');
  } else if (scheme === undefined) return reject('the bundle root has no scheme');
  else if (!isScheme(scheme)) return reject(`the root scheme ${quote(scheme)} is not a ZAP1 Merkle scheme`);
  else if (!(version === '2' || (version === '1.0.0' && scheme === SCHEME_LEGACY))) {
    return reject(
      version === '1.0.0'
        ? 'a version 1.0.0 bundle is accepted only with the legacy scheme'
        : 'the bundle version is not "2" (or "1.0.0" with the legacy scheme)',
    );
  }
  // Rule 5.
  if (v.leafHex === null) return reject('the leaf hash is not 64 lowercase hex characters');
  if (v.rootHex === null) return reject('the root hash is not 64 lowercase hex characters');
  // Rule 6.
  if (v.leafCount === null) return reject('the root leaf_count is not a whole number of at least 1');
  // Rule 7.
  const steps = readSteps(proof, 'the proof');
  if (typeof steps === 'string') return reject(steps);
  // Rules 8 and 9.
  const anchorError = describeAnchor(txid, height);
  if (anchorError !== null) return reject(anchorError);
  const anchorHeight = isHeight(height) ? height : null;
  // Rule 10.
  if (
    !historical &&
    scheme === SCHEME_LEGACY &&
    (anchorHeight === null || anchorHeight > LEGACY_ROOT_MAX_ANCHOR_HEIGHT)
  ) {
    return reject(
      `a legacy root is accepted only for an anchor at or below block ${LEGACY_ROOT_MAX_ANCHOR_HEIGHT}` +
        (anchorHeight === null
          ? ', and this one has no anchor height'
          : `, and this one is at ${anchorHeight}`),
    );
  }
  // Rule 11.
  const expected = options.expectedLeafHex;
  if (typeof expected === 'string' && expected.toLowerCase() !== v.leafHex) {
    return reject(`the bundle is for leaf ${v.leafHex}, not for the requested leaf ${quote(expected)}`);
  }

  // Verdict (docs/protocol.md 4.4, then 3.4 with the bundle's scheme).
  const walk = walkProof(v.leafHex, steps);
  v.steps = walk.steps;
  const raw = parseHash(walk.rawRootHex);
  const countBoundHex = toHex(commitRoot(v.leafCount, raw));
  const witness = checkWitness(leaf, v.leafHex);
  v.witness = witness.witness;
  v.historical = historical;
  const verdict = verifyProof({
    leafHex: v.leafHex,
    proof: steps,
    leafCount: v.leafCount,
    rootHex: v.rootHex,
    scheme: historical ? null : (scheme as string),
    anchorHeight,
    allowHistoricalLegacy: historical,
  });
  const judgedScheme = verdict.valid ? verdict.scheme : historical ? null : scheme;
  v.computedRootHex = judgedScheme === SCHEME_COUNT_BOUND ? countBoundHex : walk.rawRootHex;
  if (!verdict.valid) {
    if (historical) {
      return reject(
        `the proof leads neither to the count-bound root ${countBoundHex} nor, for an anchor at or below block ${LEGACY_ROOT_MAX_ANCHOR_HEIGHT}, to the raw root ${walk.rawRootHex}`,
      );
    }
    return reject(
      scheme === SCHEME_COUNT_BOUND
        ? `the proof leads to the count-bound root ${v.computedRootHex}, not to the bundle root`
        : `the proof leads to the raw root ${v.computedRootHex}, not to the bundle root`,
    );
  }
  if (witness.error !== undefined) return reject(witness.error);
  return { ...v, valid: true, scheme: verdict.scheme };
}

/**
 * Verifies a proof bundle (docs/protocol.md 4.4): the structural rules 1-11 (rule 11 with
 * `options.expectedLeafHex`, the leaf hash a bundle was fetched for), then the verdict of 3.4 under
 * the bundle's scheme, and, when preimage fields are disclosed (the 4.2 fixture shape), the leaf
 * recomputed from them. Accepts the served v2 shape (4.1) and the fixture shape (4.2). Never throws;
 * when not valid, `error` says why in plain words.
 */
export function verifyProofBundle(bundle: unknown, options: BundleOptions = {}): BundleVerdict {
  const verdict: BundleVerdict = {
    valid: false,
    scheme: 'INVALID',
    leafHex: null,
    rootHex: null,
    leafCount: null,
    anchor: null,
    eventType: null,
    steps: [],
    computedRootHex: null,
    witness: 'claimed',
    historical: false,
  };
  try {
    return checkBundle(bundle, options, verdict);
  } catch {
    // Only hostile objects (throwing getters, proxies) get here; JSON values do not.
    return { ...verdict, valid: false, scheme: 'INVALID', error: 'the proof bundle could not be read' };
  }
}

function checkExportProof(entry: unknown, position: number): ExportProofVerdict {
  const what = `proof ${position}`;
  const reject = (leafHex: string | null, error: string): ExportProofVerdict => ({
    leafHex,
    valid: false,
    scheme: 'INVALID',
    error: `${what}: ${error}`,
  });
  if (!isRecord(entry)) return reject(null, 'is not an object');
  const {
    leaf_hash: leafHex,
    proof_steps: proofSteps,
    root,
    merkle_scheme: scheme,
    leaf_count: leafCount,
    anchor_txid: txid,
    anchor_height: height,
  } = entry;
  const leaf = isHex64(leafHex) ? leafHex : null;
  if (leaf === null) return reject(null, 'leaf_hash is not 64 lowercase hex characters');
  if (!isHex64(root)) return reject(leaf, 'root is not 64 lowercase hex characters');
  if (scheme === undefined || scheme === null) return reject(leaf, 'merkle_scheme is missing');
  if (!isScheme(scheme)) return reject(leaf, `merkle_scheme ${quote(scheme)} is not a ZAP1 Merkle scheme`);
  if (!Array.isArray(proofSteps)) return reject(leaf, 'proof_steps is not a list of steps');
  const steps = readSteps(proofSteps, 'the proof');
  if (typeof steps === 'string') return reject(leaf, steps);
  const anchorError = describeAnchor(txid, height);
  if (anchorError !== null) return reject(leaf, anchorError);
  const anchorHeight = isHeight(height) ? height : null;
  if (scheme === SCHEME_COUNT_BOUND) {
    if (!isLeafCount(leafCount))
      return reject(leaf, 'a count-bound proof needs leaf_count, a whole number of at least 1');
    if (!verifyProof({ leafHex: leaf, proof: steps, leafCount, rootHex: root, scheme }).valid) {
      return reject(leaf, 'the proof does not lead to the count-bound root');
    }
  } else {
    if (anchorHeight === null || anchorHeight > LEGACY_ROOT_MAX_ANCHOR_HEIGHT) {
      return reject(
        leaf,
        `a legacy root is accepted only for an anchor at or below block ${LEGACY_ROOT_MAX_ANCHOR_HEIGHT}`,
      );
    }
    // The legacy check ignores leaf_count; any placeholder that passes verifyProof's input check will do.
    const count = isLeafCount(leafCount) ? leafCount : 1;
    if (
      !verifyProof({ leafHex: leaf, proof: steps, leafCount: count, rootHex: root, scheme, anchorHeight })
        .valid
    ) {
      return reject(leaf, 'the proof does not lead to the legacy root');
    }
  }
  return { leafHex: leaf, valid: true, scheme };
}

/**
 * Verifies an export package (`GET /lifecycle/{wallet}/export`, docs/protocol.md 4.5) with the audit
 * rules: each proof needs `merkle_scheme`; a count-bound proof needs `leaf_count` and must reach its
 * count-bound root; a legacy proof must be anchored at or below block 3317133 and reach its raw
 * root. Valid when the package is well-formed, holds at least one proof, and every proof passes.
 * Never throws.
 */
export function verifyExport(pkg: unknown): { valid: boolean; proofs: ExportProofVerdict[]; error?: string } {
  try {
    if (!isRecord(pkg)) return { valid: false, proofs: [], error: 'the export package is not a JSON object' };
    if (pkg['protocol'] !== 'ZAP1') {
      return {
        valid: false,
        proofs: [],
        error: 'the export package is not a ZAP1 package: protocol must be "ZAP1"',
      };
    }
    const entries = pkg['proofs'];
    if (!Array.isArray(entries))
      return { valid: false, proofs: [], error: 'the export package has no list of proofs' };
    if (entries.length === 0)
      return { valid: false, proofs: [], error: 'the export package holds no proofs' };
    const proofs = entries.map((entry: unknown, i) => checkExportProof(entry, i + 1));
    const failed = proofs.find((p) => !p.valid);
    if (failed !== undefined) {
      const count = proofs.filter((p) => !p.valid).length;
      return {
        valid: false,
        proofs,
        error: count === 1 ? failed.error : `${count} proofs failed; first, ${failed.error}`,
      };
    }
    return { valid: true, proofs };
  } catch {
    return { valid: false, proofs: [], error: 'the export package could not be read' };
  }
}
