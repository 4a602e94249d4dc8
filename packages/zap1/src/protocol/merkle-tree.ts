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
import { checkInteger, completeLevel, isOnPath, splitPoint } from './tree-ranges.js';

import { PathGatherer, type PackedPath } from './packed-path.js';

export { inclusionRanges } from './tree-ranges.js';
export type { PackedPath } from './packed-path.js';

/** One proof step: the sibling hash and the sibling's side (docs/protocol.md 3.3). */
export interface ProofStep {
  hash: string;
  position: 'left' | 'right';
}

const NODE_BYTES = 32;
const NODE_WORDS = NODE_BYTES / 4;
const CHUNK_NODES = 1024;
const CHUNK_SHIFT = 10;
const CHUNK_BYTES = CHUNK_NODES * NODE_BYTES;

/** A completed storage chunk: CHUNK_NODES nodes of one level, node i of the chunk at bytes [32i, 32i+32). */
export interface TreeChunk {
  level: number;
  index: number;
  bytes: Uint8Array;
}

/** Loads stored chunk `chunkIndex` of `level` holding `nodeCount` nodes (see `MerkleTree.restore`). */
export type ChunkLoader = (level: number, chunkIndex: number, nodeCount: number) => Uint8Array | undefined;

/** How many folds of partial ranges a tree keeps (32 bytes and a key each). */
const MAX_FOLDS = 4096;

/** Incremental ZAP1 Merkle tree over 32-byte leaves; all hashes in and out are lowercase hex. */
export class MerkleTree {
  /** Nodes per storage chunk (32 KiB of node hashes). */
  static readonly CHUNK_NODES: number = CHUNK_NODES;

