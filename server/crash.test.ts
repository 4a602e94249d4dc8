/**
 * Kill test: the server as a child process, a stream of writes, SIGKILL mid-stream, restart on the
 * same DATA_DIR. Every acknowledged leaf must be there and the root must match the stored leaves.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import { merkleRoot } from 'zap1/testing';
import { openSqliteStore } from './store/sqlite-store.js';
import { postContractEvent, startServiceProcess, tempDir, type ServiceProcess } from './test-helpers.js';

const dataDir = tempDir();
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = (): Promise<ServiceProcess> => startServiceProcess(dataDir, {}, children);

// The connection dying with the server counts as not acknowledged.
const postEvent = (url: string, n: number): Promise<string | null> => postContractEvent(url, n, [201, 200]);

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
      const count = await store.leaves.leafCount();
      const stored = Buffer.from(await store.leaves.leafBytes(1, count))
        .toString('hex')
        .match(/.{64}/g)!;
      const storedSet = new Set(stored);
      expect(acked.filter((l) => !storedSet.has(l))).toEqual([]);
      expect(status.leaf_count).toBe(count);
      expect(status.current_root).toBe(merkleRoot(stored));
      // The restart read the level-0 chunks instead of re-hashing the leaves.
      const fullChunks = Math.floor(count / MerkleTree.CHUNK_NODES);
      const levelZero = (await store.leaves.loadChunks()).filter((c) => c.level === 0);
      expect(levelZero.map((c) => [c.index, c.bytes.length])).toEqual(
        Array.from({ length: fullChunks }, (_, c) => [c, MerkleTree.CHUNK_NODES * 32]),
      );
    } finally {
      await store.close();
    }
  }, 120_000);
});
