/**
 * The checks a receipt's chain evidence gets from its own bytes (docs/chain.md, "Evidence"), each
 * named in the verdict:
 *
 *  1. `transaction`: the bytes hash to the claimed txid (ZIP 244), at the claimed height, and the
 *     transaction could be mined (no more Orchard actions than a block holds, proofs of the length
 *     consensus fixes);
 *  2. `memo`: the viewing key recovers a memo from them that is exactly `ZAP1:09:<root>`;
 *  3. `branch`: the merkle branch from that txid, at an index inside the block, reaches the header's
 *     merkle root;
 *  4. `commitments`: the transaction's auth digest (its scripts, proofs and signatures, which the
 *     txid leaves out) reaches the header's hashBlockCommitments, so every byte of it is bound;
 *     `unknown`, saying what was bound, for evidence that does not carry what this needs;
 *  5. `header`: the header hashes to the claimed block hash;
 *  6. `work`: the header's Equihash solution holds and its hash is under the target its nBits
 *     encodes, with the network's parameters (a header made up, or with its nonce or solution
 *     changed, is no mined header).
 */
import { heightWords } from '../protocol/number-words.js';
import type { VerdictCheck } from '../verdict/anchor-verdict.js';
import { authDataRootFromBranch, blockCommitmentsHash } from '../chain/block-commitments.js';
import { blockHash, parseBlockHeader, type BlockHeader } from '../chain/block.js';
import { checkProofOfWork } from '../chain/proof-of-work.js';
import { merkleRootFromBranch } from '../chain/merkle-branch.js';
import { readMemos } from '../chain/read-memos.js';
import { parseTransaction, type TransactionV5 } from '../chain/transaction.js';
import { transactionAuthDigest, transactionId } from '../chain/zip244.js';
import { keyNetworkOf, networkName, type ChainEvidence } from './chain-evidence.js';
import { shownJsonValue, visibleText } from '../protocol/display-text.js';
import { toHex } from '../protocol/hex.js';
import { parseAnchorMemo } from '../protocol/memo.js';

/** Bytes of one Orchard action in a block: the action, its signature and its share of the proof. */
const ORCHARD_ACTION_BYTES = 820 + 64 + 2272;
/** A block is at most 2,000,000 bytes, and an Orchard bundle's proof is at least 2,720. */
export const MAX_ORCHARD_ACTIONS_IN_BLOCK = Math.floor((2_000_000 - 2720) / ORCHARD_ACTION_BYTES);

/** What the checks found: each check, the memo recovered and the header's time. */
export interface EvidenceFindings {
  checks: VerdictCheck[];
  /** The anchor memo's root as recovered from the transaction, when the key opened one. */
  memoRootHex: string | null;
  /** The header's nTime (Unix seconds) when it reads; a date only once a chosen source confirms its hash. */
  headerTime: number | null;
}

const errorText = (error: unknown): string =>
  visibleText(error instanceof Error ? error.message : String(error));

const check = (name: VerdictCheck['name'], status: VerdictCheck['status'], detail: string): VerdictCheck => ({
  name,
  status,
  detail,
});

/** Why this transaction could not have been mined, or null. */
function unmineable(tx: TransactionV5): string | null {
  const orchard = tx.orchard;
  if (orchard === null) return null;
  const actions = orchard.actions.length;
  if (actions > MAX_ORCHARD_ACTIONS_IN_BLOCK) {
    return `it holds ${actions} Orchard actions, more than a block can hold (${MAX_ORCHARD_ACTIONS_IN_BLOCK})`;
  }
  const proofBytes = 2720 + 2272 * actions;
  if (orchard.proofs.length !== proofBytes) {
    return `its Orchard proof is ${orchard.proofs.length} bytes, where consensus fixes ${proofBytes} for ${actions} action${actions === 1 ? '' : 's'}`;
  }
  return null;
}

