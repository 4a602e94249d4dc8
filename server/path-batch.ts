/**
 * Proof paths packed for hashing together (path-hashing.ts): the same few bytes whether they are
 * hashed on the event loop or sent to the hashing thread (path-hash-worker.ts) in one message.
 */
import { hashNode, type PackedPath } from 'zap1';

/** Paths in one batch: leaf i's steps follow leaf i-1's in `siblings` and `siblingOnRight`. */
export interface PathBatch {
  /** The 32-byte leaf hashes, one after another. */
  leaves: Uint8Array<ArrayBuffer>;
  /** The steps' 32-byte sibling hashes, leaf level first, path after path. */
  siblings: Uint8Array<ArrayBuffer>;
  /** 1 where the step's sibling is on the right (the node is the left child), else 0. */
  siblingOnRight: Uint8Array<ArrayBuffer>;
  /** How many steps each path has. */
  lengths: Uint32Array<ArrayBuffer>;
}

/** Packs paths (leaf with its packed steps, `MerkleTree.inclusionSiblings`) into one batch. */
export function packPaths(paths: ReadonlyArray<{ leaf: Uint8Array; path: PackedPath }>): PathBatch {
  let steps = 0;
  for (const { path } of paths) steps += path.siblingOnRight.length;
  const batch: PathBatch = {
    leaves: new Uint8Array(paths.length * 32),
    siblings: new Uint8Array(steps * 32),
    siblingOnRight: new Uint8Array(steps),
    lengths: new Uint32Array(paths.length),
  };
  let step = 0;
  paths.forEach(({ leaf, path }, i) => {
    batch.leaves.set(leaf, i * 32);
    batch.lengths[i] = path.siblingOnRight.length;
    batch.siblings.set(path.siblings, step * 32);
    batch.siblingOnRight.set(path.siblingOnRight, step);
    step += path.siblingOnRight.length;
  });
  return batch;
}

/** Hashes every path of `batch` up from its leaf: the node after each step, at that step's offset. */
export function hashPaths(batch: PathBatch): Uint8Array<ArrayBuffer> {
  const nodes = new Uint8Array(batch.siblings.length);
  let step = 0;
  batch.lengths.forEach((length, i) => {
    let node: Uint8Array = batch.leaves.subarray(i * 32, i * 32 + 32);
    for (const end = step + length; step < end; step++) {
      const sibling = batch.siblings.subarray(step * 32, step * 32 + 32);
      node = batch.siblingOnRight[step] === 1 ? hashNode(node, sibling) : hashNode(sibling, node);
      nodes.set(node, step * 32);
    }
  });
  return nodes;
}

/**
 * `hashPaths`' result split by path, given the batch's `lengths`: each path's nodes, leaf level
 * first, 32 bytes each (views, not copies).
 */
export function nodesByPath(lengths: Uint32Array, nodes: Uint8Array): Uint8Array[] {
  let step = 0;
  return Array.from(lengths, (length) => {
    const first = step;
    step += length;
    return nodes.subarray(first * 32, step * 32);
  });
}
