/**
 * Zcash v5 transactions (ZIP 225): the whole wire format read into plain objects and written back
 * byte for byte. Only v5 is read; older versions are refused by name, since every transaction this
 * project writes or checks is v5 (docs/chain.md).
 *
 * Byte fields hold the bytes exactly as serialized (hashes in natural order, not the byte-reversed
 * order RPCs display). Amounts are bigints read from the bytes, since they can exceed 2^53.
 */
import { ByteReader, ByteWriter, ChainFormatError, chainBytes } from './bytes.js';

/** The v5 header: fOverwintered (bit 31) with version 5. */
export const TX_V5_HEADER = 0x8000_0005;
/** nVersionGroupId of v5 transactions. */
export const TX_V5_VERSION_GROUP_ID = 0x26a7_270a;

/** Field sizes fixed by ZIP 225 and the protocol specification (§7.3 to §7.5). */
const HASH = 32;
const ENC_CIPHERTEXT = 580;
const OUT_CIPHERTEXT = 80;
const GROTH_PROOF = 192;
const SIGNATURE = 64;
/** The two defined bits of flagsOrchard (enableSpendsOrchard, enableOutputsOrchard); the rest are 0. */
const ORCHARD_FLAGS_DEFINED = 0b11;

/** A transparent outpoint: the spent transaction's id (natural byte order) and output index. */
export interface OutPoint {
  txid: Uint8Array;
  index: number;
}

export interface TransparentInput {
  prevout: OutPoint;
  scriptSig: Uint8Array;
  sequence: number;
}

export interface TransparentOutput {
  /** zatoshis (int64 on the wire). */
  value: bigint;
  scriptPubKey: Uint8Array;
}

/** A Sapling Spend with its proof and signature (which v5 stores in separate arrays). */
export interface SaplingSpend {
  cv: Uint8Array;
  nullifier: Uint8Array;
  rk: Uint8Array;
  zkproof: Uint8Array;
  spendAuthSig: Uint8Array;
}

/** A Sapling Output with its proof. */
export interface SaplingOutput {
  cv: Uint8Array;
  cmu: Uint8Array;
  ephemeralKey: Uint8Array;
  encCiphertext: Uint8Array;
  outCiphertext: Uint8Array;
  zkproof: Uint8Array;
}

/** Present when the transaction has at least one Sapling spend or output. */
export interface SaplingBundle {
  spends: SaplingSpend[];
  outputs: SaplingOutput[];
  valueBalance: bigint;
  /** The shared anchor: present exactly when there are spends. */
  anchor: Uint8Array | null;
  bindingSig: Uint8Array;
}

/** An Orchard Action with its spend authorization signature. */
export interface OrchardAction {
  cvNet: Uint8Array;
  nullifier: Uint8Array;
  rk: Uint8Array;
  cmx: Uint8Array;
  ephemeralKey: Uint8Array;
  encCiphertext: Uint8Array;
  outCiphertext: Uint8Array;
  spendAuthSig: Uint8Array;
}

/** Present when the transaction has at least one Orchard action. */
export interface OrchardBundle {
  actions: OrchardAction[];
  /** flagsOrchard: bit 0 enableSpendsOrchard, bit 1 enableOutputsOrchard. */
  flags: number;
  valueBalance: bigint;
  anchor: Uint8Array;
  /** The aggregated proof for all actions, as serialized (without its length prefix). */
  proofs: Uint8Array;
  bindingSig: Uint8Array;
}

export interface TransactionV5 {
  version: 5;
  versionGroupId: number;
  consensusBranchId: number;
  lockTime: number;
  expiryHeight: number;
  transparentInputs: TransparentInput[];
  transparentOutputs: TransparentOutput[];
  sapling: SaplingBundle | null;
  orchard: OrchardBundle | null;
}

/** Smallest encodings, used to bound counts against the bytes left (see ByteReader.count). */
const MIN_TX_IN = HASH + 4 + 1 + 4;
const MIN_TX_OUT = 8 + 1;
const SPEND_V5 = 3 * HASH;
const OUTPUT_V5 = 3 * HASH + ENC_CIPHERTEXT + OUT_CIPHERTEXT;
const ACTION = 5 * HASH + ENC_CIPHERTEXT + OUT_CIPHERTEXT;
/** The smallest v5 transaction: the 20-byte header and five empty counts. */
export const MIN_TX_V5_BYTES = 20 + 5;

