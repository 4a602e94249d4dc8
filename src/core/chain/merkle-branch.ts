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
import { toHex } from '../hex.js';
import { ChainFormatError, chainBytes, fromDisplayHex } from './bytes.js';
import { sha256d } from './block.js';

/** Deeper than any block can be (2 MB of transactions is under 2^17 of them); longer branches are refused. */
export const MAX_MERKLE_BRANCH_LENGTH = 32;

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
 * As in Bitcoin, a branch proves the txid is a leaf of the tree with that root, not how many
 * transactions the block has: the self-paired last node means some roots have two leaf lists.
 */
export function merkleRootFromBranch(txid: string, branch: readonly string[], index: number): string {
  if (!Array.isArray(branch) || branch.length > MAX_MERKLE_BRANCH_LENGTH) {
    throw new ChainFormatError(`branch must be an array of at most ${MAX_MERKLE_BRANCH_LENGTH} hashes`);
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** branch.length) {
    throw new ChainFormatError(
      `index must be an integer in 0..${2 ** branch.length - 1} for a branch of ${branch.length}`,
    );
  }
  let node = fromDisplayHex(txid, 'txid');
  let position = index;
  // By index, not forEach: a sparse array's holes must be refused, not skipped.
  for (let level = 0; level < branch.length; level++) {
    const hex = branch[level];
    if (typeof hex !== 'string' || hex.length !== 64) {
      throw new ChainFormatError(`branch[${level}] must be 64 hex characters`);
    }
    const sibling = chainBytes(hex, `branch[${level}]`);
    node = position % 2 === 0 ? sha256d(node, sibling) : sha256d(sibling, node);
    position = Math.floor(position / 2);
  }
  return toHex(node);
}
