/**
 * Zcash transactions before v5, as the protocol specification lays them out (§7.1, "Transaction
 * Encoding and Consensus"): v1 and v2 (Sprout; v2 adds JoinSplits), v3 (Overwinter: the version
 * group id and expiry height) and v4 (Sapling: spends and outputs, JoinSplits with Groth16 proofs).
 * Read whole and written back byte for byte, so a txid (the double SHA-256 of the bytes) can be
 * computed from a parsed transaction too. The header (and, from v3, the version group id) is read
 * by transaction.ts, which dispatches here.
 */
import type { ByteReader, ByteWriter } from './bytes.js';
import {
  GROTH_PROOF,
  HASH,
  SIGNATURE,
  SAPLING_OUTPUT_DESCRIPTION_BYTES,
  readSaplingOutputDescription,
  readTransparent,
  writeSaplingOutputDescription,
  writeTransparent,
  type SaplingOutput,
  type TransparentInput,
  type TransparentOutput,
} from './transaction-parts.js';

/** nVersionGroupId of v3 (Overwinter) and v4 (Sapling) transactions. */
export const TX_V3_VERSION_GROUP_ID = 0x03c4_8270;
export const TX_V4_VERSION_GROUP_ID = 0x892f_2085;

/** A JoinSplit's proof: BCTV14 before Sapling (v2, v3), Groth16 in v4. */
const BCTV14_PROOF = 296;
/** Each JoinSplit carries two note ciphertexts of this size. */
const JOINSPLIT_CIPHERTEXT = 601;
/** The fields of a JoinSplit description besides its proof and ciphertexts. */
const JOINSPLIT_FIXED = 8 + 8 + HASH + 2 * HASH + 2 * HASH + HASH + HASH + 2 * HASH;
const SAPLING_SPEND_V4 = 4 * HASH + GROTH_PROOF + SIGNATURE;
const SAPLING_OUTPUT_V4 = SAPLING_OUTPUT_DESCRIPTION_BYTES + GROTH_PROOF;

/** A Sprout JoinSplit description (§7.2). */
export interface JoinSplit {
  /** vpub_old and vpub_new, zatoshis (uint64 on the wire). */
  vpubOld: bigint;
  vpubNew: bigint;
  anchor: Uint8Array;
  nullifiers: [Uint8Array, Uint8Array];
  commitments: [Uint8Array, Uint8Array];
  ephemeralKey: Uint8Array;
  randomSeed: Uint8Array;
  macs: [Uint8Array, Uint8Array];
  /** BCTV14 (296 bytes) in v2 and v3, Groth16 (192 bytes) in v4. */
  zkproof: Uint8Array;
  encCiphertexts: [Uint8Array, Uint8Array];
}

/** Present when the transaction has at least one JoinSplit: they share one signing key. */
export interface JoinSplitBundle {
  joinSplits: JoinSplit[];
  pubKey: Uint8Array;
  sig: Uint8Array;
}

/** A v4 Sapling Spend: each spend carries its own anchor, proof and signature. */
export interface SaplingSpendV4 {
  cv: Uint8Array;
  anchor: Uint8Array;
  nullifier: Uint8Array;
  rk: Uint8Array;
  zkproof: Uint8Array;
  spendAuthSig: Uint8Array;
}

/** v4's Sapling fields: valueBalanceSapling is always encoded, the binding signature only with a spend or output. */
export interface SaplingBundleV4 {
  valueBalance: bigint;
  spends: SaplingSpendV4[];
  outputs: SaplingOutput[];
  bindingSig: Uint8Array | null;
}

interface Transparent {
  transparentInputs: TransparentInput[];
  transparentOutputs: TransparentOutput[];
}

/**
 * A transaction without fOverwintered: v1 (transparent only) or v2 (JoinSplits too). `version` is
 * the layout; `nVersion` the header's number, which is `version` except in a transaction before
 * Overwinter whose nVersion is above 2, read (as nodes read it) with the v2 layout.
 */
export interface TransactionSprout extends Transparent {
  version: 1 | 2;
  nVersion: number;
  lockTime: number;
  /** Always null in v1. */
  joinSplit: JoinSplitBundle | null;
}

export interface TransactionV3 extends Transparent {
  version: 3;
  versionGroupId: number;
  lockTime: number;
  expiryHeight: number;
  joinSplit: JoinSplitBundle | null;
}

export interface TransactionV4 extends Transparent {
  version: 4;
  versionGroupId: number;
  lockTime: number;
  expiryHeight: number;
  sapling: SaplingBundleV4;
  joinSplit: JoinSplitBundle | null;
}

export type TransactionBeforeV5 = TransactionSprout | TransactionV3 | TransactionV4;

/**
 * Reads a body without fOverwintered (after its header): nVersion 1 is v1, and 2 or above the v2
 * layout, as zcashd serializes them. `headerAt` is where the header began, for errors.
 */
