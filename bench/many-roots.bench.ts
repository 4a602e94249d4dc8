/**
 * Proofs against many anchored roots: the load a service that anchors every few minutes creates,
 * where an auditor asks for any leaf. Part of `npm run bench:service` (after the built service's
 * other figures); the figures go into docs/benchmarks.md (section "many-roots").
 *
 *  (a) 1,000,000 leaves over 1,000 anchored roots, anchored one by one on the development chain
 *      through the service's own anchoring loop (so every root is a real transaction the service's
 *      reorganisation watch finds), then each of 100,000 leaves drawn uniformly asked for once.
 *  (b) A fresh service written with 60,000 events while it anchors about every two seconds, then
 *      proofs of leaves drawn uniformly, against the same process's /health rate.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { leafHash, verifyProofBundle } from 'zap1';
import { startChainRuntime } from '../server/anchor/runtime.js';
import { loadConfig } from '../server/config.js';
import { Ledger } from '../server/ledger.js';
import { openSqliteStore } from '../server/store/sqlite-store.js';
import { appendRandomLeaves } from './seed.js';
import { ResultTable, fmt, loadAverage, writeSection } from './report.js';
import {
  SERVICE_ENTRY,
  answered,
  eachPathOnce,
  benchEvent,
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
const ROOTS = 1_000;
const LEAVES_PER_ROOT = 1_000;
const FIRST_REQUESTS = 100_000;
const WRITTEN_EVENTS = 60_000;
const RUN_SECONDS = 10;
const CONNECTIONS = 50;

const ok = (run: AnsweredRun): number => run.result.statusCodeStats['200']?.count ?? 0;
const table = new ResultTable();
const row = table.row.bind(table);
const notes: string[] = [];

/** Waits until the service's latest anchored root holds `leafCount` leaves (up to `seconds`). */
async function anchoredUpTo(base: string, leafCount: number, seconds: number): Promise<void> {
  for (let waited = 0; waited < seconds * 10; waited++) {
    const status = await getJson(`${base}/anchor/status`);
    if (field(status, 'latest_anchor', 'leaf_count') === leafCount) return;
    await sleep(100);
  }
  throw new Error(`the ${leafCount}-leaf root was not anchored within ${seconds} s`);
}

/**
 * 1,000 roots of 1,000 leaves each, seeded through the store and the ledger, each anchored on the
 * development chain by the anchoring loop before the next thousand leaves are appended.
 */
