/**
 * The header's hashBlockCommitments (ZIP 244, "Block Header Changes"): what binds the bytes a txid
 * leaves out (scripts, proofs, signatures) to the block. The block's transactions' auth digests are
 * the leaves of a binary tree of height ceil(log2(tx_count)), padded with all-zero leaves, each
 * parent BLAKE2b-256 personalized "ZcashAuthDatHash"; its root is hashAuthDataRoot, and
 *
 *   hashBlockCommitments = BLAKE2b-256("ZcashBlockCommit", hashChainHistoryRoot ‖ hashAuthDataRoot ‖ [0u8; 32])
 *
 * where hashChainHistoryRoot is ZIP 221's history tree root (taken here as given). Transactions
 * older than v5 have no auth digest; nodes put 32 bytes of 0xFF in their leaf (`PRE_V5_AUTH_DIGEST`).
 *
 * Every hash here is natural-order hex (the bytes as hashed and as the header stores them).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { toHex } from '../protocol/hex.js';
import { ChainFormatError, chainBytes } from './bytes.js';
import { checkShape, treeDepth } from './merkle-branch.js';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const AUTH_NODE = ascii('ZcashAuthDatHash');
const BLOCK_COMMIT = ascii('ZcashBlockCommit');
const ZERO_HASH = new Uint8Array(32);

/** The auth data tree's leaf for a transaction before v5, which has no auth digest. */
export const PRE_V5_AUTH_DIGEST = 'ff'.repeat(32);

function hash32(hex: unknown, what: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== 64)
    throw new ChainFormatError(`${what} must be 64 hex characters`);
  return chainBytes(hex, what);
}

function authParent(left: Uint8Array, right: Uint8Array): Uint8Array {
  return blake2b.create({ dkLen: 32, personalization: AUTH_NODE }).update(left).update(right).digest();
}

function authLeaves(authDigests: readonly string[]): Uint8Array[] {
  if (!Array.isArray(authDigests) || authDigests.length === 0) {
    throw new ChainFormatError('authDigests must be a non-empty array (every block has a coinbase)');
  }
  const leaves = authDigests.map((hex, i) => hash32(hex, `authDigests[${i}]`));
  const width = 2 ** treeDepth(leaves.length);
  while (leaves.length < width) leaves.push(ZERO_HASH);
  return leaves;
}

function authLevelUp(level: Uint8Array[]): Uint8Array[] {
  const up: Uint8Array[] = [];
  for (let i = 0; i < level.length; i += 2) up.push(authParent(level[i]!, level[i + 1]!));
  return up;
}

/** hashAuthDataRoot over the block's auth digests, in block order (natural-order hex each). */
export function authDataRoot(authDigests: readonly string[]): string {
  let level = authLeaves(authDigests);
  while (level.length > 1) level = authLevelUp(level);
  return toHex(level[0]!);
}

/** The siblings from the auth digest at `index` up to hashAuthDataRoot, leaf level first. */
export function authDataBranch(authDigests: readonly string[], index: number): string[] {
  let level = authLeaves(authDigests);
  if (!Number.isSafeInteger(index) || index < 0 || index >= authDigests.length) {
    throw new ChainFormatError(`index must be an integer in 0..${authDigests.length - 1}`);
  }
  const branch: string[] = [];
  let position = index;
  while (level.length > 1) {
    branch.push(toHex(level[position ^ 1]!));
    level = authLevelUp(level);
    position >>= 1;
  }
  return branch;
}

/**
 * The hashAuthDataRoot reached from `authDigest` at `index` of a block of `txCount` transactions.
 * The branch must be exactly as deep as that block's tree, and the index inside the block; a
 * sibling that is a padding leaf must be all zeros. Anything else throws `ChainFormatError`.
 */
export function authDataRootFromBranch(
  authDigest: string,
  branch: readonly string[],
  index: number,
  txCount: number,
): string {
  checkShape(branch, index, txCount, 'auth data branch');
  let node: Uint8Array = hash32(authDigest, 'authDigest');
  let position = index;
  let padding: Uint8Array = ZERO_HASH;
  for (let level = 0; level < branch.length; level++) {
    const sibling = hash32(branch[level], `auth data branch[${level}]`);
    // A sibling subtree wholly past the last transaction is padding, whose hash is fixed.
    if ((position ^ 1) * 2 ** level >= txCount && toHex(sibling) !== toHex(padding)) {
      throw new ChainFormatError(
        `auth data branch[${level}] must be the padding past the block's last transaction`,
      );
    }
    node = position % 2 === 0 ? authParent(node, sibling) : authParent(sibling, node);
    padding = authParent(padding, padding);
    position >>= 1;
  }
  return toHex(node);
}

/** hashBlockCommitments from the history tree root and hashAuthDataRoot (natural-order hex each). */
export function blockCommitmentsHash(chainHistoryRoot: string, authRoot: string): string {
  return toHex(
    blake2b
      .create({ dkLen: 32, personalization: BLOCK_COMMIT })
      .update(hash32(chainHistoryRoot, 'chainHistoryRoot'))
      .update(hash32(authRoot, 'authDataRoot'))
      .update(ZERO_HASH)
      .digest(),
  );
}
