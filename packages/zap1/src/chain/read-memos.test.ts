import { bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { toHex } from '../protocol/hex.js';
import { ByteWriter, ChainFormatError } from './bytes.js';
import { f4jumble } from './f4jumble.js';
import { orchardOutgoingViewingKeys } from './orchard-keys.js';
import { encryptOrchardOutput } from './orchard-recovery.js';
import { PALLAS_BASE_MODULUS, bigIntToLeBytes } from './pallas.js';
import { readMemos } from './read-memos.js';
import { parseTransactionV5, serializeTransaction, type TransactionV5 } from './transaction.js';
import { decodeViewingKey, encodeViewingKey } from './viewing-key.js';

const ufvk = readZcashVectors('unified_full_viewing_keys.json').find(
  (v) => v.orchard_fvk_bytes !== null && v.sapling_fvk_bytes !== null,
)!.unified_fvk as string;
const key = decodeViewingKey(ufvk);
const ovks = orchardOutgoingViewingKeys(key.orchard!);
/** A v5 transaction of the ZIP 244 vectors with Orchard actions, whose outputs are re-encrypted below. */
const base = readZcashVectors('zip_0244.json')
  .map((v) => parseTransactionV5(v.tx as string))
  .find((tx) => (tx.orchard?.actions.length ?? 0) >= 3)!;

function memoOf(text: string): Uint8Array {
  const memo = new Uint8Array(512);
  memo.set(new TextEncoder().encode(text));
  return memo;
}

/** `base` with action 0 sent under the external ovk, action 2 under the internal one, the rest left as they were. */
function withOutputs(): TransactionV5 {
  const actions = base.orchard!.actions.map((action, i) => {
    if (i !== 0 && i !== 2) return action;
    const sealed = encryptOrchardOutput({
      ovk: i === 0 ? ovks.external : ovks.internal,
      cvNet: action.cvNet,
      cmx: action.cmx,
      diversifier: new Uint8Array(11).fill(i),
      value: 1000n + BigInt(i),
      rseed: new Uint8Array(32).fill(i + 1),
      memo: memoOf(`memo of action ${i}`),
      nullifier: action.nullifier,
    });
    return { ...action, ...sealed };
  });
  return { ...base, orchard: { ...base.orchard!, actions } };
}

/** A `uview1…` string of the transparent, Sapling and Orchard items as given, unchecked (unlike encodeViewingKey). */
function uviewOf(transparent: Uint8Array, sapling: Uint8Array, orchard: Uint8Array): string {
  const writer = new ByteWriter();
  for (const [typecode, data] of [
    [0, transparent],
    [2, sapling],
    [3, orchard],
  ] as const) {
    writer.compactSize(typecode, 'typecode').varBytes(data, 'item');
  }
  const padding = new Uint8Array(16);
  padding.set(new TextEncoder().encode('uview'));
  writer.bytes(padding, 'padding');
  return bech32m.encode('uview', bech32m.toWords(f4jumble(writer.finish())), false);
}

describe('readMemos', () => {
  it('finds the outputs the key sent, external and internal, in a serialized transaction', () => {
    const tx = withOutputs();
    const memos = readMemos(toHex(serializeTransaction(tx)), ufvk);
    expect(memos.map((m) => [m.actionIndex, m.scope, m.value])).toEqual([
      [0, 'external', 1000n],
      [2, 'internal', 1002n],
    ]);
    expect(new TextDecoder().decode(memos[1]!.memo.subarray(0, 16))).toBe('memo of action 2');
    expect(readMemos(tx, key, { network: 'mainnet' })).toEqual(memos);
  });

  it('gives nothing for a transaction the key did not send', () => {
    expect(readMemos(base, ufvk)).toEqual([]);
  });

  it('opens the Orchard outputs of a key whose Sapling and transparent items are no valid points, which decodeViewingKey refuses', () => {
    // readMemos reads only the Orchard item: the others are checked for their length, not decoded.
    const badSapling = key.sapling!.slice();
    badSapling.fill(0xff, 0, 32);
    const badTransparent = new Uint8Array(65);
    badTransparent[32] = 0x04;
    const oddKey = uviewOf(badTransparent, badSapling, key.orchard!);
    expect(() => decodeViewingKey(oddKey)).toThrow(ChainFormatError);
    expect(decodeViewingKey(oddKey, { validateItems: 'orchard' }).orchard).toEqual(key.orchard);

    const hex = toHex(serializeTransaction(withOutputs()));
    expect(readMemos(hex, oddKey)).toEqual(readMemos(hex, ufvk));
    expect(readMemos(hex, oddKey).map((m) => m.actionIndex)).toEqual([0, 2]);

    // The Orchard item itself is still checked, and the other items' lengths.
    const badAk = key.orchard!.slice();
    badAk.set(bigIntToLeBytes(PALLAS_BASE_MODULUS, 32), 0);
    expect(() => readMemos(hex, uviewOf(badTransparent, badSapling, badAk))).toThrow(/Orchard ak/);
    expect(() => readMemos(hex, uviewOf(badTransparent, badSapling.subarray(1), key.orchard!))).toThrow(
      /typecode 2 must be 128 bytes/,
    );
  });

  it('refuses a malformed transaction, a key without Orchard, or a key of another network', () => {
    const hex = toHex(serializeTransaction(withOutputs()));
    expect(() => readMemos(hex.slice(0, -2), ufvk)).toThrow(ChainFormatError);
    expect(() => readMemos(hex, ufvk, { network: 'testnet' })).toThrow(ChainFormatError);
    expect(() => readMemos(hex, { ...key, network: 'regtest' }, { network: 'mainnet' })).toThrow(
      ChainFormatError,
    );
    const noOrchard = encodeViewingKey({ ...key, orchard: null });
    expect(() => readMemos(hex, noOrchard)).toThrow(/has no Orchard part/);
    expect(() => readMemos(hex, { ...key, orchard: null })).toThrow(ChainFormatError);
    // Values outside the types, as JavaScript callers may pass them: refused, not read as empty.
    for (const notATransaction of [null, 5, {}, { version: 5, sapling: null, orchard: {} }]) {
      expect(() => readMemos(notATransaction as never, ufvk)).toThrow(ChainFormatError);
    }
  });

  it('says plainly that a valid key without an Orchard part cannot read Orchard memos', () => {
    const hex = toHex(serializeTransaction(withOutputs()));
    const withoutOrchard = readZcashVectors('unified_full_viewing_keys.json').filter(
      (v) => v.orchard_fvk_bytes === null,
    );
    expect(withoutOrchard).toHaveLength(3);
    for (const v of withoutOrchard) {
      const encoded = v.unified_fvk as string;
      const parts = [v.sapling_fvk_bytes && 'a Sapling part', v.t_key_bytes && 'a transparent part']
        .filter(Boolean)
        .join(' and ');
      const message = `this viewing key has no Orchard part (it has ${parts}), so it cannot read Orchard memos`;
      // The key itself is valid (ZIP 316): it decodes; only reading Orchard memos with it fails.
      const decoded = decodeViewingKey(encoded);
      for (const viewingKey of [encoded, decoded]) {
        let thrown: unknown;
        try {
          readMemos(hex, viewingKey);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ChainFormatError);
        expect((thrown as Error).message).toBe(message);
      }
    }
    expect(() => readMemos(hex, { ...key, orchard: null, sapling: null, transparent: null })).toThrow(
      /^this viewing key has no Orchard part, so it cannot read Orchard memos$/,
    );
  });

  it('takes null options as the defaults and refuses options that are not an object', () => {
    const hex = toHex(serializeTransaction(withOutputs()));
    expect(readMemos(hex, ufvk, null).map((m) => m.actionIndex)).toEqual([0, 2]);
    expect(readMemos(hex, ufvk, null)).toEqual(readMemos(hex, ufvk));
    for (const notOptions of [7, 'mainnet', true]) {
      expect(() => readMemos(hex, ufvk, notOptions as never)).toThrow(ChainFormatError);
    }
    expect(() => readMemos(hex, ufvk, 7 as never)).toThrow(/options must be an object/);
  });
});
