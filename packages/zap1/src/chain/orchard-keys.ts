/**
 * Orchard outgoing viewing keys from a full viewing key (ak, nk, rivk): protocol specification
 * 4.2.3 "Orchard Key Components" for the external keys and ZIP 32 "Orchard internal key
 * derivation" for the internal (change) ones.
 *
 *   K = I2LEBSP_256(rivk), R = PRF^expand_K([0x82] ‖ I2LEOSP_256(ak) ‖ I2LEOSP_256(nk)),
 *   dk = R[0..32], ovk = R[32..64];
 *   rivk_internal = ToScalar^Orchard(PRF^expand_K([0x83] ‖ I2LEOSP_256(ak) ‖ I2LEOSP_256(nk))),
 *   and dk_internal, ovk_internal as above with rivk_internal.
 *
 * PRF^expand_sk(t) = BLAKE2b-512("Zcash_ExpandSeed", sk ‖ t) (5.4.2).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { bigIntToLeBytes, toScalarOrchard } from './pallas.js';
import { checkOrchardFullViewingKey } from './viewing-key.js';

const EXPAND_SEED = Uint8Array.from('Zcash_ExpandSeed', (c) => c.charCodeAt(0));

/** PRF^expand_sk(t): 64 bytes. */
export function prfExpand(sk: Uint8Array, t: Uint8Array): Uint8Array {
  const input = new Uint8Array(sk.length + t.length);
  input.set(sk);
  input.set(t, sk.length);
  return blake2b(input, { dkLen: 64, personalization: EXPAND_SEED });
}

/** PRF^expand_rivk(lead ‖ ak ‖ nk). */
function expandWithRivk(rivk: Uint8Array, lead: number, ak: Uint8Array, nk: Uint8Array): Uint8Array {
  const t = new Uint8Array(65);
  t[0] = lead;
  t.set(ak, 1);
  t.set(nk, 33);
  return prfExpand(rivk, t);
}

/** The keys one scope (external or internal) of an Orchard full viewing key gives. */
export interface OrchardScopeKeys {
  /** The outgoing viewing key: 32 bytes. */
  ovk: Uint8Array;
  /** The diversifier key: 32 bytes. */
  dk: Uint8Array;
  /** The commitIvk randomness of this scope, 32 bytes little-endian. */
  rivk: Uint8Array;
}

export interface OrchardOutgoingViewingKeys {
  /** ovk for outputs to others (external scope): 32 bytes. */
  external: Uint8Array;
  /** ovk for change and other wallet-internal outputs: 32 bytes. */
  internal: Uint8Array;
  externalScope: OrchardScopeKeys;
  internalScope: OrchardScopeKeys;
}

/**
 * The external and internal outgoing viewing keys (and diversifier keys) of a 96-byte Orchard full
 * viewing key ak ‖ nk ‖ rivk, as a unified full viewing key's Orchard item holds it. The key is
 * checked first (`ChainFormatError` if it is not a canonical Orchard full viewing key).
 */
export function orchardOutgoingViewingKeys(orchardFvk: Uint8Array): OrchardOutgoingViewingKeys {
  checkOrchardFullViewingKey(orchardFvk);
  const ak = orchardFvk.slice(0, 32);
  const nk = orchardFvk.slice(32, 64);
  const rivk = orchardFvk.slice(64, 96);
  const scope = (scopeRivk: Uint8Array): OrchardScopeKeys => {
    const r = expandWithRivk(scopeRivk, 0x82, ak, nk);
    return { dk: r.slice(0, 32), ovk: r.slice(32, 64), rivk: scopeRivk };
  };
  const internalRivk = bigIntToLeBytes(toScalarOrchard(expandWithRivk(rivk, 0x83, ak, nk)), 32);
  const externalScope = scope(rivk);
  const internalScope = scope(internalRivk);
  return { external: externalScope.ovk, internal: internalScope.ovk, externalScope, internalScope };
}
