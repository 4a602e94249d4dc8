import { describe, expect, it } from 'vitest';
import { barLayout, niceMax, stepPath, ticks } from './chart-scale';

describe('chart scaling', () => {
  it('rounds the axis maximum up to a whole number of 1, 2 or 5 × 10^k steps', () => {
    expect([0, 1, 3, 7, 10, 11, 50, 180, 999].map(niceMax)).toEqual([1, 1, 3, 8, 10, 15, 50, 200, 1000]);
  });

  it('gives evenly spaced whole ticks ending at the axis maximum', () => {
    expect(ticks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(ticks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(ticks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(ticks(0)).toEqual([0, 1]);
    for (const max of [1, 2, 3, 9, 13, 26, 39, 77, 101, 12_345]) {
      const t = ticks(max);
      const gaps = new Set(t.slice(1).map((v, i) => v - t[i]!));
      expect(gaps.size, `ticks(${max}) = ${t.join(', ')}`).toBe(1);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(6);
    }
  });

  it('scales bars so the largest fits and zero stays zero', () => {
    const { bars, max, height } = barLayout(
      [
        { label: 'A', value: 5 },
        { label: 'B', value: 0 },
        { label: 'C', value: 2 },
      ],
      300,
      20,
    );
    expect(max).toBe(5);
    expect(bars.map((b) => b.width)).toEqual([300, 0, 120]);
    expect(bars.map((b) => b.y)).toEqual([0, 20, 40]);
    expect(height).toBe(60);
  });

  it('draws a rising step line with y up', () => {
    const { d, yMax } = stepPath(
      [
        { x: 20, y: 10 },
        { x: 10, y: 5 },
      ],
      100,
      50,
    );
    expect(yMax).toBe(10);
    expect(d).toBe('M 0 25 H 100 V 0');
  });

  it('draws one anchor as a flat line and nothing for none', () => {
    expect(stepPath([{ x: 7, y: 1 }], 100, 50).d).toBe('M 0 0 H 100');
    expect(stepPath([], 100, 50).d).toBe('');
  });
});
