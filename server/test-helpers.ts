/** Shared test setup: a real SQLite store in a temp dir and the app built on it (no port). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type BuildAppOptions } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openSqliteStore, type SqliteStore } from './store/sqlite-store.js';
import { eventSpec, fieldSpec, isWriteApiEventType } from 'zap1';

export const ADMIN_KEY = 'test-operator-key-0123456789';
export const HEX_A = 'a'.repeat(64);
export const HEX_B = 'b'.repeat(64);

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-test-'));
}

/** A real SQLite store in a fresh temp dir (for store-level tests; `makeTestApp` for HTTP ones). */
export function openTempStore(): { dir: string; store: SqliteStore } {
  const dir = tempDir();
  return { dir, store: openSqliteStore(dir) };
}

/** Closes `store` (the last one opened on `dir`, if a test reopened it) and deletes the dir. */
export async function removeTempStore(dir: string, store: SqliteStore): Promise<void> {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface TestApp {
  app: FastifyInstance;
  store: SqliteStore;
  config: Config;
  dir: string;
  close: () => Promise<void>;
}

export async function makeTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<BuildAppOptions, 'config' | 'store'>> = {},
): Promise<TestApp> {
  const dir = tempDir();
  const config = loadConfig({ DATA_DIR: dir, ADMIN_API_KEY: ADMIN_KEY, ...env });
  const store = openSqliteStore(dir);
  const app = await buildApp({ config, store, ...options });
  await app.ready();
  return {
    app,
    store,
    config,
    dir,
    close: async () => {
      await app.close();
      await removeTempStore(dir, store);
    },
  };
}

/** Row counts of every table, read straight from the database file (to assert "nothing written"). */
export function tableCounts(dir: string): Record<string, number> {
  const db = new Database(path.join(dir, 'zap1.sqlite'), { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const t of tables)
      counts[t] = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM "${t}"`).get()?.n ?? -1;
    // Quota spending changes a row, not a count.
    counts['api_keys.used'] =
      db.prepare<[], { n: number | null }>('SELECT SUM(used) AS n FROM api_keys').get()?.n ?? 0;
    return counts;
  } finally {
    db.close();
  }
}

export const operator = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };

/**
 * A valid POST /event body of `type`, unique per `n`, made from the event table: each required
 * field gets a value of its kind (an agent's id is its wallet, as the subject rule wants).
 */
export function validEvent(type: string, n = 0): Record<string, unknown> {
  if (!isWriteApiEventType(type)) throw new Error(`no fixture for ${type}`);
  const wallet = `wallet_${n}`;
  const body: Record<string, unknown> = { event_type: type, wallet_hash: wallet };
  for (const field of eventSpec(type).required) {
    const spec = fieldSpec(field);
    if (field === 'agent_id') body[field] = wallet;
    else if (spec.kind === 'identifier') body[field] = `${field}_${n}`;
    else if (spec.kind === 'text') body[field] = `${field.toUpperCase()}-${n}`;
    else if (spec.kind === 'hash') body[field] = n % 2 === 0 ? HEX_A : HEX_B;
    else body[field] = Math.min((spec.range?.min ?? 0) + n, spec.range?.max ?? Number.MAX_SAFE_INTEGER);
  }
  return body;
}

/** Contract-anchor body unique per `n`. */
export function contractEvent(n: number, wallet = `wallet_${n}`): Record<string, unknown> {
  return {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: wallet,
    serial_number: `S-${n}`,
    contract_sha256: HEX_A,
  };
}

/** Submits `contractEvent(n)` as the operator through `t.app.inject`, expects 201; the new leaf hash. */
export async function submitContractEvent(t: TestApp, n: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/event',
    headers: operator,
    payload: contractEvent(n),
  });
  expect(res.statusCode).toBe(201);
  const leaf: unknown = res.json().leaf_hash;
  if (typeof leaf !== 'string') throw new Error('no leaf_hash');
  return leaf;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The service running as a child process (for kill and restart tests). */
export interface ServiceProcess {
  child: ChildProcess;
  /** Origin it listens on, e.g. `http://127.0.0.1:40123`. */
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * Starts `server/index.ts` as a child process on the development chain, on a free port of
 * 127.0.0.1 with `dataDir`, and resolves once it prints where it listens. `env` overrides the
 * defaults; an `undefined` value removes a variable inherited from this process. The child goes
 * into `children` at once, so the caller can kill it even when it never comes up.
 */
export function startServiceProcess(
  dataDir: string,
  env: Record<string, string | undefined>,
  children: ChildProcess[],
): Promise<ServiceProcess> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_API_KEY: ADMIN_KEY,
    CHAIN: 'dev',
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${out}`)), 30_000);
    const onData = (): void => {
      const match = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ child, url: match[1], exited, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code ?? signal}) before listening: ${out}`));
    });
  });
}

/**
 * POSTs `contractEvent(n)` as the operator to a running service: the leaf hash when answered with
 * one of `acknowledged`, null otherwise or when the connection died with the service.
 */
export async function postContractEvent(
  url: string,
  n: number,
  acknowledged: readonly number[] = [201],
): Promise<string | null> {
  try {
    const res = await fetch(`${url}/event`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(contractEvent(n)),
    });
    if (!acknowledged.includes(res.status)) return null;
    const body: unknown = await res.json();
    return typeof body === 'object' &&
      body !== null &&
      'leaf_hash' in body &&
      typeof body.leaf_hash === 'string'
      ? body.leaf_hash
      : null;
  } catch {
    return null; // not acknowledged
  }
}

/** A log stream for an app under test, and the JSON lines written to it so far. */
export function capturedLog(): { logStream: PassThrough; lines: string[] } {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.setEncoding('utf8');
  logStream.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter((l) => l !== '')));
  return { logStream, lines };
}
