import { describe, expect, it } from 'vitest';
import { coveredRange, withPositions } from './root-leaves';

const a = (leafCount: number) => ({ root: 'r', txid: `t${leafCount}`, height: 1, leaf_count: leafCount });
const e = (n: number) => ({
  leaf_hash: `l${n}`,
  event_type: 'DEPLOYMENT',
  created_at: '2026-01-01T00:00:00Z',
});

describe("a root's leaves", () => {
  it('says which positions are new in an anchor', () => {
    expect(coveredRange([a(2), a(5), a(9)], 1)).toEqual({ newFrom: 3, newTo: 5 });
    expect(coveredRange([a(2), a(5), a(9)], 0)).toEqual({ newFrom: 1, newTo: 2 });
    expect(coveredRange([a(5), a(5)], 1)).toEqual({ newFrom: 6, newTo: 5 });
  });

  it('numbers leaves from the leaf count down', () => {
    expect(withPositions([e(3), e(2), e(1)], 3).map((r) => r.position)).toEqual([3, 2, 1]);
    expect(withPositions([e(3), e(2), e(1), e(0)], 3)).toHaveLength(3);
  });
});
