/**
 * Unified full viewing keys (ZIP 316): `uview1…` on Mainnet, `uviewtest1…` on Testnet and
 * `uviewregtest1…` on regtest (the prefix zcashd and librustzcash use there), and the Revision 1
 * forms `urview1…`, `urviewtest1…`, `urviewregtest1…`.
 *
 * Decoding follows ZIP 316's procedure: Bech32m without the 90-character limit, F4Jumble^-1, the
 * 16-byte padding (the prefix in ASCII, zero-padded) checked and removed, then items of compactSize
 * typecode, compactSize length and bytes, in strictly ascending typecode order. The items read:
 * typecode 0x03 an Orchard full viewing key (ak, nk, rivk: 96 bytes, protocol specification 5.6.4.4),
 * 0x02 a Sapling one (EncodeExtFVKParts(ak, nk, ovk, dk): 128 bytes, ZIP 32), 0x00 a transparent
 * P2PKH account key (chain code and compressed public key: 65 bytes). Each is validated as its
 * encoding requires (with `validateItems: 'orchard'`, the Sapling and transparent ones by length
 * only). 0x01 (P2SH) has no viewing key and is refused (see checkItem). Any other typecode is kept
 * unread in `unknown`, except the MUST-understand metadata typecodes 0xE0..0xFC, which this code
 * does not understand and so refuses. Every refusal is a
 * `ChainFormatError` saying what is wrong; nothing else escapes, whatever the input.
 */
import { bech32m } from '@scure/base';
import { jubjub } from '@noble/curves/misc.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ByteReader, ByteWriter, ChainFormatError } from './bytes.js';
import { F4JUMBLE_MAX_LENGTH, F4JUMBLE_MIN_LENGTH, f4jumble, f4jumbleInverse } from './f4jumble.js';
import { PALLAS_BASE_MODULUS, PALLAS_SCALAR_ORDER, isPallasXCoordinate, leBytesToBigInt } from './pallas.js';

/** The network a key belongs to, named by its Bech32m prefix. */
export type ZcashNetwork = 'mainnet' | 'testnet' | 'regtest';

/** An item kept as it was read: a typecode this code does not interpret, and its bytes. */
export interface UnifiedViewingKeyItem {
  typecode: number;
  data: Uint8Array;
}

/** A decoded unified full viewing key: each recognised item's raw encoding, or null when absent. */
export interface UnifiedFullViewingKey {
  network: ZcashNetwork;
  /** 0 for the `u…` prefixes, 1 for the `ur…` ones (ZIP 316 Revisions). */
  revision: 0 | 1;
  /** Orchard ak ‖ nk ‖ rivk, 96 bytes. */
  orchard: Uint8Array | null;
  /** Sapling ak ‖ nk ‖ ovk ‖ dk, 128 bytes. */
  sapling: Uint8Array | null;
  /** Transparent P2PKH account-level chain code ‖ compressed public key, 65 bytes. */
  transparent: Uint8Array | null;
  /** Items of other typecodes, in the order read (ascending typecode). */
  unknown: UnifiedViewingKeyItem[];
}

export interface DecodeViewingKeyOptions {
  /** Refuse a key of any other network. */
  network?: ZcashNetwork;
  /**
   * Refuse a key without an Orchard item (default false: ZIP 316 allows a key of Sapling and
   * transparent items only, and such a key is decoded and its items listed). A caller that uses
   * the Orchard item, such as the service's own anchoring key, passes true.
   */
  requireOrchard?: boolean;
  /**
   * Which items are validated as keys of their kind. 'all' (the default) checks each Orchard,
   * Sapling and transparent item as its encoding requires. 'orchard' validates the Orchard item that
   * way but checks only the length of the Sapling and transparent items, leaving their points
   * (Jubjub ak and nk, the secp256k1 public key) undecoded: for a caller that uses the Orchard item
   * and nothing else of the key, as readMemos does. The Bech32m checksum, the padding, the item
   * order and every item's length are checked either way. Any value but 'orchard' means 'all'.
   */
  validateItems?: 'all' | 'orchard';
}

