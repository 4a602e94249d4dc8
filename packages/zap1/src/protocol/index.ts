/**
 * The ZAP1 protocol (docs/protocol.md): the event table, leaf hashing, the Merkle tree, inclusion
 * and consistency proofs, proof bundles, memos, and the small encodings they share. No React, no
 * DOM, no Node APIs, no network.
 */
export * from './guards.js';
export * from './hex.js';
export * from './hash.js';
export * from './field-specs.js';
export * from './event-specs.js';
export * from './schemes.js';
export * from './leaf-hash.js';
export * from './validate-event.js';
export * from './merkle-tree.js';
export * from './verify-proof.js';
export * from './consistency.js';
export * from './proof-bundle.js';
export * from './display-text.js';
export * from './number-words.js';
export * from './link-header.js';
export * from './memo.js';
export * from './sha256-stream.js';
export * from './zec-amount.js';
export * from './blake2b-wasm.js';
