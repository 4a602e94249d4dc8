/**
 * Chain evidence (`"format": "zap1-chain-evidence/1"`): what lets a receipt outlive the service that
 * made it. The anchoring transaction's bytes, the header of the block that holds it, the branch from
 * its txid to that header's merkle root, and the viewing key that opens its memo. Four checks run on
 * those bytes alone (docs/chain.md, "Evidence"):
 *
 *  1. `transaction`: the bytes hash to the claimed txid (ZIP 244);
 *  2. `memo`: the viewing key recovers a memo from them that is exactly `ZAP1:09:<root>`;
 *  3. `branch`: the merkle branch from that txid reaches the header's merkle root;
 *  4. `header`: the header hashes to the claimed block hash.
 *
 * What is left is one fact any explorer or node shows: block `block_hash` is at height `height`.
 * `confirmBlock` judges that fact against whatever source the person has.
 */
import type { VerdictCheck } from './anchor-verdict.js';
import { blockHash, parseBlockHeader } from './chain/block.js';
import { MAX_MERKLE_BRANCH_LENGTH, merkleRootFromBranch } from './chain/merkle-branch.js';
import { readMemos } from './chain/read-memos.js';
import { transactionId } from './chain/zip244.js';
import { shownJsonValue, visibleText } from './display-text.js';
import { isHex64, isRecord } from './guards.js';
import { toHex } from './hex.js';
import { parseAnchorMemo } from './memo.js';

export const CHAIN_EVIDENCE_FORMAT = 'zap1-chain-evidence/1';

export interface ChainEvidence {
  format: typeof CHAIN_EVIDENCE_FORMAT;
  /** The network the service anchors on (`mainnet`, `testnet`, `devnet`). */
  network: string;
  /** Display order (as RPCs and explorers show it). */
  txid: string;
  height: number;
  /** Display order. */
  block_hash: string;
  block_header: string;
  /** The transaction's index in its block (the coinbase is 0). */
  tx_index: number;
  /** Sibling hashes from the txid up, natural byte order. */
  merkle_branch: string[];
  transaction: string;
  /** The unified full viewing key that opens the anchor memo. */
  viewing_key: string;
}

export type ParsedChainEvidence = { ok: true; evidence: ChainEvidence } | { ok: false; error: string };

const HEX = /^(?:[0-9a-f]{2})+$/;
/** A transaction or header larger than this is not one this service writes (a block is at most 2 MB). */
const MAX_HEX_CHARS = 4_000_000;

/** Reads chain evidence from untrusted JSON; the error says, in plain words, what is wrong with it. */
export function parseChainEvidence(value: unknown): ParsedChainEvidence {
  const fail = (error: string): ParsedChainEvidence => ({ ok: false, error: `the chain evidence ${error}` });
  if (!isRecord(value)) return fail('is not a JSON object');
  if (value['format'] !== CHAIN_EVIDENCE_FORMAT)
    return fail(`is not of the format "${CHAIN_EVIDENCE_FORMAT}"`);
  const {
    network,
    txid,
    height,
    block_hash,
    block_header,
    tx_index,
    merkle_branch,
    transaction,
    viewing_key,
  } = value;
  if (typeof network !== 'string' || network.length > 32) return fail('names no network');
  if (!isHex64(txid)) return fail('has no txid (64 lowercase hex)');
  if (!isHex64(block_hash)) return fail('has no block hash (64 lowercase hex)');
  if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0) return fail('has no height');
  if (typeof tx_index !== 'number' || !Number.isSafeInteger(tx_index) || tx_index < 0)
    return fail('has no transaction index');
  for (const [name, hex] of [
    ['block header', block_header],
    ['transaction', transaction],
  ] as const) {
    if (typeof hex !== 'string' || hex.length > MAX_HEX_CHARS || !HEX.test(hex))
      return fail(`has no ${name} (lowercase hex)`);
  }
  if (
    !Array.isArray(merkle_branch) ||
    merkle_branch.length > MAX_MERKLE_BRANCH_LENGTH ||
    !merkle_branch.every(isHex64)
  )
    return fail('has no merkle branch (a list of 64-hex hashes)');
  if (typeof viewing_key !== 'string' || viewing_key.length > 10_000) return fail('has no viewing key');
  return {
    ok: true,
    evidence: {
      format: CHAIN_EVIDENCE_FORMAT,
      network,
      txid,
      height,
      block_hash,
      block_header: block_header as string,
      tx_index,
      merkle_branch: [...merkle_branch] as string[],
      transaction: transaction as string,
      viewing_key,
    },
  };
}

