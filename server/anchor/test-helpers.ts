/**
 * Test harness for the anchoring tests: the service built in-process on a real SQLite store in a
 * temp dir, with the real chain runtime (embedded dev chain + RPC client + anchoring loop).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { Ledger } from '../ledger.js';
import { CheckResponseSchema } from '../routes/verify.js';
import { StatusResponseSchema } from '../routes/anchor.js';
import { openSqliteStore, type SqliteStore } from '../store/sqlite-store.js';
import { ADMIN_KEY, contractEvent, removeTempStore, tempDir } from '../test-helpers.js';
import { startChainRuntime, type ChainRuntime } from './runtime.js';
import type { DevChain } from '../../devchain/devchain.js';

export interface AnchorHarness {
  app: FastifyInstance;
  store: SqliteStore;
  ledger: Ledger;
  config: Config;
  runtime: ChainRuntime;
  devChain: DevChain;
  dir: string;
  close(): Promise<void>;
}

/** Blocks only when told (dev_mine): the config's upper bound for DEVCHAIN_BLOCK_MS. */
export const MANUAL_BLOCKS = '3600000';

export async function startHarness(
  env: Record<string, string> = {},
  /** `dir`: start on this data directory (a restart) instead of a fresh one. */
  options: { autoStart?: boolean; dir?: string } = {},
): Promise<AnchorHarness> {
  const dir = options.dir ?? tempDir();
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_API_KEY: ADMIN_KEY,
    EVENTS_PER_MINUTE: '10000',
    TRIAL_KEY_QUOTA: '1000',
    DEVCHAIN_BLOCK_MS: '100',
    ANCHOR_TICK_MS: '30',
    ZCASH_RPC_TIMEOUT_MS: '2000',
    ...env,
  });
  const store = openSqliteStore(dir);
  const ledger = await Ledger.open(store);
  const runtime = await startChainRuntime(config, store, ledger, {
    fault: null,
    autoStart: options.autoStart ?? true,
  });
  const app = await buildApp({ config, store, ledger, chain: runtime.hooks });
  await app.ready();
  const devChain = runtime.devChain;
  if (!devChain) throw new Error('the harness runs on the dev chain');
  return {
    app,
    store,
    ledger,
    config,
    runtime,
    devChain,
    dir,
    async close() {
      await app.close();
      await runtime.stop();
      await removeTempStore(dir, store);
    },
  };
}

/** Polls `probe` until it returns a value other than undefined/false/null; `each` runs between polls. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  options: { timeoutMs?: number; intervalMs?: number; each?: () => Promise<unknown> } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (options.each) await options.each();
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 40));
  }
}

export const operatorHeaders = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };

/** Writes a CONTRACT_ANCHOR event through the API; returns its leaf hash. */
export async function postEvent(
  app: FastifyInstance,
  n: number,
  headers: Record<string, string> = operatorHeaders,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/event', headers, payload: contractEvent(n) });
  if (res.statusCode !== 201) throw new Error(`POST /event answered ${res.statusCode}: ${res.body}`);
  const body: unknown = res.json();
  if (
    typeof body !== 'object' ||
    body === null ||
    !('leaf_hash' in body) ||
    typeof body.leaf_hash !== 'string'
  ) {
    throw new Error('POST /event answered without leaf_hash');
  }
  return body.leaf_hash;
}

export async function check(app: FastifyInstance, leafHex: string) {
  const res = await app.inject({ url: `/verify/${leafHex}/check` });
  return CheckResponseSchema.parse(res.json());
}

export async function status(app: FastifyInstance) {
  const res = await app.inject({ url: '/anchor/status' });
  return StatusResponseSchema.parse(res.json());
}
