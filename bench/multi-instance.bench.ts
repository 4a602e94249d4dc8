/**
 * Several instances on PostgreSQL against one on SQLite (issue: "Scale out on PostgreSQL"). Run
 * with `npm run bench:instances` (it builds dist-server/ first); the figures go into
 * docs/benchmarks.md.
 *
 * In one run, on loopback: a PostgreSQL server started here (durable: fsync and synchronous commit
 * on, as SQLite's `synchronous=FULL`), the development chain alone (`npm run devchain`'s entry),
 * and the built service as child processes, every one anchoring through that chain (CHAIN=zcash).
 *  (a) POST /event with the operator key, 50 connections in all, spread evenly over the instances,
 *      each request a distinct CONTRACT_ANCHOR: 1 instance on SQLite, then 1, 2 and 3 instances on
 *      PostgreSQL, each on a fresh database.
 *  (b) the catch-up delay: an event acknowledged by one instance → another instance's tree holds
 *      it (its `/stats` total, which never catches up on demand), idle and under write load.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startPostgres } from '../test/postgres/postgres-server.js';
import { fmt, loadAverage, writeSection } from './report.js';
import {
  SERVICE_ENTRY,
  answered,
  countOf,
  distinctEventRequests,
  field,
  getJson,
  sleep,
  startService,
  stopService,
  type AnsweredRun,
  type Service,
} from './service-process.js';

const ADMIN_KEY = `bench-operator-${randomBytes(12).toString('hex')}`;
const CONNECTIONS = 50;
const EVENT_SECONDS = 10;
const RUNS = 3;
const CATCH_UP_SAMPLES = 40;
const DEVCHAIN_ENTRY = path.join(path.dirname(SERVICE_ENTRY), 'anchor', 'devchain-main.js');

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

if (!existsSync(SERVICE_ENTRY) || !existsSync(DEVCHAIN_ENTRY))
  throw new Error('dist-server/ is missing: run `npm run bench:instances` (it builds first)');

interface DevChainInfo {
  child: ChildProcess;
  url: string;
  user: string;
  password: string;
  walletAddress: string;
}

async function startDevChain(dataDir: string): Promise<DevChainInfo> {
  const child = spawn(process.execPath, [DEVCHAIN_ENTRY], {
    env: { ...process.env, DATA_DIR: dataDir, DEVCHAIN_PORT: '0', DEVCHAIN_BLOCK_MS: '2000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const first = out.split('\n')[0];
      if (out.includes('\n') && first) resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`the dev chain exited (${code})`)));
  });
  const info = JSON.parse(line) as Record<string, string>;
  return {
    child,
    url: info['url'] ?? '',
    user: info['user'] ?? '',
    password: info['password'] ?? '',
    walletAddress: info['wallet_address'] ?? '',
  };
}

const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'zap1-instances-bench-'));
const services: Service[] = [];
const postgres = await startPostgres({
  settings: { fsync: 'on', full_page_writes: 'on', synchronous_commit: 'on' },
});
const chain = await startDevChain(path.join(tmpRoot, 'devchain'));
const chainEnv = {
  CHAIN: 'zcash',
  ZCASH_RPC_URL: chain.url,
  ZCASH_RPC_USER: chain.user,
  ZCASH_RPC_PASSWORD: chain.password,
  ANCHOR_FROM_ADDRESS: chain.walletAddress,
  ANCHOR_TICK_MS: '500',
  ANCHOR_MIN_LEAVES: '1',
  ANCHOR_MAX_AGE_S: '10',
};

let serial = 0;
const run = randomBytes(4).toString('hex');
const contract = randomBytes(32).toString('hex');

const requests = distinctEventRequests(ADMIN_KEY);

/** One timed load spread over `bases`: every instance gets its share of the connections at once. */
async function eventLoad(bases: string[], seconds: number): Promise<AnsweredRun[]> {
  return Promise.all(
    bases.map((base) =>
      answered(
        autocannon({
          url: base,
          connections: Math.round(CONNECTIONS / bases.length),
          duration: seconds,
          requests,
        }),
      ),
    ),
  );
}

