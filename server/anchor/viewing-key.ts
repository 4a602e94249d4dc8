/**
 * The viewing key the service publishes (`/protocol/info` `viewing_key`, and in every chain evidence
 * it serves): `ANCHOR_VIEWING_KEY`, or else the key the wallet exports for `ANCHOR_FROM_ADDRESS`
 * (`z_exportviewingkey`). A key that cannot open the anchor memos would make every receipt's `memo`
 * check fail, so it is checked before it is published:
 *
 *  - it must decode as a unified full viewing key with an Orchard part for the node's network;
 *  - it must recover `ZAP1:09:<root>` from the latest anchor's transaction (evidence.ts asks), or,
 *    with no anchor yet (or none whose bytes the node serves), from the first one it reads.
 *
 * A key that fails either is refused for the life of the process (logged) and never published.
 */
import { decodeViewingKey, type ZcashNetwork } from 'zap1';
import type { Network } from '../chain.js';
import { RpcUnavailableError, type ZcashRpcClient } from 'zap1/node-rpc';

export type ViewingKeyState =
  /** Not read yet: the wallet has not answered `z_exportviewingkey`, or the network is not known. */
  | { state: 'unknown' }
  /** Read and decoded; being checked against the latest anchor, not published meanwhile. */
  | { state: 'candidate'; key: string }
  /** Published; nothing could be checked yet, so the first anchor read decides. */
  | { state: 'unchecked'; key: string; why: string }
  /** Published; it recovered an anchor memo. */
  | { state: 'checked'; key: string }
  | { state: 'refused'; reason: string };

/** The key prefix of each network (the embedded chain and zcashd's regtest use `uviewregtest1…`). */
export function keyNetworkOf(network: Network): ZcashNetwork {
  return network === 'devnet' ? 'regtest' : network;
}

export class AnchorViewingKey {
  private current: ViewingKeyState = { state: 'unknown' };

  constructor(
    private readonly options: {
      /** `ANCHOR_VIEWING_KEY`; null asks the wallet. */
      configured: string | null;
      fromAddress: string;
      rpc: ZcashRpcClient;
      log: (message: string) => void;
    },
  ) {}

  get state(): ViewingKeyState {
    return this.current;
  }

  /** The key to publish, or null (not read, not checked yet, or refused). */
  published(): string | null {
    const s = this.current;
    return s.state === 'checked' || s.state === 'unchecked' ? s.key : null;
  }

  /** The key evidence is checked with: the published one, or the candidate being checked. */
  inUse(): string | null {
    const s = this.current;
    return s.state === 'candidate' ? s.key : this.published();
  }

  /**
   * Reads the key when it is not read yet. Resolves with the node unreachable (it is asked again
   * at the next look); a wallet that refuses to export it, or a key that does not decode, refuses it.
   */
  async obtain(network: Network): Promise<void> {
    if (this.current.state !== 'unknown') return;
    const { configured, fromAddress, rpc } = this.options;
    let key = configured;
    if (key === null) {
      try {
        key = await rpc.zExportViewingKey(fromAddress);
      } catch (err) {
        if (err instanceof RpcUnavailableError) return;
        return this.refuse(
          `the wallet exports no viewing key for ANCHOR_FROM_ADDRESS (${message(err)}); set ANCHOR_VIEWING_KEY`,
        );
      }
    }
    const source = configured === null ? 'the wallet exported' : 'ANCHOR_VIEWING_KEY';
    try {
      // The anchor memos are Orchard outputs: a key without an Orchard item, valid as ZIP 316 has
      // it, could open none of them, so the service refuses it rather than publish it.
      decodeViewingKey(key, { network: keyNetworkOf(network), requireOrchard: true });
    } catch (err) {
      return this.refuse(
        `the key ${source} is not a unified full viewing key with an Orchard part for ${network}: ${message(err)}`,
      );
    }
    this.current = { state: 'candidate', key };
  }

  /** The key recovered an anchor's memo: publish it (again a no-op once checked). */
  confirm(): void {
    const s = this.current;
    if (s.state !== 'candidate' && s.state !== 'unchecked') return;
    this.options.log('anchor: viewing key checked: it recovers the anchor memo; published');
    this.current = { state: 'checked', key: s.key };
  }

  /** Nothing to check the candidate against yet: publish it; the first anchor read decides. */
  publishUnchecked(why: string): void {
    const s = this.current;
    if (s.state !== 'candidate') return;
    this.options.log(`anchor: viewing key published unchecked (${why}); the next anchor read checks it`);
    this.current = { state: 'unchecked', key: s.key, why };
  }

  /** Never publish this key (the process keeps refusing it until restarted with another). */
  refuse(reason: string): void {
    this.options.log(`anchor: viewing key refused, not published and no chain evidence served: ${reason}`);
    this.current = { state: 'refused', reason };
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
