/**
 * Recovering an Orchard output with an outgoing viewing key (protocol specification 4.20.3
 * "Decryption using a Full Viewing Key (Sapling and Orchard)", with 5.4.2 PRF^ock, 5.4.5.5 KA^Orchard,
 * 5.4.5.6 KDF^Orchard, 5.4.3 Sym, 5.5 note plaintexts, ZIP 212), and the matching encryption
 * (4.20.1) for the development chain, which must create outputs a wallet's ovk opens.
 *
 *   ock  = BLAKE2b-256("Zcash_Orchardock", ovk ‖ cv_net ‖ cmx ‖ ephemeralKey)
 *   op   = ChaCha20-Poly1305_ock(out_ciphertext), nonce 12 zero bytes, no associated data
 *   pk_d ‖ esk = op; esk < r_P, pk_d = abst_P(..) a point other than zero
 *   K    = BLAKE2b-256("Zcash_OrchardKDF", repr_P([esk] pk_d) ‖ ephemeralKey)
 *   np   = ChaCha20-Poly1305_K(enc_ciphertext): leadByte ‖ d (11) ‖ v (8, LE) ‖ rseed (32) ‖ memo (512)
 *
 * Orchard activated after ZIP 212's grace period, so the lead byte must be 0x02. When the action's
 * nullifier (ρ of the new note) is given, esk is also checked to be
 * ToScalar^Orchard(PRF^expand_rseed([4] ‖ ρ)) as 4.20.3 requires.
 *
 * NOT checked (they need Sinsemilla and hashing to the curve, which this library does not have):
 * that the note commitment of the recovered note is cmx, and that ephemeralKey = [esk] g_d with
 * g_d = DiversifyHash^Orchard(d). A transaction that passed consensus satisfies both; bytes that did
 * not come from the chain might not. Likewise the development chain's `encryptOrchardOutput` may use
 * [esk] B for a fixed base point B as the ephemeral key: recovery opens it all the same.
 */
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { ChainFormatError } from './bytes.js';
import { prfExpand } from './orchard-keys.js';
import {
  PALLAS_SCALAR_ORDER,
  Pallas,
  bigIntToLeBytes,
  decodePallasPoint,
  encodePallasPoint,
  leBytesToBigInt,
  pallasMultiply,
  toScalarOrchard,
} from './pallas.js';

export const ORCHARD_NOTE_PLAINTEXT_LENGTH = 564;
export const ORCHARD_ENC_CIPHERTEXT_LENGTH = 580;
export const ORCHARD_OUT_CIPHERTEXT_LENGTH = 80;
export const ORCHARD_MEMO_LENGTH = 512;
/** The note plaintext lead byte from ZIP 212 on, the only one Orchard has. */
const LEAD_BYTE = 0x02;
const MAX_VALUE = (1n << 64n) - 1n;

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const OCK_PERSONALIZATION = ascii('Zcash_Orchardock');
const KDF_PERSONALIZATION = ascii('Zcash_OrchardKDF');
const ZERO_NONCE = new Uint8Array(12);

/** The fields of an Orchard action that note encryption uses, as they appear in the transaction. */
export interface OrchardActionCiphertexts {
  cvNet: Uint8Array;
  cmx: Uint8Array;
  ephemeralKey: Uint8Array;
  encCiphertext: Uint8Array;
  outCiphertext: Uint8Array;
  /** The action's nullifier (ρ of the new note): when given, esk is checked against rseed. */
  nullifier?: Uint8Array;
}

/** What an outgoing viewing key recovers from an action. */
export interface RecoveredOrchardOutput {
  /** The 512-byte memo field (ZIP 302). */
  memo: Uint8Array;
  /** The note value in zatoshis. */
  value: bigint;
  /** The recipient's diversifier: 11 bytes. */
  diversifier: Uint8Array;
  /** The recipient's diversified transmission key repr_P(pk_d): 32 bytes. */
  pkD: Uint8Array;
  rseed: Uint8Array;
}