/**
 * Reads one v5 transaction from `reader`, leaving it just after the transaction (so a block's
 * transactions can be read one after another). Malformed bytes throw `ChainFormatError`.
 */
export function readTransaction(reader: ByteReader): TransactionV5 {
  const header = reader.u32le('header');
  if (header !== TX_V5_HEADER) {
    const overwintered = header >>> 31 === 1;
    const version = header & 0x7fff_ffff;
    throw reader.fail(
      'header',
      `not a v5 transaction (version ${version}${overwintered ? ', overwintered' : ''}); only v5 (ZIP 225) is read`,
      reader.position - 4,
    );
  }
  const versionGroupId = reader.u32le('nVersionGroupId');
  if (versionGroupId !== TX_V5_VERSION_GROUP_ID) {
    throw reader.fail(
      'nVersionGroupId',
      `0x${versionGroupId.toString(16)} is not the v5 group id 0x26a7270a`,
      reader.position - 4,
    );
  }
  const consensusBranchId = reader.u32le('nConsensusBranchId');
  const lockTime = reader.u32le('lock_time');
  const expiryHeight = reader.u32le('nExpiryHeight');

  const transparentInputs: TransparentInput[] = [];
  for (let i = reader.count('tx_in_count', MIN_TX_IN); i > 0; i--) {
    const txid = reader.bytes(HASH, 'tx_in prevout hash');
    const index = reader.u32le('tx_in prevout index');
    const scriptSig = reader.varBytes('tx_in scriptSig');
    transparentInputs.push({
      prevout: { txid, index },
      scriptSig,
      sequence: reader.u32le('tx_in nSequence'),
    });
  }
  const transparentOutputs: TransparentOutput[] = [];
  for (let i = reader.count('tx_out_count', MIN_TX_OUT); i > 0; i--) {
    const value = reader.i64le('tx_out value');
    transparentOutputs.push({ value, scriptPubKey: reader.varBytes('tx_out scriptPubKey') });
  }

  return {
    version: 5,
    versionGroupId,
    consensusBranchId,
    lockTime,
    expiryHeight,
    transparentInputs,
    transparentOutputs,
    sapling: readSapling(reader),
    orchard: readOrchard(reader),
  };
}

function readSapling(reader: ByteReader): SaplingBundle | null {
  const spendParts: Array<Pick<SaplingSpend, 'cv' | 'nullifier' | 'rk'>> = [];
  for (let i = reader.count('nSpendsSapling', SPEND_V5); i > 0; i--) {
    const cv = reader.bytes(HASH, 'Sapling spend cv');
    const nullifier = reader.bytes(HASH, 'Sapling spend nullifier');
    spendParts.push({ cv, nullifier, rk: reader.bytes(HASH, 'Sapling spend rk') });
  }
  const outputParts: Array<Omit<SaplingOutput, 'zkproof'>> = [];
  for (let i = reader.count('nOutputsSapling', OUTPUT_V5); i > 0; i--) {
    const cv = reader.bytes(HASH, 'Sapling output cv');
    const cmu = reader.bytes(HASH, 'Sapling output cmu');
    const ephemeralKey = reader.bytes(HASH, 'Sapling output ephemeralKey');
    const encCiphertext = reader.bytes(ENC_CIPHERTEXT, 'Sapling output encCiphertext');
    const outCiphertext = reader.bytes(OUT_CIPHERTEXT, 'Sapling output outCiphertext');
    outputParts.push({ cv, cmu, ephemeralKey, encCiphertext, outCiphertext });
  }
  // valueBalanceSapling and bindingSigSapling exist only with a spend or an output; anchorSapling only with a spend.
  if (spendParts.length + outputParts.length === 0) return null;
  const valueBalance = reader.i64le('valueBalanceSapling');
  const anchor = spendParts.length > 0 ? reader.bytes(HASH, 'anchorSapling') : null;
  const proofs = spendParts.map(() => reader.bytes(GROTH_PROOF, 'vSpendProofsSapling'));
  const sigs = spendParts.map(() => reader.bytes(SIGNATURE, 'vSpendAuthSigsSapling'));
  const outputProofs = outputParts.map(() => reader.bytes(GROTH_PROOF, 'vOutputProofsSapling'));
  const bindingSig = reader.bytes(SIGNATURE, 'bindingSigSapling');
  return {
    spends: spendParts.map((s, i) => ({ ...s, zkproof: proofs[i]!, spendAuthSig: sigs[i]! })),
    outputs: outputParts.map((o, i) => ({ ...o, zkproof: outputProofs[i]! })),
    valueBalance,
    anchor,
    bindingSig,
  };
}

