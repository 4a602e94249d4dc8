/**
 * zap1/verify: proof bundles, leaf hashes and memos without the client (no schemas, no HTTP), for
 * pages and workers that only verify. At most 25 KB minified and gzipped (measured by the build).
 */
export { verifyProofBundle, verifyExport } from '../../../src/core/proof-bundle.js';
export type { BundleOptions, BundleVerdict, ExportProofVerdict } from '../../../src/core/proof-bundle.js';
export type { ProofStep } from '../../../src/core/merkle-tree.js';
export { verifyProof, walkProof, type VerdictScheme, type WalkStep } from '../../../src/core/verify-proof.js';
export { verifyConsistency } from '../../../src/core/consistency.js';
export { leafHash, leafPreimage, type EventFields } from '../../../src/core/leaf-hash.js';
export * from '../../../src/core/memo.js';
// Takes hex as well as bytes; shadows the bytes-only `decodeMemo` of src/core.
export { decodeMemo } from './memo.js';
export * from '../../../src/core/hex.js';
export * from '../../../src/core/schemes.js';
export * from '../../../src/core/event-specs.js';