export interface EncodeViewingKeyInput {
  network: ZcashNetwork;
  /** Default 0 (`uview…`). */
  revision?: 0 | 1;
  orchard?: Uint8Array | null;
  sapling?: Uint8Array | null;
  transparent?: Uint8Array | null;
  unknown?: readonly UnifiedViewingKeyItem[];
}

export const TYPECODE_P2PKH = 0x00;
export const TYPECODE_P2SH = 0x01;
export const TYPECODE_SAPLING = 0x02;
export const TYPECODE_ORCHARD = 0x03;
const ITEM_LENGTHS: Record<number, number> = {
  [TYPECODE_P2PKH]: 65,
  [TYPECODE_SAPLING]: 128,
  [TYPECODE_ORCHARD]: 96,
};

const NETWORK_SUFFIX: Record<ZcashNetwork, string> = { mainnet: '', testnet: 'test', regtest: 'regtest' };
const NETWORKS = Object.keys(NETWORK_SUFFIX) as ZcashNetwork[];

function viewingKeyPrefix(network: ZcashNetwork, revision: 0 | 1): string {
  return (revision === 0 ? 'u' : 'ur') + 'view' + NETWORK_SUFFIX[network];
}

const FVK_PREFIXES = new Map<string, { network: ZcashNetwork; revision: 0 | 1 }>();
const OTHER_UNIFIED_PREFIXES = new Map<string, string>();
for (const network of NETWORKS) {
  for (const revision of [0, 1] as const) {
    const start = revision === 0 ? 'u' : 'ur';
    FVK_PREFIXES.set(viewingKeyPrefix(network, revision), { network, revision });
    OTHER_UNIFIED_PREFIXES.set(start + NETWORK_SUFFIX[network], 'a unified address');
    OTHER_UNIFIED_PREFIXES.set(start + 'ivk' + NETWORK_SUFFIX[network], 'a unified incoming viewing key');
  }
}

const BECH32_CHARSET = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/;
/** The longest string an F4Jumble-sized key can be: prefix, separator, data words and 6-word checksum. */
const MAX_ENCODED_LENGTH = 'urviewregtest'.length + 1 + Math.ceil((F4JUMBLE_MAX_LENGTH * 8) / 5) + 6;

const fail = (problem: string): ChainFormatError =>
  new ChainFormatError(`unified full viewing key: ${problem}`);

/** The 16-byte padding: the prefix in US-ASCII followed by zero bytes. */
function paddingFor(prefix: string): Uint8Array {
  const padding = new Uint8Array(16);
  for (let i = 0; i < prefix.length; i++) padding[i] = prefix.charCodeAt(i);
  return padding;
}

/** Whether `typecode` is a metadata typecode that a consumer must understand (ZIP 316 Revision 1). */
const isMustUnderstand = (typecode: number): boolean => typecode >= 0xe0 && typecode <= 0xfc;
const isMetadata = (typecode: number): boolean => typecode >= 0xc0 && typecode <= 0xfc;

/** ak ∈ P_x, nk < q_P, rivk < r_P: the canonical-encoding rule for an Orchard full viewing key (5.6.4.4). */
export function checkOrchardFullViewingKey(fvk: Uint8Array): void {
  if (!(fvk instanceof Uint8Array) || fvk.length !== 96) {
    throw fail('an Orchard full viewing key is 96 bytes (ak, nk, rivk)');
  }
  // ak ∈ P*: all zeros is the identity's encoding (repr_P), never a spend validating key.
  if (fvk.subarray(0, 32).every((byte) => byte === 0)) throw fail('Orchard ak is the identity point');
  if (!isPallasXCoordinate(leBytesToBigInt(fvk.subarray(0, 32)))) {
    throw fail('Orchard ak is not the x-coordinate of a Pallas point');
  }
  if (leBytesToBigInt(fvk.subarray(32, 64)) >= PALLAS_BASE_MODULUS) {
    throw fail('Orchard nk is not a canonical base field element');
  }
  if (leBytesToBigInt(fvk.subarray(64, 96)) >= PALLAS_SCALAR_ORDER) {
    throw fail('Orchard rivk is not a canonical scalar');
  }
}

