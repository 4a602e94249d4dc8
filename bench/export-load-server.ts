/**
 * The service side of bench/export-load.bench.ts, in its own process so that the load's client
 * does not share (and blur) the event loop being measured: a wallet of WALLET_EVENTS events on a
 * fresh SQLite store, then listening. Prints `{"port"}` once ready. Commands on stdin, one a line,
 * measure the event loop's delay (perf_hooks monitorEventLoopDelay): `begin NAME` starts a fresh
 * histogram under that name (several may run at once), `end NAME` stops it and prints its figures
 * (ms) as one JSON line. A histogram is never paused and resumed: its first sample after a pause
 * would count the pause. On SIGTERM (or stdin's end) it closes and exits.
 *
 * On a shared machine a tick can be late because the process waited for a core, not because work
 * held its loop. So beside each histogram, a timer at the same resolution reads the main thread's
 * time on a CPU (Linux /proc/self/task/<pid>/schedstat, in ns) and keeps the most it ran between two
 * of its ticks (`heldMax`): an upper bound of what any one task held the loop, waiting excluded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { EVENT_SPECS, leafHash } from 'zap1';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { Ledger } from '../server/ledger.js';
import { openSqliteStore } from '../server/store/sqlite-store.js';

const WALLET_EVENTS = Number(process.env.WALLET_EVENTS ?? 3000);
/** The histogram's sampling interval: a sample is the time between two ticks, so idle reads ~this. */
const LOOP_RESOLUTION_MS = 2;
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
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

/** The main thread's nanoseconds on a CPU so far (null where Linux schedstat is not there). */
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const statFd = fs.existsSync(schedstat) ? fs.openSync(schedstat, 'r') : null;
const statBuffer = Buffer.alloc(128);
function onCpuNs(): number | null {
  if (statFd === null) return null;
  const read = fs.readSync(statFd, statBuffer, 0, statBuffer.length, 0);
  return Number(statBuffer.toString('latin1', 0, read).split(' ')[0]);
}

interface Window {
  delay: IntervalHistogram;
  /** Main-thread µs on a CPU between two ticks of the sampler. */
  held: ReturnType<typeof createHistogram>;
}
const windows = new Map<string, Window>();
let lastCpu = onCpuNs();
setInterval(() => {
  const cpu = onCpuNs();
  if (cpu !== null && lastCpu !== null) {
    for (const window of windows.values()) window.held.record(Math.max(1, Math.round((cpu - lastCpu) / 1e3)));
  }
  lastCpu = cpu;
}, LOOP_RESOLUTION_MS).unref();

const ms = (ns: number) => ns / 1e6;
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const [command, name = ''] = line.split(' ');
    if (command === 'begin') {
      const delay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      delay.enable();
      windows.set(name, { delay, held: createHistogram() });
    }
    const window = windows.get(name);
    if (command === 'end' && window) {
      const { delay, held } = window;
      delay.disable();
      windows.delete(name);
      console.log(
        JSON.stringify({
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
          mean: ms(delay.mean),
          samples: delay.count,
          resolution: LOOP_RESOLUTION_MS,
          heldP99: statFd === null ? null : held.percentile(99) / 1e3,
          heldMax: statFd === null ? null : held.max / 1e3,
        }),
      );
    }
  })
  .on('close', stop);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  void app.close().then(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
