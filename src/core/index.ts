/**
 * The ZAP1 protocol library, shared by the service and the browser so that both prove and verify
 * with the same code. No React, no DOM, no Node APIs, no network.
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
export * from './anchor-history.js';
export * from './anchor-verdict.js';
export * from './display-text.js';
export * from './chain-evidence.js';
export * from './evidence-checks.js';
export * from './block-confirmation.js';
export * from './receipt.js';
export * from './receipt-document.js';
export * from './number-words.js';
export * from './service-reader.js';
export * from './verify-claim.js';
export * from './link-header.js';
export * from './memo.js';
export * from './sha256-stream.js';
export * from './zec-amount.js';
export * from './chain/index.js';
