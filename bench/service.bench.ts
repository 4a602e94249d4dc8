/**
 * Benchmarks of the built service (issue: the service, "Benchmark"). Run with
 * `npm run bench:service` (it builds dist-server/ first); the figures go into docs/benchmarks.md.
 *
 * Everything runs on loopback against `node dist-server/server/index.js` started as a child process
 * with a fresh temporary DATA_DIR (the embedded dev chain anchors in the background, as it would in
 * a default deployment), and stops by itself:
 *  (a) POST /event with the operator key, 50 connections, each request a distinct CONTRACT_ANCHOR;
 *  (b) start-up time with 1,000,000 leaves (seeded through the store and the ledger beforehand);
 *  (c) GET /verify/{leaf}/proof.json for random leaves of that 1,000,000-leaf tree.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { verifyProofBundle } from 'zap1';
import { Ledger } from '../server/ledger.js';
import { openSqliteStore } from '../server/store/sqlite-store.js';
import { appendRandomLeaves } from './seed.js';
import { ResultTable, fmt, loadAverage, writeSection } from './report.js';
import {
  SERVICE_ENTRY,
  answered,
  eachPathOnce,
  countOf,
  rateOf,
  distinctEventRequests,
  field,
  getJson,
  median,
  sleep,
  startBareFastify,
  startService,
  stopService,
  type Service,
} from './service-process.js';

const ADMIN_KEY = `bench-operator-${randomBytes(12).toString('hex')}`;
const SEED_LEAVES = 1_000_000;
const EVENT_SECONDS = 10;
const EVENT_RUNS = 3;
const PROOF_SECONDS = 10;
const CONNECTIONS = 50;
const STARTS = 3;

/** A copy of `list` in random order (Fisher–Yates). */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const table = new ResultTable();
const row = table.row.bind(table);
const loadNotes: string[] = [];