function bytesOf(value: unknown, length: number, name: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new ChainFormatError(`${name} must be a Uint8Array`);
  if (value.length !== length) {
    throw new ChainFormatError(`${name} must be ${length} bytes, not ${value.length}`);
  }
  return value;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PRF^ock_Orchard(ovk, cv, cmx, ephemeralKey): the outgoing cipher key. */
export function orchardOutgoingCipherKey(
  ovk: Uint8Array,
  cvNet: Uint8Array,
  cmx: Uint8Array,
  ephemeralKey: Uint8Array,
): Uint8Array {
  return blake2b(concat(ovk, cvNet, cmx, ephemeralKey), { dkLen: 32, personalization: OCK_PERSONALIZATION });
}

/** KDF^Orchard(sharedSecret, ephemeralKey) with the shared secret already encoded by repr_P. */
export function orchardKdf(sharedSecretRepr: Uint8Array, ephemeralKey: Uint8Array): Uint8Array {
  return blake2b(concat(sharedSecretRepr, ephemeralKey), { dkLen: 32, personalization: KDF_PERSONALIZATION });
}

/** esk as 4.20.1 derives it from rseed and ρ: ToScalar^Orchard(PRF^expand_rseed([4] ‖ ρ)). */
export function orchardEskFromRseed(rseed: Uint8Array, nullifier: Uint8Array): bigint {
  return toScalarOrchard(prfExpand(rseed, concat(Uint8Array.of(4), nullifier)));
}

function open(key: Uint8Array, ciphertext: Uint8Array): Uint8Array | null {
  try {
    return chacha20poly1305(key, ZERO_NONCE).decrypt(ciphertext);
  } catch {
    return null; // the tag does not verify under this key
  }
}

/**
 * Recovers an Orchard output's note plaintext with an outgoing viewing key `ovk`. An action that
 * does not open under the key, or opens to something 4.20.3 rejects, gives null. Inputs of the wrong
 * type or length throw a `ChainFormatError`.
 */
export function recoverOrchardOutput(
  ovk: Uint8Array,
  action: OrchardActionCiphertexts,
): RecoveredOrchardOutput | null {
  bytesOf(ovk, 32, 'ovk');
  if (typeof action !== 'object' || action === null) throw new ChainFormatError('action must be an object');
  const cvNet = bytesOf(action.cvNet, 32, 'cvNet');
  const cmx = bytesOf(action.cmx, 32, 'cmx');
  const ephemeralKey = bytesOf(action.ephemeralKey, 32, 'ephemeralKey');
  const encCiphertext = bytesOf(action.encCiphertext, ORCHARD_ENC_CIPHERTEXT_LENGTH, 'encCiphertext');
  const outCiphertext = bytesOf(action.outCiphertext, ORCHARD_OUT_CIPHERTEXT_LENGTH, 'outCiphertext');
  const nullifier = action.nullifier === undefined ? undefined : bytesOf(action.nullifier, 32, 'nullifier');

  const op = open(orchardOutgoingCipherKey(ovk, cvNet, cmx, ephemeralKey), outCiphertext);
  if (op === null) return null;
  const pkDRepr = op.slice(0, 32);
  const esk = leBytesToBigInt(op.subarray(32, 64));
  if (esk === 0n || esk >= PALLAS_SCALAR_ORDER) return null;
  const pkD = decodePallasPoint(pkDRepr);
  if (pkD === null || pkD.is0()) return null;
  // esk is the sender's one-time key, read from the chain: variable time is fine here.
  const shared = encodePallasPoint(pallasMultiply(pkD, esk, true));
  const plaintext = open(orchardKdf(shared, ephemeralKey), encCiphertext);
  if (plaintext === null || plaintext[0] !== LEAD_BYTE) return null;
  const rseed = plaintext.slice(20, 52);
  if (nullifier !== undefined && orchardEskFromRseed(rseed, nullifier) !== esk) return null;
  return {
    diversifier: plaintext.slice(1, 12),
    value: leBytesToBigInt(plaintext.subarray(12, 20)),
    rseed,
    memo: plaintext.slice(52, 52 + ORCHARD_MEMO_LENGTH),
    pkD: pkDRepr,
  };
}

/** What `encryptOrchardOutput` needs: the note, the action's cv_net and cmx, and the sender's ovk. */
export interface OrchardOutputToEncrypt {
  ovk: Uint8Array;
  cvNet: Uint8Array;
  cmx: Uint8Array;
  diversifier: Uint8Array;
  value: bigint | number;
  rseed: Uint8Array;
  /** Exactly 512 bytes (ZIP 302). */
  memo: Uint8Array;
  /** repr_P(pk_d) of the recipient; a random point when absent. */
  pkD?: Uint8Array;
  /** esk, 32 bytes little-endian in 1..r_P-1; when absent, derived from rseed and `nullifier`
   *  as 4.20.1 does, or random when no nullifier is given either. */
  esk?: Uint8Array;
  /** The action's nullifier ρ, to derive esk from rseed as real senders do. */
  nullifier?: Uint8Array;
  /** The ephemeral key bytes; when absent, repr_P([esk] B) for the fixed base point B = (-1, 2),
   *  a stand-in for Orchard's [esk] g_d, which needs hashing to the curve. */
  ephemeralKey?: Uint8Array;
}

export interface EncryptedOrchardOutput {
  encCiphertext: Uint8Array;
  outCiphertext: Uint8Array;
  ephemeralKey: Uint8Array;
  /** The esk used, 32 bytes little-endian. */
  esk: Uint8Array;
  /** repr_P(pk_d) used. */
  pkD: Uint8Array;
}

function randomNonZeroScalar(): bigint {
  for (;;) {
    const k = toScalarOrchard(randomBytes(64));
    if (k !== 0n) return k;
  }
}

/**
 * Encrypts an Orchard note plaintext the way 4.20.1 does with an outgoing viewing key, so that
 * `recoverOrchardOutput(ovk, …)` returns it. Invalid inputs throw a `ChainFormatError`.
 */
export function encryptOrchardOutput(output: OrchardOutputToEncrypt): EncryptedOrchardOutput {
  if (typeof output !== 'object' || output === null) throw new ChainFormatError('output must be an object');
  const ovk = bytesOf(output.ovk, 32, 'ovk');
  const cvNet = bytesOf(output.cvNet, 32, 'cvNet');
  const cmx = bytesOf(output.cmx, 32, 'cmx');
  const diversifier = bytesOf(output.diversifier, 11, 'diversifier');
  const rseed = bytesOf(output.rseed, 32, 'rseed');
  const memo = bytesOf(output.memo, ORCHARD_MEMO_LENGTH, 'memo');
  const value =
    typeof output.value === 'number' && Number.isSafeInteger(output.value)
      ? BigInt(output.value)
      : output.value;
  if (typeof value !== 'bigint' || value < 0n || value > MAX_VALUE) {
    throw new ChainFormatError('value must be an integer in 0..2^64-1');
  }

  let esk: bigint;
  if (output.esk !== undefined) {
    esk = leBytesToBigInt(bytesOf(output.esk, 32, 'esk'));
    if (esk === 0n || esk >= PALLAS_SCALAR_ORDER) throw new ChainFormatError('esk must be in 1..r_P-1');
  } else if (output.nullifier !== undefined) {
    esk = orchardEskFromRseed(rseed, bytesOf(output.nullifier, 32, 'nullifier'));
    if (esk === 0n) throw new ChainFormatError('rseed and nullifier give esk = 0: choose another rseed');
  } else {
    esk = randomNonZeroScalar();
  }
  let pkD;
  if (output.pkD !== undefined) {
    pkD = decodePallasPoint(bytesOf(output.pkD, 32, 'pkD'));
    if (pkD === null || pkD.is0()) throw new ChainFormatError('pkD is not a Pallas point other than zero');
  } else {
    pkD = pallasMultiply(Pallas.BASE, randomNonZeroScalar());
  }
  const ephemeralKey =
    output.ephemeralKey !== undefined
      ? bytesOf(output.ephemeralKey, 32, 'ephemeralKey')
      : encodePallasPoint(pallasMultiply(Pallas.BASE, esk));

  const valueBytes = bigIntToLeBytes(value, 8);
  const plaintext = concat(Uint8Array.of(LEAD_BYTE), diversifier, valueBytes, rseed, memo);
  const shared = encodePallasPoint(pallasMultiply(pkD, esk));
  const encCiphertext = chacha20poly1305(orchardKdf(shared, ephemeralKey), ZERO_NONCE).encrypt(plaintext);
  const pkDRepr = encodePallasPoint(pkD);
  const eskBytes = bigIntToLeBytes(esk, 32);
  const ock = orchardOutgoingCipherKey(ovk, cvNet, cmx, ephemeralKey);
  const outCiphertext = chacha20poly1305(ock, ZERO_NONCE).encrypt(concat(pkDRepr, eskBytes));
  return { encCiphertext, outCiphertext, ephemeralKey, esk: eskBytes, pkD: pkDRepr };
}
