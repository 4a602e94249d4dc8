/**
 * Chain evidence (`zap1-chain-evidence/1`): the anchor's own bytes a receipt carries, the checks they
 * get, and the one fact they leave open (the block at its height), confirmed only by a chosen source.
 */
export * from './chain-evidence.js';
export * from './evidence-checks.js';
export * from './block-confirmation.js';
