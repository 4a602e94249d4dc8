/** Scaling for the plain SVG charts of the stats page: numbers in, coordinates out. */

/** Most intervals an axis is cut into: enough to read a value, few enough to stay legible. */
const MAX_INTERVALS = 5;

/** The smallest whole step of 1, 2 or 5 × 10^k that covers `max` in at most five intervals. */
export function niceStep(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  for (let power = 1; ; power *= 10) {
    for (const m of [1, 2, 5]) if (Math.ceil(max / (m * power)) <= MAX_INTERVALS) return m * power;
  }
}

/** The axis maximum: `max` rounded up to a whole number of steps (1 for 0 or less). */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const step = niceStep(max);
  return Math.max(1, Math.ceil(max / step) * step);
}

/** Evenly spaced whole ticks from 0 to `niceMax(max)`: every gap the same (0, 2, 4, 6, 8, 10). */
export function ticks(max: number): number[] {
  const step = niceStep(max);
  const top = niceMax(max);
  const out: number[] = [];
  for (let v = 0; v <= top; v += step) out.push(v);
  return out;
}

export interface Bar {
  label: string;
  value: number;
  y: number;
  width: number;
}

/** Horizontal bars: each row `rowHeight` tall, lengths scaled to `plotWidth` against the nice maximum. */
export function barLayout(
  data: readonly { label: string; value: number }[],
  plotWidth: number,
  rowHeight: number,
): { bars: Bar[]; max: number; height: number } {
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const bars = data.map((d, i) => ({
    label: d.label,
    value: d.value,
    y: i * rowHeight,
    width: Math.max(0, (d.value / max) * plotWidth),
  }));
  return { bars, max, height: data.length * rowHeight };
}

export interface StepPoint {
  x: number;
  y: number;
}

/**
 * A step line (a count holds until the next anchor raises it) through points sorted by x, scaled
 * into a `width` × `height` box with y up. One point draws a flat line; none draws nothing.
 */
export function stepPath(
  points: readonly StepPoint[],
  width: number,
  height: number,
): { d: string; xMin: number; xMax: number; yMax: number } {
  if (points.length === 0) return { d: '', xMin: 0, xMax: 0, yMax: 1 };
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const xMin = sorted[0]?.x ?? 0;
  const xMax = sorted[sorted.length - 1]?.x ?? 0;
  const yMax = niceMax(Math.max(...sorted.map((p) => p.y)));
  const span = xMax - xMin;
  const sx = (x: number) => (span === 0 ? width : ((x - xMin) / span) * width);
  const sy = (y: number) => height - (y / yMax) * height;
  const round = (n: number) => Math.round(n * 10) / 10;
  let d = `M ${round(span === 0 ? 0 : sx(xMin))} ${round(sy(sorted[0]?.y ?? 0))}`;
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i];
    const prev = sorted[i - 1];
    if (!p || !prev) continue;
    d += ` H ${round(sx(p.x))} V ${round(sy(p.y))}`;
  }
  if (span === 0) d += ` H ${round(width)}`;
  return { d, xMin, xMax, yMax };
}