function transactionCheck(
  evidence: ChainEvidence,
  tx: TransactionV5,
  claim: { txid: string; height: number | null; network?: string | null },
  notMineable: string | null,
): VerdictCheck {
  const txidOfBytes = transactionId(tx);
  if (claim.network != null && networkName(claim.network) !== networkName(evidence.network)) {
    return check(
      'transaction',
      'fail',
      `The evidence is from the ${visibleText(evidence.network)} chain, but the receipt was made on ${shownJsonValue(claim.network)}.`,
    );
  }
  if (claim.height !== null && claim.height !== evidence.height) {
    return check(
      'transaction',
      'fail',
      `The evidence places the transaction at height ${heightWords(evidence.height)}, but the anchor claims height ${claim.height === null ? '?' : heightWords(claim.height)}.`,
    );
  }
  if (txidOfBytes !== claim.txid || evidence.txid !== claim.txid) {
    return check(
      'transaction',
      'fail',
      `The transaction's bytes hash to ${txidOfBytes}, not to the anchor's transaction ${claim.txid}.`,
    );
  }
  if (notMineable !== null)
    return check('transaction', 'fail', `The evidence's transaction cannot be a mined one: ${notMineable}.`);
  return check(
    'transaction',
    'pass',
    `The transaction's bytes hash to ${txidOfBytes} (ZIP 244), the anchor's transaction.`,
  );
}

function memoCheck(
  evidence: ChainEvidence,
  tx: TransactionV5,
  rootHex: string,
): [VerdictCheck, string | null] {
  try {
    const roots = readMemos(tx, evidence.viewing_key, { network: keyNetworkOf(evidence.network) }).map((m) =>
      parseAnchorMemo(m.memo),
    );
    const memoRootHex = roots.find((root) => root === rootHex) ?? roots.find((root) => root !== null) ?? null;
    if (roots.length === 0) {
      return [
        check(
          'memo',
          'fail',
          'The viewing key recovers no memo from the transaction: it is not the key of the wallet that anchored.',
        ),
        null,
      ];
    }
    if (memoRootHex === rootHex) {
      return [
        check('memo', 'pass', `The viewing key recovers the memo ZAP1:09:${rootHex} from the transaction.`),
        memoRootHex,
      ];
    }
    return [
      check(
        'memo',
        'fail',
        memoRootHex === null
          ? 'The memo the viewing key recovers is not a ZAP1 anchor memo.'
          : `The memo the viewing key recovers anchors another root, ${memoRootHex}, not this proof's root ${rootHex}.`,
      ),
      memoRootHex,
    ];
  } catch (error) {
    return [check('memo', 'fail', `The memo cannot be recovered: ${errorText(error)}.`), null];
  }
}

function branchCheck(evidence: ChainEvidence, header: BlockHeader): VerdictCheck {
  // Both in natural byte order: the header's field as it is, the branch's result as it comes.
  const headerRoot = toHex(header.merkleRoot);
  const count = evidence.tx_count;
  const reached = merkleRootFromBranch(evidence.txid, evidence.merkle_branch, evidence.tx_index, count);
  if (reached !== headerRoot) {
    return check(
      'branch',
      'fail',
      `The merkle branch from the transaction reaches ${reached}, not the block header's merkle root ${headerRoot}.`,
    );
  }
  return check(
    'branch',
    'pass',
    count === undefined
      ? `The merkle branch from the transaction (index ${evidence.tx_index}) reaches the block header's merkle root; the evidence gives no transaction count, so the index is not bound to the block's size.`
      : `The merkle branch from the transaction (index ${evidence.tx_index} of ${count}) reaches the block header's merkle root.`,
  );
}

function commitmentsCheck(evidence: ChainEvidence, tx: TransactionV5, header: BlockHeader): VerdictCheck {
  const { auth_digest_branch: branch, chain_history_root: historyRoot, tx_count: count } = evidence;
  if (branch === undefined || historyRoot === undefined || count === undefined) {
    return check(
      'commitments',
      'unknown',
      "Bound: every byte the txid covers (the memo among them). Not bound: the transaction's proofs and signatures, since the evidence carries no auth data branch to reach the header's hashBlockCommitments.",
    );
  }
  const authRoot = authDataRootFromBranch(toHex(transactionAuthDigest(tx)), branch, evidence.tx_index, count);
  const commitments = blockCommitmentsHash(historyRoot, authRoot);
  const inHeader = toHex(header.blockCommitments);
  return commitments === inHeader
    ? check(
        'commitments',
        'pass',
        "Every byte of the transaction is bound: its auth digest (its proofs and signatures) reaches the header's hashBlockCommitments through the auth data branch (ZIP 244).",
      )
    : check(
        'commitments',
        'fail',
        `The transaction's auth digest, its branch and the chain history root give hashBlockCommitments ${commitments}, not the header's ${inHeader}: a byte of its proofs or signatures, or of the evidence, was changed.`,
      );
}

