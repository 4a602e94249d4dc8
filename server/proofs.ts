/**
 * Proof bundles as served (docs/protocol.md 4.1, docs/architecture.md decision 6): against the first anchored root
 * containing the leaf, else the current root with anchor {txid: null, height: null}. Every bundle is
 * checked with `verifyProofBundle` before it leaves the service.
 */
import { z } from 'zod';
import {
  HEX64_PATTERN,
  LEGACY_ROOT_MAX_ANCHOR_HEIGHT,
  SCHEME_COUNT_BOUND,
  eventTypeLabel,
  verifyProofBundle,
  type ProofStep,
} from 'zap1';
import type { Ledger } from './ledger.js';
import { UnservableProofError, upperPathsOf, verifiedInclusionProof } from './verified-proof.js';
import type { AnchoredRoot, LeafRecord } from './store/store.js';

const hex64 = z.string().regex(HEX64_PATTERN);

export const ProofStepSchema = z.object({ hash: hex64, position: z.enum(['left', 'right']) }).strict();

export const ProofBundleSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    version: z.literal('2'),
    leaf: z
      .object({
        hash: hex64,
        event_type: z.string(),
        created_at: z.string(),
        preimage_disclosure: z.literal('withheld from the public proof bundle'),
        event_type_authentication: z.literal('unverified_server_metadata_without_disclosed_witness'),
      })
      .strict(),
    proof: z.array(ProofStepSchema),
    root: z
      .object({
        hash: hex64,
        leaf_count: z.int().min(1),
        created_at: z.string(),
        scheme: z.literal(SCHEME_COUNT_BOUND),
        legacy_allowed: z.boolean(),
        legacy_max_anchor_height: z.literal(LEGACY_ROOT_MAX_ANCHOR_HEIGHT),
      })
      .strict(),
    anchor: z.object({ txid: hex64.nullable(), height: z.int().nullable() }).strict(),
    verify_command: z.string(),
  })
  .strict();

export type ProofBundle = z.infer<typeof ProofBundleSchema>;

/** How a holder checks a served bundle on their own machine (README "Verify a receipt"). */
export const VERIFY_COMMAND =
  'npx -p zap1 zap1-verify proof.json --service <URL of the service that served it>';

/** The root a leaf is proven against, and its anchor (null while unanchored). */
export interface ProofTarget {
  rootHex: string;
  leafCount: number;
  createdAt: string;
  anchored: AnchoredRoot | null;
  proof: ProofStep[];
}

export { UnservableProofError };

/**
 * The anchored root a proof of the leaf at `position` targets: the first anchored root containing
 * it, or null when none does (then the current root is the target).
 */
export async function targetAnchoredRoot(ledger: Ledger, position: number): Promise<AnchoredRoot | null> {
  const anchored = await ledger.store.anchors.firstAnchoredRootCovering(position);
  if (!anchored) return null;
  // Anchored by another instance past what this one has applied: catch up rather than disown it.
  await ledger.ensureApplied(anchored.leafCount);
  return anchored;
}

/** The first anchored root containing the leaf, else the current root, with the leaf's path to it checked. */
export async function proofTarget(ledger: Ledger, leaf: LeafRecord): Promise<ProofTarget> {
  const anchored = await targetAnchoredRoot(ledger, leaf.position);
  if (anchored) {
    return {
      rootHex: anchored.rootHex,
      leafCount: anchored.leafCount,
      createdAt: anchored.createdAt,
      anchored,
      // Anchored roots never change: their verified upper paths are worth keeping.
      proof: await verifiedInclusionProof(
        ledger.tree,
        leaf.leafHex,
        leaf.position - 1,
        anchored,
        upperPathsOf(ledger.tree),
      ),
    };
  }
  // Read together, before the path is hashed: the tree may grow meanwhile.
  const size = ledger.size;
  const rootHex = ledger.tree.root(size);
  const createdAt = ledger.lastCreatedAt() ?? leaf.createdAt;
  const proof = await verifiedInclusionProof(ledger.tree, leaf.leafHex, leaf.position - 1, {
    rootHex,
    leafCount: size,
  });
  return { rootHex, leafCount: size, createdAt, anchored: null, proof };
}