export function readSproutBody(reader: ByteReader, nVersion: number, headerAt: number): TransactionSprout {
  if (nVersion < 1) {
    throw reader.fail('header', `version ${nVersion} is below 1, the first transaction version`, headerAt);
  }
  const version = nVersion === 1 ? 1 : 2;
  const transparent = readTransparent(reader);
  const lockTime = reader.u32le('lock_time');
  const joinSplit = version === 2 ? readJoinSplits(reader, BCTV14_PROOF) : null;
  return { version, nVersion, ...transparent, lockTime, joinSplit };
}

/** Reads a v3 or v4 body, after its header and version group id (checked by the caller). */
export function readOverwinteredBody(
  reader: ByteReader,
  version: 3 | 4,
  versionGroupId: number,
): TransactionV3 | TransactionV4 {
  const transparent = readTransparent(reader);
  const lockTime = reader.u32le('lock_time');
  const expiryHeight = reader.u32le('nExpiryHeight');
  if (version === 3) {
    const joinSplit = readJoinSplits(reader, BCTV14_PROOF);
    return { version, versionGroupId, ...transparent, lockTime, expiryHeight, joinSplit };
  }
  const valueBalance = reader.i64le('valueBalanceSapling');
  const spends: SaplingSpendV4[] = [];
  for (let i = reader.count('nSpendsSapling', SAPLING_SPEND_V4); i > 0; i--) {
    spends.push({
      cv: reader.bytes(HASH, 'Sapling spend cv'),
      anchor: reader.bytes(HASH, 'Sapling spend anchor'),
      nullifier: reader.bytes(HASH, 'Sapling spend nullifier'),
      rk: reader.bytes(HASH, 'Sapling spend rk'),
      zkproof: reader.bytes(GROTH_PROOF, 'Sapling spend zkproof'),
      spendAuthSig: reader.bytes(SIGNATURE, 'Sapling spend spendAuthSig'),
    });
  }
  const outputs: SaplingOutput[] = [];
  for (let i = reader.count('nOutputsSapling', SAPLING_OUTPUT_V4); i > 0; i--) {
    const description = readSaplingOutputDescription(reader);
    outputs.push({ ...description, zkproof: reader.bytes(GROTH_PROOF, 'Sapling output zkproof') });
  }
  const joinSplit = readJoinSplits(reader, GROTH_PROOF);
  const bindingSig = spends.length + outputs.length > 0 ? reader.bytes(SIGNATURE, 'bindingSigSapling') : null;
  const sapling = { valueBalance, spends, outputs, bindingSig };
  return { version, versionGroupId, ...transparent, lockTime, expiryHeight, sapling, joinSplit };
}

/** nJoinSplit, the JoinSplits, and (when there is one) joinSplitPubKey and joinSplitSig. */
function readJoinSplits(reader: ByteReader, proofBytes: number): JoinSplitBundle | null {
  const joinSplits: JoinSplit[] = [];
  const size = JOINSPLIT_FIXED + proofBytes + 2 * JOINSPLIT_CIPHERTEXT;
  for (let i = reader.count('nJoinSplit', size); i > 0; i--) {
    const pair = (field: string): [Uint8Array, Uint8Array] => [
      reader.bytes(HASH, field),
      reader.bytes(HASH, field),
    ];
    joinSplits.push({
      vpubOld: reader.u64le('JoinSplit vpub_old'),
      vpubNew: reader.u64le('JoinSplit vpub_new'),
      anchor: reader.bytes(HASH, 'JoinSplit anchor'),
      nullifiers: pair('JoinSplit nullifiers'),
      commitments: pair('JoinSplit commitments'),
      ephemeralKey: reader.bytes(HASH, 'JoinSplit ephemeralKey'),
      randomSeed: reader.bytes(HASH, 'JoinSplit randomSeed'),
      macs: pair('JoinSplit vmacs'),
      zkproof: reader.bytes(proofBytes, 'JoinSplit zkproof'),
      encCiphertexts: [
        reader.bytes(JOINSPLIT_CIPHERTEXT, 'JoinSplit encCiphertexts'),
        reader.bytes(JOINSPLIT_CIPHERTEXT, 'JoinSplit encCiphertexts'),
      ],
    });
  }
  if (joinSplits.length === 0) return null;
  return {
    joinSplits,
    pubKey: reader.bytes(HASH, 'joinSplitPubKey'),
    sig: reader.bytes(SIGNATURE, 'joinSplitSig'),
  };
}

/** Appends the encoding of a transaction before v5 (header included) to `writer`. */
export function writeTransactionBeforeV5(writer: ByteWriter, tx: TransactionBeforeV5): void {
  if (isSprout(tx)) writeSprout(writer, tx);
  else writeOverwintered(writer, tx);
}

