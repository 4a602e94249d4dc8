/**
 * The transaction Merkle tree of a Zcash block (Bitcoin's construction, which Zcash keeps; ZIP 244
 * only changed what the leaves are): the leaves are the txids in natural byte order, a parent is
 * double SHA-256 of `left || right`, and a level with an odd number of nodes pairs its last node
 * with itself. The root is the header's hashMerkleRoot.
 *
 * Orders, since both appear: txids are taken in display order (as RPCs list them, e.g. getblock);
 * branch hashes and roots are natural-order hex, the bytes the tree hashes and the header stores,
 * so a root compares directly with `toHex(header.merkleRoot)`.
 */
import { toHex } from '../protocol/hex.js';
import { ChainFormatError, chainBytes, fromDisplayHex } from './bytes.js';
import { sha256d } from './block.js';

/** Deeper than any block can be (2 MB of transactions is under 2^17 of them); longer branches are refused. */
export const MAX_MERKLE_BRANCH_LENGTH = 32;

/** ceil(log2(count)) for count ≥ 1: the auth data tree's height, and the txid tree's depth. */
export function treeDepth(count: number): number {
  let depth = 0;
  while (2 ** depth < count) depth++;
  return depth;
}

/** A branch as deep as a block of `txCount` transactions has, and an index inside it. */
export function checkShape(branch: readonly unknown[], index: number, txCount: number, what: string): void {
  if (!Number.isSafeInteger(txCount) || txCount < 1 || txCount > 2 ** MAX_MERKLE_BRANCH_LENGTH) {
    throw new ChainFormatError('the transaction count must be a positive integer');
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= txCount) {
    throw new ChainFormatError(
      `transaction index ${String(index)} does not exist in a block of ${txCount} transaction${txCount === 1 ? '' : 's'}`,
    );
  }
  if (!Array.isArray(branch) || branch.length !== treeDepth(txCount)) {
    throw new ChainFormatError(
      `the ${what} has ${Array.isArray(branch) ? branch.length : 'no'} levels, but a block of ${txCount} transactions has ${treeDepth(txCount)}`,
    );
  }
}

function leaves(txids: readonly string[]): Uint8Array[] {
  if (!Array.isArray(txids) || txids.length === 0) {
    throw new ChainFormatError('txids must be a non-empty array (every block has a coinbase)');
  }
  return txids.map((txid, i) => fromDisplayHex(txid, `txids[${i}]`));
}

/** The next level up: pairs hashed, an odd last node paired with itself. */
function parentLevel(level: Uint8Array[]): Uint8Array[] {
  const up: Uint8Array[] = [];
  for (let i = 0; i < level.length; i += 2) up.push(sha256d(level[i]!, level[i + 1] ?? level[i]!));
  return up;
}

/**
 * The Merkle root over `txids` (display order), as natural-order hex: the header's hashMerkleRoot.
 * An empty list, or a txid that is not 64 hex characters, throws `ChainFormatError`.
 */
export function blockMerkleRoot(txids: readonly string[]): string {
  let level = leaves(txids);
  while (level.length > 1) level = parentLevel(level);
  return toHex(level[0]!);
}

/**
 * The branch from the txid at `index` to the root: the sibling at each level, leaf level first, as
 * natural-order hex. A single-transaction block has the empty branch (its txid is the root).
 * Malformed txids or an index outside the list throw `ChainFormatError`.
 */
export function merkleBranch(txids: readonly string[], index: number): string[] {
  let level = leaves(txids);
  if (!Number.isSafeInteger(index) || index < 0 || index >= level.length) {
    throw new ChainFormatError(`index must be an integer in 0..${level.length - 1}`);
  }
  const branch: string[] = [];
  let position = index;
  while (level.length > 1) {
    const sibling = position % 2 === 0 ? (level[position + 1] ?? level[position]!) : level[position - 1]!;
    branch.push(toHex(sibling));
    level = parentLevel(level);
    position = Math.floor(position / 2);
  }
  return branch;
}

/**
 * The root reached from `txid` (display order, as RPCs show it) at position `index` through
 * `branch` (natural-order hex, leaf level first), as natural-order hex to compare with the
 * header's merkle root. Malformed input (a hash that is not 64 hex characters, an index that
 * does not fit the branch's depth, a branch deeper than MAX_MERKLE_BRANCH_LENGTH) throws
 * `ChainFormatError`.
 *
 * As in Bitcoin, a branch alone proves the txid is a leaf of the tree with that root, not how many
 * transactions the block has: the self-paired last node means some roots have two leaf lists (in
 * a block of 7, index 7 folds to the same root as index 6). Given the block's `txCount`, the branch
 * must be exactly as deep as that block's tree, the index inside it, and where the node is the
 * last of an odd level its sibling must be itself, so the index is the transaction's own.
 */
export function merkleRootFromBranch(
  txid: string,
  branch: readonly string[],
  index: number,
  txCount?: number,
): string {
  if (!Array.isArray(branch) || branch.length > MAX_MERKLE_BRANCH_LENGTH) {
    throw new ChainFormatError(`branch must be an array of at most ${MAX_MERKLE_BRANCH_LENGTH} hashes`);
  }
  if (txCount !== undefined) checkShape(branch, index, txCount, 'merkle branch');
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** branch.length) {
    throw new ChainFormatError(
      `index must be an integer in 0..${2 ** branch.length - 1} for a branch of ${branch.length}`,
    );
  }
  let node = fromDisplayHex(txid, 'txid');
  let position = index;
  let width = txCount ?? 2 ** branch.length;
  // By index, not forEach: a sparse array's holes must be refused, not skipped.
  for (let level = 0; level < branch.length; level++) {
    const hex = branch[level];
    if (typeof hex !== 'string' || hex.length !== 64) {
      throw new ChainFormatError(`branch[${level}] must be 64 hex characters`);
    }
    const sibling = chainBytes(hex, `branch[${level}]`);
    if (position % 2 === 0 && position + 1 >= width && toHex(sibling) !== toHex(node)) {
      throw new ChainFormatError(
        `branch[${level}] must repeat the node itself: it is the last of its level, which has no right sibling`,
      );
    }
    node = position % 2 === 0 ? sha256d(node, sibling) : sha256d(sibling, node);
    position = Math.floor(position / 2);
    width = Math.ceil(width / 2);
  }
  return toHex(node);
}
