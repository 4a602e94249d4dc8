/**
 * The parts every Zcash transaction version shares (protocol specification §7.1): transparent
 * inputs and outputs, and the field sizes of the shielded descriptions. Byte fields hold the bytes
 * as serialized (natural order); amounts are bigints, since they can exceed 2^53.
 */
import type { ByteReader, ByteWriter } from './bytes.js';

/** Field sizes fixed by the protocol specification (§7.1 to §7.5) and ZIP 225. */
export const HASH = 32;
export const ENC_CIPHERTEXT = 580;
export const OUT_CIPHERTEXT = 80;
export const GROTH_PROOF = 192;
export const SIGNATURE = 64;

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

/** A Sapling Output with its proof (v4 writes the proof inline, v5 in a separate array). */
export interface SaplingOutput {
  cv: Uint8Array;
  cmu: Uint8Array;
  ephemeralKey: Uint8Array;
  encCiphertext: Uint8Array;
  outCiphertext: Uint8Array;
  zkproof: Uint8Array;
}

/** Smallest encodings, used to bound counts against the bytes left (see ByteReader.count). */
const MIN_TX_IN = HASH + 4 + 1 + 4;
const MIN_TX_OUT = 8 + 1;

/** Reads tx_in_count and the inputs, then tx_out_count and the outputs. */
export function readTransparent(reader: ByteReader): {
  transparentInputs: TransparentInput[];
  transparentOutputs: TransparentOutput[];
} {
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
  return { transparentInputs, transparentOutputs };
}

/** Writes what `readTransparent` reads. */
export function writeTransparent(
  writer: ByteWriter,
  tx: { transparentInputs: readonly TransparentInput[]; transparentOutputs: readonly TransparentOutput[] },
): void {
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
}

/** A Sapling Output's fields besides its proof, as both v4 and v5 lay them out, in this order. */
export type SaplingOutputDescription = Omit<SaplingOutput, 'zkproof'>;

/** The bytes of a `SaplingOutputDescription` (v4 adds the proof after them, v5 in an array of its own). */
export const SAPLING_OUTPUT_DESCRIPTION_BYTES = 3 * HASH + ENC_CIPHERTEXT + OUT_CIPHERTEXT;

/** Reads cv, cmu, ephemeralKey, encCiphertext and outCiphertext of one Sapling Output. */
export function readSaplingOutputDescription(reader: ByteReader): SaplingOutputDescription {
  const cv = reader.bytes(HASH, 'Sapling output cv');
  const cmu = reader.bytes(HASH, 'Sapling output cmu');
  const ephemeralKey = reader.bytes(HASH, 'Sapling output ephemeralKey');
  const encCiphertext = reader.bytes(ENC_CIPHERTEXT, 'Sapling output encCiphertext');
  const outCiphertext = reader.bytes(OUT_CIPHERTEXT, 'Sapling output outCiphertext');
  return { cv, cmu, ephemeralKey, encCiphertext, outCiphertext };
}

/** Writes what `readSaplingOutputDescription` reads. */
export function writeSaplingOutputDescription(writer: ByteWriter, o: SaplingOutputDescription): void {
  writer
    .bytes(o.cv, 'output cv', HASH)
    .bytes(o.cmu, 'output cmu', HASH)
    .bytes(o.ephemeralKey, 'output ephemeralKey', HASH)
    .bytes(o.encCiphertext, 'output encCiphertext', ENC_CIPHERTEXT)
    .bytes(o.outCiphertext, 'output outCiphertext', OUT_CIPHERTEXT);
}