/** Whether `tx` has no fOverwintered (a `version` of 1 or 2, which TypeScript cannot narrow on alone). */
export function isSprout(tx: { version: number }): tx is TransactionSprout {
  return tx.version === 1 || tx.version === 2;
}

function writeSprout(writer: ByteWriter, tx: TransactionSprout): void {
  if (tx.version === 1 && tx.joinSplit !== null) throw new RangeError('a v1 transaction has no JoinSplits');
  if ((tx.nVersion === 1) !== (tx.version === 1) || !(tx.nVersion >= 1 && tx.nVersion <= 0x7fff_ffff)) {
    throw new RangeError('nVersion must be 1 for a v1 transaction and from 2 to 2^31-1 for the v2 layout');
  }
  writer.u32le(tx.nVersion, 'header');
  writeTransparent(writer, tx);
  writer.u32le(tx.lockTime, 'lockTime');
  if (tx.version === 2) writeJoinSplits(writer, tx.joinSplit, BCTV14_PROOF);
}

function writeOverwintered(writer: ByteWriter, tx: TransactionV3 | TransactionV4): void {
  const groupId = tx.version === 3 ? TX_V3_VERSION_GROUP_ID : TX_V4_VERSION_GROUP_ID;
  if (tx.versionGroupId !== groupId) {
    throw new RangeError(`a v${tx.version} transaction has version group 0x${groupId.toString(16)}`);
  }
  writer.u32le((0x8000_0000 | tx.version) >>> 0, 'header').u32le(tx.versionGroupId, 'versionGroupId');
  writeTransparent(writer, tx);
  writer.u32le(tx.lockTime, 'lockTime').u32le(tx.expiryHeight, 'expiryHeight');
  if (tx.version === 3) {
    writeJoinSplits(writer, tx.joinSplit, BCTV14_PROOF);
    return;
  }
  const { valueBalance, spends, outputs, bindingSig } = tx.sapling;
  if ((bindingSig !== null) !== spends.length + outputs.length > 0) {
    throw new RangeError(
      'the Sapling binding signature is present exactly when there is a spend or an output',
    );
  }
  writer.i64le(valueBalance, 'Sapling valueBalance').compactSize(spends.length, 'Sapling spends');
  for (const s of spends) {
    writer
      .bytes(s.cv, 'spend cv', HASH)
      .bytes(s.anchor, 'spend anchor', HASH)
      .bytes(s.nullifier, 'spend nullifier', HASH)
      .bytes(s.rk, 'spend rk', HASH)
      .bytes(s.zkproof, 'spend zkproof', GROTH_PROOF)
      .bytes(s.spendAuthSig, 'spendAuthSig', SIGNATURE);
  }
  writer.compactSize(outputs.length, 'Sapling outputs');
  for (const o of outputs) {
    writeSaplingOutputDescription(writer, o);
    writer.bytes(o.zkproof, 'output zkproof', GROTH_PROOF);
  }
  writeJoinSplits(writer, tx.joinSplit, GROTH_PROOF);
  if (bindingSig !== null) writer.bytes(bindingSig, 'Sapling bindingSig', SIGNATURE);
}

function writeJoinSplits(writer: ByteWriter, bundle: JoinSplitBundle | null, proofBytes: number): void {
  const joinSplits = bundle?.joinSplits ?? [];
  writer.compactSize(joinSplits.length, 'JoinSplits');
  if (bundle === null) return;
  // An empty bundle has no encoding distinct from "no bundle": null is the one way to say it.
  if (joinSplits.length === 0) throw new RangeError('a JoinSplit bundle needs a JoinSplit');
  for (const js of joinSplits) {
    writer
      .u64le(js.vpubOld, 'vpub_old')
      .u64le(js.vpubNew, 'vpub_new')
      .bytes(js.anchor, 'JoinSplit anchor', HASH)
      .bytes(js.nullifiers[0], 'JoinSplit nullifier', HASH)
      .bytes(js.nullifiers[1], 'JoinSplit nullifier', HASH)
      .bytes(js.commitments[0], 'JoinSplit commitment', HASH)
      .bytes(js.commitments[1], 'JoinSplit commitment', HASH)
      .bytes(js.ephemeralKey, 'JoinSplit ephemeralKey', HASH)
      .bytes(js.randomSeed, 'JoinSplit randomSeed', HASH)
      .bytes(js.macs[0], 'JoinSplit vmac', HASH)
      .bytes(js.macs[1], 'JoinSplit vmac', HASH)
      .bytes(js.zkproof, 'JoinSplit zkproof', proofBytes)
      .bytes(js.encCiphertexts[0], 'JoinSplit encCiphertext', JOINSPLIT_CIPHERTEXT)
      .bytes(js.encCiphertexts[1], 'JoinSplit encCiphertext', JOINSPLIT_CIPHERTEXT);
  }
  writer.bytes(bundle.pubKey, 'joinSplitPubKey', HASH).bytes(bundle.sig, 'joinSplitSig', SIGNATURE);
}
