/**
 * Test-only: runs the command-line verifier (src/cli/zap1-verify.ts) as a person runs it, a real
 * process, and collects its exit code and output; and a temporary folder for the files it reads.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outputOf, type Run } from './child-output.js';

export type { Run };

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(PACKAGE_DIR, 'src', 'cli', 'zap1-verify.ts');
const ZAP1 = path.join(PACKAGE_DIR, 'src', 'cli', 'zap1.ts');

/** Runs the CLI from its sources; `onSpawn` gets its process id at once (before it has read its input). */
export function runCli(args: string[], onSpawn?: (pid: number) => void): Promise<Run> {
  const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', CLI, ...args], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (onSpawn && child.pid !== undefined) onSpawn(child.pid);
  return outputOf(child);
}

/**
 * Runs `zap1 <command> …` from its sources with `env` added (XDG_CONFIG_HOME, say, so a test keeps
 * its config file to itself); `onSpawn` gets the process id at once.
 */
export function runZap1(
  args: string[],
  env: Record<string, string> = {},
  onSpawn?: (pid: number) => void,
): Promise<Run> {
  const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', ZAP1, ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (onSpawn && child.pid !== undefined) onSpawn(child.pid);
  return outputOf(child);
}

export interface Check {
  name: string;
  status: string;
  detail: string;
}

/** `--json` output: the fields the tests read by name, and whatever else the report holds. */
export interface JsonOut {
  verdict: string;
  root: string;
  checks: Check[];
  evidence: { txid: string; height: number; block_hash: string; memo_root: string | null } | null;
  [field: string]: unknown;
}

/** Runs the CLI with `--json` and parses what it printed (an object, or the test fails here). */
export async function runJson(args: string[]): Promise<{ code: number | null; out: JsonOut }> {
  const run = await runCli([...args, '--json']);
  const out: unknown = JSON.parse(run.stdout);
  if (typeof out !== 'object' || out === null) throw new Error(`not an object: ${run.stdout}`);
  return { code: run.code, out: out as JsonOut };
}

/** Each check's status by its name. */
export const statuses = (out: JsonOut): Record<string, string> =>
  Object.fromEntries(out.checks.map((c) => [c.name, c.status]));

/** A fresh temporary folder. */
export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-test-'));
}
