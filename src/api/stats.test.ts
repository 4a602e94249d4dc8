import { describe, expect, it } from 'vitest';
import { readOpsFixture } from './fixtures/read-fixture';
import { statsSchema } from './stats';

describe('stats schema (docs/reference-api.md 4.5)', () => {
  it('accepts the reference shape with type counts', () => {
    const parsed = statsSchema.parse({
      total_leaves: 3,
      total_anchors: 1,
      total_anchor_records: 1,
      total_anchors_semantics: 'text',
      first_anchor_block: 4000002,
      last_anchor_block: 4000002,
      network: 'MainNetwork',
      protocol: 'ZAP1',
      event_types: ['DEPLOYMENT'],
      type_counts: { DEPLOYMENT: 3, OTHER_UNKNOWN: 0 },
      classified_leaves: 3,
      unclassified_leaves: 0,
    });
    expect(parsed.type_counts?.DEPLOYMENT).toBe(3);
  });

  it('accepts the older ops-fixture shape and an empty service', () => {
    expect(statsSchema.parse(readOpsFixture('stats.json')).last_anchor_block).toBe(3288022);
    const empty = statsSchema.parse({
      total_leaves: 0,
      total_anchors: 0,
      first_anchor_block: null,
      last_anchor_block: null,
    });
    expect(empty.type_counts).toBeUndefined();
  });

  it('rejects a non-integer count', () => {
    expect(
      statsSchema.safeParse({
        total_leaves: '3',
        total_anchors: 0,
        first_anchor_block: null,
        last_anchor_block: null,
      }).success,
    ).toBe(false);
  });
});