/** ak ∈ J^(r)*, nk ∈ J^(r), both canonically encoded (5.6.3.3, ZIP 216). */
function checkSaplingFullViewingKey(fvk: Uint8Array): void {
  const point = (bytes: Uint8Array, name: string) => {
    try {
      const p = jubjub.Point.fromBytes(bytes, false);
      if (p.isTorsionFree()) return p;
    } catch {
      // not a canonical Jubjub encoding: refused below
    }
    throw fail(`Sapling ${name} is not a point of the prime-order Jubjub subgroup`);
  };
  if (point(fvk.subarray(0, 32), 'ak').is0()) throw fail('Sapling ak is the zero point');
  point(fvk.subarray(32, 64), 'nk');
}

/** c ‖ ser_P(pk): pk must be a compressed secp256k1 point (BIP 32). */
function checkTransparentKey(key: Uint8Array): void {
  const pk = key.subarray(32);
  let valid = pk[0] === 0x02 || pk[0] === 0x03;
  if (valid) {
    try {
      secp256k1.Point.fromBytes(pk);
    } catch {
      valid = false;
    }
  }
  if (!valid) throw fail('the transparent item does not hold a compressed secp256k1 public key');
}

/** An item's length, then (unless `orchardOnly` and it is not the Orchard item) its content. */
function checkItem(typecode: number, data: Uint8Array, orchardOnly = false): void {
  // ZIP 316, "Encoding of Unified Full/Incoming Viewing Keys": no P2SH viewing key is defined, and
  // typecode 0x01 "MUST NOT be included in a UFVK or UIVK by Producers"; Consumers treat it as
  // unrecognised but, by "Requirements for both Unified Addresses and Unified Viewing Keys", MUST
  // reject a key that includes both P2SH and P2PKH. librustzcash refuses 0x01 in any UFVK; so does
  // this code: no conforming wallet makes such a key, and a decoded key must encode back.
  if (typecode === TYPECODE_P2SH) {
    throw fail('typecode 0x01 (P2SH) is not defined for viewing keys (ZIP 316 forbids it in a UFVK or UIVK)');
  }
  const length = ITEM_LENGTHS[typecode];
  if (length !== undefined && data.length !== length) {
    throw fail(`the item of typecode ${typecode} must be ${length} bytes, not ${data.length}`);
  }
  if (typecode === TYPECODE_ORCHARD) checkOrchardFullViewingKey(data);
  else if (orchardOnly) return;
  else if (typecode === TYPECODE_SAPLING) checkSaplingFullViewingKey(data);
  else if (typecode === TYPECODE_P2PKH) checkTransparentKey(data);
}

/** The rules on the set of items as a whole (ZIP 316, requirements for UAs and UVKs, and Revisions). */
function checkItemSet(typecodes: number[], revision: 0 | 1, options: { orderOnly?: boolean } = {}): void {
  for (let i = 1; i < typecodes.length; i++) {
    if (typecodes[i]! <= typecodes[i - 1]!) {
      throw fail(
        typecodes[i] === typecodes[i - 1]
          ? `typecode ${typecodes[i]} appears twice`
          : 'items are not in ascending typecode order',
      );
    }
  }
  if (options.orderOnly) return;
  const mustUnderstand = typecodes.find(isMustUnderstand);
  if (mustUnderstand !== undefined) {
    throw fail(
      revision === 0
        ? `metadata typecode 0x${mustUnderstand.toString(16)} is not allowed in a Revision 0 key`
        : `metadata typecode 0x${mustUnderstand.toString(16)} must be understood and is not supported`,
    );
  }
  if (!typecodes.some((t) => !isMetadata(t))) {
    throw fail('a key must hold at least one item that is not metadata');
  }
  if (revision === 0 && !typecodes.some((t) => t === TYPECODE_SAPLING || t === TYPECODE_ORCHARD)) {
    throw fail('a Revision 0 key must hold a Sapling or Orchard item');
  }
}

