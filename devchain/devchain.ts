/**
 * The embedded development chain: a loopback HTTP server that speaks the same zcashd wallet
 * JSON-RPC subset as `ZcashRpcClient` uses (same basic auth, same reply and error shapes), mines a
 * block on a timer, persists blocks and transactions to SQLite, and can be told to reorganise.
 *
 * Its parts: the ledger (`ledger-db.ts`), the JSON-RPC server (`rpc-server.ts`), the
 * wallet's sends and operations (`wallet.ts`), its Orchard key (`keys.ts`), the
 * real-format v5 transactions and block headers it makes (`tx.ts`, `blocks.ts`;
 * see docs/chain.md, "The development chain") and the method table (`methods.ts`, with
 * the block and raw-transaction RPCs in `chain-methods.ts`). `main.ts` runs it as
 * its own process (`npm run devchain`).
 */
import { DEVCHAIN_START_HEIGHT, DevChainDb } from './ledger-db.js';
import { devChainMethods, type DevChainNetwork } from './methods.js';
import { DevChainRpcServer, rpcFail, type UnavailableMode } from './rpc-server.js';
import { DevChainWallet } from './wallet.js';
import { RPC_ERROR_CODES } from 'zap1/node-rpc';

export {
  DEVCHAIN_FEE_ZAT,
  DEVCHAIN_INITIAL_BALANCE_ZAT,
  DEVCHAIN_START_HEIGHT,
  DEVCHAIN_WALLET_ADDRESS,
} from './ledger-db.js';
export type { DevChainNetwork } from './methods.js';
export type { UnavailableMode } from './rpc-server.js';

export interface DevChainOptions {
  /** The chain keeps `devchain.sqlite` here. */
  dataDir: string;
  /** 0 (default) = an ephemeral port. */
  port?: number;
  /** Where to listen (default 127.0.0.1; `npm run devchain` may open it to a container network). */
  host?: string;
  /** Mine a block every `blockMs`; 0 = only when told (`dev_mine`). */
  blockMs: number;
  user: string;
  password: string;
  /** What `getblockchaininfo.chain` reports (default `dev`). */
  network?: DevChainNetwork;
  /** How long a `z_sendmany` operation stays `executing` before its transaction exists (default 0). */
  opDelayMs?: number;
}

/** An embedded Zcash-like chain for development and tests. Create with `DevChain.start`. */
export class DevChain {
  private readonly wallet: DevChainWallet;
  private readonly rpc: DevChainRpcServer;
  private blockTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  private constructor(
    options: DevChainOptions,
    private readonly ledger: DevChainDb,
  ) {
    this.wallet = new DevChainWallet(ledger, options.opDelayMs ?? 0);
    const methods = devChainMethods({
      ledger,
      wallet: this.wallet,
      network: options.network ?? 'dev',
      mine: (n) => this.mine(n),
      reorg: (k) => this.reorg(k),
    });
    this.rpc = new DevChainRpcServer({ user: options.user, password: options.password }, methods);
  }

  /** Opens (or creates) the chain in `dataDir` and listens (on 127.0.0.1 unless `host` says otherwise). */
  static async start(options: DevChainOptions): Promise<DevChain> {
    if (!Number.isInteger(options.blockMs) || options.blockMs < 0)
      throw new RangeError('blockMs must be a non-negative integer');
    const chain = new DevChain(options, DevChainDb.open(options.dataDir));
    try {
      await chain.rpc.listen(options.port ?? 0, options.host);
    } catch (err) {
      chain.ledger.close();
      throw err;
    }
    if (options.blockMs > 0) {
      chain.blockTimer = setInterval(() => {
        // A failed block must not take the host process down; the next tick tries again.
        try {
          chain.mine(1);
        } catch (err) {
          process.stderr.write(
            `devchain: mining failed: ${err instanceof Error ? err.message : String(err)}\n`,
          );
        }
      }, options.blockMs);
    }
    return chain;
  }

  /** The wallet's one shielded address (`ANCHOR_FROM_ADDRESS` on this chain). */
  get walletAddress(): string {
    return this.ledger.walletAddress;
  }

  get port(): number {
    return this.rpc.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.rpc.port}/`;
  }

  /** The tip height. */
  get height(): number {
    return this.ledger.height;
  }

  /** Test hook: `'error'` answers every request 503, `'hang'` never answers; `false` serves again. */
  setUnavailable(mode: UnavailableMode): void {
    this.rpc.setUnavailable(mode);
  }

  /** Test hook: the next `z_sendmany` operation fails with this message (code -6), sending nothing. */
  failNextSend(message = 'Insufficient funds: the development wallet refused this send'): void {
    this.wallet.failNextSend(message);
  }

  /** Test hook: how long later `z_sendmany` operations finish. */
  setOpDelayMs(ms: number): void {
    this.wallet.setOpDelayMs(ms);
  }

  /** Mines `n` blocks now, each holding every transaction waiting in the mempool; returns their hashes. */
  mine(n = 1): string[] {
    if (this.stopped) return [];
    return this.ledger.mine(n);
  }

  /**
   * Removes the last `k` blocks and drops their transactions entirely (they leave the chain and the
   * wallet); the mempool stays. The next block is mined on the lower tip with a new hash.
   */
  reorg(k = 1): { removed_blocks: number; dropped_txids: string[]; height: number } {
    const tip = this.height;
    if (!Number.isInteger(k) || k < 1)
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'k must be a positive integer');
    if (tip - k < DEVCHAIN_START_HEIGHT) {
      rpcFail(
        RPC_ERROR_CODES.INVALID_PARAMETER,
        `cannot remove ${k} blocks: only ${tip - DEVCHAIN_START_HEIGHT} above the first block`,
      );
    }
    const newTip = tip - k;
    const dropped = this.ledger.truncateAbove(newTip);
    return { removed_blocks: k, dropped_txids: dropped, height: newTip };
  }

  /** Stops mining and serving and closes the database. Blocks and mempool stay on disk. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.blockTimer) clearInterval(this.blockTimer);
    this.wallet.stop();
    await this.rpc.close();
    this.ledger.close();
  }
}
