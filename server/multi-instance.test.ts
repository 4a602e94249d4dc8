/**
 * Several instances on one PostgreSQL database (docs/architecture.md decision 9), each a real
 * service process, anchoring on the development chain running alone (`npm run devchain`), reached
 * as a Zcash node (CHAIN=zcash). The anchorer is killed with SIGKILL while events are written
 * through every instance; nothing acknowledged may be lost or doubled, no root anchored twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootOfMemoHex, verifyProofBundle } from 'zap1';
import { freshDatabaseUrl } from '../test/postgres/database.js';
import { ZcashRpcClient } from 'zap1/node-rpc';
import {
  contractEvent,
  postContractEvent,
  startServiceProcess,
  tempDir,
  type ServiceProcess,
} from './test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

interface DevChainProcess {
  url: string;
  user: string;
  password: string;
  walletAddress: string;
}

/** `npm run devchain`'s entry as a child process; resolves with the JSON line it prints. */
function startDevChainProcess(): Promise<DevChainProcess> {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--conditions=zap1-source', '--import', 'tsx', 'devchain/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DEVCHAIN_BLOCK_MS: '150', DEVCHAIN_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev chain did not start: ${out}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (!out.includes('\n') || !line) return;
      clearTimeout(timer);
      const info: unknown = JSON.parse(line);
      const { url, user, password, wallet_address: walletAddress } = info as Record<string, string>;
      if (!url || !user || !password || !walletAddress)
        reject(new Error(`unexpected dev chain line: ${line}`));
      else resolve({ url, user, password, walletAddress });
    });
    child.on('exit', (code) => reject(new Error(`dev chain exited (${code}): ${out}`)));
  });
}

