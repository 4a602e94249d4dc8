/**
 * Zcash transactions of every version: v5 (ZIP 225) here, v1 to v4 in transaction-legacy.ts, read
 * into plain objects and written back byte for byte. `readTransaction` reads the header and
 * dispatches on the version (docs/chain.md, "Transactions").
 *
 * Byte fields hold the bytes exactly as serialized (hashes in natural order, not the byte-reversed
 * order RPCs display). Amounts are bigints read from the bytes, since they can exceed 2^53.
 */
import { ByteReader, ByteWriter, ChainFormatError, chainBytes } from './bytes.js';
import {
  TX_V3_VERSION_GROUP_ID,
  TX_V4_VERSION_GROUP_ID,
  readOverwinteredBody,
  readSproutBody,
  writeTransactionBeforeV5,
  type TransactionBeforeV5,
} from './transaction-legacy.js';
import {
  ENC_CIPHERTEXT,
  GROTH_PROOF,
  HASH,
  OUT_CIPHERTEXT,
  SIGNATURE,
  SAPLING_OUTPUT_DESCRIPTION_BYTES,
  readSaplingOutputDescription,
  readTransparent,
  writeSaplingOutputDescription,
  writeTransparent,
  type SaplingOutput,
  type SaplingOutputDescription,
  type TransparentInput,
  type TransparentOutput,
} from './transaction-parts.js';

export type { OutPoint, SaplingOutput, TransparentInput, TransparentOutput } from './transaction-parts.js';
export * from './transaction-legacy.js';

/** The v5 header: fOverwintered (bit 31) with version 5. */
export const TX_V5_HEADER = 0x8000_0005;
/** nVersionGroupId of v5 transactions. */
export const TX_V5_VERSION_GROUP_ID = 0x26a7_270a;

/** Each overwintered version's nVersionGroupId: every other overwintered version is refused. */
const VERSION_GROUP_IDS: ReadonlyMap<number, number> = new Map([
  [3, TX_V3_VERSION_GROUP_ID],
  [4, TX_V4_VERSION_GROUP_ID],
  [5, TX_V5_VERSION_GROUP_ID],
]);

/** The two defined bits of flagsOrchard (enableSpendsOrchard, enableOutputsOrchard); the rest are 0. */
const ORCHARD_FLAGS_DEFINED = 0b11;