/** The v2 bundle proving a stored leaf against `target`; throws `UnservableProofError` if it would not verify. */
export function buildProofBundle(leaf: LeafRecord, target: ProofTarget): ProofBundle {
  const bundle = assembleProofBundle(leaf, target);
  const verdict = verifyProofBundle(bundle, { expectedLeafHex: leaf.leafHex });
  if (!verdict.valid) {
    throw new UnservableProofError(
      `bundle for leaf ${leaf.leafHex} does not verify: ${verdict.error ?? 'invalid'}`,
    );
  }
  return bundle;
}

/** The v2 bundle of a stored leaf against `target`, unchecked: callers verify it before serving. */
export function assembleProofBundle(leaf: LeafRecord, target: ProofTarget): ProofBundle {
  return {
    protocol: 'ZAP1',
    version: '2',
    leaf: {
      hash: leaf.leafHex,
      event_type: eventTypeLabel(leaf.eventType),
      created_at: leaf.createdAt,
      preimage_disclosure: 'withheld from the public proof bundle',
      event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
    },
    proof: target.proof,
    root: {
      hash: target.rootHex,
      leaf_count: target.leafCount,
      created_at: target.createdAt,
      scheme: SCHEME_COUNT_BOUND,
      legacy_allowed: false,
      legacy_max_anchor_height: LEGACY_ROOT_MAX_ANCHOR_HEIGHT,
    },
    anchor: { txid: target.anchored?.txid ?? null, height: target.anchored?.height ?? null },
    // The project's own verifier (zap1's cli/zap1-verify.ts); the service to ask is the one that served this.
    verify_command: VERIFY_COMMAND,
  };
}

/**
 * Exactly `JSON.stringify(bundle)` for a bundle of `assembleProofBundle` (its key order), written
 * field by field: most of a bundle is fixed text and hex, and serializing it generically took about
 * a tenth of a first proof's time on the event loop (as profiled over 1,000 anchored roots), twice
 * this. The leaf's, the root's and the steps' hashes go in as they are: they are lowercase hex by
 * construction (the leaf and the root were parsed as hex to check the path, the steps encoded from
 * the hashed bytes). Every other string is escaped. A property test holds the two equal.
 */
export function serializeProofBundle(bundle: ProofBundle): string {
  const { leaf, root, anchor } = bundle;
  let proof = '';
  for (const { hash, position } of bundle.proof) {
    proof += `${proof === '' ? '' : ','}{"hash":"${hash}","position":"${position}"}`;
  }
  return (
    `{"protocol":"ZAP1","version":"2","leaf":{"hash":"${leaf.hash}",` +
    `"event_type":${JSON.stringify(leaf.event_type)},"created_at":${JSON.stringify(leaf.created_at)},` +
    `"preimage_disclosure":"${leaf.preimage_disclosure}",` +
    `"event_type_authentication":"${leaf.event_type_authentication}"},"proof":[${proof}],` +
    `"root":{"hash":"${root.hash}","leaf_count":${root.leaf_count},` +
    `"created_at":${JSON.stringify(root.created_at)},"scheme":"${root.scheme}",` +
    `"legacy_allowed":${root.legacy_allowed},"legacy_max_anchor_height":${root.legacy_max_anchor_height}},` +
    `"anchor":{"txid":${JSON.stringify(anchor.txid)},"height":${JSON.stringify(anchor.height)}},` +
    `"verify_command":${bundle.verify_command === VERIFY_COMMAND ? VERIFY_COMMAND_JSON : JSON.stringify(bundle.verify_command)}}`
  );
}

const VERIFY_COMMAND_JSON = JSON.stringify(VERIFY_COMMAND);