/** Runs `make`, naming the check as failed with the error's words when it throws. */
function guarded(name: VerdictCheck['name'], what: string, make: () => VerdictCheck): VerdictCheck {
  try {
    return make();
  } catch (error) {
    return check(name, 'fail', `${what}: ${errorText(error)}.`);
  }
}

/**
 * The checks of the evidence against the proof it backs: `rootHex` the bundle's root, and `claim`
 * the anchor the bundle (or the history) names, which the evidence must match, with the network the
 * receipt was made on where it says (the viewing key must be of that network too).
 */
export function checkChainEvidence(
  evidence: ChainEvidence,
  rootHex: string,
  claim: { txid: string; height: number | null; network?: string | null },
): EvidenceFindings {
  let tx: TransactionV5 | null = null;
  let txError = '';
  try {
    const parsed = parseTransaction(evidence.transaction);
    if (parsed.version === 5) tx = parsed;
    else
      txError = `it is a v${parsed.version} transaction, and an anchor is a v5 transaction with an Orchard memo`;
  } catch (error) {
    txError = errorText(error);
  }
  let header: BlockHeader | null = null;
  let headerError = '';
  try {
    header = parseBlockHeader(evidence.block_header);
  } catch (error) {
    headerError = errorText(error);
  }
  const unreadTx = `the transaction cannot be read (${txError})`;
  const unreadHeader = `the block header cannot be read (${headerError})`;
  const checks: VerdictCheck[] = [];
  let memoRootHex: string | null = null;
  if (tx === null) {
    checks.push(check('transaction', 'fail', `The evidence's transaction cannot be read: ${txError}.`));
    checks.push(check('memo', 'fail', `The memo cannot be recovered: ${unreadTx}.`));
  } else {
    const parsed = tx;
    const notMineable = unmineable(parsed);
    checks.push(
      guarded('transaction', "The evidence's transaction cannot be read", () =>
        transactionCheck(evidence, parsed, claim, notMineable),
      ),
    );
    // A transaction no block could hold is not opened: trying its every action is the cost it imposes.
    if (notMineable === null) {
      const [memo, root] = memoCheck(evidence, parsed, rootHex);
      checks.push(memo);
      memoRootHex = root;
    } else {
      checks.push(check('memo', 'fail', 'The memo was not read: the transaction cannot be a mined one.'));
    }
  }
  const parsedHeader = header;
  checks.push(
    parsedHeader === null
      ? check('branch', 'fail', `The merkle branch cannot be checked: ${unreadHeader}.`)
      : guarded('branch', 'The merkle branch cannot be checked', () => branchCheck(evidence, parsedHeader)),
  );
  const parsedTx = tx;
  checks.push(
    parsedHeader === null || parsedTx === null
      ? check(
          'commitments',
          'fail',
          `The block commitments cannot be checked: ${parsedTx === null ? unreadTx : unreadHeader}.`,
        )
      : guarded('commitments', 'The block commitments cannot be checked', () =>
          commitmentsCheck(evidence, parsedTx, parsedHeader),
        ),
  );
  checks.push(headerCheck(evidence));
  checks.push(
    parsedHeader === null
      ? check('work', 'fail', `The proof of work cannot be checked: ${unreadHeader}.`)
      : guarded('work', 'The proof of work cannot be checked', () => workCheck(evidence, parsedHeader)),
  );
  return { checks, memoRootHex, headerTime: header?.time ?? null };
}

function workCheck(evidence: ChainEvidence, header: BlockHeader): VerdictCheck {
  const network = keyNetworkOf(evidence.network);
  const work = checkProofOfWork(header, network);
  return check('work', work.ok ? 'pass' : 'fail', `${upperFirst(work.reason)} (${network} parameters).`);
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function headerCheck(evidence: ChainEvidence): VerdictCheck {
  return guarded('header', 'The block header cannot be read', () => {
    const hash = blockHash(evidence.block_header);
    return hash === evidence.block_hash
      ? check('header', 'pass', `The block header hashes to ${hash}.`)
      : check(
          'header',
          'fail',
          `The block header hashes to ${hash}, not to the claimed block ${evidence.block_hash}.`,
        );
  });
}