/** A Sapling Spend with its proof and signature (which v5 stores in separate arrays). */
export interface SaplingSpend {
  cv: Uint8Array;
  nullifier: Uint8Array;
  rk: Uint8Array;
  zkproof: Uint8Array;
  spendAuthSig: Uint8Array;
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

/** A transaction of any version, as `parseTransaction` reads it; `version` tells which. */
export type Transaction = TransactionV5 | TransactionBeforeV5;

/** Smallest encodings, used to bound counts against the bytes left (see ByteReader.count). */
const SPEND_V5 = 3 * HASH;
const ACTION = 5 * HASH + ENC_CIPHERTEXT + OUT_CIPHERTEXT;
/** The smallest v5 transaction: the 20-byte header and five empty counts. */
export const MIN_TX_V5_BYTES = 20 + 5;
/** The smallest transaction of any version: v1 with no inputs and no outputs. */
export const MIN_TX_BYTES = 4 + 1 + 1 + 4;

/**
 * Reads one transaction of any version from `reader`, leaving it just after the transaction (so a
 * block's transactions can be read one after another). Malformed bytes throw `ChainFormatError`.
 */
export function readTransaction(reader: ByteReader): Transaction {
  const headerAt = reader.position;
  const header = reader.u32le('header');
  const version = header & 0x7fff_ffff;
  if (header >>> 31 === 0) return readSproutBody(reader, version, headerAt);
  const groupAt = reader.position;
  const versionGroupId = reader.u32le('nVersionGroupId');
  const expected = VERSION_GROUP_IDS.get(version);
  if (expected === undefined) {
    throw reader.fail(
      'header',
      `overwintered version ${version} is not a transaction version Zcash defines (3, 4, 5)`,
      headerAt,
    );
  }
  if (versionGroupId !== expected) {
    throw reader.fail(
      'nVersionGroupId',
      `0x${versionGroupId.toString(16)} is not the v${version} group id 0x${expected.toString(16)}`,
      groupAt,
    );
  }
  if (version === 3 || version === 4) return readOverwinteredBody(reader, version, versionGroupId);
  return readV5Body(reader, versionGroupId);
}

/** The rest of a v5 transaction, after its header and version group id. */
function readV5Body(reader: ByteReader, versionGroupId: number): TransactionV5 {
  const consensusBranchId = reader.u32le('nConsensusBranchId');
  const lockTime = reader.u32le('lock_time');
  const expiryHeight = reader.u32le('nExpiryHeight');
  const { transparentInputs, transparentOutputs } = readTransparent(reader);
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
  const outputParts: SaplingOutputDescription[] = [];
  for (let i = reader.count('nOutputsSapling', SAPLING_OUTPUT_DESCRIPTION_BYTES); i > 0; i--) {
    outputParts.push(readSaplingOutputDescription(reader));
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
 * A transaction of any version from its bytes (hex or Uint8Array). Anything but exactly one
 * well-formed transaction (truncation, bad lengths, reserved flag bits, trailing bytes, a version or
 * version group Zcash does not define) throws `ChainFormatError`.
 */
export function parseTransaction(tx: string | Uint8Array): Transaction {
  const reader = new ByteReader(chainBytes(tx, 'transaction'), 'transaction');
  const parsed = readTransaction(reader);
  reader.end();
  return parsed;
}

/**
 * A v5 transaction from its bytes, for what only v5 carries (an Orchard bundle, a consensus branch
 * id): `parseTransaction`, and a `ChainFormatError` naming the version for any other.
 */
export function parseTransactionV5(tx: string | Uint8Array): TransactionV5 {
  const parsed = parseTransaction(tx);
  if (parsed.version !== 5) {
    throw new ChainFormatError(
      `a v${parsed.version} transaction, where a v5 transaction (ZIP 225) is expected`,
    );
  }
  return parsed;
}

/**
 * `tx` as a parsed transaction: hex or bytes are parsed; anything else must look like what
 * `parseTransaction` returns (a version from 1 to 5 with its parts present or null), else a
 * `ChainFormatError` rather than a TypeError from deep inside the caller.
 */
export function asTransaction(tx: string | Uint8Array | Transaction): Transaction {
  if (typeof tx === 'string' || tx instanceof Uint8Array) return parseTransaction(tx);
  const part = (value: unknown) => value === null || typeof value === 'object';
  const looksRight =
    typeof tx === 'object' &&
    tx !== null &&
    Array.isArray(tx.transparentInputs) &&
    Array.isArray(tx.transparentOutputs) &&
    (tx.version === 5
      ? part(tx.sapling) && part(tx.orchard) && (tx.orchard === null || Array.isArray(tx.orchard.actions))
      : [1, 2, 3, 4].includes(tx.version) &&
        part(tx.joinSplit) &&
        (tx.version !== 4 || (typeof tx.sapling === 'object' && tx.sapling !== null)));
  if (!looksRight) throw new ChainFormatError('a transaction must be hex, bytes or a parsed transaction');
  return tx;
}

/** Appends the encoding of `tx`, of any version, to `writer`. */
export function writeTransaction(writer: ByteWriter, tx: Transaction): void {
  if (tx.version !== 5) {
    writeTransactionBeforeV5(writer, tx);
    return;
  }
  if (tx.versionGroupId !== TX_V5_VERSION_GROUP_ID) {
    throw new RangeError('a v5 transaction has version group 0x26a7270a');
  }
  writer
    .u32le(TX_V5_HEADER, 'header')
    .u32le(tx.versionGroupId, 'versionGroupId')
    .u32le(tx.consensusBranchId, 'consensusBranchId')
    .u32le(tx.lockTime, 'lockTime')
    .u32le(tx.expiryHeight, 'expiryHeight');
  writeTransparent(writer, tx);
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
  for (const o of outputs) writeSaplingOutputDescription(writer, o);
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

/** The encoding of `tx`: `parseTransaction(serializeTransaction(tx))` gives `tx` back. */
export function serializeTransaction(tx: Transaction): Uint8Array {
  const writer = new ByteWriter();
  writeTransaction(writer, tx);
  return writer.finish();
}
