/**
 * Test-only: chain evidence built with the library's own codec, in the shape a service serves it
 * (`zap1-chain-evidence/1`), backing a genuine anchored bundle, so verifier tests can start from
 * evidence that holds up and change one byte. It is evidence of the development chain (`devnet`,
 * regtest keys and proof of work): no test can mine a mainnet header. The key is a public
 * test-vector key, encoded for regtest; the transaction is a ZIP 244 vector's with its first Orchard
 * output re-encrypted to carry the memo and its Orchard proof of the length consensus fixes; the
 * header is mainnet block 1,687,106's with the merkle root and the block commitments of a
 * three-transaction block, regtest's nBits, and a nonce and Equihash (48, 5) solution mined for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHAIN_EVIDENCE_FORMAT,
  authDataBranch,
  authDataRoot,
  blockCommitmentsHash,
  transactionAuthDigest,
  EVENT_SPECS,
  blockHash,
  blockMerkleRoot,
  decodeViewingKey,
  encodeMemo,
  encodeViewingKey,
  mineRegtestHeader,
  encryptOrchardOutput,
  merkleBranch,
  orchardOutgoingViewingKeys,
  ByteReader,
  chainBytes,
  readBlockHeader,
  parseTransaction,
  parseTransactionV5,
  serializeBlockHeader,
  serializeTransaction,
  toHex,
  transactionId,
  verifyProofBundle,
  type BlockHeader,
  type ChainEvidence,
} from '../src/index.js';
import { genuineBundle } from './bundles.js';
import { ZCASH_VECTORS_DIR, readZcashVectors } from './vectors.js';

/** A viewing key's items encoded for regtest, the development chain's network. */
const asRegtestKey = (key: string): string =>
  encodeViewingKey({ ...decodeViewingKey(key), network: 'regtest' });

const keys = readZcashVectors('unified_full_viewing_keys.json')
  .filter((v) => v.orchard_fvk_bytes !== null)
  .map((v) => asRegtestKey(v.unified_fvk as string));
/** The anchoring wallet's key, and another wallet's (regtest encodings). */
export const WALLET_KEY = keys[0]!;
export const OTHER_KEY = keys[1]!;
export const EVIDENCE_HEIGHT = 1_687_106;

function memoOf(rootHex: string): Uint8Array {
  const memo = new Uint8Array(512);
  memo.set(encodeMemo(EVENT_SPECS.MERKLE_ROOT.byte, rootHex));
  return memo;
}

/** A v5 transaction whose first Orchard output, sent with `key`'s external ovk, carries `ZAP1:09:<rootHex>`. */
export function anchorTransaction(rootHex: string, key = WALLET_KEY): string {
  const base = readZcashVectors('zip_0244.json')
    .map((v) => parseTransactionV5(v.tx as string))
    .find((tx) => (tx.orchard?.actions.length ?? 0) >= 2)!;
  const { external } = orchardOutgoingViewingKeys(decodeViewingKey(key).orchard!);
  const actions = base.orchard!.actions.map((action, i) =>
    i !== 0
      ? action
      : {
          ...action,
          ...encryptOrchardOutput({
            ovk: external,
            cvNet: action.cvNet,
            cmx: action.cmx,
            diversifier: new Uint8Array(11),
            value: 1000n,
            rseed: new Uint8Array(32).fill(7),
            memo: memoOf(rootHex),
            nullifier: action.nullifier,
          }),
        },
  );
  // A mined bundle's proof is 2720 + 2272 bytes per action; the vector's is of another length.
  const proofs = new Uint8Array(2720 + 2272 * actions.length).fill(0x5a);
  return toHex(serializeTransaction({ ...base, orchard: { ...base.orchard!, actions, proofs } }));
}

/** Regtest's easiest nBits, as the development chain mines at. */
const REGTEST_BITS = 0x200f_0f0f;
const mined = new Map<string, BlockHeader>();

/** `header` mined for regtest, once per header (mining takes some tens of milliseconds). */
function minedHeader(header: BlockHeader): BlockHeader {
  const key = toHex(serializeBlockHeader(header));
  let result = mined.get(key);
  if (result === undefined) mined.set(key, (result = mineRegtestHeader(header)));
  return result;
}

/** The chain history root the evidence's made-up block commits to. */
export const HISTORY_ROOT = 'ab'.repeat(32);

/**
 * Evidence for `transactionHex` as the second transaction of a block of three at `EVIDENCE_HEIGHT`.
 * `legacy` gives it as services wrote it before the evidence bound the auth data: without
 * `tx_count`, `auth_digest_branch` and `chain_history_root`.
 */
export function evidenceFor(
  transactionHex: string,
  viewingKey = WALLET_KEY,
  options: { legacy?: boolean } = {},
): ChainEvidence {
  const txid = transactionId(transactionHex);
  const txids = ['1'.repeat(64), txid, '2'.repeat(64)];
  const authDigests = [
    '3'.repeat(64),
    toHex(transactionAuthDigest(parseTransaction(transactionHex))),
    '4'.repeat(64),
  ];
  const block = JSON.parse(
    readFileSync(path.join(ZCASH_VECTORS_DIR, 'mainnet_block_1687106.json'), 'utf8'),
  ) as {
    block: string;
  };
  // The block's header only: it carries a v4 transaction too, which the codec does not read.
  const header = readBlockHeader(new ByteReader(chainBytes(block.block, 'block'), 'block'));
  const ours = minedHeader({
    ...header,
    merkleRoot: Uint8Array.from(Buffer.from(blockMerkleRoot(txids), 'hex')),
    blockCommitments: Uint8Array.from(
      Buffer.from(blockCommitmentsHash(HISTORY_ROOT, authDataRoot(authDigests)), 'hex'),
    ),
    bits: REGTEST_BITS,
  });
  const bound = options.legacy
    ? {}
    : { tx_count: 3, auth_digest_branch: authDataBranch(authDigests, 1), chain_history_root: HISTORY_ROOT };
  return {
    format: CHAIN_EVIDENCE_FORMAT,
    network: 'devnet',
    txid,
    height: EVIDENCE_HEIGHT,
    block_hash: blockHash(ours),
    block_header: toHex(serializeBlockHeader(ours)),
    tx_index: 1,
    merkle_branch: merkleBranch(txids, 1),
    transaction: transactionHex,
    viewing_key: viewingKey,
    ...bound,
  };
}

/** A genuine bundle of leaf 2 of 5 anchored in an evidenced transaction, with that evidence. */
export function evidencedBundle(): {
  bundle: Record<string, unknown>;
  evidence: ChainEvidence;
  rootHex: string;
} {
  const rootHex = verifyProofBundle(genuineBundle(2, 5)).rootHex!;
  const evidence = evidenceFor(anchorTransaction(rootHex));
  const bundle = genuineBundle(2, 5, { txid: evidence.txid, height: evidence.height });
  return { bundle, evidence, rootHex };
}
