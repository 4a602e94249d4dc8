/**
 * Incremental, append-only ZAP1 Merkle tree (docs/protocol.md 3.1, docs/architecture.md decision 5 and "The tree in
 * the service").
 *
 * The carry-up tree of docs/protocol.md 3.1 has the shape of an RFC 6962 tree: the raw root of any size m
 * is the fold of the complete subtrees ("peaks") that the binary digits of m describe. So only
 * completed nodes are kept: level k node i is the root of leaves [i*2^k, (i+1)*2^k), and a level of
 * a tree of n leaves holds floor(n / 2^k) of them. Every other node (the right edge of a smaller
 * tree) is a fold of O(log n) completed nodes. Nodes live in chunks of CHUNK_NODES * 32 bytes per
 * level, so a completed chunk never changes and can be persisted as is.
 */
import { EMPTY_ROOT_HEX, commitRoot, hashNode } from './hash.js';
import { parseHash, toHex } from './hex.js';

/** One proof step: the sibling hash and the sibling's side (docs/protocol.md 3.3). */
export interface ProofStep {
  hash: string;
  position: 'left' | 'right';
}

const NODE_BYTES = 32;
const CHUNK_NODES = 1024;
const CHUNK_BYTES = CHUNK_NODES * NODE_BYTES;

/** A completed storage chunk: CHUNK_NODES nodes of one level, node i of the chunk at bytes [32i, 32i+32). */
export interface TreeChunk {
  level: number;
  index: number;
  bytes: Uint8Array;
}

/** Loads stored chunk `chunkIndex` of `level` holding `nodeCount` nodes (see `MerkleTree.restore`). */
export type ChunkLoader = (level: number, chunkIndex: number, nodeCount: number) => Uint8Array | undefined;

function checkInteger(value: number, name: string, min: number, max: number): void {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(
      max < min
        ? `${name} is out of range: the tree is empty`
        : `${name} must be an integer from ${min} to ${max}`,
    );
  }
}

/** The largest power of two strictly below n (n >= 2): the split point of RFC 6962's MTH. */
function splitPoint(n: number): number {
  // A proof walks some twenty of these: one count of leading zeros each, not a loop, below 2^32.
  if (n <= 2 ** 31) return 1 << (31 - Math.clz32(n - 1));
  let k = 2 ** 30;
  while (k * 2 < n) k *= 2;
  return k;
}

/** log2(width) when `width` is a power of two (a complete node's level), else -1. */
function completeLevel(width: number): number {
  if (width < 2 ** 31) return (width & (width - 1)) === 0 ? 31 - Math.clz32(width) : -1;
  // log2 of a width just above a large power of two can round to an integer: checked exactly.
  const level = Math.log2(width);
  return Number.isInteger(level) && 2 ** level === width ? level : -1;
}

/**
 * The ranges of leaves [start, end) whose nodes lie on the path from leaf `index` to the root of the
 * first `size` leaves, from the root's own range down to the leaf's parent's: the ranges
 * `inclusionPath` walks, found by arithmetic alone (nothing is read or hashed).
 */
export function inclusionRanges(index: number, size: number): Array<{ start: number; end: number }> {
  checkInteger(size, 'size', 1, Number.MAX_SAFE_INTEGER);
  checkInteger(index, 'index', 0, size - 1);
  const ranges: Array<{ start: number; end: number }> = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    ranges.push({ start, end });
    const k = splitPoint(end - start);
    if (index < start + k) end = start + k;
    else start += k;
  }
  return ranges;
}

/** Whether `range` is one of `inclusionRanges(index, size)` (the same walk, nothing allocated). */
function isOnPath(index: number, size: number, range: { start: number; end: number }): boolean {
  let start = 0;
  let end = size;
  while (end - start > 1) {
    if (start === range.start && end === range.end) return true;
    const k = splitPoint(end - start);
    if (index < start + k) end = start + k;
    else start += k;
  }
  return false;
}

/** How many folds of partial ranges a tree keeps (32 bytes and a key each). */
const MAX_FOLDS = 4096;

/** Incremental ZAP1 Merkle tree over 32-byte leaves; all hashes in and out are lowercase hex. */
export class MerkleTree {
  /** Nodes per storage chunk (32 KiB of node hashes). */
  static readonly CHUNK_NODES: number = CHUNK_NODES;

