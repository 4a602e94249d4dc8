/**
 * The signature of a webhook delivery (docs/reference-api.md 4.13): `X-ZAP1-Signature` is the hex
 * BLAKE2b-256 keyed MAC of the exact body, keyed with the webhook's secret bytes, personalization
 * "ZAP1_webhook_sig". A receiver recomputes it with the secret it was given at registration.
 */
import { timingSafeEqual } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import { isHex64 } from 'zap1';

const PERSONALIZATION = new TextEncoder().encode('ZAP1_webhook_sig');

export function signDelivery(secretHex: string, body: string): string {
  const mac = blake2b(new TextEncoder().encode(body), {
    dkLen: 32,
    key: Buffer.from(secretHex, 'hex'),
    personalization: PERSONALIZATION,
  });
  return Buffer.from(mac).toString('hex');
}

/** What a receiver does: whether `signature` is this body's MAC under `secretHex` (constant time). */
export function deliveryIsSigned(secretHex: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signDelivery(secretHex, body), 'hex');
  const given = Buffer.from(isHex64(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
