/**
 * Inclusion paths packed into bytes (`MerkleTree.inclusionSiblings`): what a service hashes from a
 * leaf up, made without a typed array or an object per step. Reading a path from stored nodes is
 * measured against hashing it (docs/benchmarks.md, "Inclusion path from stored nodes").
 */

/** An inclusion path packed: step i's sibling at bytes [32i, 32i+32) of `siblings`, leaf level first. */
export interface PackedPath {
  siblings: Uint8Array<ArrayBuffer>;
  /** 1 where step i's sibling is on the right (the node is the left child), else 0. */
  siblingOnRight: Uint8Array<ArrayBuffer>;
}

const NODE_BYTES = 32;
const NODE_WORDS = NODE_BYTES / 4;
/** The most steps a path can have: a tree holds fewer than 2^53 leaves. */
const MAX_DEPTH = 53;
/** Eight zero words: the stand-in source of a fold's step (its bytes are written after the copy). */
const EMPTY_WORDS = new Uint32Array(NODE_WORDS);

/**
 * Packed paths are carved out of shared slabs, as Node pools small Buffers: a typed array with a
 * buffer of its own costs some 0.5 µs to make, more than reading a whole path from stored nodes.
 */
const SLAB_BYTES = 64 * 1024;
let slabBuffer = new ArrayBuffer(SLAB_BYTES);
let slabWords = new Uint32Array(slabBuffer);
let slabUsed = 0;

/** Where a slab's next `bytes` bytes start (at a 4-byte boundary), a new slab begun when need be. */
function carve(bytes: number): number {
  if (slabUsed + bytes > SLAB_BYTES) {
    slabBuffer = new ArrayBuffer(Math.max(SLAB_BYTES, bytes));
    slabWords = new Uint32Array(slabBuffer, 0, slabBuffer.byteLength >> 2);
    slabUsed = 0;
  }
  const offset = slabUsed;
  slabUsed = (offset + bytes + 3) & ~3;
  return offset;
}

/**
 * One path's siblings as they are found, from the root down: the stored chunk (as 32-bit words) and
 * word offset of each, or a fold made for it. Reused from path to path, so finding allocates nothing.
 */
export class PathGatherer {
  readonly #sources: Uint32Array[] = [];
  readonly #offsets = new Int32Array(MAX_DEPTH);
  readonly #onRight = new Uint8Array(MAX_DEPTH);
  #steps = 0;
  #foldDepth = -1;
  #fold: Uint8Array | undefined;

  /** Starts a new path. */
  begin(): void {
    this.#steps = 0;
    this.#fold = undefined;
  }

  /** The next step down: its sibling is the node at word `offset` of `words`. */
  stored(words: Uint32Array, offset: number, onRight: boolean): void {
    this.#sources[this.#steps] = words;
    this.#offsets[this.#steps] = offset;
    this.#onRight[this.#steps++] = onRight ? 1 : 0;
  }

  /** The next step down: its sibling is `node`, a fold of stored nodes (at most one a path). */
  folded(node: Uint8Array, onRight: boolean): void {
    this.#foldDepth = this.#steps;
    this.#fold = node;
    this.stored(EMPTY_WORDS, 0, onRight);
  }

  /** The path gathered, packed leaf level first (the step at depth d from the root is step steps-1-d). */
  pack(): PackedPath {
    const steps = this.#steps;
    const offset = carve(steps * NODE_BYTES + steps);
    const words = slabWords;
    const first = offset >> 2;
    for (let d = 0; d < steps; d++) {
      // Unrolled: a step's copy is short, so the processor has several steps' reads from memory (the
      // nodes of a large tree lie far apart) under way at once instead of one after another.
      const source = this.#sources[d]!;
      const o = this.#offsets[d]!;
      const t = first + (steps - 1 - d) * NODE_WORDS;
      words[t] = source[o]!;
      words[t + 1] = source[o + 1]!;
      words[t + 2] = source[o + 2]!;
      words[t + 3] = source[o + 3]!;
      words[t + 4] = source[o + 4]!;
      words[t + 5] = source[o + 5]!;
      words[t + 6] = source[o + 6]!;
      words[t + 7] = source[o + 7]!;
    }
    const siblings = new Uint8Array(slabBuffer, offset, steps * NODE_BYTES);
    const siblingOnRight = new Uint8Array(slabBuffer, offset + steps * NODE_BYTES, steps);
    for (let d = 0; d < steps; d++) siblingOnRight[steps - 1 - d] = this.#onRight[d]!;
    if (this.#fold !== undefined) siblings.set(this.#fold, (steps - 1 - this.#foldDepth) * NODE_BYTES);
    return { siblings, siblingOnRight };
  }
}
