/**
 * Starts the anchoring side of the service: the embedded development chain in this process on
 * `CHAIN=dev` (or a connection to the node at `ZCASH_RPC_URL` on `CHAIN=zcash`), the one RPC client,
 * and the anchoring loop, with the `ChainHooks` the HTTP layer reads.
 */
import { randomBytes } from 'node:crypto';
import type { ChainHooks } from '../chain.js';
import type { Config } from '../config.js';
import type { Ledger } from '../ledger.js';
import type { Store } from '../store/store.js';
import { AnchorLoop } from './anchor-loop.js';
import { AnchorerElection } from './election.js';
import { isAnchorFault, type AnchorFault } from './attempt.js';
// The one way the service reaches the development chain: starting it (its wallet address comes with it).
import { DevChain } from '../../devchain/devchain.js';
import { anchorPolicy } from './policy.js';
import { ZcashRpcClient } from 'zap1/node-rpc';
import { recordManualAnchor } from './manual-anchor.js';
import { EvidenceKeeper } from './evidence.js';
import { AnchorViewingKey } from './viewing-key.js';

export interface ChainRuntime {
  hooks: ChainHooks;
  loop: AnchorLoop;
  rpc: ZcashRpcClient;
  /** The embedded chain on `CHAIN=dev`, null on `CHAIN=zcash`. */
  devChain: DevChain | null;
  /** Who anchors among several instances on PostgreSQL; null on SQLite (this process always does). */
  election: AnchorerElection | null;
  /** The viewing key published with the chain evidence, and what reads that evidence. */
  viewingKey: AnchorViewingKey;
  evidence: EvidenceKeeper;
  /** Stops the loop (waiting for its tick) and then the embedded chain. */
  stop(): Promise<void>;
}

export interface ChainRuntimeOptions {
  /** Test-only crash point; read from `ANCHOR_FAULT` by default. */
  fault?: AnchorFault | null;
  onFault?: (fault: AnchorFault) => void;
  log?: (message: string) => void;
  /** Start ticking at once (default true). */
  autoStart?: boolean;
}

/** `ANCHOR_FAULT` (test-only): null when unset; throws naming the variable when it is not a known step. */
export function faultFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): AnchorFault | null {
  const value = env['ANCHOR_FAULT'];
  if (value === undefined || value === '') return null;
  if (!isAnchorFault(value))
    throw new Error(`ANCHOR_FAULT: must be before_send, after_send or after_txid, got "${value}"`);
  return value;
}

export async function startChainRuntime(
  config: Config,
  store: Store,
  ledger: Ledger,
  options: ChainRuntimeOptions = {},
): Promise<ChainRuntime> {
  const fault = options.fault === undefined ? faultFromEnv() : options.fault;
  let devChain: DevChain | null = null;
  let rpc: ZcashRpcClient;
  let fromAddress: string;
  if (config.chain === 'dev') {
    // Fresh credentials per start unless set: only this process talks to its embedded chain, but
    // an auditor's own tools (zap1-verify --rpc) may be given fixed ones to look at it too.
    const user = config.zcashRpcUser ?? 'zap1dev';
    const password = config.zcashRpcPassword ?? randomBytes(18).toString('base64url');
    devChain = await DevChain.start({
      dataDir: config.dataDir,
      port: config.devchainPort ?? 0,
      blockMs: config.devchainBlockMs,
      user,
      password,
    });
    rpc = new ZcashRpcClient({ url: devChain.url, user, password, timeoutMs: config.zcashRpcTimeoutMs });
    fromAddress = config.anchorFromAddress ?? devChain.walletAddress;
  } else {
    if (config.zcashRpcUrl === null || config.anchorFromAddress === null) {
      throw new Error('CHAIN=zcash needs ZCASH_RPC_URL and ANCHOR_FROM_ADDRESS');
    }
    rpc = new ZcashRpcClient({
      url: config.zcashRpcUrl,
      user: config.zcashRpcUser ?? '',
      password: config.zcashRpcPassword ?? '',
      timeoutMs: config.zcashRpcTimeoutMs,
    });
    fromAddress = config.anchorFromAddress;
  }

  // Several instances may share a PostgreSQL store: one anchors, elected through the database.
  const log = options.log ?? (() => {});
  const election =
    store.kind === 'postgres' ? new AnchorerElection(store.lease, config.instanceId, { log }) : null;
  const viewingKey = new AnchorViewingKey({ configured: config.anchorViewingKey, fromAddress, rpc, log });
  // Every instance reads the key (each serves /protocol/info); evidence is the chain's, so any may keep it.
  const evidence = new EvidenceKeeper({
    store,
    rpc,
    viewingKey,
    network: () => loop.network(),
    log,
  });
  const loop = new AnchorLoop({
    ...anchorPolicy(config),
    store,
    ledger,
    rpc,
    fromAddress,
    amountZat: config.anchorAmountZat,
    manual: config.anchorMode === 'manual',
    fault,
    ...(options.onFault ? { onFault: options.onFault } : {}),
    log,
    election,
    // POST /anchor/now on an instance that does not anchor: wake the one that does.
    onForeignIntent: () => void store.signals.notify('anchor').catch(() => {}),
    afterLook: () => evidence.poke(),
  });
  let unwatchAnchor: (() => Promise<void>) | null = null;
  if (election) {
    await election.start();
    unwatchAnchor = await store.signals.watch('anchor', () => loop.kick());
  }
  // The embedded chain answers at once; a remote node is asked by the first tick instead of delaying start-up.
  if (devChain) {
    await loop.probe();
    // The start check of the viewing key (and the first evidence), before the app answers.
    evidence.poke();
    await evidence.settle();
  }
  if (options.autoStart ?? true) loop.start();

  // What the HTTP side may ask of the chain: in manual mode the operator, not the loop, starts anchors.
  const hooks: ChainHooks = {
    network: () => loop.network(),
    health: () => loop.health(),
    schedule: () => loop.schedule(),
    viewingKey: () => viewingKey.published(),
    // In either mode: an operator may pay an anchor by hand (/admin/anchor/qr).
    paymentAddress: () => config.anchorToAddress ?? devChain?.walletAddress ?? null,
    ...(config.anchorMode === 'auto'
      ? { anchorNow: () => loop.anchorNow() }
      : {
          recordManualAnchor: async (input) => {
            const deps = { store, ledger, rpc, confirmations: config.anchorConfirmations };
            const recorded = await recordManualAnchor(deps, input);
            evidence.poke();
            return recorded;
          },
        }),
  };

  let stopped = false;
  return {
    hooks,
    loop,
    rpc,
    devChain,
    election,
    viewingKey,
    evidence,
    async stop() {
      if (stopped) return;
      stopped = true;
      await loop.stop();
      await evidence.stop();
      // Let the lease go at once, so another instance anchors without waiting for it to expire.
      await unwatchAnchor?.();
      await election?.stop();
      await devChain?.stop();
    },
  };
}
