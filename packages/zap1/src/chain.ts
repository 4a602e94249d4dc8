/**
 * zap1/chain: reading Zcash's own bytes (v5 transactions, ZIP 244 txids, block headers and branches,
 * unified viewing keys, Orchard memo recovery) and checking a receipt's chain evidence on them.
 */
export * from '../../../src/core/chain/index.js';
export {
  CHAIN_EVIDENCE_FORMAT,
  checkChainEvidence,
  confirmBlock,
  parseChainEvidence,
  type BlockSource,
  type ChainEvidence,
  type EvidenceFindings,
  type ParsedChainEvidence,
} from '../../../src/core/chain-evidence.js';