  /** #levels[k][c] is chunk c of level k. */
  #levels: Uint8Array[][] = [];
  #size = 0;
  /** Chunks completed since the last `takeNewFullChunks()`, in completion order. */
  #pending: { level: number; index: number }[] = [];
  /**
   * Folds of partial ranges, keyed "start:end": the root of leaves
   * [start, end) never changes once they are in the tree, and every proof of a leaf left of a
   * partial right-hand sibling hashes the same fold. Bounded; emptied when full.
   */
  #folds = new Map<string, Uint8Array>();

  /** Number of leaves. */
  get size(): number {
    return this.#size;
  }

  #node(level: number, index: number): Uint8Array {
    const chunk = this.#levels[level]?.[Math.floor(index / CHUNK_NODES)];
    if (chunk === undefined) throw new Error(`internal: node ${index} of level ${level} is missing`);
    const offset = (index % CHUNK_NODES) * NODE_BYTES;
    return chunk.subarray(offset, offset + NODE_BYTES);
  }

  #setNode(level: number, index: number, node: Uint8Array): void {
    const chunks = (this.#levels[level] ??= []);
    const chunkIndex = Math.floor(index / CHUNK_NODES);
    const chunk = (chunks[chunkIndex] ??= new Uint8Array(CHUNK_BYTES));
    const slot = index % CHUNK_NODES;
    chunk.set(node, slot * NODE_BYTES);
    if (slot === CHUNK_NODES - 1) this.#pending.push({ level, index: chunkIndex });
  }

  /**
   * Raw root of leaves [start, end), a node of the RFC 6962-shaped tree: `start` is aligned to the
   * power of two at or above `end - start`, so the range splits into completed nodes, largest first.
   */
  #rangeRoot(start: number, end: number): Uint8Array {
    const width = end - start;
    // A complete node (most siblings on a path): stored, read at once.
    const complete = completeLevel(width);
    if (complete >= 0) return this.#node(complete, start / width);
    let power = 1;
    let level = 0;
    while (power * 2 <= width) {
      power *= 2;
      level++;
    }
    const key = `${start}:${end}`;
    const folded = this.#folds.get(key);
    if (folded !== undefined) return folded;
    const peaks: Uint8Array[] = [];
    let position = start;
    for (; level >= 0; level--, power /= 2) {
      if (Math.floor(width / power) % 2 === 1) {
        peaks.push(this.#node(level, position / power));
        position += power;
      }
    }
    // Carry-up means the smaller right-hand peaks combine first.
    let acc = peaks[peaks.length - 1]!;
    for (let i = peaks.length - 2; i >= 0; i--) acc = hashNode(peaks[i]!, acc);
    if (this.#folds.size >= MAX_FOLDS) this.#folds.clear();
    this.#folds.set(key, acc);
    return acc;
  }

  /**
   * Appends a leaf hash (64 lowercase hex) and returns its index. O(log n) (amortised one node hash).
   * docs/protocol.md 3.1.
   */
  append(leafHex: string): number {
    return this.appendBytes(parseHash(leafHex, 'leafHex'));
  }

  /** Appends a 32-byte leaf hash and returns its index (docs/protocol.md 3.1). */
  appendBytes(leaf: Uint8Array): number {
    if (!(leaf instanceof Uint8Array)) throw new TypeError('leaf must be a Uint8Array');
    if (leaf.length !== NODE_BYTES) throw new RangeError('leaf must be 32 bytes');
    if (this.#size >= Number.MAX_SAFE_INTEGER) throw new RangeError('the tree is full');
    const index = this.#size;
    this.#setNode(0, index, leaf);
    // Each odd index completes its parent; climb while that keeps happening.
    let node: Uint8Array = leaf;
    let i = index;
    let level = 0;
    while (i % 2 === 1) {
      node = hashNode(this.#node(level, i - 1), node);
      level++;
      i = (i - 1) / 2;
      this.#setNode(level, i, node);
    }
    this.#size = index + 1;
    return index;
  }

  /** The leaf hash at `index` as lowercase hex. */
  leafHex(index: number): string {
    checkInteger(index, 'index', 0, this.#size - 1);
    return toHex(this.#node(0, index));
  }

  /**
   * The completed node at `level`, `index` as lowercase hex: the raw root of leaves
   * [index * 2^level, (index + 1) * 2^level), all of which must be in the tree. O(1), no hashing.
   */
  nodeHex(level: number, index: number): string {
    return toHex(this.nodeBytes(level, index));
  }

  /** The completed node at `level`, `index` (see `nodeHex`) as a 32-byte view; read it, never write it. */
  nodeBytes(level: number, index: number): Uint8Array {
    checkInteger(level, 'level', 0, 52);
    checkInteger(index, 'index', 0, Math.floor(this.#size / 2 ** level) - 1);
    return this.#node(level, index);
  }

  /**
   * Raw (uncommitted, carry-up) root of the first `size` leaves (default: all); 32 zero bytes for 0.
   * O(log n). docs/protocol.md 3.1.
   */
  rawRoot(size: number = this.#size): Uint8Array {
    checkInteger(size, 'size', 0, this.#size);
    if (size === 0) return new Uint8Array(NODE_BYTES);
    return new Uint8Array(this.#rangeRoot(0, size));
  }

  /**
   * Committed root `H_root(size, raw)` of the first `size` leaves (default: all); `EMPTY_ROOT_HEX`
   * for 0. O(log n). docs/protocol.md 3.1.
   */
  root(size: number = this.#size): string {
    checkInteger(size, 'size', 0, this.#size);
    if (size === 0) return EMPTY_ROOT_HEX;
    return toHex(commitRoot(size, this.#rangeRoot(0, size)));
  }

  /**
   * Inclusion proof of leaf `index` in the tree of the first `size` leaves (default: all), leaf level
   * first, with no step where the node is carried up: exactly docs/protocol.md 3.3's count-bound
   * generator. O(log n).
   */
  inclusionProof(index: number, size: number = this.#size): ProofStep[] {
    return this.inclusionPath(index, size).map(({ sibling, position }) => ({
      hash: toHex(sibling),
      position,
    }));
  }

  /**
   * `inclusionProof` with each sibling as 32 bytes (read them, never write them): for callers that
   * hash the path. With `within`, one of the root's `inclusionRanges`, only the part of the path
   * inside that range: the steps from the leaf up to the range's own node.
   */
  inclusionPath(
    index: number,
    size: number = this.#size,
    within: { start: number; end: number } = { start: 0, end: size },
  ): Array<{ sibling: Uint8Array; position: ProofStep['position'] }> {
    checkInteger(size, 'size', 1, this.#size);
    checkInteger(index, 'index', 0, size - 1);
    if ((within.start !== 0 || within.end !== size) && !isOnPath(index, size, within)) {
      throw new RangeError(`within must be a range on the path of leaf ${index} in a tree of ${size} leaves`);
    }
    // RFC 6962 PATH, walked from the root down, then reversed to put the leaf level first. Only the
    // first right-hand sibling can be a partial node (a fold); every other sibling is a stored node.
    const steps: Array<{ sibling: Uint8Array; position: ProofStep['position'] }> = [];
    let { start, end } = within;
    while (end - start > 1) {
      const k = splitPoint(end - start);
      if (index < start + k) {
        steps.push({ sibling: this.#rangeRoot(start + k, end), position: 'right' });
        end = start + k;
      } else {
        steps.push({ sibling: this.#rangeRoot(start, start + k), position: 'left' });
        start += k;
      }
    }
    return steps.reverse();
  }

  /**
   * Consistency proof between the trees of the first `fromSize` and `toSize` leaves (default: all),
   * as raw node hashes in RFC 6962 section 2.1.2 order. Because verifiers only know the count-bound
   * commitment of the old root, which cannot be opened, the proof is SUBPROOF(m, D[n], false): when
   * `fromSize` is a power of two it starts with the old raw root (the node RFC 6962 leaves out and
   * RFC 9162's verifier prepends). Empty when the sizes are equal. O(log n).
   */
  consistencyProof(fromSize: number, toSize: number = this.#size): string[] {
    checkInteger(toSize, 'toSize', 1, this.#size);
    checkInteger(fromSize, 'fromSize', 1, toSize);
    if (fromSize === toSize) return [];
    const nodes: string[] = [];
    let m = fromSize;
    let start = 0;
    let end = toSize;
    for (;;) {
      const n = end - start;
      if (m === n) {
        nodes.push(toHex(this.#rangeRoot(start, end)));
        break;
      }
      const k = splitPoint(n);
      if (m <= k) {
        nodes.push(toHex(this.#rangeRoot(start + k, end)));
        end = start + k;
      } else {
        nodes.push(toHex(this.#rangeRoot(start, start + k)));
        m -= k;
        start += k;
      }
    }
    return nodes.reverse();
  }

  /**
   * Chunks of CHUNK_NODES completed nodes filled since the last call, oldest first (each a copy), for
   * persistence. Together with the leaves they let `restore` rebuild the tree without re-hashing.
   */
  takeNewFullChunks(): TreeChunk[] {
    const out = this.#pending.map(({ level, index }) => ({
      level,
      index,
      bytes: new Uint8Array(this.#levels[level]![index]!),
    }));
    this.#pending = [];
    return out;
  }

  /**
   * Rebuilds a tree of `leafCount` leaves from stored chunks. `loadChunk(level, chunkIndex,
   * nodeCount)` must return exactly nodeCount*32 bytes for every level-0 chunk (all leaves; the last
   * chunk may be partial). Above level 0 it is asked only for full chunks and may return undefined;
   * such a chunk, one of the wrong length, or one whose last node disagrees with the level below is
   * recomputed and reported by the next `takeNewFullChunks()`. Partial tails above level 0 are
   * always recomputed (fewer than CHUNK_NODES hashes per level).
   */
  static restore(leafCount: number, loadChunk: ChunkLoader): MerkleTree {
    checkInteger(leafCount, 'leafCount', 0, Number.MAX_SAFE_INTEGER);
    if (typeof loadChunk !== 'function') throw new TypeError('loadChunk must be a function');
    const tree = new MerkleTree();
    const leafChunks: Uint8Array[] = [];
    for (let c = 0; c * CHUNK_NODES < leafCount; c++) {
      const nodeCount = Math.min(CHUNK_NODES, leafCount - c * CHUNK_NODES);
      const bytes = loadChunk(0, c, nodeCount);
      if (!(bytes instanceof Uint8Array) || bytes.length !== nodeCount * NODE_BYTES) {
        throw new RangeError(`loadChunk(0, ${c}) must return ${nodeCount * NODE_BYTES} bytes of leaves`);
      }
      const chunk = new Uint8Array(CHUNK_BYTES);
      chunk.set(bytes);
      leafChunks.push(chunk);
    }
    tree.#levels.push(leafChunks);

    for (let level = 1; 2 ** level <= leafCount; level++) {
      const count = Math.floor(leafCount / 2 ** level);
      const fullChunks = Math.floor(count / CHUNK_NODES);
      tree.#levels.push([]);
      for (let c = 0; c < fullChunks; c++) {
        const bytes = loadChunk(level, c, CHUNK_NODES);
        if (
          bytes instanceof Uint8Array &&
          bytes.length === CHUNK_BYTES &&
          tree.#lastNodeMatches(level, c, bytes)
        ) {
          tree.#levels[level]![c] = new Uint8Array(bytes);
        } else {
          tree.#computeNodes(level, c * CHUNK_NODES, (c + 1) * CHUNK_NODES);
        }
      }
      tree.#computeNodes(level, fullChunks * CHUNK_NODES, count);
    }
    tree.#size = leafCount;
    return tree;
  }

  /** A cheap integrity check of a stored chunk: its last node must hash from the level below. */
  #lastNodeMatches(level: number, chunkIndex: number, bytes: Uint8Array): boolean {
    const i = (chunkIndex + 1) * CHUNK_NODES - 1;
    const expected = hashNode(this.#node(level - 1, 2 * i), this.#node(level - 1, 2 * i + 1));
    const stored = bytes.subarray(CHUNK_BYTES - NODE_BYTES);
    return expected.every((byte, j) => byte === stored[j]);
  }

  #computeNodes(level: number, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.#setNode(level, i, hashNode(this.#node(level - 1, 2 * i), this.#node(level - 1, 2 * i + 1)));
    }
  }
}