/** What the four checks found: each check, and the memo recovered (null when none was). */
export interface EvidenceFindings {
  checks: VerdictCheck[];
  /** The anchor memo's root as recovered from the transaction, when the key opened one. */
  memoRootHex: string | null;
}

const errorText = (error: unknown): string =>
  visibleText(error instanceof Error ? error.message : String(error));

/**
 * The four checks of the evidence against the proof it backs: `rootHex` the bundle's root, and
 * `claim` the anchor the bundle (or the history) names, which the evidence must match, with the
 * network the receipt was made on where it says (the viewing key must be of that network too).
 */
export function checkChainEvidence(
  evidence: ChainEvidence,
  rootHex: string,
  claim: { txid: string; height: number | null; network?: string | null },
): EvidenceFindings {
  const checks: VerdictCheck[] = [];
  const expectedTxid = claim.txid;
  let txidOfBytes: string | null = null;
  try {
    txidOfBytes = transactionId(evidence.transaction);
  } catch (error) {
    checks.push({
      name: 'transaction',
      status: 'fail',
      detail: `The evidence's transaction cannot be read: ${errorText(error)}.`,
    });
  }
  if (txidOfBytes !== null) {
    const matches = txidOfBytes === expectedTxid && evidence.txid === expectedTxid;
    const heightDiffers = claim.height !== null && claim.height !== evidence.height;
    const networkDiffers =
      claim.network != null && networkName(claim.network) !== networkName(evidence.network);
    checks.push(
      networkDiffers
        ? {
            name: 'transaction',
            status: 'fail',
            detail: `The evidence is from the ${visibleText(evidence.network)} chain, but the receipt was made on ${shownJsonValue(claim.network)}.`,
          }
        : matches && !heightDiffers
          ? {
              name: 'transaction',
              status: 'pass',
              detail: `The transaction's bytes hash to ${txidOfBytes} (ZIP 244), the anchor's transaction.`,
            }
          : {
              name: 'transaction',
              status: 'fail',
              detail: heightDiffers
                ? `The evidence places the transaction at height ${evidence.height}, but the anchor claims height ${String(claim.height)}.`
                : `The transaction's bytes hash to ${txidOfBytes}, not to the anchor's transaction ${expectedTxid}.`,
            },
    );
  }

  let memoRootHex: string | null = null;
  try {
    const roots = readMemos(evidence.transaction, evidence.viewing_key, {
      network: keyNetworkOf(evidence.network),
    }).map((m) => parseAnchorMemo(m.memo));
    memoRootHex = roots.find((root) => root === rootHex) ?? roots.find((root) => root !== null) ?? null;
    if (roots.length === 0) {
      checks.push({
        name: 'memo',
        status: 'fail',
        detail:
          'The viewing key recovers no memo from the transaction: it is not the key of the wallet that anchored.',
      });
    } else if (memoRootHex === rootHex) {
      checks.push({
        name: 'memo',
        status: 'pass',
        detail: `The viewing key recovers the memo ZAP1:09:${rootHex} from the transaction.`,
      });
    } else {
      checks.push({
        name: 'memo',
        status: 'fail',
        detail:
          memoRootHex === null
            ? 'The memo the viewing key recovers is not a ZAP1 anchor memo.'
            : `The memo the viewing key recovers anchors another root, ${memoRootHex}, not this proof's root ${rootHex}.`,
      });
    }
  } catch (error) {
    checks.push({
      name: 'memo',
      status: 'fail',
      detail: `The memo cannot be recovered: ${errorText(error)}.`,
    });
  }

  try {
    // Both in natural byte order: the header's field as it is, the branch's result as it comes.
    const headerRoot = toHex(parseBlockHeader(evidence.block_header).merkleRoot);
    const reached = merkleRootFromBranch(evidence.txid, evidence.merkle_branch, evidence.tx_index);
    checks.push(
      reached === headerRoot
        ? {
            name: 'branch',
            status: 'pass',
            detail: `The merkle branch from the transaction (index ${evidence.tx_index}) reaches the block header's merkle root.`,
          }
        : {
            name: 'branch',
            status: 'fail',
            detail: `The merkle branch from the transaction reaches ${reached}, not the block header's merkle root ${headerRoot}.`,
          },
    );
  } catch (error) {
    checks.push({
      name: 'branch',
      status: 'fail',
      detail: `The merkle branch cannot be checked: ${errorText(error)}.`,
    });
  }

  try {
    const hash = blockHash(evidence.block_header);
    checks.push(
      hash === evidence.block_hash
        ? { name: 'header', status: 'pass', detail: `The block header hashes to ${hash}.` }
        : {
            name: 'header',
            status: 'fail',
            detail: `The block header hashes to ${hash}, not to the claimed block ${evidence.block_hash}.`,
          },
    );
  } catch (error) {
    checks.push({
      name: 'header',
      status: 'fail',
      detail: `The block header cannot be read: ${errorText(error)}.`,
    });
  }
  return { checks, memoRootHex };
}

