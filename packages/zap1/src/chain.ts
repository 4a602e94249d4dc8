/**
 * zap1/chain: reading Zcash's own bytes (v5 transactions, ZIP 244 txids, block headers and branches,
 * unified viewing keys, Orchard memo recovery) and checking a receipt's chain evidence on them.
 */
export * from '../../../src/core/chain/index.js';
export {
  CHAIN_EVIDENCE_FORMAT,
  keyNetworkOf,
  networkName,
  parseChainEvidence,
  type ChainEvidence,
  type ParsedChainEvidence,
} from '../../../src/core/chain-evidence.js';
export {
  MAX_ORCHARD_ACTIONS_IN_BLOCK,
  checkChainEvidence,
  type EvidenceFindings,
} from '../../../src/core/evidence-checks.js';
export {
  KNOWN_BLOCK_EXPLORERS,
  blockExplorerFor,
  confirmBlock,
  explorerLink,
  isExplorerTemplate,
  type BlockSource,
  type ServiceTrust,
} from '../../../src/core/block-confirmation.js';
