/**
 * Does a heavy public read hold up everyone else? Five rounds of 10 concurrent downloads of the
 * export of a 3,000-event wallet, `/health` asked every 20 ms throughout each round; we report
 * /health's latency, the service's event-loop delay (monitorEventLoopDelay in the service
 * process) and the most its main thread ran between two ticks (what work, not waiting for a core,
 * held the loop), each export's time to its first bytes and to its end, and that every export was
 * streamed (chunked, no Content-Length), complete, and verifies. Run with `npm run bench:export`;
 * the figures go into docs/benchmarks.md (section "export-load"). `BENCH_NO_REPORT=1` prints
 * them without writing the file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { verifyExport } from 'zap1';
import { ResultTable, fmt, loadAverage, writeSection } from './report.js';

const ROUNDS = 5;
const CONCURRENT = 10;
const WALLET_EVENTS = 3000;
const PROBE_EVERY_MS = 20;
const IDLE_PROBES = 100;
const here = path.dirname(fileURLToPath(import.meta.url));

const loadBefore = loadAverage();
const server = spawn(
  process.execPath,
  ['--conditions=zap1-source', '--import', 'tsx', path.join(here, 'export-load-server.ts')],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, WALLET_EVENTS: String(WALLET_EVENTS) },
  },
);
const lines = createInterface({ input: server.stdout });
const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
const command = (line: string) => server.stdin.write(`${line}\n`);
const { port } = JSON.parse(await nextLine()) as { port: number };
const base = `http://127.0.0.1:${port}`;
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  resolution: number;
  heldP99: number | null;
  heldMax: number | null;
}
async function loopDelay(name: string): Promise<LoopDelay> {
  const line = nextLine();
  command(`end ${name}`);
  return JSON.parse(await line) as LoopDelay;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => fmt(value, 1);
const triple = (values: number[]) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} / ${ms(Math.max(...values))} ms`;

interface ExportRun {
  status: number;
  headersMs: number;
  firstByteMs: number;
  doneMs: number;
  bytes: number;
  chunks: number;
  chunked: boolean;
  encoding: string;
  body: Buffer;
}
async function exportOnce(): Promise<ExportRun> {
  const started = performance.now();
  const response = await fetch(`${base}/lifecycle/bench_wallet/export`);
  const headersMs = performance.now() - started;
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  let firstByteMs = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    parts.push(value);
  }
  const doneMs = performance.now() - started;
  const body = Buffer.concat(parts);
  return {
    status: response.status,
    headersMs,
    firstByteMs,
    doneMs,
    bytes: body.byteLength,
    chunks: parts.length,
    chunked:
      response.headers.get('transfer-encoding') === 'chunked' && !response.headers.has('content-length'),
    encoding: response.headers.get('content-encoding') ?? 'identity',
    body,
  };
}

async function probe(times: number[], until: () => boolean, count = Infinity): Promise<void> {
  while (!until() && times.length < count) {
    const started = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
}

// Warm-up (not counted): one export, then /health on an idle service.
const warm = await exportOnce();
if (warm.status !== 200) throw new Error(`warm-up export answered ${warm.status}`);
const idleHealth: number[] = [];
command('begin idle');
await probe(idleHealth, () => false, IDLE_PROBES);
const idleLoop = await loopDelay('idle');

// The rounds follow one another at once (the bodies are checked after the last), so the
// histogram of all rounds holds only the exports' time.
const health: number[] = [];
const runs: ExportRun[] = [];
const rounds: Array<{ health: number[]; exports: ExportRun[]; loop: LoopDelay }> = [];
command('begin all');
for (let round = 1; round <= ROUNDS; round++) {
  let finished = false;
  const roundHealth: number[] = [];
  command(`begin round${round}`);
  const probing = probe(roundHealth, () => finished);
  const exports = await Promise.all(Array.from({ length: CONCURRENT }, exportOnce));
  finished = true;
  await probing;
  const loop = await loopDelay(`round${round}`);
  health.push(...roundHealth);
  runs.push(...exports);
  rounds.push({ health: roundHealth, exports, loop });
}
const allLoop = await loopDelay('all');
const loadAfter = loadAverage();
server.stdin.end();

const failures: string[] = [];
const roundRows: string[] = [];
for (const [r, round] of rounds.entries()) {
  for (const [i, run] of round.exports.entries()) {
    const label = `round ${r + 1} export ${i + 1}`;
    if (run.status !== 200) {
      failures.push(`${label}: status ${run.status}`);
      continue;
    }
    const pkg = JSON.parse(run.body.toString('utf8')) as { proofs: unknown[] };
    if (pkg.proofs.length !== WALLET_EVENTS) failures.push(`${label}: ${pkg.proofs.length} proofs`);
    if (i === 0 && !verifyExport(pkg).valid) failures.push(`${label}: does not verify`);
    if (!run.chunked) failures.push(`${label}: not chunked`);
  }
  const done = round.exports.map((x) => x.doneMs);
  const first = round.exports.map((x) => x.firstByteMs);
  roundRows.push(
    `| ${r + 1} | ${triple(round.health)} (${round.health.length}) | ${ms(round.loop.p50)} / ${ms(round.loop.p99)} / ${ms(round.loop.max)} ms | ${round.loop.heldMax === null ? '-' : `${ms(round.loop.heldMax)} ms`} | ${ms(Math.max(...first))} ms | ${fmt(Math.min(...done))} / ${fmt(Math.max(...done))} ms |`,
  );
}
const ok = runs.filter((r) => r.status === 200);
const statuses = [...new Set(runs.map((r) => r.status))].join(', ');
const doneMs = ok.map((r) => r.doneMs);
const firstMs = ok.map((r) => r.firstByteMs);
const encodings = [...new Set(ok.map((r) => r.encoding))].join(', ');
const chunks = percentile(
  ok.map((r) => r.chunks),
  50,
);
const healthP99 = percentile(health, 99);
const healthMax = Math.max(...health);
const table = new ResultTable();
table.row(
  '`/health` p50 / p99 / max during the exports',
  `${triple(health)} (${health.length} requests)`,
  'p99 ≤ 100 ms, max ≤ 200 ms',
  healthP99 <= 100 && healthMax <= 200,
);
table.row('`/health` p50 / p99 / max, idle (before the rounds)', triple(idleHealth), '', null);
table.row(
  'service event-loop delay p50 / p99 / max during the exports',
  `${ms(allLoop.p50)} / ${ms(allLoop.p99)} / ${ms(allLoop.max)} ms (mean ${ms(allLoop.mean)}, ${fmt(allLoop.samples)} samples)`,
  '',
  null,
);
table.row(
  "… of it, the most the service's main thread ran on a CPU between two ticks, p99 / max",
  allLoop.heldMax === null
    ? 'not measured (no Linux schedstat)'
    : `${ms(allLoop.heldP99 ?? 0)} / ${ms(allLoop.heldMax)} ms`,
  'no request holds the loop > 50 ms',
  allLoop.heldMax === null ? null : allLoop.heldMax <= 50,
);
table.row(
  'service event-loop delay p50 / p99 / max, idle',
  `${ms(idleLoop.p50)} / ${ms(idleLoop.p99)} / ${ms(idleLoop.max)} ms`,
  '',
  null,
);
table.row('export: response headers p50 / p99 / max', triple(ok.map((r) => r.headersMs)), '', null);
table.row(
  'export: first body bytes (decompressed) p50 / p99 / max',
  triple(firstMs),
  '≤ 300 ms',
  firstMs.length > 0 && Math.max(...firstMs) <= 300,
);
table.row(
  'export: completion p50 / p99 / max',
  `${fmt(percentile(doneMs, 50))} / ${fmt(percentile(doneMs, 99))} / ${fmt(Math.max(...doneMs))} ms`,
  '',
  null,
);
table.row(
  'exports complete and streamed',
  `${ok.length} of ${runs.length} answered 200 (statuses: ${statuses}); ` +
    `${runs.filter((r) => r.chunked).length} chunked without Content-Length (${encodings}), ` +
    `${fmt(chunks)} chunks read each (median); ${fmt(WALLET_EVENTS)} proofs in each, the first of each ` +
    `round verified with \`verifyExport\`${failures.length === 0 ? '' : `; failures: ${failures.join('; ')}`}`,
  'all',
  failures.length === 0,
);
const body = `
${ROUNDS} rounds of ${CONCURRENT} concurrent downloads of the export of a ${fmt(WALLET_EVENTS)}-event wallet (${fmt(warm.bytes / 1e6, 1)} MB
each, \`Accept-Encoding: gzip, deflate\` as Node's fetch sends it), \`/health\` asked every ${PROBE_EVERY_MS} ms throughout
each round (one request at a time). Each round starts its ${CONCURRENT} downloads together and ends when the last is
read; the next starts at once; every body is checked after the last round. The service runs in its own process on a
fresh SQLite store. The event-loop delay is \`monitorEventLoopDelay\` in that process (resolution ${allLoop.resolution} ms: a
sample is the time between two ticks, so an idle loop reads about ${allLoop.resolution} ms), from the first round's start to
the last one's end. Service and load share the machine's cores (and other work on it: see the load average), so a
tick is also late while the service waits for a core: the main thread's own time on a CPU between two ticks (Linux
schedstat) is what work held the loop.

${table.markdown().join('\n')}

| round | \`/health\` p50 / p99 / max (requests) | event-loop delay p50 / p99 / max | main thread on a CPU between ticks, max | slowest first bytes | exports done, first / last |
| --- | --- | --- | --- | --- | --- |
${roundRows.join('\n')}

Load average (1 / 5 / 15 min): before ${loadBefore}; after ${loadAfter}.
`;
if (process.env.BENCH_NO_REPORT !== '1') {
  writeSection('export-load', 'Heavy public reads and everyone else (`npm run bench:export`)', body);
}
console.log(body);
if (failures.length > 0) process.exitCode = 1;
