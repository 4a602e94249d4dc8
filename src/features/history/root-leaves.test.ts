import { describe, expect, it } from 'vitest';
import { coveredRange, positionsText, withPositions } from './root-leaves';

const a = (leafCount: number) => ({ root: 'r', txid: `t${leafCount}`, height: 1, leaf_count: leafCount });
const e = (n: number) => ({
  leaf_hash: `l${n}`,
  event_type: 'DEPLOYMENT',
  created_at: '2026-01-01T00:00:00Z',
});

describe("a root's leaves", () => {
  it('says which positions are new in an anchor, counting from 0 as the API does', () => {
    expect(coveredRange([a(2), a(5), a(9)], 1)).toEqual({ newFrom: 2, newTo: 4 });
    expect(coveredRange([a(2), a(5), a(9)], 0)).toEqual({ newFrom: 0, newTo: 1 });
    expect(coveredRange([a(5), a(5)], 1)).toEqual({ newFrom: 5, newTo: 4 });
    expect(positionsText(0, 4)).toBe('positions 0 to 4');
    expect(positionsText(4, 4)).toBe('position 4');
    expect(positionsText(5, 4)).toBe('no positions');
  });

  it('numbers leaves from the leaf count down, the first leaf at position 0', () => {
    expect(withPositions([e(2), e(1), e(0)], 3).map((r) => r.position)).toEqual([2, 1, 0]);
    expect(withPositions([e(3), e(2), e(1), e(0)], 3)).toHaveLength(3);
  });
});