function readPrefix(encoded: string): { prefix: string; network: ZcashNetwork; revision: 0 | 1 } {
  const separator = encoded.lastIndexOf('1');
  if (separator < 1) throw fail('not a Bech32m string (no prefix and separator "1")');
  const prefix = encoded.slice(0, separator).toLowerCase();
  const known = FVK_PREFIXES.get(prefix);
  if (known) return { prefix, ...known };
  const other = OTHER_UNIFIED_PREFIXES.get(prefix);
  if (other) throw fail(`"${prefix}1…" is ${other}, not a full viewing key`);
  // The prefix is quoted only when it is short printable ASCII: it comes from untrusted input.
  const shown = /^[a-z0-9]{1,40}$/.test(prefix) ? ` "${prefix}"` : '';
  throw fail(`unknown prefix${shown} (expected uview, uviewtest or uviewregtest)`);
}

/**
 * Decodes a unified full viewing key. Throws a `ChainFormatError` for a string that is not one: bad
 * Bech32m or checksum, wrong length, padding that does not match the prefix, malformed or
 * misordered items, a P2SH (0x01) item, an invalid Orchard, Sapling or transparent item (with
 * `validateItems: 'orchard'`, a Sapling or transparent item of the wrong length only), a key of
 * another network than `options.network`, or (only with `requireOrchard: true`) no Orchard item.
 * Any other valid key decodes, with `null` for each item it does not hold.
 */
export function decodeViewingKey(
  encoded: string,
  options: DecodeViewingKeyOptions | null = {},
): UnifiedFullViewingKey {
  if (typeof encoded !== 'string') throw fail('must be a string');
  // null, as a JavaScript caller may pass for "no options", means the defaults.
  options ??= {};
  if (typeof options !== 'object') throw fail('the options must be an object');
  if (encoded.length > MAX_ENCODED_LENGTH) {
    throw fail(`longer than any key can be (${encoded.length} characters)`);
  }
  const { prefix, network, revision } = readPrefix(encoded);
  if (options.network !== undefined && options.network !== network) {
    throw fail(`a ${network} key where a ${options.network} key is expected`);
  }
  const data = encoded.slice(prefix.length + 1);
  if (encoded !== encoded.toLowerCase() && encoded !== encoded.toUpperCase()) {
    throw fail('mixes upper and lower case');
  }
  if (data.length < 6) throw fail('the data part is not Bech32 characters');
  const decoded = bech32m.decodeUnsafe(encoded, MAX_ENCODED_LENGTH);
  if (!decoded) {
    // Bech32m refuses both; the character set tells which to report (tested only on failure).
    throw fail(
      BECH32_CHARSET.test(data.toLowerCase())
        ? 'bad Bech32m checksum'
        : 'the data part is not Bech32 characters',
    );
  }
  let jumbled: Uint8Array;
  try {
    jumbled = bech32m.fromWords(decoded.words);
  } catch {
    throw fail('the data part does not convert to whole bytes (bad padding bits)');
  }
  if (jumbled.length < F4JUMBLE_MIN_LENGTH || jumbled.length > F4JUMBLE_MAX_LENGTH) {
    throw fail(`${jumbled.length} bytes is outside the F4Jumble range`);
  }
  const raw = f4jumbleInverse(jumbled);
  const padding = paddingFor(prefix);
  const tail = raw.subarray(raw.length - 16);
  if (!tail.every((b, i) => b === padding[i])) {
    throw fail(
      'the 16-byte padding does not match the prefix (corrupted, or another network or kind of key)',
    );
  }

  const key: UnifiedFullViewingKey = {
    network,
    revision,
    orchard: null,
    sapling: null,
    transparent: null,
    unknown: [],
  };
  const typecodes: number[] = [];
  const orchardOnly = options.validateItems === 'orchard';
  const reader = new ByteReader(raw.subarray(0, raw.length - 16), 'unified full viewing key');
  while (reader.remaining > 0) {
    const typecode = reader.compactSize('typecode');
    const item = reader.varBytes(`item of typecode ${typecode}`);
    typecodes.push(typecode);
    // Order first: a key of thousands of repeated items is refused at the second, not after
    // checking every point in it.
    checkItemSet(typecodes.slice(-2), revision, { orderOnly: true });
    checkItem(typecode, item, orchardOnly);
    if (typecode === TYPECODE_ORCHARD) key.orchard = item;
    else if (typecode === TYPECODE_SAPLING) key.sapling = item;
    else if (typecode === TYPECODE_P2PKH) key.transparent = item;
    else key.unknown.push({ typecode, data: item });
  }
  checkItemSet(typecodes, revision);
  if (options.requireOrchard === true && key.orchard === null) throw fail('has no Orchard item');
  return key;
}

