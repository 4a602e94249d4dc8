/**
 * zap1/chain: reading Zcash's own bytes (transactions, ZIP 244 txids, block headers and branches,
 * unified viewing keys, Orchard memo recovery) and checking a receipt's chain evidence on them.
 */
export * from './chain/index.js';
export * from './evidence/index.js';
