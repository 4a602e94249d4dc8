/**
 * zap1/node-rpc: a typed client of a Zcash node's (zcashd, Zallet) JSON-RPC, each answer read with a
 * size limit and checked with its schema; the service anchors through it, `zap1-verify --rpc` asks
 * the auditor's own node through it.
 */
export * from './node-rpc/zcash-rpc.js';
