/**
 * Does a heavy public read hold up everyone else? 10 clients download the export of a
 * 3,000-event wallet over and over (and 10 more page through its lifecycle) while /health is
 * asked every 20 ms; we report /health's latency and the service's event-loop delay. Run with
 * `npm run bench:export`; the figures go into docs/benchmarks.md (section "export-load").
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fmt, writeSection } from './report.js';

const DURATION_MS = 15_000;
const CONCURRENT = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'export-load-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: server.stdout });
const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
const { port } = JSON.parse(await nextLine()) as { port: number };
const base = `http://127.0.0.1:${port}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

let running = true;
const exportTimes: number[] = [];
let exportBytes = 0;
async function exporter(): Promise<void> {
  while (running) {
    const started = performance.now();
    const body = await (await fetch(`${base}/lifecycle/bench_wallet/export`)).arrayBuffer();
    exportBytes = body.byteLength;
    exportTimes.push(performance.now() - started);
  }
}
const pageTimes: number[] = [];
async function pager(): Promise<void> {
  while (running) {
    let url: string | null = '/lifecycle/bench_wallet';
    while (url && running) {
      const started = performance.now();
      const response: Response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      pageTimes.push(performance.now() - started);
      url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    }
  }
}
const healthTimes: number[] = [];
async function healthProbe(): Promise<void> {
  while (running) {
    const started = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    healthTimes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const load = [...Array.from({ length: CONCURRENT }, exporter), healthProbe()];
await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
running = false;
await Promise.all(load);
const exportPhase = { health: [...healthTimes] };
healthTimes.length = 0;
running = true;
const paging = [...Array.from({ length: CONCURRENT }, pager), healthProbe()];
await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
running = false;
await Promise.all(paging);
server.kill('SIGTERM');
const loop = JSON.parse(await nextLine()) as { loopP99Ms: number; loopMaxMs: number; loopMeanMs: number };

const body = `
Two phases of ${DURATION_MS / 1000} s each, \`/health\` asked every 20 ms throughout: ${CONCURRENT} clients downloading the
export of a 3,000-event wallet over and over (${fmt(exportBytes / 1e6, 1)} MB each, streamed), then ${CONCURRENT} clients paging
through its lifecycle (250 a page). Service and load share the machine's cores; the service runs in its own process.

| measure | value |
| --- | --- |
| \`/health\` latency p50 / p99 / max, exports | ${fmt(percentile(exportPhase.health, 50), 1)} / ${fmt(percentile(exportPhase.health, 99), 1)} / ${fmt(Math.max(...exportPhase.health), 1)} ms (${exportPhase.health.length} requests) |
| \`/health\` latency p50 / p99 / max, pages | ${fmt(percentile(healthTimes, 50), 1)} / ${fmt(percentile(healthTimes, 99), 1)} / ${fmt(Math.max(...healthTimes), 1)} ms (${healthTimes.length} requests) |
| service event-loop delay mean / p99 / max, both phases | ${fmt(loop.loopMeanMs, 1)} / ${fmt(loop.loopP99Ms, 1)} / ${fmt(loop.loopMaxMs, 1)} ms |
| export p50 / p99 | ${fmt(percentile(exportTimes, 50))} / ${fmt(percentile(exportTimes, 99))} ms (${exportTimes.length} exports) |
| lifecycle page p50 / p99 | ${fmt(percentile(pageTimes, 50), 1)} / ${fmt(percentile(pageTimes, 99), 1)} ms (${pageTimes.length} pages) |

Targets (hardening issue): \`/health\` p99 under 200 ms under this load; no request blocks the event loop for more than 50 ms.
`;
writeSection('export-load', 'Heavy public reads and everyone else (`npm run bench:export`)', body);
console.log(body);
