/**
 * Leaf hash → position, in memory, for the SQLite store. The leaves table has no index on its
 * hashes: leaf hashes are random, so each new leaf would dirty an index page at a random place,
 * and those page writes were most of a durable commit's cost (docs/architecture.md, "Finding a
 * leaf by its hash"). The table stays the truth: this index only names candidate positions, and
 * the caller confirms a candidate by reading its row.
 *
 * Open addressing with linear probing over two typed arrays, 8 bytes a slot: a 32-bit key of the
 * hash, the position (1-based; 0 marks an empty slot). Kept under 70% full, so about
 * 11–23 bytes a leaf (a 10,000,000-leaf table: 128 MiB).
 */

const MAX_LOAD = 0.7;
const FIRST_CAPACITY = 1 << 10;
/** Positions are stored as 32-bit unsigned integers. */
const MAX_POSITION = 0xffff_ffff;

/**
 * A 32-bit key of a 32-byte hash: its eight 32-bit words XORed, so hashes that differ anywhere
 * (not only in their first bytes, as test leaves often do) get different keys.
 */
function keyOf(hash: Uint8Array, offset = 0): number {
  let key = 0;
  for (let i = offset; i < offset + 32; i += 4) {
    key ^= (hash[i]! << 24) | (hash[i + 1]! << 16) | (hash[i + 2]! << 8) | hash[i + 3]!;
  }
  return key >>> 0;
}

export class LeafHashIndex {
  private keys = new Uint32Array(FIRST_CAPACITY);
  private positions = new Uint32Array(FIRST_CAPACITY);
  /** 32 − log2(capacity): the bits of a key's product that pick its slot. */
  private shift = 32 - Math.log2(FIRST_CAPACITY);
  private entries = 0;
  /** Every position from 1 to this one is in the index. */
  private covered = 0;

  /** The highest position such that every position up to it has been added. */
  get coveredThrough(): number {
    return this.covered;
  }

  get size(): number {
    return this.entries;
  }

  /**
   * Adds the leaves at positions `coveredThrough + 1 …`, in order: `hashes` holds their 32-byte
   * hashes one after another (from `offset`), `count` of them.
   */
  append(hashes: Uint8Array, count: number, offset = 0): void {
    if (hashes.length < offset + count * 32) throw new RangeError('fewer hash bytes than leaves to add');
    if (this.covered + count > MAX_POSITION) throw new RangeError('leaf positions beyond 2^32 - 1');
    this.reserve(this.entries + count);
    for (let i = 0; i < count; i++) {
      this.covered++;
      this.place(keyOf(hashes, offset + i * 32), this.covered);
    }
    this.entries += count;
  }

  /** Positions whose hash has the same key as `hash` (almost always none or one): candidates to confirm. */
  candidates(hash: Uint8Array): number[] {
    const key = keyOf(hash);
    const mask = this.keys.length - 1;
    const found: number[] = [];
    for (let slot = this.slotOf(key); ; slot = (slot + 1) & mask) {
      const position = this.positions[slot]!;
      if (position === 0) return found;
      if (this.keys[slot] === key) found.push(position);
    }
  }

  private slotOf(key: number): number {
    // Multiplicative hashing spreads keys over the slots even if hashes shared their low bits.
    return Math.imul(key, 0x9e37_79b1) >>> this.shift;
  }

  private place(key: number, position: number): void {
    const mask = this.keys.length - 1;
    let slot = this.slotOf(key);
    while (this.positions[slot] !== 0) slot = (slot + 1) & mask;
    this.keys[slot] = key;
    this.positions[slot] = position;
  }

  /** Grows the table so `entries` fit under the load limit, re-placing what it holds. */
  private reserve(entries: number): void {
    let capacity = this.keys.length;
    while (entries > capacity * MAX_LOAD) capacity *= 2;
    if (capacity === this.keys.length) return;
    const oldKeys = this.keys;
    const oldPositions = this.positions;
    this.keys = new Uint32Array(capacity);
    this.positions = new Uint32Array(capacity);
    this.shift = 32 - Math.log2(capacity);
    for (let slot = 0; slot < oldKeys.length; slot++) {
      const position = oldPositions[slot]!;
      if (position !== 0) this.place(oldKeys[slot]!, position);
    }
  }
}
