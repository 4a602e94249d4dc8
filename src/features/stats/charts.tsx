import { barLayout, stepPath, ticks } from './chart-scale';

const LABEL_W = 150;
const PLOT_W = 320;
const ROW_H = 22;

/** Horizontal bars as one SVG image whose label carries the numbers; the page shows them in a table too. */
export function BarChart({
  data,
  title,
}: {
  data: readonly { label: string; value: number }[];
  title: string;
}) {
  const { bars, max } = barLayout(data, PLOT_W, ROW_H);
  const summary = `${title}: ${data.map((d) => `${d.label} ${d.value}`).join(', ')}`;
  const height = bars.length * ROW_H + 24;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${LABEL_W + PLOT_W + 50} ${height}`}
      className="w-full max-w-2xl text-slate-800 dark:text-slate-200"
    >
      {bars.map((bar) => (
        <g key={bar.label} transform={`translate(0 ${bar.y})`}>
          <text x={LABEL_W - 6} y={ROW_H / 2 + 4} textAnchor="end" fontSize="11" fill="currentColor">
            {bar.label}
          </text>
          <rect
            x={LABEL_W}
            y={3}
            width={bar.width}
            height={ROW_H - 6}
            className="fill-amber-700 dark:fill-amber-400"
          />
          <text x={LABEL_W + bar.width + 4} y={ROW_H / 2 + 4} fontSize="11" fill="currentColor">
            {bar.value}
          </text>
        </g>
      ))}
      {ticks(max).map((t) => (
        <text
          key={t}
          x={LABEL_W + (t / max) * PLOT_W}
          y={height - 6}
          fontSize="10"
          textAnchor="middle"
          fill="currentColor"
        >
          {t}
        </text>
      ))}
    </svg>
  );
}

const LINE_W = 460;
const LINE_H = 160;
const PAD_L = 56;
const PAD_B = 44;

/** Leaves anchored (y) against block time or height (x), as a step line with both axes titled. */
export function StepChart({
  points,
  title,
  xTitle,
  yTitle,
  formatX,
}: {
  points: readonly { x: number; y: number }[];
  title: string;
  xTitle: string;
  yTitle: string;
  formatX: (x: number) => string;
}) {
  const { d, xMin, xMax, yMax } = stepPath(points, LINE_W, LINE_H);
  const last = points.length > 0 ? points.reduce((a, b) => (b.x >= a.x ? b : a)) : null;
  const summary = `${title}: ${points.length} anchors${last ? `, ${xTitle} from ${formatX(xMin)} to ${formatX(xMax)}, reaching ${last.y} leaves` : ''}`;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${PAD_L + LINE_W + 16} ${LINE_H + PAD_B + 8}`}
      className="w-full max-w-2xl text-slate-800 dark:text-slate-200"
    >
      <text
        transform={`translate(12 ${8 + LINE_H / 2}) rotate(-90)`}
        fontSize="10"
        textAnchor="middle"
        fill="currentColor"
      >
        {yTitle}
      </text>
      <g transform={`translate(${PAD_L} 8)`}>
        <line x1={0} y1={LINE_H} x2={LINE_W} y2={LINE_H} stroke="currentColor" />
        <line x1={0} y1={0} x2={0} y2={LINE_H} stroke="currentColor" />
        {ticks(yMax).map((t) => (
          <text
            key={t}
            x={-6}
            y={LINE_H - (t / yMax) * LINE_H + 4}
            fontSize="10"
            textAnchor="end"
            fill="currentColor"
          >
            {t}
          </text>
        ))}
        <text x={0} y={LINE_H + 16} fontSize="10" fill="currentColor">
          {formatX(xMin)}
        </text>
        <text x={LINE_W} y={LINE_H + 16} fontSize="10" textAnchor="end" fill="currentColor">
          {formatX(xMax)}
        </text>
        <text x={LINE_W / 2} y={LINE_H + 34} fontSize="11" textAnchor="middle" fill="currentColor">
          {xTitle}
        </text>
        {d && <path d={d} fill="none" strokeWidth={2} className="stroke-amber-700 dark:stroke-amber-400" />}
      </g>
    </svg>
  );
}
