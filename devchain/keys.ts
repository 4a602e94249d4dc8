/**
 * The development wallet's Orchard key and the random field elements and points its transactions
 * are made of.
 *
 * The full viewing key ak ‖ nk ‖ rivk (protocol specification 4.2.3, encoded as 5.6.4.4 requires)
 * has random components instead of ones derived from a spending key: nothing here spends, and the
 * outgoing viewing keys that open the wallet's outputs follow from the FVK alone. The wallet's two
 * receivers (external for its address, internal for change) are a random diversifier and a random
 * pk_d: a real pk_d is [ivk] g_d, which needs Sinsemilla and hashing to the curve, which the core
 * library does not implement. Only outgoing recovery reads these outputs, so nothing depends on it.
 */
import { randomBytes } from 'node:crypto';
import {
  bigIntToLeBytes,
  decodePallasPoint,
  encodeViewingKey,
  orchardOutgoingViewingKeys,
  toScalarOrchard,
  type ZcashNetwork,
} from 'zap1';
import type { DevChainNetwork } from './methods.js';

/** Fresh random bytes as a plain Uint8Array (a Buffer would compare and print differently). */
export function random(length: number): Uint8Array {
  return new Uint8Array(randomBytes(length));
}

/**
 * A random canonical encoding of an element of F_q (nk, cmx, nullifiers, anchors): 254 random bits,
 * always below q_P, which is just above 2^254.
 */
export function randomBaseFieldElement(): Uint8Array {
  const bytes = random(32);
  bytes[31]! &= 0x3f;
  return bytes;
}

/**
 * A random valid encoding of a Pallas point other than zero (cv_net, rk, pk_d): x below 2^254 and on
 * the curve, which about one try in two is. `evenY` clears ỹ, so the bytes are also the point's
 * x-coordinate (as ak is kept).
 */
export function randomPointEncoding(evenY = false): Uint8Array {
  for (;;) {
    const bytes = random(32);
    bytes[31]! &= evenY ? 0x3f : 0xbf;
    const point = decodePallasPoint(bytes);
    if (point !== null && !point.is0()) return bytes;
  }
}

/** Where the wallet receives: an Orchard diversifier (11 bytes) and repr_P(pk_d). */
export interface OrchardReceiver {
  diversifier: Uint8Array;
  pkD: Uint8Array;
}

export interface DevWalletKey {
  /** ak ‖ nk ‖ rivk, 96 bytes: the Orchard item of the wallet's unified full viewing key. */
  fvk: Uint8Array;
  /** The outgoing viewing keys: external for sends (to itself too), internal for change (ZIP 316). */
  ovk: { external: Uint8Array; internal: Uint8Array };
  receivers: { external: OrchardReceiver; internal: OrchardReceiver };
}

/** The stored parts of the key; the outgoing viewing keys are derived from them. */
export interface StoredWalletKey {
  fvk: Uint8Array;
  external: OrchardReceiver;
  internal: OrchardReceiver;
}

export function newWalletKey(): StoredWalletKey {
  const ak = randomPointEncoding(true);
  const nk = randomBaseFieldElement();
  const rivk = bigIntToLeBytes(toScalarOrchard(random(64)), 32);
  const fvk = new Uint8Array(96);
  fvk.set(ak, 0);
  fvk.set(nk, 32);
  fvk.set(rivk, 64);
  const receiver = (): OrchardReceiver => ({ diversifier: random(11), pkD: randomPointEncoding() });
  return { fvk, external: receiver(), internal: receiver() };
}

/** The key in use: the stored parts and the outgoing viewing keys they give. */
export function walletKeyOf(stored: StoredWalletKey): DevWalletKey {
  const ovks = orchardOutgoingViewingKeys(stored.fvk);
  return {
    fvk: stored.fvk,
    ovk: { external: ovks.external, internal: ovks.internal },
    receivers: { external: stored.external, internal: stored.internal },
  };
}

/** The key network that matches what `getblockchaininfo.chain` says (the dev chain is regtest). */
export function keyNetworkOf(network: DevChainNetwork): ZcashNetwork {
  if (network === 'main') return 'mainnet';
  if (network === 'test') return 'testnet';
  return 'regtest';
}

/** What `z_exportviewingkey` gives: the unified full viewing key with the one Orchard item. */
export function exportedViewingKey(key: DevWalletKey, network: DevChainNetwork): string {
  return encodeViewingKey({ network: keyNetworkOf(network), orchard: key.fvk });
}
