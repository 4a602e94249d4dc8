import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import { ChainFormatError } from './bytes.js';
import { orchardOutgoingViewingKeys } from './orchard-keys.js';
import {
  encryptOrchardOutput,
  orchardKdf,
  orchardOutgoingCipherKey,
  recoverOrchardOutput,
  type OrchardActionCiphertexts,
} from './orchard-recovery.js';
import { PALLAS_SCALAR_ORDER, Pallas, bigIntToLeBytes, encodePallasPoint, pallasMultiply } from './pallas.js';

const vectors = readZcashVectors('orchard_note_encryption.json') as Array<Record<string, string>>;

function actionOf(v: Record<string, string>): OrchardActionCiphertexts & { nullifier: Uint8Array } {
  return {
    cvNet: parseHex(v.cv_net!),
    cmx: parseHex(v.cmx!),
    ephemeralKey: parseHex(v.ephemeral_key!),
    encCiphertext: parseHex(v.c_enc!),
    outCiphertext: parseHex(v.c_out!),
    nullifier: parseHex(v.rho!),
  };
}

/** The note value, read from the note plaintext (bytes 12..20, little-endian): JSON numbers lose bits above 2^53. */
function valueOf(v: Record<string, string>): bigint {
  const plaintext = parseHex(v.p_enc!);
  return new DataView(plaintext.buffer).getBigUint64(12, true);
}

const ZERO_NONCE = new Uint8Array(12);
const seal = (key: Uint8Array, plaintext: Uint8Array) => chacha20poly1305(key, ZERO_NONCE).encrypt(plaintext);

