/**
 * The service side of bench/export-load.bench.ts, in its own process so that the load's client
 * does not share (and blur) the event loop being measured: a wallet of WALLET_EVENTS events on a
 * fresh SQLite store, then listening. Prints `{"port"}` once ready; on SIGTERM prints the event
 * loop's delay histogram (ms) and exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EVENT_SPECS, leafHash } from '../src/core/index.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { Ledger } from '../server/ledger.js';
import { openSqliteStore } from '../server/store/sqlite-store.js';

const WALLET_EVENTS = Number(process.env.WALLET_EVENTS ?? 3000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-bench-export-'));
const store = openSqliteStore(dir);
const ledger = await Ledger.open(store);
for (let n = 0; n < WALLET_EVENTS; n++) {
  const event = {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: 'bench_wallet',
    serial_number: `BENCH-${n}`,
    contract_sha256: n.toString(16).padStart(64, 'c'),
  };
  void ledger.submit({
    leafHex: leafHash(event),
    eventType: EVENT_SPECS.CONTRACT_ANCHOR.byte,
    walletHash: 'bench_wallet',
    serialNumber: event.serial_number,
    timestamp: null,
    trialKeyHash: null,
    keyId: 'operator',
  });
}
await ledger.flush();
const app = await buildApp({ config: loadConfig({ DATA_DIR: dir }), store, ledger });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

process.on('SIGTERM', () => {
  histogram.disable();
  const ms = (ns: number) => ns / 1e6;
  console.log(
    JSON.stringify({
      loopP99Ms: ms(histogram.percentile(99)),
      loopMaxMs: ms(histogram.max),
      loopMeanMs: ms(histogram.mean),
    }),
  );
  void app.close().then(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
