/**
 * Transaction identifiers of v5 transactions (ZIP 244): a tree of personalized BLAKE2b-256 digests
 * over the effecting data (header, transparent, Sapling, Orchard), and the authorizing data
 * commitment over what the txid leaves out (scripts, proofs, signatures). Together the two commit
 * to every byte of the transaction. Transactions before v5 are identified as Bitcoin's are: the
 * double SHA-256 of their bytes.
 *
 * Digests here are in natural byte order, as ZIP 244 computes them; `transactionId` gives the
 * byte-reversed display order that RPCs and explorers show.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { ByteWriter, asChainFormat, chainBytes, toDisplayHex } from './bytes.js';
import { sha256d } from './block.js';
import { PRE_V5_AUTH_DIGEST } from './block-commitments.js';
import { TX_V5_HEADER, asTransaction, serializeTransaction } from './transaction.js';
import type { Transaction, TransactionV5 } from './transaction.js';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** Personalizations as bytes, encoded once: a txid takes about twenty digests. */
const encoded = new Map<string, Uint8Array>();

function personalizationBytes(text: string): Uint8Array {
  let bytes = encoded.get(text);
  if (bytes === undefined) encoded.set(text, (bytes = ascii(text)));
  return bytes;
}

/** BLAKE2b-256 of the concatenated `parts`, personalized with 16 bytes (ASCII or given). */
function digest(personalization: string | Uint8Array, parts: Iterable<Uint8Array>): Uint8Array {
  const p = typeof personalization === 'string' ? personalizationBytes(personalization) : personalization;
  const hash = blake2b.create({ dkLen: 32, personalization: p });
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The 4-byte little-endian encoding of `value`. */
function le32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0, true);
  return out;
}

/** The 8-byte little-endian two's-complement encoding of `value` (value balances). */
function le64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value, true);
  return out;
}

/** `prefix` (12 ASCII bytes) followed by the consensus branch id, little-endian: a per-branch personalization. */
function branchPersonalization(prefix: string, branchId: number): Uint8Array {
  const out = new Uint8Array(16);
  out.set(ascii(prefix));
  out.set(le32(branchId), 12);
  return out;
}

/** The encrypted memo and the parts around it (ZIP 244 hashes them in separate subtrees). */
const COMPACT_END = 52;
const MEMO_END = 564;

/** T.1 header_digest. */
function headerDigest(tx: TransactionV5): Uint8Array {
  return digest('ZTxIdHeadersHash', [
    le32(TX_V5_HEADER),
    le32(tx.versionGroupId),
    le32(tx.consensusBranchId),
    le32(tx.lockTime),
    le32(tx.expiryHeight),
  ]);
}

/** T.2 transparent_digest: its three sub-digests, or the empty hash when there is nothing transparent. */
function transparentDigest(tx: TransactionV5): Uint8Array {
  const { transparentInputs: ins, transparentOutputs: outs } = tx;
  if (ins.length + outs.length === 0) return digest('ZTxIdTranspaHash', []);
  const prevouts = digest(
    'ZTxIdPrevoutHash',
    ins.flatMap((i) => [i.prevout.txid, le32(i.prevout.index)]),
  );
  const sequences = digest(
    'ZTxIdSequencHash',
    ins.map((i) => le32(i.sequence)),
  );
  const outputs = new ByteWriter();
  for (const o of outs) outputs.i64le(o.value, 'value').varBytes(o.scriptPubKey, 'scriptPubKey');
  return digest('ZTxIdTranspaHash', [prevouts, sequences, digest('ZTxIdOutputsHash', [outputs.finish()])]);
}

/** T.3 sapling_digest. */
function saplingDigest(tx: TransactionV5): Uint8Array {
  const sapling = tx.sapling;
  if (sapling === null) return digest('ZTxIdSaplingHash', []);
  const { spends, outputs, anchor } = sapling;

  let spendsDigest = digest('ZTxIdSSpendsHash', []);
  if (spends.length > 0) {
    if (anchor === null) throw new RangeError('a Sapling bundle with spends needs its anchor');
    const compact = digest(
      'ZTxIdSSpendCHash',
      spends.map((s) => s.nullifier),
    );
    // v5 spends share one anchor, hashed again for each spend.
    const noncompact = digest(
      'ZTxIdSSpendNHash',
      spends.flatMap((s) => [s.cv, anchor, s.rk]),
    );
    spendsDigest = digest('ZTxIdSSpendsHash', [compact, noncompact]);
  }

  let outputsDigest = digest('ZTxIdSOutputHash', []);
  if (outputs.length > 0) {
    const compact = digest(
      'ZTxIdSOutC__Hash',
      outputs.flatMap((o) => [o.cmu, o.ephemeralKey, o.encCiphertext.subarray(0, COMPACT_END)]),
    );
    const memos = digest(
      'ZTxIdSOutM__Hash',
      outputs.map((o) => o.encCiphertext.subarray(COMPACT_END, MEMO_END)),
    );
    const noncompact = digest(
      'ZTxIdSOutN__Hash',
      outputs.flatMap((o) => [o.cv, o.encCiphertext.subarray(MEMO_END), o.outCiphertext]),
    );
    outputsDigest = digest('ZTxIdSOutputHash', [compact, memos, noncompact]);
  }
  return digest('ZTxIdSaplingHash', [spendsDigest, outputsDigest, le64(sapling.valueBalance)]);
}

