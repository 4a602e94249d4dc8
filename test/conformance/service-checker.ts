/**
 * Runs the reference's API checker (vendor/check_api.py, kept unchanged) against this
 * service: starts it on the embedded defaults (development chain, SQLite in a temporary folder),
 * records one event and waits until it is anchored (so every check has something to look at:
 * /events items, /verify, the operator's QR page), runs the checker, stops the service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
export const CHECKER = path.join(HERE, 'vendor', 'check_api.py');

export interface CheckerRun {
  /** The checker's exit code: 0 when every check passed. */
  code: number;
  /** What the checker printed (one `pass`, `FAIL` or `skip` line per check, then the totals). */
  output: string;
}

export interface ConformanceOptions {
  /** Run the built service (dist-server) rather than the TypeScript source. */
  built: boolean;
  /** Settings beside the defaults, e.g. faster blocks for a test. */
  env?: Record<string, string>;
}

/** Runs `python3 <args>` and collects its output (the checker uses only Python's standard library). */
export function runPython(args: string[], env: Record<string, string> = {}): Promise<CheckerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Starts the service and resolves with its origin once it prints where it listens. */
function startService(
  options: ConformanceOptions,
  dataDir: string,
  adminKey: string,
): { child: ChildProcess; url: Promise<string> } {
  const entry = options.built
    ? ['dist-server/server/index.js']
    : ['--conditions=zap1-source', '--import', 'tsx', 'server/index.ts'];
  if (options.built && !fs.existsSync(path.join(REPO_ROOT, entry[0] ?? ''))) {
    throw new Error('no built service: run `npm run build` first');
  }
  // Only these settings: whatever the calling shell exports (DATABASE_URL, UPSTREAM_URL…) stays out.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: adminKey,
    ...options.env,
  };
  const child = spawn(process.execPath, entry, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const match = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, url };
}

/** Records one contract-anchor event and waits until its root is anchored. */
async function seedAnchoredEvent(url: string, adminKey: string): Promise<void> {
  const res = await fetch(`${url}/event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: 'conformance_wallet',
      serial_number: 'CONFORMANCE-1',
      contract_sha256: 'c'.repeat(64),
    }),
  });
  if (res.status !== 201) throw new Error(`POST /event answered ${res.status}: ${await res.text()}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${url}/anchor/status`)).json()) as { needs_anchor?: unknown };
    if (status.needs_anchor === false) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the event was not anchored within 60 s');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the service, runs the checker against it with the operator key, stops the service. */
export async function runConformance(options: ConformanceOptions): Promise<CheckerRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-conformance-'));
  const adminKey = `conformance-${randomBytes(16).toString('hex')}`;
  const service = startService(options, dataDir, adminKey);
  try {
    const url = await service.url;
    await seedAnchoredEvent(url, adminKey);
    return await runPython([CHECKER, url], {
      ZAP1_ADMIN_API_KEY: adminKey,
      // The operator checks (the QR page) must run, not be skipped for want of a key.
      ZAP1_REQUIRE_AUTHENTICATED_ADMIN_CHECKS: 'true',
    });
  } finally {
    await stop(service.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
