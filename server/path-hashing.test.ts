import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashNode, type PackedPath } from 'zap1';
import { PathHasher } from './path-hashing.js';

const bytes = (seed: number): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i) & 255);

/**
 * A packed path of `length` steps whose sides alternate, with its nodes hashed one by one (packed
 * as the hasher answers them: 32 bytes each, one after another).
 */
function pathOf(seed: number, length: number): { leaf: Uint8Array; path: PackedPath; nodes: Uint8Array } {
  const leaf = bytes(seed);
  const path: PackedPath = { siblings: new Uint8Array(length * 32), siblingOnRight: new Uint8Array(length) };
  const nodes = new Uint8Array(length * 32);
  let node = leaf;
  for (let i = 0; i < length; i++) {
    const sibling = bytes(seed + i + 1);
    const onRight = (seed + i) % 2 === 0;
    path.siblings.set(sibling, i * 32);
    path.siblingOnRight[i] = onRight ? 1 : 0;
    node = onRight ? hashNode(node, sibling) : hashNode(sibling, node);
    nodes.set(node, i * 32);
  }
  return { leaf, path, nodes };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PathHasher', () => {
  it('hashes a path asked for alone here, and paths asked for together on its thread, alike', async () => {
    const hasher = new PathHasher();
    const alone = pathOf(1, 12);
    expect(await hasher.climb(alone.leaf, alone.path)).toEqual(alone.nodes);
    expect(hasher.counts).toEqual({ onThread: 0, here: 1 });
    // Paths of different lengths in one batch, the empty one too: each gets its own nodes back.
    const together = [0, 1, 5, 20, 3].map((length, i) => pathOf(10 * i + 7, length));
    const climbed = await Promise.all(together.map(({ leaf, path }) => hasher.climb(leaf, path)));
    climbed.forEach((nodes, i) => expect(nodes).toEqual(together[i]!.nodes));
    expect(hasher.counts).toEqual({ onThread: 5, here: 1 });
  });

  it('hashes here what its thread was sent, and every later path, once the thread dies', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hasher = new PathHasher(() => new Worker('process.exit(3)', { eval: true }));
    const first = [pathOf(2, 9), pathOf(3, 4)];
    const climbed = await Promise.all(first.map(({ leaf, path }) => hasher.climb(leaf, path)));
    climbed.forEach((nodes, i) => expect(nodes).toEqual(first[i]!.nodes));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('exited (3)'));
    const later = [pathOf(4, 6), pathOf(5, 7)];
    const again = await Promise.all(later.map(({ leaf, path }) => hasher.climb(leaf, path)));
    again.forEach((nodes, i) => expect(nodes).toEqual(later[i]!.nodes));
    expect(hasher.counts).toEqual({ onThread: 0, here: 4 });
  });

  it('hashes here what its thread was sent, and every later path, once the thread stops answering', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Alive, reading its messages, never answering.
    const hasher = new PathHasher(
      () => new Worker("require('node:worker_threads').parentPort.on('message', () => {})", { eval: true }),
      200,
    );
    const first = [pathOf(12, 9), pathOf(13, 4)];
    const climbed = await Promise.all(first.map(({ leaf, path }) => hasher.climb(leaf, path)));
    climbed.forEach((nodes, i) => expect(nodes).toEqual(first[i]!.nodes));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('answered nothing for 0.2 s'));
    expect(hasher.threadFailed).toBe(true);
    const later = [pathOf(14, 6), pathOf(15, 7)];
    const again = await Promise.all(later.map(({ leaf, path }) => hasher.climb(leaf, path)));
    again.forEach((nodes, i) => expect(nodes).toEqual(later[i]!.nodes));
    expect(hasher.counts).toEqual({ onThread: 0, here: 4 });
  });

  it('keeps a thread that is behind but still answering', async () => {
    // Each batch takes it 400 ms, one after another: the third is answered 1.2 s after it was sent,
    // but an answer comes every 400 ms.
    const slowThread = `
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', ({ id, siblings }) => {
        const until = Date.now() + 400;
        while (Date.now() < until);
        const nodes = new Uint8Array(siblings.length);
        parentPort.postMessage({ id, nodes }, [nodes.buffer]);
      });`;
    const hasher = new PathHasher(() => new Worker(slowThread, { eval: true }), 1000);
    const batches: Promise<Uint8Array[]>[] = [];
    for (let b = 0; b < 3; b++) {
      const paths = [pathOf(20 + b, 3), pathOf(30 + b, 5)];
      batches.push(Promise.all(paths.map(({ leaf, path }) => hasher.climb(leaf, path))));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answered = await Promise.all(batches);
    expect(answered.map((batch) => batch.map((nodes) => nodes.length / 32))).toEqual([
      [3, 5],
      [3, 5],
      [3, 5],
    ]);
    expect(hasher.threadFailed).toBe(false);
    expect(hasher.counts).toEqual({ onThread: 6, here: 0 });
  });

  it('hashes here when its thread cannot even be started', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hasher = new PathHasher(() => {
      throw new Error('no threads here');
    });
    const paths = [pathOf(6, 5), pathOf(7, 8)];
    const climbed = await Promise.all(paths.map(({ leaf, path }) => hasher.climb(leaf, path)));
    climbed.forEach((nodes, i) => expect(nodes).toEqual(paths[i]!.nodes));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('could not be used (no threads here)'));
    expect(hasher.counts).toEqual({ onThread: 0, here: 2 });
  });
});