/** One name per network, whichever word a service uses (`MainNetwork`, `main`, `mainnet`). */
export function networkName(network: string): string {
  const lower = network.toLowerCase();
  if (lower.startsWith('main')) return 'mainnet';
  if (lower.startsWith('test')) return 'testnet';
  if (lower === 'regtest' || lower === 'dev') return 'devnet';
  return lower;
}

/** The viewing-key network of a chain: a development chain's keys are regtest keys. */
function keyNetworkOf(network: string): 'mainnet' | 'testnet' | 'regtest' {
  const name = networkName(network);
  return name === 'mainnet' ? 'mainnet' : name === 'testnet' ? 'testnet' : 'regtest';
}

/** Where the fact "block X is at height H" was read, and what it said. */
export type BlockSource =
  | { kind: 'given'; blockHash: string }
  | { kind: 'node'; url: string; blockHash: string | null }
  | { kind: 'history'; service: string; matches: boolean };

/**
 * The one fact left once the four checks pass: block `block_hash` is at `height`. `pass` when a
 * source confirms it (named in the detail), `fail` when one contradicts it, `unknown` (saying which
 * block to look up, and where, when `explorerBlockUrl` is known) when none was available.
 */
export function confirmBlock(
  evidence: ChainEvidence,
  sources: readonly BlockSource[],
  explorerBlockUrl: string | null = null,
): VerdictCheck {
  const at = `block ${evidence.block_hash} at height ${evidence.height}`;
  for (const source of sources) {
    if (source.kind === 'given') {
      const given = source.blockHash.trim().toLowerCase();
      return given === evidence.block_hash
        ? {
            name: 'block',
            status: 'pass',
            detail: `The block hash you read for height ${evidence.height} is ${given}, the evidence's block.`,
          }
        : {
            name: 'block',
            status: 'fail',
            detail: `The block hash you read for height ${evidence.height} is ${visibleText(given)}, not the evidence's block ${evidence.block_hash}.`,
          };
    }
    if (source.kind === 'node' && source.blockHash !== null) {
      return source.blockHash === evidence.block_hash
        ? { name: 'block', status: 'pass', detail: `Your node (${visibleText(source.url)}) has ${at}.` }
        : {
            name: 'block',
            status: 'fail',
            detail: `Your node (${visibleText(source.url)}) has block ${visibleText(source.blockHash)} at height ${evidence.height}, not the evidence's ${evidence.block_hash}.`,
          };
    }
  }
  const history = sources.find(
    (s): s is Extract<BlockSource, { kind: 'history' }> => s.kind === 'history' && s.matches,
  );
  if (history) {
    return {
      name: 'block',
      status: 'pass',
      detail: `${visibleText(history.service)}'s anchor history has this transaction at height ${evidence.height}: the service's word. To need no one's word, look up the block at that height yourself: its hash must be ${evidence.block_hash}.`,
    };
  }
  const where = explorerBlockUrl
    ? ` (${explorerBlockUrl.replace('{height}', String(evidence.height)).replace('{hash}', evidence.block_hash)})`
    : '';
  return {
    name: 'block',
    status: 'unknown',
    detail: `Everything but one fact was checked on the chain's own bytes. Look up the block at height ${evidence.height} in an explorer${where} or on your node: its hash must be ${evidence.block_hash}.`,
  };
}