async function seedAnchoredRoots(dataDir: string): Promise<string[]> {
  const started = performance.now();
  const config = loadConfig({
    DATA_DIR: dataDir,
    CHAIN: 'dev',
    DEVCHAIN_BLOCK_MS: '10',
    ANCHOR_TICK_MS: '10',
    // Nothing anchors by itself: each root is anchored when asked for.
    ANCHOR_MIN_LEAVES: '1000000000',
    ANCHOR_MAX_AGE_S: '31536000',
  });
  const store = openSqliteStore(dataDir);
  const ledger = await Ledger.open(store, { maxBatch: 50_000 });
  const runtime = await startChainRuntime(config, store, ledger, { fault: null });
  const leaves: string[] = [];
  try {
    for (let root = 1; root <= ROOTS; root++) {
      leaves.push(...(await appendRandomLeaves(ledger, LEAVES_PER_ROOT)));
      await runtime.loop.anchorNow();
      for (let waited = 0; (await store.anchors.anchoredRootStats()).count < root; waited++) {
        if (waited > 30_000) throw new Error(`root ${root} was not anchored within 30 s`);
        await sleep(1);
      }
    }
  } finally {
    await runtime.stop();
    await store.close();
  }
  console.log(
    `seeded ${leaves.length} leaves over ${ROOTS} anchored roots in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  return leaves;
}

if (!existsSync(SERVICE_ENTRY))
  throw new Error('dist-server/ is missing: run `npm run bench:service` (it builds first)');
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'zap1-many-roots-'));
const services: Service[] = [];
try {
  // (a) First requests against 1,000 anchored roots.
  {
    const dir = path.join(tmpRoot, 'roots');
    const leaves = await seedAnchoredRoots(dir);
    const service = await startService(dir, ADMIN_KEY);
    services.push(service);
    const stats = await getJson(`${service.base}/stats`);
    const anchoredRoots = Number(field(stats, 'total_anchors'));
    // Spot checks: what is served verifies, against the first anchored root containing the leaf.
    for (const index of [0, 999, 1000, 123_456, 999_999]) {
      const bundle = await getJson(`${service.base}/verify/${leaves[index]!}/proof.json`);
      const verdict = verifyProofBundle(bundle, { expectedLeafHex: leaves[index]! });
      const expectedCount = (Math.floor(index / LEAVES_PER_ROOT) + 1) * LEAVES_PER_ROOT;
      if (!verdict.valid || verdict.leafCount !== expectedCount)
        throw new Error(`bundle of leaf ${index}: ${verdict.error ?? `against ${verdict.leafCount} leaves`}`);
    }
    const drawn = Array.from(
      { length: FIRST_REQUESTS },
      () => `/verify/${leaves[Math.floor(Math.random() * leaves.length)]!}/proof.json`,
    );
    // Distinct leaves only, so every request is a first one.
    const paths = [...new Set(drawn)];
    notes.push(`before first requests: ${loadAverage()}`);
    const run = await answered(eachPathOnce(service.base, paths, CONNECTIONS));
    const perSecond = ok(run) / run.seconds;
    const others = run.result.non2xx + run.result.errors;
    console.log('first requests, many roots', { ok: ok(run), others, seconds: run.seconds, anchoredRoots });
    row(
      `**First request** of GET /verify/{leaf}/proof.json, 1,000,000 leaves over ${fmt(anchoredRoots)} anchored roots: ${fmt(paths.length)} distinct leaves drawn uniformly, each asked for once, ${CONNECTIONS} connections`,
      `${fmt(perSecond)} req/s (${fmt(ok(run))} answered 200 in ${fmt(run.seconds, 2)} s; ${fmt(others)} non-200 or errors)`,
      'at least 10,000 req/s',
      perSecond >= 10_000 && others === 0,
    );
    row(
      '… latency p50 / p99',
      `${fmt(run.result.latency.p50, 1)} / ${fmt(run.result.latency.p99, 1)} ms`,
      'p99 at most 20 ms',
      run.result.latency.p99 <= 20,
    );
    // The ceiling on these two shared cores at this moment: the same process's cheapest answer.
    const healthRun = await answered(
      autocannon({ url: `${service.base}/health`, connections: CONNECTIONS, duration: RUN_SECONDS }),
    );
    const healthRate = ok(healthRun) / healthRun.seconds;
    row(
      "… against the same process's GET /health rate, measured right after",
      `${fmt((perSecond / healthRate) * 100)}% (/health ${fmt(healthRate)} req/s, p99 ${fmt(healthRun.result.latency.p99, 1)} ms)`,
      '',
      null,
    );
    await stopService(service);
  }

  // (b) Written over about 15 s while anchoring about every second, then proofs of any leaf.
  {
    const service = await startService(path.join(tmpRoot, 'cadence'), ADMIN_KEY, {
      ANCHOR_MAX_AGE_S: '1',
      DEVCHAIN_BLOCK_MS: '500',
    });
    services.push(service);
    const runId = randomBytes(4).toString('hex');
    const contract = randomBytes(32).toString('hex');
    const write = await answered(
      autocannon({
        url: service.base,
        connections: CONNECTIONS,
        amount: WRITTEN_EVENTS,
        // The pace of the issue's measurement (60,000 events in 15 s), so that anchors fall between.
        overallRate: WRITTEN_EVENTS / 15,
        requests: distinctEventRequests(ADMIN_KEY, runId, contract),
      }),
    );
    const created = write.result.statusCodeStats['201']?.count ?? 0;
    if (created !== WRITTEN_EVENTS) throw new Error(`${created} of ${WRITTEN_EVENTS} events were created`);
    await anchoredUpTo(service.base, WRITTEN_EVENTS, 60);
    const anchoredRoots = Number(field(await getJson(`${service.base}/stats`), 'total_anchors'));
    const leaves = Array.from({ length: WRITTEN_EVENTS }, (_, i) =>
      leafHash(benchEvent(runId, contract, i + 1)),
    );
    const proofs = () =>
      answered(
        autocannon({
          url: service.base,
          connections: CONNECTIONS,
          duration: RUN_SECONDS,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => {
                request.path = `/verify/${leaves[Math.floor(Math.random() * leaves.length)]!}/proof.json`;
                return request;
              },
            },
          ],
        }),
      );
    const health = () =>
      answered(
        autocannon({ url: `${service.base}/health`, connections: CONNECTIONS, duration: RUN_SECONDS }),
      );
    notes.push(`before proofs after writes: ${loadAverage()}`);
    const proofRun = await proofs();
    const healthRun = await health();
    const proofRate = ok(proofRun) / proofRun.seconds;
    const healthRate = ok(healthRun) / healthRun.seconds;
    const others = proofRun.result.non2xx + proofRun.result.errors;
    console.log('proofs after writes', { proofRate, healthRate, anchoredRoots, others });
    row(
      `${fmt(WRITTEN_EVENTS)} events written in ${fmt(write.seconds, 1)} s while anchoring (${fmt(anchoredRoots)} anchored roots), then GET /verify/{leaf}/proof.json of leaves drawn uniformly, ${CONNECTIONS} connections, ${RUN_SECONDS} s`,
      `${fmt(proofRate)} req/s, p50 / p99 ${fmt(proofRun.result.latency.p50, 1)} / ${fmt(proofRun.result.latency.p99, 1)} ms (${fmt(others)} non-200 or errors)`,
      '',
      null,
    );
    row(
      "… as a share of the same process's GET /health rate",
      `${fmt((proofRate / healthRate) * 100)}% (/health ${fmt(healthRate)} req/s)`,
      'at least 35%',
      proofRate / healthRate >= 0.35 && others === 0,
    );
    await stopService(service);
  }

  writeSection(
    'many-roots',
    'Proofs against many anchored roots (`npm run bench:service`)',
    [
      'The built service on loopback, SQLite, the embedded development chain; autocannon on the same two cores. Every proof is verified before it is served: its path is read from the stored nodes of the tree (at most one partial node, a fold of stored nodes, on any path) and hashed from the leaf up to the anchored root (`server/verified-proof.ts`), or up to the deepest node of 64 leaves or more already verified on its path (`server/verified-upper-paths.ts`, at most 65,536 nodes with the step above each: about 35 MB at most). The paths of proofs asked for in the same turn of the event loop are hashed together on a thread of their own (`server/path-hashing.ts`), and the anchored root a proof targets is found among the anchored roots kept in memory (`server/store/sqlite/roots-by-size.ts`, at most 65,536, some 400 bytes each). Served bundles are cached serialized per leaf, at most 16,384 (about 2 KB each, so about 35 MB at most); a first request does not use that cache.',
      '',
      '| Measure | Result | Target | Met |',
      '| --- | --- | --- | --- |',
      ...table.lines,
      '',
      `Load average (1 / 5 / 15 min): ${notes.join('; ')}.`,
    ].join('\n'),
  );
  console.log(table.lines.join('\n'));
} finally {
  for (const s of services) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(tmpRoot, { recursive: true, force: true });
}
