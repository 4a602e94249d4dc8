/**
 * zap1/verify: proof bundles, leaf hashes and memos without the client (no schemas, no HTTP), for
 * pages and workers that only verify. At most 25 KB minified and gzipped (measured by the build).
 */
export { verifyProofBundle, verifyExport } from './protocol/proof-bundle.js';
export type { BundleOptions, BundleVerdict, ExportProofVerdict } from './protocol/proof-bundle.js';
export type { ProofStep } from './protocol/merkle-tree.js';
export { verifyProof, walkProof, type VerdictScheme, type WalkStep } from './protocol/verify-proof.js';
export { verifyConsistency } from './protocol/consistency.js';
export { leafHash, leafPreimage, type EventFields } from './protocol/leaf-hash.js';
export * from './protocol/memo.js';
export * from './protocol/hex.js';
export * from './protocol/schemes.js';
export * from './protocol/event-specs.js';
