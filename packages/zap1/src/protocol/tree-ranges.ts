/**
 * The arithmetic of the ZAP1 tree's shape (docs/protocol.md 3.1): where RFC 6962's MTH splits a
 * range of leaves, which ranges lie on a leaf's path, and which widths are complete nodes. Nothing
 * here reads or hashes a node.
 */

/** Throws unless `value` is an integer from `min` to `max` (an empty tree when `max < min`). */
export function checkInteger(value: number, name: string, min: number, max: number): void {
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
export function splitPoint(n: number): number {
  // A proof walks some twenty of these: one count of leading zeros each, not a loop, below 2^32.
  if (n <= 2 ** 31) return 1 << (31 - Math.clz32(n - 1));
  let k = 2 ** 30;
  while (k * 2 < n) k *= 2;
  return k;
}

/** log2(width) when `width` is a power of two (a complete node's level), else -1. */
export function completeLevel(width: number): number {
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
export function isOnPath(index: number, size: number, range: { start: number; end: number }): boolean {
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
