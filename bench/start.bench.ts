/**
 * `npm start` as a person meets it (`npm run bench:start`): the first start on a checkout with
 * nothing built, then starts with nothing changed, each timed from the command to the first 200 of
 * GET /health; then a start after one source file of the service changed. Each start runs on its own
 * port and data folder and is stopped before the next. Results go into docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/free-port.js';
import { ResultTable, fmt, loadAverage, writeSection } from './report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STARTS_UNCHANGED = 3;

/** Runs `npm start` until /health answers 200, then stops it; resolves to the seconds it took and its output. */
async function timedStart(): Promise<{ seconds: number; output: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zap1-start-bench-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      const ended = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(r, 50, false)),
      ]);
      if (ended) throw new Error(`npm start exited before answering:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (answer?.status === 200) break;
    }
    return { seconds: (performance.now() - started) / 1000, output };
  } finally {
    // The whole group: npm, the start script and the service.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const loadBefore = loadAverage();

// The first start: nothing built, and no record of an earlier start.
for (const built of ['dist', 'dist-server', 'packages/zap1/dist', 'node_modules/.cache/zap1-start'])
  rmSync(path.join(repoRoot, built), { recursive: true, force: true });
const first = await timedStart();
if (!/building the web app/.test(first.output)) throw new Error('the first start did not say what it built');
console.log(`first start: ${fmt(first.seconds, 1)} s`);

const unchanged: number[] = [];
for (let i = 0; i < STARTS_UNCHANGED; i++) {
  const run = await timedStart();
  if (!/nothing changed/.test(run.output))
    throw new Error(`a start with nothing changed built something:\n${run.output}`);
  unchanged.push(run.seconds);
  console.log(`start with nothing changed: ${fmt(run.seconds, 1)} s`);
}

// One file of the service changed (its content, as an edit would): only the service is rebuilt.
const touched = path.join(repoRoot, 'server', 'repo-root.ts');
const original = readFileSync(touched, 'utf8');
let serviceChanged: { seconds: number; output: string };
try {
  writeFileSync(touched, `${original}// touched by bench/start.bench.ts\n`);
  serviceChanged = await timedStart();
} finally {
  writeFileSync(touched, original);
}
if (/building the web app/.test(serviceChanged.output) || !/building the service/.test(serviceChanged.output))
  throw new Error(
    `a change to the service rebuilt something else, or not the service:\n${serviceChanged.output}`,
  );
// Back to the committed file: one more start rebuilds the service as it was.
await timedStart();

const table = new ResultTable();
table.row(
  'First `npm start` on a checkout with nothing built: command → first 200 from /health',
  `${fmt(first.seconds, 1)} s`,
  '',
  null,
);
table.row(
  `\`npm start\` with nothing changed (median of ${STARTS_UNCHANGED}): command → first 200 from /health`,
  `${fmt(median(unchanged), 1)} s (${unchanged.map((s) => fmt(s, 1)).join(', ')})`,
  'at most 10 s',
  median(unchanged) <= 10,
);
table.row(
  '`npm start` after one file of the service changed (the service rebuilt, not the app)',
  `${fmt(serviceChanged.seconds, 1)} s`,
  '',
  null,
);
const body = [
  "Each start is `npm start` in this checkout on a fresh port and data folder (SQLite, the development chain), timed from spawning the command to the first 200 of `GET /health`, then stopped. `scripts/start.mjs` rebuilds a part (the zap1 package, the web app, the service) only when a SHA-256 of its input files differs from its last build's.",
  '',
  ...table.markdown(),
  '',
  `Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAverage()}.`,
].join('\n');
writeSection('start', 'Start (`npm run bench:start`)', body);
console.log(body);
