/**
 * The built service as a child process for benchmarks: started on a free loopback port with its own
 * DATA_DIR on the embedded dev chain, timed to its first healthy answer, and stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon, { type AutocannonRequest, type AutocannonResult, type AutocannonRun } from 'autocannon';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/free-port.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built service's entry (`npm run build:server` makes it). */
export const SERVICE_ENTRY = path.join(repoRoot, 'dist-server/server/index.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export interface Service {
  child: ChildProcess;
  base: string;
  /** Spawn → the "listening" line. */
  listeningMs: number;
  /** Spawn → the first 200 from /health. */
  healthyMs: number;
}

export async function startService(
  dataDir: string,
  adminKey: string,
  extraEnv: Record<string, string> = {},
): Promise<Service> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DEVCHAIN_PORT') env[k] = v;
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_API_KEY: adminKey,
    EVENTS_PER_MINUTE: '1000000000',
    LOG_REQUESTS: 'false',
    CHAIN: 'dev',
    NODE_ENV: 'production',
    ...extraEnv,
  });
  const started = performance.now();
  const child = spawn(process.execPath, [SERVICE_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let listeningMs = NaN;
  const onData = (data: Buffer) => {
    output += data.toString('utf8');
    if (Number.isNaN(listeningMs) && output.includes('listening on'))
      listeningMs = performance.now() - started;
    if (output.length > 100_000) output = output.slice(-50_000);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // Up to 60 s at 20 ms steps; a start that never answers fails the benchmark.
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) {
        await res.arrayBuffer();
        return { child, base, listeningMs, healthyMs: performance.now() - started };
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`the service did not answer /health within 60 s:\n${output}`);
}

export async function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

export function field(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const k of keys) {
    const next: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, k) : undefined;
    v = next;
  }
  return v;
}

/**
 * Bare Fastify answering `/verify/:leaf/proof.json` with a fixed JSON body of `bodyBytes`: a ceiling
 * for what this machine's loopback, framework and load generator allow, not a figure of the service.
 */
export async function startBareFastify(bodyBytes: number): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const code = [
    "import Fastify from 'fastify';",
    `const body = JSON.stringify({ pad: 'x'.repeat(${Math.max(0, bodyBytes - 10)}) });`,
    'const app = Fastify();',
    "app.get('/verify/:leaf/proof.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));",
    `await app.listen({ host: '127.0.0.1', port: ${port} });`,
    "console.log('listening');",
  ].join('\n');
  const bare = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    bare.stdout.on('data', (data: Buffer) => (data.toString().includes('listening') ? resolve() : undefined));
    bare.once('exit', (exitCode) => reject(new Error(`bare Fastify exited (${exitCode})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => bare.kill('SIGKILL') };
}

/**
 * autocannon's requests for POST /event with `adminKey`, each a distinct CONTRACT_ANCHOR (a new
 * leaf). Give every load of one run the same list, so no two requests repeat a serial number.
 */
export function distinctEventRequests(
  adminKey: string,
  run = randomBytes(4).toString('hex'),
  contract = randomBytes(32).toString('hex'),
): AutocannonRequest[] {
  let serial = 0;
  return [
    {
      method: 'POST',
      path: '/event',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      setupRequest: (request) => {
        serial++;
        request.body = JSON.stringify(benchEvent(run, contract, serial));
        return request;
      },
    },
  ];
}

/** The `serial`-th event (from 1) of `distinctEventRequests(key, run, contract)`: its leaf can be recomputed. */
export function benchEvent(run: string, contract: string, serial: number): Record<string, string> {
  return {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: `bench_wallet_${serial % 1000}`,
    serial_number: `SN-${run}-${serial}`,
    contract_sha256: contract,
  };
}

/** A run's result and how long it answered: from its first answer to its last. */
export interface AnsweredRun {
  result: AutocannonResult;
  seconds: number;
}
/**
 * Waits for `run`, timing it by its answers. autocannon's own `duration` cannot rate a run: it
 * counts building the clients (long with thousands of prebuilt requests), and a run stops at the
 * one-second tick after its time is up, which is sometimes one tick later (runs of 10 s reported
 * 11.01 s and kept answering that long), and a run of `amount` requests ends at the tick after its
 * last answer.
 */
export async function answered(run: AutocannonRun): Promise<AnsweredRun> {
  let first = 0;
  let last = 0;
  run.on('response', () => {
    last = performance.now();
    if (first === 0) first = last;
  });
  const result = await run;
  return { result, seconds: (last - first) / 1000 };
}

/** How many answers of a run had `status`. */
export function countOf(result: AutocannonResult, status: number): number {
  return result.statusCodeStats[String(status)]?.count ?? 0;
}

/** Answers of `status` per second of a run's answering time. */
export function rateOf({ result, seconds }: AnsweredRun, status: number): number {
  return countOf(result, status) / seconds;
}

/** Each of `paths` asked for once with GET, in the order given, over `connections` connections. */
export function eachPathOnce(base: string, paths: readonly string[], connections: number): AutocannonRun {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    amount: paths.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
}