if (!existsSync(SERVICE_ENTRY))
  throw new Error('dist-server/ is missing: run `npm run bench:service` (it builds first)');
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'zap1-service-bench-'));
const services: Service[] = [];
try {
  // (a) POST /event: distinct CONTRACT_ANCHOR events, acknowledged after the durable commit.
  {
    loadNotes.push(`before POST /event: ${loadAverage()}`);
    const service = await startService(path.join(tmpRoot, 'events'), ADMIN_KEY);
    services.push(service);
    const requests = distinctEventRequests(ADMIN_KEY);
    const eventRun = (duration: number) =>
      answered(autocannon({ url: service.base, connections: CONNECTIONS, duration, requests }));
    // The same process's ceiling: GET /health (one trivial query), same connections and client.
    const healthRun = (duration: number) =>
      answered(autocannon({ url: `${service.base}/health`, connections: CONNECTIONS, duration }));
    await eventRun(2); // warm-up (JIT, SQLite page cache)
    await sleep(500); // let the warm-up's last requests commit
    await healthRun(2);
    // Three pairs of runs, POST /event then /health: on a shared machine a run can land on someone
    // else's burst (a ceiling of 32,000/s in one run, 45,000/s in the next), and a burst that lands
    // on a pair lowers both its figures, not one side of the share. The medians count.
    const measured: {
      perSecond: number;
      created: number;
      others: number;
      p50: number;
      p99: number;
      ceiling: number;
    }[] = [];
    for (let i = 0; i < EVENT_RUNS; i++) {
      const before = Number(field(await getJson(`${service.base}/stats`), 'total_leaves'));
      const run = await eventRun(EVENT_SECONDS);
      const { result } = run;
      await sleep(500); // let the last requests in flight commit
      const after = Number(field(await getJson(`${service.base}/stats`), 'total_leaves'));
      const created = countOf(result, 201);
      const others = result.non2xx + result.errors + countOf(result, 200);
      console.log('POST /event', {
        created,
        others,
        seconds: run.seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        load: loadAverage(),
      });
      // Requests still in flight when autocannon stops are committed but not counted: at most one per connection.
      const stored = after - before;
      if (stored < created || stored > created + CONNECTIONS) {
        throw new Error(`${created} events acknowledged but ${stored} leaves stored`);
      }
      const health = await healthRun(EVENT_SECONDS);
      console.log('GET /health', { answered: countOf(health.result, 200), seconds: health.seconds });
      measured.push({
        perSecond: rateOf(run, 201),
        created,
        others,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ceiling: rateOf(health, 200),
      });
    }
    const byRate = [...measured].sort((x, y) => x.perSecond - y.perSecond);
    const mid = byRate[Math.floor(byRate.length / 2)]!;
    const others = measured.reduce((sum, m) => sum + m.others, 0);
    row(
      `POST /event, ${CONNECTIONS} connections, ${EVENT_SECONDS} s × ${EVENT_RUNS}: acknowledged (201, durable) events, median run`,
      `${fmt(mid.perSecond)} /s (runs: ${measured.map((m) => fmt(m.perSecond)).join(', ')}; ${fmt(others)} other answers or errors)`,
      'at least 3,000 /s',
      mid.perSecond >= 3000 && others === 0,
    );
    row(
      'POST /event latency p50 (median run)',
      `${fmt(mid.p50, 1)} ms (runs: ${measured.map((m) => fmt(m.p50, 1)).join(', ')})`,
      '',
      null,
    );
    row(
      'POST /event latency p99 (median run)',
      `${fmt(mid.p99, 1)} ms (runs: ${measured.map((m) => fmt(m.p99, 1)).join(', ')})`,
      'under 50 ms',
      mid.p99 < 50,
    );
    const ceilingRuns = measured.map((m) => m.ceiling);
    const ceiling = median(ceilingRuns);
    row(
      `Ceiling of the same process: GET /health, ${CONNECTIONS} connections, ${EVENT_SECONDS} s × ${EVENT_RUNS}, each run after one of POST /event, median run`,
      `${fmt(ceiling)} req/s (runs: ${ceilingRuns.map((r) => fmt(r)).join(', ')})`,
      '',
      null,
    );
    const shares = measured.map((m) => m.perSecond / m.ceiling);
    const share = median(shares);
    row(
      'Durable POST /event as a share of that ceiling (commits on the SQLite commit thread), median of the three pairs of runs',
      `${fmt(share * 100)}% (pairs: ${shares.map((x) => `${fmt(x * 100)}%`).join(', ')})`,
      'at least 35%',
      share >= 0.35,
    );
    await stopService(service);
  }

  // Seed 1,000,000 random leaves before the service starts (bench/seed.ts).
  const seedDir = path.join(tmpRoot, 'seeded');
  /** Every 100th leaf: requests that the bundle cache can hold. */
  const hotPool: string[] = [];
  /** Every 10th leaf (offset 5, disjoint from the hot pool): mostly first requests, built on the spot. */
  const coldPool: string[] = [];
  /** Every 10th leaf (offset 7, disjoint from both): each asked for exactly once, nothing cached. */
  const firstPool: string[] = [];
  {
    const started = performance.now();
    const store = openSqliteStore(seedDir);
    const ledger = await Ledger.open(store, { maxBatch: 50_000 });
    const leaves = await appendRandomLeaves(ledger, SEED_LEAVES);
    leaves.forEach((leafHex, i) => {
      if (i % 100 === 0) hotPool.push(leafHex);
      if (i % 10 === 5) coldPool.push(leafHex);
      if (i % 10 === 7) firstPool.push(leafHex);
    });
    if (ledger.size !== SEED_LEAVES) throw new Error(`seeded ${ledger.size} leaves`);
    await store.close();
    const seconds = (performance.now() - started) / 1000;
    console.log(`seeded ${SEED_LEAVES} leaves in ${seconds.toFixed(1)} s`);
  }

  // (b) Start-up with 1,000,000 leaves: spawn → "listening" line, and → first 200 from /health.
  let service: Service | null = null;
  {
    loadNotes.push(`before start-up: ${loadAverage()}`);
    const listening: number[] = [];
    const healthy: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      if (service) await stopService(service);
      service = await startService(seedDir, ADMIN_KEY);
      services.push(service);
      listening.push(service.listeningMs);
      healthy.push(service.healthyMs);
    }
    console.log('start-up', { listening, healthy });
    row(
      `Start-up with 1,000,000 leaves: spawn → "listening" line (median of ${STARTS})`,
      `${fmt(median(listening))} ms (${listening.map((v) => fmt(v)).join(', ')})`,
      'under 5 s',
      median(listening) < 5000,
    );
    row(
      `Start-up with 1,000,000 leaves: spawn → first 200 from /health (median of ${STARTS})`,
      `${fmt(median(healthy))} ms`,
      'under 5 s',
      median(healthy) < 5000,
    );
  }
  if (!service) throw new Error('no service');

  // (c) GET /verify/{leaf}/proof.json once the 1,000,000-leaf root is anchored (the steady state).
  {
    let anchored = false;
    for (let i = 0; i < 600 && !anchored; i++) {
      const status = await getJson(`${service.base}/anchor/status`);
      anchored = field(status, 'latest_anchor', 'leaf_count') === SEED_LEAVES;
      if (!anchored) await sleep(100);
    }
    if (!anchored) throw new Error('the 1,000,000-leaf root was not anchored within 60 s');
    for (let i = 0; i < 20; i++) {
      const leaf = coldPool[Math.floor(Math.random() * coldPool.length)]!;
      const verdict = verifyProofBundle(await getJson(`${service.base}/verify/${leaf}/proof.json`), {
        expectedLeafHex: leaf,
      });
      if (!verdict.valid) throw new Error(`bundle for ${leaf} does not verify: ${verdict.error ?? ''}`);
    }
    /**
     * Random leaves of `pool`. `prebuilt`: the pool shuffled once into fixed requests that every
     * connection walks in turn (autocannon then reuses the encoded requests, so the load generator,
     * which shares the two cores, costs less); otherwise a random leaf per request.
     */
    const proofRun = (options: {
      pool: string[];
      connections: number;
      duration?: number;
      amount?: number;
      prebuilt?: boolean;
    }) => {
      const url = service.base;
      const pathOf = (leaf: string) => `/verify/${leaf}/proof.json`;
      const timing =
        options.amount !== undefined
          ? { amount: options.amount }
          : { duration: options.duration ?? PROOF_SECONDS };
      if (options.prebuilt === true) {
        return autocannon({
          url,
          connections: options.connections,
          ...timing,
          requests: shuffled(options.pool).map((leaf) => ({ method: 'GET', path: pathOf(leaf) })),
        });
      }
      return autocannon({
        url,
        connections: options.connections,
        ...timing,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              request.path = pathOf(options.pool[Math.floor(Math.random() * options.pool.length)]!);
              return request;
            },
          },
        ],
      });
    };
    /** Each leaf's proof.json asked for once, in the order given, over all connections. */
    const askEachOnce = (leaves: readonly string[]) =>
      eachPathOnce(
        service.base,
        leaves.map((leaf) => `/verify/${leaf}/proof.json`),
        CONNECTIONS,
      );
    // Every hot leaf once (a cold start of the cache), then the measured runs.
    const warm = await askEachOnce(hotPool);
    if (countOf(warm, 200) !== hotPool.length)
      throw new Error(`warm-up: ${countOf(warm, 200)} of ${hotPool.length} answered 200`);
    loadNotes.push(`before GET proof.json: ${loadAverage()}`);
    const hotName = `random leaves of a pool of ${fmt(hotPool.length)} (bundles cached)`;
    const runs: { name: string; pool: string[]; connections: number; prebuilt: boolean }[] = [
      { name: hotName, pool: hotPool, connections: CONNECTIONS, prebuilt: true },
      { name: hotName, pool: hotPool, connections: 10, prebuilt: true },
      {
        name: `random leaves of a pool of ${fmt(coldPool.length)} (mostly first requests: built and verified on the spot)`,
        pool: coldPool,
        connections: CONNECTIONS,
        prebuilt: false,
      },
    ];
    // Every proof.json run has the same two targets: 10,000 req/s with nothing failed, and a p99
    // under 10 ms. `answeredIn`: the rate's figure also says how many 200s came in how long.
    const proofRows = (what: string, timed: Awaited<ReturnType<typeof answered>>, answeredIn = false) => {
      const { result } = timed;
      const ok = countOf(result, 200);
      const others = result.non2xx + result.errors;
      const perSecond = rateOf(timed, 200);
      const counts = answeredIn ? `${fmt(ok)} answered 200 in ${fmt(timed.seconds, 2)} s; ` : '';
      row(
        what,
        `${fmt(perSecond)} req/s (${counts}${fmt(others)} non-200 or errors)`,
        'at least 10,000 req/s',
        perSecond >= 10_000 && others === 0,
      );
      row(
        `… latency p50 / p99`,
        `${fmt(result.latency.p50, 1)} / ${fmt(result.latency.p99, 1)} ms`,
        'p99 under 10 ms',
        result.latency.p99 < 10,
      );
      return { ok, others };
    };
    // First requests: every leaf of a pool never asked for before, exactly once each, in random
    // order, on the running service (after the cached runs, before the mixed pool).
    const firstRequests = async () => {
      const order = shuffled(firstPool);
      const run = await answered(askEachOnce(order));
      const { ok, others } = proofRows(
        `**First request** of GET /verify/{leaf}/proof.json at 1,000,000 leaves: ${fmt(order.length)} distinct leaves, each asked for once, ${CONNECTIONS} connections`,
        run,
        true,
      );
      console.log('GET proof.json, first requests', { ok, others, seconds: run.seconds });
    };

    for (const run of runs) {
      if (run.pool === coldPool) await firstRequests();
      const timed = await answered(proofRun(run));
      const { ok, others } = proofRows(
        `GET /verify/{leaf}/proof.json at 1,000,000 leaves, ${run.name}, ${run.connections} connections, ${PROOF_SECONDS} s`,
        timed,
      );
      console.log('GET proof.json', {
        pool: run.pool.length,
        connections: run.connections,
        seconds: timed.seconds,
        ok,
        others,
        p50: timed.result.latency.p50,
        p99: timed.result.latency.p99,
      });
    }
    const sampleBody = await (await fetch(`${service.base}/verify/${hotPool[0]!}/proof.json`)).text();
    await stopService(service);

    // Reference: bare Fastify answering the same paths with a fixed body of a bundle's size, under
    // the same load generator: what this machine's loopback, framework and client allow at best.
    const bare = await startBareFastify(sampleBody.length);
    try {
      const base = bare.base;
      const requests = hotPool.map((leaf) => ({ method: 'GET', path: `/verify/${leaf}/proof.json` }));
      await autocannon({ url: base, connections: CONNECTIONS, duration: 2, requests });
      const timed = await answered(
        autocannon({ url: base, connections: CONNECTIONS, duration: PROOF_SECONDS, requests }),
      );
      const { result } = timed;
      const perSecond = rateOf(timed, 200);
      console.log('bare Fastify', { perSecond, p50: result.latency.p50, p99: result.latency.p99 });
      row(
        `Reference, not the service: bare Fastify, fixed ${fmt(sampleBody.length)}-byte body, same paths and client, ${CONNECTIONS} connections`,
        `${fmt(perSecond)} req/s, p50 / p99 ${fmt(result.latency.p50, 1)} / ${fmt(result.latency.p99, 1)} ms`,
        '',
        null,
      );
    } finally {
      bare.stop();
    }
    loadNotes.push(`after: ${loadAverage()}`);
  }

  writeSection(
    'service',
    'Service (`npm run bench:service`)',
    [
      'autocannon on loopback against the built service (`node dist-server/server/index.js`, logger off, embedded dev chain anchoring in the background), SQLite in WAL with `synchronous=FULL`: every 201 is answered after its batch is durably committed (group commit). The benchmark and the service share the same two cores, and other work on the machine moves these figures a lot (the load averages are below). Each timed run is rated by its own answers, from the first to the last (autocannon stops a run of 10 s at a one-second tick, sometimes after 11 s).',
      '',
      'POST /event: commits run on the SQLite commit thread (`server/store/sqlite/commit-thread.ts`), which checkpoints the WAL every 10,000 pages. A commit writes no page at a random place per event: leaves are found by hash through an in-memory index (the table has none on hashes), and wallet links are appended to a log, which a thread of its own indexes by wallet in a file of its own, 16,384 links at a time (docs/architecture.md, "What a commit writes on SQLite"). The batch that gathered during a commit goes to that thread as soon as the commit returns, before its requests are answered. A commit of the 20–30 events that arrive together takes about 0.4 ms on that thread, most of it the fsync of the WAL.',
      '',
      "proof.json: the 1,000,000 leaves are seeded before the service starts, and the root is anchored on the dev chain before measuring. A bundle is built on its first request and its path verified: read from the tree's stored nodes (at most one partial node on any path) and hashed from the leaf up to the anchored root, or up to the deepest node of 64 leaves or more already verified on its path (`server/verified-proof.ts`); the first bundle of each root is also checked whole with `verifyProofBundle`. The many-roots section below measures the same against 1,000 anchored roots. Bundles are then served from a cache of serialized bundles as long as a lookup of the anchored root shows they still target the same root. The paths of first requests that arrive together are hashed on a thread of their own (`server/path-hashing.ts`). The first-request row asks for 100,000 leaves that no earlier run asked for, each once, on the running service after the cached runs. The bare-Fastify row is a ceiling for this machine and client, not a figure of the service.",
      '',
      '| Measure | Result | Target | Met |',
      '| --- | --- | --- | --- |',
      ...table.lines,
      '',
      `Load average (1 / 5 / 15 min) during the run: ${loadNotes.join('; ')}.`,
    ].join('\n'),
  );
  console.log(table.lines.join('\n'));
} finally {
  for (const s of services) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(tmpRoot, { recursive: true, force: true });
}