function readOrchard(reader: ByteReader): OrchardBundle | null {
  const parts: Array<Omit<OrchardAction, 'spendAuthSig'>> = [];
  for (let i = reader.count('nActionsOrchard', ACTION); i > 0; i--) {
    const cvNet = reader.bytes(HASH, 'Orchard action cv');
    const nullifier = reader.bytes(HASH, 'Orchard action nullifier');
    const rk = reader.bytes(HASH, 'Orchard action rk');
    const cmx = reader.bytes(HASH, 'Orchard action cmx');
    const ephemeralKey = reader.bytes(HASH, 'Orchard action ephemeralKey');
    const encCiphertext = reader.bytes(ENC_CIPHERTEXT, 'Orchard action encCiphertext');
    const outCiphertext = reader.bytes(OUT_CIPHERTEXT, 'Orchard action outCiphertext');
    parts.push({ cvNet, nullifier, rk, cmx, ephemeralKey, encCiphertext, outCiphertext });
  }
  // Every remaining Orchard field is present exactly when there is an action.
  if (parts.length === 0) return null;
  const flags = reader.u8('flagsOrchard');
  if ((flags & ~ORCHARD_FLAGS_DEFINED) !== 0) {
    throw reader.fail('flagsOrchard', `reserved bits set (0x${flags.toString(16)})`, reader.position - 1);
  }
  const valueBalance = reader.i64le('valueBalanceOrchard');
  const anchor = reader.bytes(HASH, 'anchorOrchard');
  // ZIP 225 fixes the proof size at 2720 + 2272 * nActionsOrchard; that is a proof-system rule, so
  // the length is taken as encoded (as nodes parse it) and left for proof verification to judge.
  const proofs = reader.varBytes('proofsOrchard');
  const sigs = parts.map(() => reader.bytes(SIGNATURE, 'vSpendAuthSigsOrchard'));
  const bindingSig = reader.bytes(SIGNATURE, 'bindingSigOrchard');
  return {
    actions: parts.map((a, i) => ({ ...a, spendAuthSig: sigs[i]! })),
    flags,
    valueBalance,
    anchor,
    proofs,
    bindingSig,
  };
}

/**
 * A v5 transaction from its bytes (hex or Uint8Array). Anything but exactly one well-formed v5
 * transaction (truncation, bad lengths, reserved flag bits, trailing bytes, another version) throws
 * `ChainFormatError`.
 */
export function parseTransaction(tx: string | Uint8Array): TransactionV5 {
  const reader = new ByteReader(chainBytes(tx, 'transaction'), 'transaction');
  const parsed = readTransaction(reader);
  reader.end();
  return parsed;
}

/**
 * `tx` as a parsed transaction: hex or bytes are parsed; anything else must look like what
 * `parseTransaction` returns (a v5 transaction whose bundles are present or null), else a
 * `ChainFormatError` rather than a TypeError from deep inside the caller.
 */
export function asTransaction(tx: string | Uint8Array | TransactionV5): TransactionV5 {
  if (typeof tx === 'string' || tx instanceof Uint8Array) return parseTransaction(tx);
  const bundle = (value: unknown) => value === null || typeof value === 'object';
  if (
    typeof tx !== 'object' ||
    tx === null ||
    tx.version !== 5 ||
    !bundle(tx.sapling) ||
    !bundle(tx.orchard) ||
    (tx.orchard !== null && !Array.isArray(tx.orchard.actions))
  ) {
    throw new ChainFormatError('a transaction must be hex, bytes or a parsed v5 transaction');
  }
  return tx;
}

/** Appends the v5 encoding of `tx` to `writer`. */
export function writeTransaction(writer: ByteWriter, tx: TransactionV5): void {
  if (tx.version !== 5 || tx.versionGroupId !== TX_V5_VERSION_GROUP_ID) {
    throw new RangeError('only v5 transactions (version group 0x26a7270a) are serialized');
  }
  writer
    .u32le(TX_V5_HEADER, 'header')
    .u32le(tx.versionGroupId, 'versionGroupId')
    .u32le(tx.consensusBranchId, 'consensusBranchId')
    .u32le(tx.lockTime, 'lockTime')
    .u32le(tx.expiryHeight, 'expiryHeight');

  writer.compactSize(tx.transparentInputs.length, 'transparentInputs');
  for (const input of tx.transparentInputs) {
    writer
      .bytes(input.prevout.txid, 'prevout txid', HASH)
      .u32le(input.prevout.index, 'prevout index')
      .varBytes(input.scriptSig, 'scriptSig')
      .u32le(input.sequence, 'sequence');
  }
  writer.compactSize(tx.transparentOutputs.length, 'transparentOutputs');
  for (const output of tx.transparentOutputs) {
    writer.i64le(output.value, 'output value').varBytes(output.scriptPubKey, 'scriptPubKey');
  }
  writeSapling(writer, tx.sapling);
  writeOrchard(writer, tx.orchard);
}

