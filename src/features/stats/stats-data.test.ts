import { describe, expect, it } from 'vitest';
import { anchorHistorySchema } from '../../api/anchor';
import { readOpsFixture } from '../../api/fixtures/read-fixture';
import { anchoredOverTime, typeCountRows } from './stats-data';

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

  it('gives leaves anchored by height from the ops-fixture history', () => {
    const history = anchorHistorySchema.parse(readOpsFixture('anchor_history.json'));
    expect(anchoredOverTime(history.anchors)).toEqual([
      { height: 3286631, leafCount: 2 },
      { height: 3287612, leafCount: 12 },
      { height: 3288022, leafCount: 12 },
    ]);
  });

  it('leaves out anchors without a height', () => {
    expect(anchoredOverTime([{ root: 'r', txid: 't', height: null, leaf_count: 3 }])).toEqual([]);
  });
});
