/**
 * Starts the service: validates the settings, opens the store, listens, prints the URL, and shuts
 * down cleanly on SIGINT/SIGTERM (queued events are committed before the store closes).
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { BUILD_INFO_FILE, readBuildMetadata } from './build-info/build-metadata.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { Ledger } from './ledger.js';
import { buildProxyApp } from './proxy/upstream-proxy.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { startChainRuntime } from './anchor/runtime.js';
import { followOtherInstances, type InstanceSync } from './instance-sync.js';
import { openPostgresStore } from './store/postgres-store.js';
import { openSqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store.js';
import { repoRoot } from './repo-root.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid setting ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  if (config.upstreamUrl !== null) return runProxy(config, config.upstreamUrl);

  const started = Date.now();
  // PostgreSQL when DATABASE_URL names it (several instances may share it), else SQLite in DATA_DIR.
  const store: Store =
    config.databaseUrl !== null
      ? await openPostgresStore(config.databaseUrl)
      : openSqliteStore(config.dataDir, { commitThread: true });
  const ledger = await Ledger.open(store);
  const sync: InstanceSync | null =
    store.kind === 'postgres'
      ? await followOtherInstances(store, ledger, { log: (line) => console.error(line) })
      : null;
  // The embedded dev chain (CHAIN=dev) or the node connection, and the anchoring loop.
  const chain = await startChainRuntime(config, store, ledger, { log: (line) => console.log(line) });
  const app = await buildApp({
    config,
    store,
    ledger,
    chain: chain.hooks,
    staticDir: path.join(repoRoot(), 'dist', 'app'),
    log: config.logRequests ? 'requests' : 'errors',
    buildMetadata: readBuildMetadata(path.join(repoRoot(), 'dist-server', BUILD_INFO_FILE)),
  });
  // Webhooks are delivered by the anchorer only. Deliveries are at least once: an instance that
  // lost the lease notices at its next renewal, and a delivery may overlap with the new holder's.
  let webhooks: WebhookDispatcher | null = null;
  let webhookTurn: Promise<void> = Promise.resolve();
  const runWebhooks = (on: boolean): void => {
    // One change after another: a dispatcher is stopped completely before another starts.
    webhookTurn = webhookTurn.then(async () => {
      if (on && !webhooks) {
        webhooks = new WebhookDispatcher({
          store,
          treeSize: () => ledger.size,
          log: (line) => console.error(line),
          allowPrivate: config.webhookAllowPrivate,
        });
        webhooks.start();
      } else if (!on && webhooks) {
        const stopping = webhooks;
        webhooks = null;
        await stopping.stop();
      }
    });
  };
  runWebhooks(chain.election ? chain.election.holds() : true);
  chain.election?.onChange((fence) => runWebhooks(fence !== null));
  const address = await app.listen({ host: config.host, port: config.port });
  const url = new URL(address);
  console.log(
    `ZAP1 service listening on ${url.origin}/ (${ledger.size} leaves, ${store.kind} store, instance ${config.instanceId}, ready in ${Date.now() - started} ms)`,
  );

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    app
      .close()
      .then(() => webhookTurn)
      .then(() => webhooks?.stop())
      .then(() => chain.stop())
      .then(() => sync?.stop())
      .then(() => store.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Proxy mode: the app from here, the API from the upstream deployment; no store, keys or anchoring. */
async function runProxy(config: Config, upstreamUrl: string): Promise<void> {
  const app = await buildProxyApp({
    config,
    upstreamUrl,
    staticDir: path.join(repoRoot(), 'dist', 'app'),
    log: config.logRequests ? 'requests' : 'errors',
  });
  const address = await app.listen({ host: config.host, port: config.port });
  console.log(
    `ZAP1 app on ${new URL(address).origin}/app/, forwarding the API to ${upstreamUrl} (proxy mode)`,
  );
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
