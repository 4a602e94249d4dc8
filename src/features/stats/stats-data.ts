import type { AnchorHistoryEntry } from '../../api/anchor';
import type { Stats } from '../../api/stats';
import { dateTimeParts, formatDateTime, parseServiceTime } from '../../components/time-format';
import { formatNumber } from '../../components/number-words';

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

export interface OverTimePoint {
  /** Unix seconds on a time axis, the block height on a height axis. */
  x: number;
  leafCount: number;
  height: number | null;
  time: Date | null;
  /** The anchored root, for a link to its page. */
  root: string;
}

/** Leaves anchored over time, and what the x axis is: block time when known, else block height. */
export interface OverTimeSeries {
  axis: 'time' | 'height';
  /** Oldest first. */
  points: OverTimePoint[];
}

/**
 * Anchored leaf count against block time when every anchor has one (this service's `block_time`,
 * else the record's `created_at`), so gaps in time show as such; otherwise against block height,
 * leaving out anchors without a height.
 */
export function anchoredOverTime(anchors: readonly AnchorHistoryEntry[]): OverTimeSeries {
  const timed = anchors.map((a) => ({ a, time: parseServiceTime(a.block_time ?? a.created_at ?? null) }));
  if (timed.length > 0 && timed.every((t) => t.time !== null)) {
    const points = timed.map(({ a, time }) => ({
      x: (time?.getTime() ?? 0) / 1000,
      leafCount: a.leaf_count,
      height: a.height,
      time,
      root: a.root,
    }));
    return { axis: 'time', points: points.sort((p, q) => p.x - q.x || p.leafCount - q.leafCount) };
  }
  const points = timed
    .filter(
      (t): t is { a: AnchorHistoryEntry & { height: number }; time: Date | null } => t.a.height !== null,
    )
    .map(({ a, time }) => ({ x: a.height, leafCount: a.leaf_count, height: a.height, time, root: a.root }));
  return { axis: 'height', points: points.sort((p, q) => p.x - q.x || p.leafCount - q.leafCount) };
}

/** A point's x in words: its time as every page writes one (UTC), or its height, thousands marked. */
export function overTimeAxisLabel(axis: OverTimeSeries['axis'], x: number): string {
  if (axis === 'height') return formatNumber(x);
  return formatDateTime(new Date(x * 1000));
}

/**
 * An end of the x axis, short enough for two to fit a phone's width: the height, or on a time axis
 * the day ("Mar 27, 2026"), or the time of day ("03:29:26 UTC") when the whole axis spans less
 * than two days, where the day would say nothing.
 */
export function overTimeTickLabel(axis: OverTimeSeries['axis'], x: number, spanS: number): string {
  if (axis === 'height') return formatNumber(x);
  const { day, clock } = dateTimeParts(new Date(x * 1000));
  return spanS < 2 * 86_400 ? clock : day.replace(/,$/, '');
}

/** The x axis title, saying which of the two it is. */
export function overTimeAxisTitle(axis: OverTimeSeries['axis']): string {
  return axis === 'time' ? 'Block time (UTC)' : 'Block height (no block times reported)';
}
