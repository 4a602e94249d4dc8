/**
 * Kill test: the server as a child process, a stream of writes, SIGKILL mid-stream, restart on the
 * same DATA_DIR. Every acknowledged leaf must be there and the root must match the stored leaves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MerkleTree, merkleRoot } from '../src/core/index.js';
import { openSqliteStore } from './store/sqlite-store.js';
import { ADMIN_KEY, contractEvent, tempDir } from './test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = tempDir();
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<{ child: ChildProcess; url: string; banner: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_API_KEY: ADMIN_KEY,
      CHAIN: 'dev',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, banner: out });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

async function postEvent(url: string, n: number): Promise<string | null> {
  try {
    const res = await fetch(`${url}/event`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(contractEvent(n)),
    });
    if (res.status !== 201 && res.status !== 200) return null;
    const body: unknown = await res.json();
    return typeof body === 'object' &&
      body !== null &&
      'leaf_hash' in body &&
      typeof body.leaf_hash === 'string'
      ? body.leaf_hash
      : null;
  } catch {
    return null; // the connection died with the server: not acknowledged
  }
}

describe('crash safety', () => {
  it('keeps every acknowledged event across SIGKILL, and restarts from stored chunks', async () => {
    const first = await start();
    const acked: string[] = [];
    let next = 0;
    let stop = false;
    const writers = Array.from({ length: 32 }, async () => {
      while (!stop) {
        const leaf = await postEvent(first.url, next++);
        if (leaf !== null) acked.push(leaf);
      }
    });
    // Kill once enough is written to fill a few tree chunks, mid-stream.
    while (acked.length < 3000) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acked.length).toBeGreaterThanOrEqual(3000);

    const second = await start();
    const status = (await (await fetch(`${second.url}/anchor/status`)).json()) as {
      current_root: string;
      leaf_count: number;
    };
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    const store = openSqliteStore(dataDir);
    try {
      const count = store.leafCount();
      const stored = Array.from({ length: count }, (_, i) => store.leafAt(i + 1)!.leafHex);
      const storedSet = new Set(stored);
      expect(acked.filter((l) => !storedSet.has(l))).toEqual([]);
      expect(status.leaf_count).toBe(count);
      expect(status.current_root).toBe(merkleRoot(stored));
      // The restart read the level-0 chunks instead of re-hashing the leaves.
      const fullChunks = Math.floor(count / MerkleTree.CHUNK_NODES);
      for (let c = 0; c < fullChunks; c++)
        expect(store.loadChunk(0, c)?.length).toBe(MerkleTree.CHUNK_NODES * 32);
    } finally {
      store.close();
    }
  }, 120_000);
});
