/**
 * The service's own anchoring key: decodeViewingKey reads any valid unified full viewing key, but
 * the key the service publishes must open Orchard anchor memos, so one without an Orchard item is
 * refused here, whether configured or exported by the wallet.
 */
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from 'zap1/testing';
import { decodeViewingKey, encodeViewingKey } from 'zap1';
import { AnchorViewingKey, keyNetworkOf } from './viewing-key.js';
import { ZcashRpcClient } from 'zap1/node-rpc';

const vectors = readZcashVectors('unified_full_viewing_keys.json');
const keyOf = (has: (v: Record<string, unknown>) => boolean): string => {
  const found = vectors.find(has);
  if (typeof found?.unified_fvk !== 'string') throw new Error('no such vector');
  return found.unified_fvk;
};
/** Mainnet keys of the public vectors: one with every item, two without Orchard. */
const withOrchard = keyOf((v) => v.orchard_fvk_bytes !== null && v.sapling_fvk_bytes !== null);
const saplingOnly = keyOf((v) => v.orchard_fvk_bytes === null && v.t_key_bytes === null);
const transparentAndSapling = keyOf((v) => v.orchard_fvk_bytes === null && v.t_key_bytes !== null);

/** A wallet that exports `exported` for any address; nothing else of it is called. */
class StubWallet extends ZcashRpcClient {
  constructor(private readonly exported: string) {
    super({ url: 'http://127.0.0.1:9', user: 'u', password: 'p', retries: 0 });
  }

  override zExportViewingKey(): Promise<string> {
    return Promise.resolve(this.exported);
  }
}

function anchorKey(configured: string | null, exported = '') {
  const log: string[] = [];
  const key = new AnchorViewingKey({
    configured,
    fromAddress: 'u1anchor',
    rpc: new StubWallet(exported),
    log: (message) => log.push(message),
  });
  return { key, log };
}

describe('the anchoring viewing key', () => {
  it('takes a key with an Orchard item for the node network, as a candidate to check', async () => {
    const { key } = anchorKey(withOrchard);
    await key.obtain('mainnet');
    expect(key.state).toEqual({ state: 'candidate', key: withOrchard });
    expect(key.inUse()).toBe(withOrchard);

    const regtest = encodeViewingKey({ ...decodeViewingKey(withOrchard), network: keyNetworkOf('devnet') });
    const fromWallet = anchorKey(null, regtest);
    await fromWallet.key.obtain('devnet');
    expect(fromWallet.key.state).toEqual({ state: 'candidate', key: regtest });
  });

  it('refuses a valid key without an Orchard item, configured or exported, and never publishes it', async () => {
    for (const [configured, exported, source] of [
      [saplingOnly, '', 'ANCHOR_VIEWING_KEY'],
      [null, transparentAndSapling, 'the wallet exported'],
    ] as const) {
      // Valid as ZIP 316 has it: the library decodes it.
      expect(decodeViewingKey(configured ?? exported).orchard).toBeNull();
      const { key, log } = anchorKey(configured, exported);
      await key.obtain('mainnet');
      expect(key.state).toEqual({
        state: 'refused',
        reason: `the key ${source} is not a unified full viewing key with an Orchard part for mainnet: unified full viewing key: has no Orchard item`,
      });
      expect(key.published()).toBeNull();
      expect(key.inUse()).toBeNull();
      expect(log.at(-1)).toMatch(/viewing key refused/);
    }
  });

  it('refuses a key of another network', async () => {
    const { key } = anchorKey(withOrchard);
    await key.obtain('testnet');
    expect(key.state).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/a mainnet key where a testnet key is expected/) as unknown,
    });
  });
});