/**
 * Encodes a unified full viewing key from its items (the inverse of `decodeViewingKey`: a decoded
 * key encodes back to the same string). Items are checked as decoding checks them; unknown items
 * may not use the recognised typecodes, P2SH (0x01, refused in any viewing key) or MUST-understand
 * metadata typecodes.
 */
export function encodeViewingKey(key: EncodeViewingKeyInput): string {
  const network = key?.network;
  if (!NETWORKS.includes(network)) throw fail(`network must be one of ${NETWORKS.join(', ')}`);
  const revision = key.revision ?? 0;
  if (revision !== 0 && revision !== 1) throw fail('revision must be 0 or 1');
  const items: UnifiedViewingKeyItem[] = [];
  for (const [typecode, data] of [
    [TYPECODE_P2PKH, key.transparent],
    [TYPECODE_SAPLING, key.sapling],
    [TYPECODE_ORCHARD, key.orchard],
  ] as const) {
    if (data === undefined || data === null) continue;
    if (!(data instanceof Uint8Array)) throw fail(`the item of typecode ${typecode} must be a Uint8Array`);
    items.push({ typecode, data });
  }
  const unknown: unknown = key.unknown ?? [];
  if (!Array.isArray(unknown)) throw fail('unknown must be an array of items');
  for (const item of unknown as unknown[]) {
    if (typeof item !== 'object' || item === null) throw fail('an unknown item must be { typecode, data }');
    const { typecode, data } = item as Partial<UnifiedViewingKeyItem>;
    if (
      typeof typecode !== 'number' ||
      !Number.isSafeInteger(typecode) ||
      typecode < 0 ||
      typecode > 0x0200_0000
    ) {
      throw fail('an unknown item typecode must be an integer in 0..0x2000000');
    }
    if (typecode in ITEM_LENGTHS || typecode === TYPECODE_P2SH) {
      throw fail(`typecode ${typecode} cannot be given as an unknown item`);
    }
    if (!(data instanceof Uint8Array)) throw fail(`the item of typecode ${typecode} must be a Uint8Array`);
    items.push({ typecode, data });
  }
  items.sort((a, b) => a.typecode - b.typecode);
  for (const item of items) checkItem(item.typecode, item.data);
  checkItemSet(
    items.map((item) => item.typecode),
    revision,
  );

  const prefix = viewingKeyPrefix(network, revision);
  const writer = new ByteWriter();
  for (const item of items) writer.compactSize(item.typecode, 'typecode').varBytes(item.data, 'item');
  writer.bytes(paddingFor(prefix), 'padding');
  const raw = writer.finish();
  if (raw.length < F4JUMBLE_MIN_LENGTH)
    throw fail('the items are too short to encode (F4Jumble needs 38 bytes)');
  if (raw.length > F4JUMBLE_MAX_LENGTH) throw fail('the items are too long to encode');
  return bech32m.encode(prefix, bech32m.toWords(f4jumble(raw)), false);
}