/** T.4 orchard_digest. */
function orchardDigest(tx: TransactionV5): Uint8Array {
  const orchard = tx.orchard;
  if (orchard === null) return digest('ZTxIdOrchardHash', []);
  const { actions } = orchard;
  const compact = digest(
    'ZTxIdOrcActCHash',
    actions.flatMap((a) => [a.nullifier, a.cmx, a.ephemeralKey, a.encCiphertext.subarray(0, COMPACT_END)]),
  );
  const memos = digest(
    'ZTxIdOrcActMHash',
    actions.map((a) => a.encCiphertext.subarray(COMPACT_END, MEMO_END)),
  );
  const noncompact = digest(
    'ZTxIdOrcActNHash',
    actions.flatMap((a) => [a.cvNet, a.rk, a.encCiphertext.subarray(MEMO_END), a.outCiphertext]),
  );
  return digest('ZTxIdOrchardHash', [
    compact,
    memos,
    noncompact,
    Uint8Array.of(orchard.flags),
    le64(orchard.valueBalance),
    orchard.anchor,
  ]);
}

/**
 * `compute` of `tx` (hex, bytes or parsed), every refusal a `ChainFormatError`. Bytes are parsed;
 * an object is checked by serializing it first: the digests read the fields the serializer writes
 * and would silently truncate the values it refuses (a lockTime of 2^32, flags of 256), so both
 * keep one set of rules.
 */
function digestOf(
  tx: string | Uint8Array | Transaction,
  compute: (tx: Transaction) => Uint8Array,
): Uint8Array {
  return asChainFormat(() => {
    const parsed = asTransaction(tx);
    if (parsed === tx) serializeTransaction(parsed);
    return compute(parsed);
  }, 'the transaction');
}

function txidDigest(tx: Transaction): Uint8Array {
  if (tx.version !== 5) return sha256d(serializeTransaction(tx));
  return digest(branchPersonalization('ZcashTxHash_', tx.consensusBranchId), [
    headerDigest(tx),
    transparentDigest(tx),
    saplingDigest(tx),
    orchardDigest(tx),
  ]);
}

/**
 * The txid of a transaction in natural byte order: the ZIP 244 digest for v5 (as the ZIP and its
 * test vectors give it), the double SHA-256 of the bytes before. A malformed transaction, or one
 * with a field its serialization would refuse, throws `ChainFormatError`.
 */
export function transactionIdBytes(tx: string | Uint8Array | Transaction): Uint8Array {
  return digestOf(tx, txidDigest);
}

/**
 * The txid of a transaction of any version (given as hex, bytes or already parsed) as RPCs and
 * explorers show it: byte-reversed, lowercase hex. Malformed input throws `ChainFormatError`.
 */
export function transactionId(tx: string | Uint8Array | Transaction): string {
  return toDisplayHex(digestOf(tx, txidDigest));
}

/** ZIP 244's stand-in auth digest for a transaction before v5 in a block's hashAuthDataRoot tree. */
const NO_AUTH_DIGEST = chainBytes(PRE_V5_AUTH_DIGEST, 'PRE_V5_AUTH_DIGEST');

/**
 * The ZIP 244 authorizing data commitment (auth_digest) of a transaction, natural byte order: for
 * v5 the scripts, proofs and signatures the txid does not commit to; for earlier versions (whose
 * txid commits to every byte) 32 bytes of 0xff, as ZIP 244 puts them in a block's hashAuthDataRoot
 * tree. Refuses what `transactionIdBytes` refuses, with `ChainFormatError`.
 */
export function transactionAuthDigest(tx: string | Uint8Array | Transaction): Uint8Array {
  return digestOf(tx, (parsed) => (parsed.version === 5 ? authDigest(parsed) : NO_AUTH_DIGEST.slice()));
}

function authDigest(tx: TransactionV5): Uint8Array {
  const scripts = new ByteWriter();
  for (const input of tx.transparentInputs) scripts.varBytes(input.scriptSig, 'scriptSig');
  const transparent = digest('ZTxAuthTransHash', [scripts.finish()]);

  const sapling = tx.sapling;
  const saplingAuth =
    sapling === null
      ? digest('ZTxAuthSapliHash', [])
      : digest('ZTxAuthSapliHash', [
          ...sapling.spends.map((s) => s.zkproof),
          ...sapling.spends.map((s) => s.spendAuthSig),
          ...sapling.outputs.map((o) => o.zkproof),
          sapling.bindingSig,
        ]);

  const orchard = tx.orchard;
  const orchardAuth =
    orchard === null
      ? digest('ZTxAuthOrchaHash', [])
      : digest('ZTxAuthOrchaHash', [
          orchard.proofs,
          ...orchard.actions.map((a) => a.spendAuthSig),
          orchard.bindingSig,
        ]);

  return digest(branchPersonalization('ZTxAuthHash_', tx.consensusBranchId), [
    transparent,
    saplingAuth,
    orchardAuth,
  ]);
}
