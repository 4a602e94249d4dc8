/**
 * Anchor latency on the development chain with the default settings (DEVCHAIN_BLOCK_MS 2000,
 * ANCHOR_TICK_MS 500, ANCHOR_MIN_LEAVES 1, ANCHOR_CONFIRMATIONS 1): from an event's 201 to the
 * moment /verify/{leaf}/check reports its anchor. The service runs in-process on a temp DATA_DIR.
 * Figures go into docs/benchmarks.md (section "anchor").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { startChainRuntime } from '../server/anchor/runtime.js';
import { loadConfig } from '../server/config.js';
import { Ledger } from '../server/ledger.js';
import { openSqliteStore } from '../server/store/sqlite-store.js';
import { fmt, writeSection } from './report.js';

const SINGLE_EVENTS = 20;
const BURST_EVENTS = 50;
const ADMIN_KEY = 'bench-operator-key-0123456789';

const dir = mkdtempSync(path.join(tmpdir(), 'zap1-anchor-bench-'));
const config = loadConfig({ DATA_DIR: dir, ADMIN_API_KEY: ADMIN_KEY });
const store = openSqliteStore(dir);
const ledger = await Ledger.open(store);
const runtime = await startChainRuntime(config, store, ledger, { fault: null });
const app = await buildApp({ config, store, ledger, chain: runtime.hooks });
await app.ready();

const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let serial = 0;

async function post(): Promise<string> {
  serial++;
  const res = await app.inject({
    method: 'POST',
    url: '/event',
    headers,
    payload: {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: `bench_wallet_${serial}`,
      serial_number: `BENCH-${serial}`,
      contract_sha256: 'ab'.repeat(32),
    },
  });
  const body: unknown = res.json();
  if (
    res.statusCode !== 201 ||
    typeof body !== 'object' ||
    body === null ||
    !('leaf_hash' in body) ||
    typeof body.leaf_hash !== 'string'
  ) {
    throw new Error(`POST /event answered ${res.statusCode}: ${res.body}`);
  }
  return body.leaf_hash;
}

/** Resolves when /verify/{leaf}/check shows an anchor; polls every 20 ms. */
async function anchored(leaf: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body: unknown = (await app.inject({ url: `/verify/${leaf}/check` })).json();
    if (typeof body === 'object' && body !== null && 'anchor' in body) {
      const anchor: unknown = body.anchor;
      if (
        typeof anchor === 'object' &&
        anchor !== null &&
        'txid' in anchor &&
        typeof anchor.txid === 'string'
      )
        return;
    }
    if (Date.now() > deadline) throw new Error(`leaf ${leaf} not anchored within 60 s`);
    await sleep(20);
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

// Single events, spaced out, each at a random phase of the block timer.
const latencies: number[] = [];
for (let i = 0; i < SINGLE_EVENTS; i++) {
  await sleep(Math.random() * config.devchainBlockMs);
  const leaf = await post();
  const start = performance.now();
  await anchored(leaf);
  latencies.push(performance.now() - start);
  console.log(`event ${i + 1}/${SINGLE_EVENTS}: ${fmt(latencies[latencies.length - 1]!)} ms`);
}
const sorted = [...latencies].sort((a, b) => a - b);
const txBefore = (await store.anchors.anchoredRootStats()).count;

// A burst: many events at once are covered by few anchors.
await sleep(Math.random() * config.devchainBlockMs);
const burstStart = performance.now();
const burstLeaves = await Promise.all(Array.from({ length: BURST_EVENTS }, () => post()));
// Poll the newest leaf only (50 pollers would slow the loop they measure); then check the rest.
await anchored(burstLeaves[burstLeaves.length - 1] ?? '');
const burstMs = performance.now() - burstStart;
for (const leaf of burstLeaves) await anchored(leaf);
const burstAnchors = (await store.anchors.anchoredRootStats()).count - txBefore;

await app.close();
await runtime.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });

const s = (ms: number) => `${fmt(ms / 1000, 2)} s`;
const body = [
  `Event accepted (201) → anchored (\`/verify/{leaf}/check\` shows txid and height) on the embedded dev chain,`,
  `service in-process, default settings: DEVCHAIN_BLOCK_MS ${config.devchainBlockMs}, ANCHOR_TICK_MS ${config.anchorTickMs},`,
  `ANCHOR_MIN_LEAVES ${config.anchorMinLeaves}, ANCHOR_CONFIRMATIONS ${config.anchorConfirmations}.`,
  '',
  '| What | Figure |',
  '| --- | --- |',
  `| Single events (${SINGLE_EVENTS}, one at a time at random block phases): p50 | ${s(quantile(sorted, 0.5))} |`,
  `| Single events: p90 | ${s(quantile(sorted, 0.9))} |`,
  `| Single events: min / max | ${s(sorted[0] ?? NaN)} / ${s(sorted[sorted.length - 1] ?? NaN)} |`,
  `| Burst of ${BURST_EVENTS} events at once: until all anchored | ${s(burstMs)} in ${burstAnchors} anchor transaction(s) |`,
  '',
  'The latency is dominated by waiting for the next block (one confirmation; a block every',
  `${fmt(config.devchainBlockMs / 1000, 1)} s) plus up to one tick before the send. On Zcash (75 s blocks,`,
  'ANCHOR_MIN_LEAVES 10, ANCHOR_MAX_AGE_S 3600, ANCHOR_TICK_MS 15000) expect minutes, not seconds.',
].join('\n');
writeSection('anchor', 'Anchor latency on the dev chain (`npm run bench:anchor`)', body);
console.log(body);
