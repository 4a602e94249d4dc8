import type { AnchorHistoryEntry } from '../../api/anchor';
import type { Stats } from '../../api/stats';

/** Counts per type in registry order, then any label only the service knows (e.g. OTHER_UNKNOWN when > 0). */
export function typeCountRows(
  stats: Stats,
  knownTypes: readonly string[],
): { label: string; value: number }[] {
  const counts = stats.type_counts ?? {};
  const rows = knownTypes.map((label) => ({ label, value: counts[label] ?? 0 }));
  for (const [label, value] of Object.entries(counts)) {
    if (!knownTypes.includes(label) && value > 0) rows.push({ label, value });
  }
  return rows;
}

/** Anchored leaf count by block height (anchors without a height are left out), oldest first. */
export function anchoredOverTime(
  anchors: readonly AnchorHistoryEntry[],
): { height: number; leafCount: number }[] {
  return anchors
    .filter((a): a is AnchorHistoryEntry & { height: number } => a.height !== null)
    .map((a) => ({ height: a.height, leafCount: a.leaf_count }))
    .sort((a, b) => a.height - b.height || a.leafCount - b.leafCount);
}