async function postEvent(base: string): Promise<void> {
  serial++;
  const res = await fetch(`${base}/event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: `bench_catchup_${serial}`,
      serial_number: `CU-${run}-${serial}`,
      contract_sha256: contract,
    }),
  });
  if (res.status !== 201) throw new Error(`POST /event: ${res.status}`);
  await res.arrayBuffer();
}

const totalLeaves = async (base: string): Promise<number> =>
  Number(field(await getJson(`${base}/stats`), 'total_leaves'));

/** Acknowledged by `writer` → `reader`'s own tree holds it, in ms (polling /stats every 2 ms). */
async function catchUpDelays(writer: string, reader: string, samples: number): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < samples; i++) {
    const before = await totalLeaves(writer);
    await postEvent(writer);
    const acknowledged = performance.now();
    while ((await totalLeaves(reader)) <= before) {
      if (performance.now() - acknowledged > 5_000) throw new Error('no catch-up within 5 s');
      await sleep(2);
    }
    delays.push(performance.now() - acknowledged);
    await sleep(20);
  }
  return delays;
}

interface Measured {
  label: string;
  perSecond: number[];
  p99: number[];
  p50: number[];
  others: number;
}

const results: Measured[] = [];
const catchUp: { label: string; delays: number[] }[] = [];
const loadNotes: string[] = [];

async function measure(label: string, env: Record<string, string>[], withCatchUp: boolean): Promise<void> {
  loadNotes.push(`before ${label}: ${loadAverage()}`);
  const started = await Promise.all(
    env.map((e, i) => startService(path.join(tmpRoot, `${label.replace(/\W+/g, '-')}-${i}`), ADMIN_KEY, e)),
  );
  services.push(...started);
  const bases = started.map((s) => s.base);
  try {
    await eventLoad(bases, 2); // warm-up (JIT, caches, connection pools)
    await sleep(500);
    const m: Measured = { label, perSecond: [], p99: [], p50: [], others: 0 };
    for (let r = 0; r < RUNS; r++) {
      const runs = await eventLoad(bases, EVENT_SECONDS);
      const results = runs.map((run) => run.result);
      await sleep(500);
      const created = results.reduce((sum, x) => sum + countOf(x, 201), 0);
      m.others += results.reduce((sum, x) => sum + x.non2xx + x.errors + countOf(x, 200), 0);
      // Each instance's clients answered for their own time (answered() says why not autocannon's).
      m.perSecond.push(runs.reduce((sum, run) => sum + countOf(run.result, 201) / run.seconds, 0));
      // Each instance's clients keep their own histogram: the slowest instance's p99 is reported.
      m.p99.push(Math.max(...results.map((x) => x.latency.p99)));
      m.p50.push(Math.max(...results.map((x) => x.latency.p50)));
      console.log(label, { created, perSecond: m.perSecond.at(-1), p99: m.p99.at(-1), load: loadAverage() });
    }
    results.push(m);
    if (withCatchUp && bases.length > 1) {
      const [writer, reader] = bases as [string, string];
      catchUp.push({
        label: `${label}, idle`,
        delays: await catchUpDelays(writer, reader, CATCH_UP_SAMPLES),
      });
      // Under load: the other instances take writes while the delay is sampled.
      const busy = eventLoad(bases.slice(1), 8);
      await sleep(1000);
      catchUp.push({
        label: `${label}, while the others take ${CONNECTIONS} connections of writes`,
        delays: await catchUpDelays(writer, reader, 20),
      });
      await busy;
    }
  } finally {
    for (const s of started) await stopService(s);
  }
}

try {
  await measure('1 instance on SQLite', [chainEnv], false);
  for (const n of [1, 2, 3]) {
    const db = `bench_${n}_${randomBytes(3).toString('hex')}`;
    const databaseUrl = await postgres.createDatabase(db);
    const env = Array.from({ length: n }, (_, i) => ({
      ...chainEnv,
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: `bench-${n}-${i}`,
    }));
    await measure(`${n} instance${n > 1 ? 's' : ''} on PostgreSQL`, env, n === 2);
  }
  loadNotes.push(`after: ${loadAverage()}`);

  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const base = results[0];
  const lines = results.map((m) => {
    const rate = median(m.perSecond);
    const vs = base && m !== base ? ` (${fmt((rate / median(base.perSecond)) * 100)}% of SQLite)` : '';
    return `| ${m.label} | ${fmt(rate)} /s${vs} (runs: ${m.perSecond.map((r) => fmt(r)).join(', ')}) | ${fmt(median(m.p50), 1)} ms | ${fmt(median(m.p99), 1)} ms (runs: ${m.p99.map((r) => fmt(r, 1)).join(', ')}) | ${fmt(m.others)} |`;
  });
  const catchLines = catchUp.map(
    (c) =>
      `| ${c.label} | ${fmt(percentile(c.delays, 50), 1)} ms | ${fmt(percentile(c.delays, 99), 1)} ms | ${fmt(Math.max(...c.delays), 1)} ms | ${c.delays.length} |`,
  );
  writeSection(
    'instances',
    'Several instances on PostgreSQL (`npm run bench:instances`)',
    [
      `autocannon on loopback, ${CONNECTIONS} connections in all spread evenly over the instances, ${EVENT_SECONDS} s × ${RUNS} runs after a 2 s warm-up, each request a distinct CONTRACT_ANCHOR with the operator key; every 201 is answered after its batch's durable commit (SQLite WAL with \`synchronous=FULL\`; PostgreSQL 18 with fsync and synchronous commit on, one server started by the benchmark). Every instance is the built service (\`node dist-server/server/index.js\`), anchoring through the development chain running alone (CHAIN=zcash). The database, the instances and the load generator all share the same two cores, so more instances here mean more processes competing for them, not more machines: the figures show the cost of sequencing through the database, not the scaling a deployment on separate machines would see.`,
      '',
      '| Set-up | POST /event acknowledged (median run) | p50 | p99 (slowest instance, median run) | other answers or errors |',
      '| --- | --- | --- | --- | --- |',
      ...lines,
      '',
      "Catch-up delay: an event acknowledged by one instance until another instance's own tree holds it (its `/stats` total, polled every 2 ms; `/stats` does not catch up on demand, unlike the reads about a leaf). The target is within 1 s.",
      '',
      '| Between two instances on PostgreSQL | p50 | p99 | max | samples |',
      '| --- | --- | --- | --- | --- |',
      ...catchLines,
      '',
      `Load average (1 / 5 / 15 min): ${loadNotes.join('; ')}.`,
    ].join('\n'),
  );
  console.log(lines.join('\n'));
  console.log(catchLines.join('\n'));
} finally {
  for (const s of services) await stopService(s).catch(() => {});
  chain.child.kill('SIGTERM');
  await postgres.stop();
  rmSync(tmpRoot, { recursive: true, force: true });
}