function writeSapling(writer: ByteWriter, sapling: SaplingBundle | null): void {
  const spends = sapling?.spends ?? [];
  const outputs = sapling?.outputs ?? [];
  writer.compactSize(spends.length, 'Sapling spends');
  for (const s of spends) {
    writer
      .bytes(s.cv, 'spend cv', HASH)
      .bytes(s.nullifier, 'spend nullifier', HASH)
      .bytes(s.rk, 'spend rk', HASH);
  }
  writer.compactSize(outputs.length, 'Sapling outputs');
  for (const o of outputs) {
    writer
      .bytes(o.cv, 'output cv', HASH)
      .bytes(o.cmu, 'output cmu', HASH)
      .bytes(o.ephemeralKey, 'output ephemeralKey', HASH)
      .bytes(o.encCiphertext, 'output encCiphertext', ENC_CIPHERTEXT)
      .bytes(o.outCiphertext, 'output outCiphertext', OUT_CIPHERTEXT);
  }
  if (sapling === null) return;
  // An empty bundle has no encoding distinct from "no bundle": null is the one way to say it.
  if (spends.length + outputs.length === 0)
    throw new RangeError('a Sapling bundle needs a spend or an output');
  if ((sapling.anchor !== null) !== spends.length > 0) {
    throw new RangeError('the Sapling anchor is present exactly when there are spends');
  }
  writer.i64le(sapling.valueBalance, 'Sapling valueBalance');
  if (sapling.anchor !== null) writer.bytes(sapling.anchor, 'Sapling anchor', HASH);
  for (const s of spends) writer.bytes(s.zkproof, 'spend zkproof', GROTH_PROOF);
  for (const s of spends) writer.bytes(s.spendAuthSig, 'spendAuthSig', SIGNATURE);
  for (const o of outputs) writer.bytes(o.zkproof, 'output zkproof', GROTH_PROOF);
  writer.bytes(sapling.bindingSig, 'Sapling bindingSig', SIGNATURE);
}

function writeOrchard(writer: ByteWriter, orchard: OrchardBundle | null): void {
  const actions = orchard?.actions ?? [];
  writer.compactSize(actions.length, 'Orchard actions');
  if (orchard === null) return;
  if (actions.length === 0) throw new RangeError('an Orchard bundle needs an action');
  for (const a of actions) {
    writer
      .bytes(a.cvNet, 'action cv', HASH)
      .bytes(a.nullifier, 'action nullifier', HASH)
      .bytes(a.rk, 'action rk', HASH)
      .bytes(a.cmx, 'action cmx', HASH)
      .bytes(a.ephemeralKey, 'action ephemeralKey', HASH)
      .bytes(a.encCiphertext, 'action encCiphertext', ENC_CIPHERTEXT)
      .bytes(a.outCiphertext, 'action outCiphertext', OUT_CIPHERTEXT);
  }
  if ((orchard.flags & ~ORCHARD_FLAGS_DEFINED) !== 0)
    throw new RangeError('Orchard flags has reserved bits set');
  writer
    .u8(orchard.flags, 'Orchard flags')
    .i64le(orchard.valueBalance, 'Orchard valueBalance')
    .bytes(orchard.anchor, 'Orchard anchor', HASH)
    .varBytes(orchard.proofs, 'Orchard proofs');
  for (const a of actions) writer.bytes(a.spendAuthSig, 'action spendAuthSig', SIGNATURE);
  writer.bytes(orchard.bindingSig, 'Orchard bindingSig', SIGNATURE);
}

/** The v5 encoding of `tx`: `parseTransaction(serializeTransaction(tx))` gives `tx` back. */
export function serializeTransaction(tx: TransactionV5): Uint8Array {
  const writer = new ByteWriter();
  writeTransaction(writer, tx);
  return writer.finish();
}
