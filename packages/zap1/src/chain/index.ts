/** Reading the chain's own bytes: transactions, block headers and keys, shared by the service and the browser. */
export * from './bytes.js';
export * from './transaction.js';
export * from './zip244.js';
export * from './block.js';
export * from './merkle-branch.js';
export * from './block-commitments.js';
export * from './pallas.js';
export * from './f4jumble.js';
export * from './viewing-key.js';
export * from './orchard-keys.js';
export * from './orchard-recovery.js';
export * from './read-memos.js';
export * from './network-upgrades.js';
export * from './equihash.js';
export * from './proof-of-work.js';
export * from './mining.js';