async function json(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, init);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} did not answer an object`);
  return { status: res.status, body: Object.fromEntries(Object.entries(body)) };
}

async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // An instance starting or going away: ask again.
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function isAnchorer(instance: ServiceProcess): Promise<boolean> {
  return (await json(`${instance.url}/health`)).body['anchorer'] === true;
}

/** Every event in the feed, oldest first, following the Link header page by page. */
async function allEvents(url: string): Promise<{ leaf_hash: string; position: number }[]> {
  const events: { leaf_hash: string; position: number }[] = [];
  let next: string | null = '/events?limit=200&include=position';
  while (next) {
    const res = await fetch(`${url}${next}`);
    const body = (await res.json()) as { events: { leaf_hash: string; position: number }[] };
    events.push(...body.events.map((e) => ({ leaf_hash: e.leaf_hash, position: e.position })));
    next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return events.reverse();
}

async function history(url: string): Promise<{ root: string; txid: string; leaf_count: number }[]> {
  const { body } = await json(`${url}/anchor/history?limit=200`);
  return body['anchors'] as { root: string; txid: string; leaf_count: number }[];
}

let chain: DevChainProcess;

beforeAll(async () => {
  chain = await startDevChainProcess();
}, 60_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Starts one instance on `databaseUrl`, anchoring through the standalone dev chain. */
function startInstance(
  databaseUrl: string,
  instanceId: string,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const dir = tempDir();
  dirs.push(dir);
  return startServiceProcess(
    dir,
    {
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: instanceId,
      CHAIN: 'zcash',
      ZCASH_RPC_URL: chain.url,
      ZCASH_RPC_USER: chain.user,
      ZCASH_RPC_PASSWORD: chain.password,
      ANCHOR_FROM_ADDRESS: chain.walletAddress,
      ANCHOR_TICK_MS: '100',
      ANCHOR_MIN_LEAVES: '1',
      ANCHOR_MAX_AGE_S: '1',
      DEVCHAIN_PORT: undefined,
      DEVCHAIN_BLOCK_MS: undefined,
      ANCHOR_FAULT: undefined,
      ...env,
    },
    children,
  );
}

describe('three instances on one PostgreSQL database', () => {
  it('spend a trial key quota of 30 at most 30 times, and share the per-address and per-minute limits', async () => {
    const db = await freshDatabaseUrl();
    const limits = { TRIAL_KEY_QUOTA: '30', EVENTS_PER_MINUTE: '40', TRIAL_KEYS_PER_HOUR: '2' };
    // Started together on an empty database: the migrations run once, and all three come up.
    const instances = await Promise.all(['q1', 'q2', 'q3'].map((id) => startInstance(db, id, limits)));

    const issued = await json(`${instances[0]?.url}/trial-key`, { method: 'POST' });
    expect(issued.status).toBe(201);
    const key = String(issued.body['key']);

    // 45 events at once, 15 through each instance: the rate window lets 40 through, the quota 30.
    const statuses = await Promise.all(
      Array.from({ length: 45 }, async (_, i) => {
        const res = await fetch(`${instances[i % 3]?.url}/event`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(contractEvent(1000 + i)),
        });
        return res.status;
      }),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect(count(201)).toBe(30);
    expect(count(403)).toBe(10);
    expect(count(429)).toBe(5);
    const used = await json(`${instances[2]?.url}/key`, { headers: { authorization: `Bearer ${key}` } });
    expect(used.body).toMatchObject({ quota: 30, used: 30 });

    // Two trial keys an hour per address, whichever instance is asked.
    expect((await fetch(`${instances[1]?.url}/trial-key`, { method: 'POST' })).status).toBe(201);
    const third = await fetch(`${instances[2]?.url}/trial-key`, { method: 'POST' });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);

    for (const instance of instances) instance.child.kill('SIGTERM');
    for (const instance of instances) expect((await instance.exited).code).toBe(0);
  }, 90_000);

  it('lose nothing and anchor every root once when the anchorer is killed mid-run', async () => {
    const db = await freshDatabaseUrl();
    const instances = await Promise.all(['a1', 'a2', 'a3'].map((id) => startInstance(db, id)));
    await waitUntil(
      async () => (await Promise.all(instances.map(isAnchorer))).filter(Boolean).length === 1,
      'one anchorer among the three',
      15_000,
    );
    const flags = await Promise.all(instances.map(isAnchorer));
    const anchorerIndex = flags.indexOf(true);
    expect(flags.filter(Boolean)).toHaveLength(1);

    // Writes through every instance at once: each writer sends 5 at a time.
    const acked: string[] = [];
    let next = 0;
    const write = async (urls: () => string[], rounds: number): Promise<void> => {
      for (let round = 0; round < rounds; round++) {
        const batch = urls().flatMap((url) =>
          Array.from({ length: 5 }, () => postContractEvent(url, next++, [201])),
        );
        for (const leaf of await Promise.all(batch)) if (leaf) acked.push(leaf);
      }
    };
    const everyUrl = () => instances.map((i) => i.url);
    await write(everyUrl, 3);
    await waitUntil(
      async () => (await history(instances[0]?.url ?? '')).length > 0,
      'a first anchor',
      30_000,
    );

    // Kill the anchorer while writes go on through all three, with an anchor in flight.
    const victim = instances[anchorerIndex];
    if (!victim) throw new Error('no anchorer');
    // Writing goes on until an anchor was seen in flight (six rounds at least), so a poll that
    // missed the anchors of the first rounds still has later ones to catch.
    let inFlightSeen = false;
    const writing = (async () => {
      for (let round = 0; round < 6 || (!inFlightSeen && round < 200); round++) await write(everyUrl, 1);
    })();
    await waitUntil(
      async () => {
        inFlightSeen = (await json(`${victim.url}/anchor/status`)).body['in_flight'] !== null;
        return inFlightSeen;
      },
      'an anchor in flight',
      20_000,
    );
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect((await victim.exited).signal).toBe('SIGKILL');
    await writing;
    const survivors = instances.filter((_, i) => i !== anchorerIndex);
    await write(() => survivors.map((s) => s.url), 2);

    // Another instance takes over within 30 s…
    await waitUntil(
      async () => (await Promise.all(survivors.map(isAnchorer))).some(Boolean),
      'a new anchorer',
      30_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    // …and anchors everything, finishing or re-checking the attempt the dead one left.
    await waitUntil(
      async () => {
        const status = await json(`${survivors[0]?.url}/anchor/status`);
        return status.body['in_flight'] === null && status.body['unanchored_leaves'] === 0;
      },
      'every leaf anchored after the takeover',
      90_000,
    );

    // The killed instance, restarted, catches up with the same tree.
    const restarted = await startInstance(db, 'a1-restarted');
    const all = [...survivors, restarted];

    // Every acknowledged event once; positions 0…N−1 without a gap.
    const events = await allEvents(survivors[1]?.url ?? '');
    const hashes = events.map((e) => e.leaf_hash);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const leaf of acked) expect(hashes).toContain(leaf);
    expect(events.map((e) => e.position)).toEqual(events.map((_, i) => i));

    // Every root once, identical on every instance, the last one covering every leaf.
    const histories = await Promise.all(all.map((i) => history(i.url)));
    const roots = histories[0] ?? [];
    for (const other of histories) expect(other).toEqual(roots);
    expect(new Set(roots.map((r) => r.root)).size).toBe(roots.length);
    expect(roots.map((r) => r.leaf_count)).toEqual([...roots.map((r) => r.leaf_count)].sort((a, b) => a - b));
    expect(roots.at(-1)?.leaf_count).toBe(events.length);
    const statuses = await Promise.all(all.map((i) => json(`${i.url}/anchor/status`)));
    for (const s of statuses) {
      expect(s.body['current_root']).toBe(roots.at(-1)?.root);
      expect(s.body['leaf_count']).toBe(events.length);
    }

    // On the chain: one memo per root, in the transaction the history names.
    const rpc = new ZcashRpcClient({ url: chain.url, user: chain.user, password: chain.password });
    const byRoot = new Map<string, string[]>();
    for (const note of await rpc.zListReceivedByAddress(chain.walletAddress, 0)) {
      const root = rootOfMemoHex(note.memo);
      if (root) byRoot.set(root, [...(byRoot.get(root) ?? []), note.txid.toLowerCase()]);
    }
    for (const r of roots) expect(byRoot.get(r.root)).toEqual([r.txid]);

    // Proof bundles from any instance verify, against an anchored root.
    const anchoredRoots = new Set(roots.map((r) => r.root));
    for (const [i, leaf] of acked.entries()) {
      if (i % 5 !== 0) continue;
      const instance = all[i % all.length];
      const bundle: unknown = await (await fetch(`${instance?.url}/verify/${leaf}/proof.json`)).json();
      const verdict = verifyProofBundle(bundle, { expectedLeafHex: leaf });
      expect(verdict.valid, `bundle of ${leaf} from ${instance?.url}`).toBe(true);
      expect(verdict.anchor?.txid).toMatch(/^[0-9a-f]{64}$/);
      expect(anchoredRoots.has(verdict.rootHex ?? '')).toBe(true);
    }

    // A leaf written through one instance reads through another at once (no waiting for a notification).
    const fresh = await postContractEvent(all[0]?.url ?? '', 99_999, [201]);
    expect(fresh).not.toBeNull();
    const check = await json(`${all[2]?.url}/verify/${fresh}/check`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, position: events.length });
  }, 240_000);
});
