/** Whole numbers as every page writes them: block heights, counts of leaves, blocks and anchors. */

/** "4,000,022": the thousands marked, as explorers show heights, whatever the reader's locale. */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 leaf", "1,024 leaves": a count with the word that agrees with it. */
export function countWords(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