  /** #levels[k][c] is chunk c of level k. */
  #levels: Uint8Array[][] = [];
  /** #words[k][c] is chunk c of level k read as 32-bit words (made with the chunk, `#addChunk`). */
  #words: Uint32Array[][] = [];
  /** Where `inclusionSiblings` finds each step's sibling: reused, not made per call. */
  #gatherer = new PathGatherer();
  #size = 0;
  /** Chunks completed since the last `takeNewFullChunks()`, in completion order. */
  #pending: { level: number; index: number }[] = [];
  /**
   * Folds of partial ranges, by end and start: the root of leaves
   * [start, end) never changes once they are in the tree, and every proof of a leaf left of a
   * partial right-hand sibling hashes the same fold. Bounded; emptied when full.
   */
  #folds = new Map<number, Map<number, Uint8Array>>();
  #foldCount = 0;

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
    const chunkIndex = Math.floor(index / CHUNK_NODES);
    const chunk =
      this.#levels[level]?.[chunkIndex] ?? this.#addChunk(level, chunkIndex, new Uint8Array(CHUNK_BYTES));
    const slot = index % CHUNK_NODES;
    chunk.set(node, slot * NODE_BYTES);
    if (slot === CHUNK_NODES - 1) this.#pending.push({ level, index: chunkIndex });
  }

  /**
   * Makes `bytes` chunk `chunkIndex` of `level`, with its words view. Chunks are added in order, so
   * each level's arrays stay dense (a sparse array would turn every read into a dictionary lookup).
   */
  #addChunk(level: number, chunkIndex: number, bytes: Uint8Array): Uint8Array {
    (this.#levels[level] ??= [])[chunkIndex] = bytes;
    (this.#words[level] ??= [])[chunkIndex] = new Uint32Array(
      bytes.buffer,
      bytes.byteOffset,
      CHUNK_BYTES / 4,
    );
    return bytes;
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
    // Partial ranges lie on a tree's right edge: looked up by their end (a tree size), then start.
    const ofEnd = this.#folds.get(end);
    const folded = ofEnd?.get(start);
    if (folded !== undefined) return folded;
    let power = 1;
    let level = 0;
    while (power * 2 <= width) {
      power *= 2;
      level++;
    }
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
    if (this.#foldCount >= MAX_FOLDS) {
      this.#folds.clear();
      this.#foldCount = 0;
    }
    const kept = this.#folds.get(end) ?? new Map<number, Uint8Array>();
    this.#folds.set(end, kept.set(start, acc));
    this.#foldCount++;
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
    const { siblings, siblingOnRight } = this.inclusionSiblings(index, size);
    // One hex encoding of all the siblings, then a slice each: cheaper than one encoding per step.
    const hex = toHex(siblings);
    return Array.from(siblingOnRight, (onRight, i) => ({
      hash: hex.slice(i * 64, i * 64 + 64),
      position: onRight === 1 ? 'right' : 'left',
    }));
  }

  /** `inclusionSiblings` as one step per sibling, each a 32-byte view of the packed path. */
  inclusionPath(
    index: number,
    size: number = this.#size,
    within: { start: number; end: number } = { start: 0, end: size },
  ): Array<{ sibling: Uint8Array; position: ProofStep['position'] }> {
    const { siblings, siblingOnRight } = this.inclusionSiblings(index, size, within);
    return Array.from(siblingOnRight, (onRight, i) => ({
      sibling: siblings.subarray(i * NODE_BYTES, (i + 1) * NODE_BYTES),
      position: onRight === 1 ? 'right' : 'left',
    }));
  }

  /**
   * `inclusionProof` packed, for callers that hash the path: the siblings' 32-byte hashes one after
   * another, leaf level first, and 1 in `siblingOnRight` where the sibling is on the right. With
   * `within`, one of the root's `inclusionRanges`, only the part of the path inside that range: the
   * steps from the leaf up to the range's own node. Views of a shared buffer (packed-path.ts): read them, never write them.
   */
  inclusionSiblings(
    index: number,
    size: number = this.#size,
    within: { start: number; end: number } = { start: 0, end: size },
  ): PackedPath {
    checkInteger(size, 'size', 1, this.#size);
    checkInteger(index, 'index', 0, size - 1);
    if ((within.start !== 0 || within.end !== size) && !isOnPath(index, size, within)) {
      throw new RangeError(`within must be a range on the path of leaf ${index} in a tree of ${size} leaves`);
    }
    // RFC 6962 PATH, walked from the root down: where each sibling is, then all of them copied.
    const gatherer = this.#gatherer;
    gatherer.begin();
    for (let { start, end } = within; end - start > 1;) {
      const k = splitPoint(end - start);
      const right = index < start + k;
      const from = right ? start + k : start;
      const to = right ? end : start + k;
      if (right) end = start + k;
      else start += k;
      // A left sibling is always complete (k leaves); a right one when its width is a power of two.
      const level = completeLevel(to - from);
      if (level < 0) {
        // Only the first right-hand sibling can be a partial node (a fold of stored nodes).
        gatherer.folded(this.#rangeRoot(from, to), right);
        continue;
      }
      // Integer arithmetic below 2^31 leaves (a floating-point remainder is a slow call).
      const node = to <= 2 ** 31 ? from >>> level : from / 2 ** level;
      const chunkIndex = to <= 2 ** 31 ? node >>> CHUNK_SHIFT : Math.floor(node / CHUNK_NODES);
      gatherer.stored(
        this.#wordsOf(level, chunkIndex),
        (node - chunkIndex * CHUNK_NODES) * NODE_WORDS,
        right,
      );
    }
    return gatherer.pack();
  }

  /** Chunk `chunkIndex` of `level` as 32-bit words. */
  #wordsOf(level: number, chunkIndex: number): Uint32Array {
    const words = this.#words[level]?.[chunkIndex];
    if (words === undefined) throw new Error(`internal: chunk ${chunkIndex} of level ${level} is missing`);
    return words;
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
    for (let c = 0; c * CHUNK_NODES < leafCount; c++) {
      const nodeCount = Math.min(CHUNK_NODES, leafCount - c * CHUNK_NODES);
      const bytes = loadChunk(0, c, nodeCount);
      if (!(bytes instanceof Uint8Array) || bytes.length !== nodeCount * NODE_BYTES) {
        throw new RangeError(`loadChunk(0, ${c}) must return ${nodeCount * NODE_BYTES} bytes of leaves`);
      }
      const chunk = new Uint8Array(CHUNK_BYTES);
      chunk.set(bytes);
      tree.#addChunk(0, c, chunk);
    }

    for (let level = 1; 2 ** level <= leafCount; level++) {
      const count = Math.floor(leafCount / 2 ** level);
      const fullChunks = Math.floor(count / CHUNK_NODES);
      for (let c = 0; c < fullChunks; c++) {
        const bytes = loadChunk(level, c, CHUNK_NODES);
        if (
          bytes instanceof Uint8Array &&
          bytes.length === CHUNK_BYTES &&
          tree.#lastNodeMatches(level, c, bytes)
        ) {
          tree.#addChunk(level, c, new Uint8Array(bytes));
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