describe('Orchard output recovery with an outgoing viewing key (4.20.3)', () => {
  it('has the vectors it is checked against', () => {
    expect(vectors.length).toBe(10); // the full public set
  });

  it.each(vectors.map((v, i) => [i, v] as const))('vector %i: ock, KDF and the recovered note', (_, v) => {
    const action = actionOf(v);
    const ovk = parseHex(v.ovk!);
    expect(toHex(orchardOutgoingCipherKey(ovk, action.cvNet, action.cmx, action.ephemeralKey))).toBe(v.ock);
    expect(toHex(orchardKdf(parseHex(v.shared_secret!), action.ephemeralKey))).toBe(v.k_enc);
    const expected = {
      memo: v.memo,
      value: valueOf(v),
      diversifier: v.default_d,
      pkD: v.default_pk_d,
      rseed: v.rseed,
    };
    for (const input of [action, { ...action, nullifier: undefined }]) {
      const out = recoverOrchardOutput(ovk, input)!;
      expect(out).not.toBeNull();
      expect({
        ...out,
        memo: toHex(out.memo),
        diversifier: toHex(out.diversifier),
        pkD: toHex(out.pkD),
        rseed: toHex(out.rseed),
      }).toEqual(expected);
    }
    // The JSON value agrees where it is exact.
    if (Number(v.v) <= Number.MAX_SAFE_INTEGER) expect(expected.value).toBe(BigInt(v.v!));
  });

  it.each(vectors.map((v, i) => [i, v] as const))(
    'vector %i: encryption gives the same ciphertexts',
    (_, v) => {
      const action = actionOf(v);
      const out = encryptOrchardOutput({
        ovk: parseHex(v.ovk!),
        cvNet: action.cvNet,
        cmx: action.cmx,
        diversifier: parseHex(v.default_d!),
        value: valueOf(v),
        rseed: parseHex(v.rseed!),
        memo: parseHex(v.memo!),
        pkD: parseHex(v.default_pk_d!),
        nullifier: action.nullifier,
        ephemeralKey: action.ephemeralKey,
      });
      expect(toHex(out.esk)).toBe(v.esk);
      expect(toHex(out.encCiphertext)).toBe(v.c_enc);
      expect(toHex(out.outCiphertext)).toBe(v.c_out);
    },
  );

  it('gives null for another key, another nullifier, or any changed field', () => {
    const v = vectors[0]!;
    const action = actionOf(v);
    const ovk = parseHex(v.ovk!);
    expect(recoverOrchardOutput(new Uint8Array(32), action)).toBeNull();
    expect(recoverOrchardOutput(ovk, { ...action, nullifier: new Uint8Array(32) })).toBeNull();
    for (const field of ['cvNet', 'cmx', 'ephemeralKey', 'encCiphertext', 'outCiphertext'] as const) {
      for (const index of [0, action[field].length - 1]) {
        const changed = action[field].slice();
        changed[index]! ^= 1;
        expect(recoverOrchardOutput(ovk, { ...action, [field]: changed })).toBeNull();
      }
    }
  });

  it('gives null when the out plaintext holds esk >= r_P, esk = 0, or a pk_d that is no point or the zero point', () => {
    const v = vectors[0]!;
    const action = actionOf(v);
    const ovk = parseHex(v.ovk!);
    const ock = orchardOutgoingCipherKey(ovk, action.cvNet, action.cmx, action.ephemeralKey);
    const pkD = parseHex(v.default_pk_d!);
    const esk = parseHex(v.esk!);
    const withOut = (pk: Uint8Array, e: Uint8Array) => ({
      ...action,
      outCiphertext: seal(ock, Uint8Array.from([...pk, ...e])),
    });
    expect(recoverOrchardOutput(ovk, withOut(pkD, esk))).not.toBeNull();
    expect(recoverOrchardOutput(ovk, withOut(pkD, bigIntToLeBytes(PALLAS_SCALAR_ORDER, 32)))).toBeNull();
    expect(recoverOrchardOutput(ovk, withOut(pkD, new Uint8Array(32)))).toBeNull();
    expect(recoverOrchardOutput(ovk, withOut(new Uint8Array(32), esk))).toBeNull();
    expect(recoverOrchardOutput(ovk, withOut(new Uint8Array(32).fill(0xff), esk))).toBeNull();
  });

  it('gives null for a note plaintext whose lead byte is not 0x02', () => {
    const v = vectors[0]!;
    const action = actionOf(v);
    const plaintext = parseHex(v.p_enc!);
    plaintext[0] = 0x01;
    const encCiphertext = seal(parseHex(v.k_enc!), plaintext);
    expect(recoverOrchardOutput(parseHex(v.ovk!), { ...action, encCiphertext })).toBeNull();
  });

  it('round-trips outputs made with random keys, under the external or internal ovk only', () => {
    const keys = orchardOutgoingViewingKeys(
      parseHex(
        '740bbe5d0580b2cad430180d02cc128b9a140d5e07c151721dc16d25d4e20f15' +
          '9f2f826738945ad01f47f70db0c367c246c20c61ff5583948c39dea968fefd1b' +
          '021ccf89604f5f7cc6e034b32d338908b819fbe325fee6458b56b4ca71a7e43d',
      ),
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 512, maxLength: 512 }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        (memo, value, cmx, internal) => {
          const ovk = internal ? keys.internal : keys.external;
          const note = {
            cvNet: new Uint8Array(32).fill(1),
            cmx,
            diversifier: new Uint8Array(11).fill(2),
            value,
            rseed: new Uint8Array(32).fill(3),
            memo,
          };
          const sealed = encryptOrchardOutput({ ovk, ...note });
          const action = { cvNet: note.cvNet, cmx, ...sealed };
          const out = recoverOrchardOutput(ovk, action)!;
          expect(out.memo).toEqual(memo);
          expect(out.value).toBe(value);
          expect(out.diversifier).toEqual(note.diversifier);
          expect(out.pkD).toEqual(sealed.pkD);
          expect(toHex(sealed.ephemeralKey)).toBe(
            toHex(
              encodePallasPoint(
                pallasMultiply(Pallas.BASE, BigInt('0x' + toHex(sealed.esk.slice().reverse()))),
              ),
            ),
          );
          expect(recoverOrchardOutput(internal ? keys.external : keys.internal, action)).toBeNull();
        },
      ),
      { numRuns: 8 },
    );
  });

  it('derives esk from rseed and the nullifier when asked, so recovery with the nullifier accepts it', () => {
    const nullifier = new Uint8Array(32).fill(9);
    const note = {
      ovk: new Uint8Array(32).fill(5),
      cvNet: new Uint8Array(32),
      cmx: new Uint8Array(32),
      diversifier: new Uint8Array(11),
      value: 42,
      rseed: new Uint8Array(32).fill(7),
      memo: new Uint8Array(512),
    };
    const sealed = encryptOrchardOutput({ ...note, nullifier });
    const action = { cvNet: note.cvNet, cmx: note.cmx, ...sealed, nullifier };
    expect(recoverOrchardOutput(note.ovk, action)?.value).toBe(42n);
    const random = encryptOrchardOutput(note);
    expect(recoverOrchardOutput(note.ovk, { ...action, ...random })).toBeNull();
    expect(recoverOrchardOutput(note.ovk, { ...action, ...random, nullifier: undefined })?.value).toBe(42n);
  });

  it('gives null, never an exception, for random bytes of the right lengths', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32 * 3, maxLength: 32 * 3 }),
        fc.uint8Array({ minLength: 580, maxLength: 580 }),
        fc.uint8Array({ minLength: 80, maxLength: 80 }),
        (ovk, fields, encCiphertext, outCiphertext) => {
          const action = {
            cvNet: fields.subarray(0, 32),
            cmx: fields.subarray(32, 64),
            ephemeralKey: fields.subarray(64),
            encCiphertext,
            outCiphertext,
          };
          expect(recoverOrchardOutput(ovk, action)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('throws a ChainFormatError for inputs of the wrong type or length', () => {
    const v = vectors[0]!;
    const action = actionOf(v);
    const ovk = parseHex(v.ovk!);
    const refuse = (o: unknown, a: unknown) =>
      expect(() => recoverOrchardOutput(o as Uint8Array, a as OrchardActionCiphertexts)).toThrow(
        ChainFormatError,
      );
    refuse(ovk.subarray(1), action);
    refuse(v.ovk, action);
    refuse(ovk, null);
    for (const field of [
      'cvNet',
      'cmx',
      'ephemeralKey',
      'encCiphertext',
      'outCiphertext',
      'nullifier',
    ] as const) {
      refuse(ovk, { ...action, [field]: action[field].subarray(1) });
      refuse(ovk, { ...action, [field]: new Uint8Array(action[field].length + 1) });
      refuse(ovk, { ...action, [field]: toHex(action[field]) });
    }
    const note = {
      ovk,
      cvNet: action.cvNet,
      cmx: action.cmx,
      diversifier: new Uint8Array(11),
      value: 1n,
      rseed: new Uint8Array(32),
      memo: new Uint8Array(512),
    };
    const refuseEncrypt = (changes: object) =>
      expect(() => encryptOrchardOutput({ ...note, ...changes })).toThrow(ChainFormatError);
    refuseEncrypt({ memo: new Uint8Array(511) });
    refuseEncrypt({ value: -1n });
    refuseEncrypt({ value: 1n << 64n });
    refuseEncrypt({ value: 1.5 });
    refuseEncrypt({ esk: new Uint8Array(32) });
    refuseEncrypt({ esk: bigIntToLeBytes(PALLAS_SCALAR_ORDER, 32) });
    refuseEncrypt({ pkD: new Uint8Array(32) });
    refuseEncrypt({ diversifier: new Uint8Array(12) });
  });
});
