/**
 * Test-only: runs the command-line verifier (cli/zap1-verify.ts) as a person runs it, a real
 * process started from the repository root, and collects its exit code and output. Kept in test/
 * because the server build compiles every file under cli/ but its tests.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { MANUAL_BLOCKS, startHarness, type AnchorHarness } from '../server/anchor/test-helpers.js';
import { outputOf, type Run } from './child-output.js';
import { REPO_ROOT } from './vectors.js';

export type { Run };

/** Runs the CLI; `onSpawn` gets its process id at once (before it has read its input). */
export function runCli(args: string[], onSpawn?: (pid: number) => void): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--conditions=zap1-source', '--import', 'tsx', path.join(REPO_ROOT, 'cli/zap1-verify.ts'), ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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

/**
 * The service on the development chain for the CLI to ask: listening on a port, anchoring one leaf
 * at a time, with blocks only when a test mines one. `node` is the chain's node with the
 * credentials of an auditor allowed to read it (what `--rpc` is given).
 */
export async function startListeningService(): Promise<{ h: AnchorHarness; service: string; node: string }> {
  const h = await startHarness({
    DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS,
    ANCHOR_MIN_LEAVES: '1',
    ZCASH_RPC_USER: 'auditor',
    ZCASH_RPC_PASSWORD: 'auditor-password',
  });
  const service = new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).origin;
  const node = new URL(h.devChain.url);
  node.username = 'auditor';
  node.password = 'auditor-password';
  return { h, service, node: node.href };
}
