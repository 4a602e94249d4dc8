import { describe, expect, it } from 'vitest';
import { anchorHistorySchema } from '../../api/anchor';
import { readOpsFixture } from '../../api/fixtures/read-fixture';
import { formatDateTime } from '../../components/time-format';
import {
  anchoredOverTime,
  overTimeAxisLabel,
  overTimeAxisTitle,
  overTimeTickLabel,
  typeCountRows,
} from './stats-data';

describe('stats data', () => {
  it('lists every known type, zero when missing, plus extra labels only when non-zero', () => {
    const rows = typeCountRows(
      {
        total_leaves: 4,
        total_anchors: 0,
        first_anchor_block: null,
        last_anchor_block: null,
        type_counts: { EXIT: 3, OTHER_UNKNOWN: 1, NEW_THING: 0 },
      },
      ['DEPLOYMENT', 'EXIT'],
    );
    expect(rows).toEqual([
      { label: 'DEPLOYMENT', value: 0 },
      { label: 'EXIT', value: 3 },
      { label: 'OTHER_UNKNOWN', value: 1 },
    ]);
  });

  it('plots the ops-fixture history against created_at when it has no block times', () => {
    const history = anchorHistorySchema.parse(readOpsFixture('anchor_history.json'));
    const series = anchoredOverTime(history.anchors);
    expect(series.axis).toBe('time');
    expect(series.points.map((p) => [p.height, p.leafCount])).toEqual([
      [3286631, 2],
      [3287612, 12],
      [3288022, 12],
    ]);
    expect(overTimeAxisLabel('time', series.points[0]?.x ?? 0)).toBe(
      formatDateTime(new Date('2026-03-27T03:29:26Z')),
    );
    expect(overTimeAxisTitle(series.axis)).toBe('Block time (UTC)');
  });

  it('prefers block_time over created_at', () => {
    const series = anchoredOverTime([
      {
        root: 'r',
        txid: 't',
        height: 5,
        leaf_count: 1,
        created_at: '2026-01-01T00:00:00Z',
        block_time: 1_800_000_000,
      },
    ]);
    expect(series.points[0]?.x).toBe(1_800_000_000);
  });

  it('falls back to block height when a time is missing, leaving out anchors without a height', () => {
    const series = anchoredOverTime([
      { root: 'r', txid: 't', height: 12, leaf_count: 3 },
      { root: 'r', txid: 'u', height: null, leaf_count: 4 },
      { root: 'r', txid: 'v', height: 10, leaf_count: 1, block_time: 1_800_000_000 },
    ]);
    expect(series.axis).toBe('height');
    expect(series.points.map((p) => [p.x, p.leafCount])).toEqual([
      [10, 1],
      [12, 3],
    ]);
    expect(overTimeAxisTitle(series.axis)).toMatch(/Block height/);
    expect(overTimeAxisLabel('height', 12)).toBe('12');
    expect(overTimeAxisLabel('height', 4_000_012)).toBe('4,000,012');
    expect(overTimeTickLabel('height', 4_000_012, 5)).toBe('4,000,012');
  });
});

describe('times on the chart', () => {
  const at = Date.UTC(2026, 2, 27, 3, 29, 26) / 1000;
  it('names a point by its time as every page writes one, never as raw ISO text', () => {
    expect(overTimeAxisLabel('time', at)).toBe(formatDateTime(new Date(at * 1000)));
    expect(overTimeAxisLabel('time', at)).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('ends the axis with the time of day within two days, else with the day', () => {
    expect(overTimeTickLabel('time', at, 3_600)).toBe('03:29:26 UTC');
    expect(overTimeTickLabel('time', at, 30 * 86_400)).toMatch(/2026$/);
  });
});
