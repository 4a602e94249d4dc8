import { useState, type ReactNode, type Ref } from 'react';
import { useHref, useNavigate } from 'react-router';
import { rootPath } from '../../app/paths';
import { countWords, formatNumber } from '../../components/number-words';
import { barLayout, stepPath, ticks } from './chart-scale';
import { useWidth } from './use-width';

/** Every label of the charts, in CSS pixels: the charts draw one unit a pixel, so this is what shows. */
const FONT = 12;
/** The width drawn before the element is measured (and in tests without layout). */
const FALLBACK_WIDTH = 520;

/**
 * The drawing both charts share: an SVG as wide as its measured box, one unit a pixel, named by a
 * summary of its numbers (`img` when it is one picture, `group` when its points are links).
 */
function ChartFrame({
  frameRef,
  role,
  summary,
  width,
  height,
  children,
}: {
  frameRef: Ref<HTMLDivElement>;
  role: 'img' | 'group';
  summary: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <div ref={frameRef} className="w-full max-w-2xl">
      <svg
        role={role}
        aria-label={summary}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className="block text-slate-800 dark:text-slate-200"
      >
        {children}
      </svg>
    </div>
  );
}

/** Horizontal bars as one SVG image whose label carries the numbers; the page shows them in a table too. */
export function BarChart({
  data,
  title,
}: {
  data: readonly { label: string; value: number }[];
  title: string;
}) {
  const { ref, width } = useWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const rowHeight = 24;
  const labelWidth = Math.min(170, Math.round(width * 0.45));
  const valueWidth = 44;
  const plotWidth = Math.max(40, width - labelWidth - valueWidth);
  const { bars, max } = barLayout(data, plotWidth, rowHeight);
  const summary = `${title}: ${data.map((d) => `${d.label} ${formatNumber(d.value)}`).join(', ')}`;
  const height = bars.length * rowHeight + FONT + 12;
  return (
    <ChartFrame frameRef={ref} role="img" summary={summary} width={width} height={height}>
      {bars.map((bar) => (
        <g key={bar.label} transform={`translate(0 ${bar.y})`}>
          <text x={labelWidth - 6} y={rowHeight / 2 + 4} textAnchor="end" fontSize={FONT} fill="currentColor">
            {bar.label}
          </text>
          <rect
            x={labelWidth}
            y={3}
            width={bar.width}
            height={rowHeight - 6}
            className="fill-amber-700 dark:fill-amber-400"
          />
          <text x={labelWidth + bar.width + 4} y={rowHeight / 2 + 4} fontSize={FONT} fill="currentColor">
            {formatNumber(bar.value)}
          </text>
        </g>
      ))}
      {ticks(max).map((t) => (
        <text
          key={t}
          x={labelWidth + (t / max) * plotWidth}
          y={height - 4}
          fontSize={FONT}
          textAnchor="middle"
          fill="currentColor"
        >
          {formatNumber(t)}
        </text>
      ))}
    </ChartFrame>
  );
}

const LINE_H = 160;
const PAD_L = 52;
const PAD_R = 16;
const PAD_T = 10;
const PAD_B = 48;
const TIP_W = 176;
const TIP_H = 44;

export interface ChartPoint {
  x: number;
  y: number;
  /** The anchored root the point stands for: the point links to its page. */
  root: string;
}

/**
 * Leaves anchored (y) against block time or height (x), as a step line with both axes titled and a
 * point per anchor. Each point is a link to its root's page; hovering or focusing it shows a tooltip
 * with its time (or height) and leaf count, and its accessible name says the same.
 */
export function StepChart({
  points,
  title,
  xTitle,
  yTitle,
  formatX,
  formatTick = formatX,
}: {
  points: readonly ChartPoint[];
  title: string;
  xTitle: string;
  yTitle: string;
  /** A point's x in words (its name and tooltip). */
  formatX: (x: number) => string;
  /** An end of the x axis, given the axis's span: shorter where two must fit a phone's width. */
  formatTick?: (x: number, span: number) => string;
}) {
  const { ref, width } = useWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const lineWidth = Math.max(80, width - PAD_L - PAD_R);
  const { d, xMin, xMax, yMax } = stepPath(points, lineWidth, LINE_H);
  const last = points.length > 0 ? points.reduce((a, b) => (b.x >= a.x ? b : a)) : null;
  const summary = `${title}: ${countWords(points.length, 'anchor', 'anchors')}${last ? `, ${xTitle} from ${formatX(xMin)} to ${formatX(xMax)}, reaching ${countWords(last.y, 'leaf', 'leaves')}` : ''}`;
  const span = xMax - xMin;
  const px = (x: number) => (span === 0 ? lineWidth : ((x - xMin) / span) * lineWidth);
  const py = (y: number) => LINE_H - (y / yMax) * LINE_H;
  const height = PAD_T + LINE_H + PAD_B;
  const pointName = (p: ChartPoint) => `${formatX(p.x)}: ${countWords(p.y, 'leaf', 'leaves')} anchored`;
  const tip = active === null ? null : points[active];
  return (
    <ChartFrame frameRef={ref} role="group" summary={summary} width={width} height={height}>
      <text
        transform={`translate(${FONT} ${PAD_T + LINE_H / 2}) rotate(-90)`}
        fontSize={FONT}
        textAnchor="middle"
        fill="currentColor"
      >
        {yTitle}
      </text>
      <g transform={`translate(${PAD_L} ${PAD_T})`}>
        <line x1={0} y1={LINE_H} x2={lineWidth} y2={LINE_H} stroke="currentColor" />
        <line x1={0} y1={0} x2={0} y2={LINE_H} stroke="currentColor" />
        {ticks(yMax).map((t) => (
          <text key={t} x={-6} y={py(t) + 4} fontSize={FONT} textAnchor="end" fill="currentColor">
            {formatNumber(t)}
          </text>
        ))}
        <text x={0} y={LINE_H + 18} fontSize={FONT} fill="currentColor">
          {formatTick(xMin, span)}
        </text>
        {span !== 0 && (
          <text x={lineWidth} y={LINE_H + 18} fontSize={FONT} textAnchor="end" fill="currentColor">
            {formatTick(xMax, span)}
          </text>
        )}
        <text x={lineWidth / 2} y={LINE_H + 38} fontSize={FONT} textAnchor="middle" fill="currentColor">
          {xTitle}
        </text>
        {d && <path d={d} fill="none" strokeWidth={2} className="stroke-amber-700 dark:stroke-amber-400" />}
        {points.map((p, i) => (
          <ChartPointLink
            key={`${p.x}-${p.y}-${p.root}`}
            cx={px(p.x)}
            cy={py(p.y)}
            root={p.root}
            name={pointName(p)}
            onShow={() => setActive(i)}
            onHide={() => setActive((current) => (current === i ? null : current))}
          />
        ))}
        {tip && (
          <Tooltip
            x={Math.min(Math.max(px(tip.x) - TIP_W / 2, -PAD_L), lineWidth + PAD_R - TIP_W)}
            y={py(tip.y) > TIP_H + 12 ? py(tip.y) - TIP_H - 10 : py(tip.y) + 12}
            lines={[formatX(tip.x), `${countWords(tip.y, 'leaf', 'leaves')} anchored`]}
          />
        )}
      </g>
    </ChartFrame>
  );
}

function ChartPointLink({
  cx,
  cy,
  root,
  name,
  onShow,
  onHide,
}: {
  cx: number;
  cy: number;
  root: string;
  name: string;
  onShow: () => void;
  onHide: () => void;
}) {
  const navigate = useNavigate();
  const path = rootPath(root);
  const href = useHref(path);
  return (
    <a
      href={href}
      aria-label={name}
      data-testid="chart-point"
      onClick={(event) => {
        event.preventDefault();
        void navigate(path);
      }}
      onMouseEnter={onShow}
      onMouseLeave={onHide}
      onFocus={onShow}
      onBlur={onHide}
    >
      {/* A wider transparent ring makes the point easier to hit with a finger. */}
      <circle cx={cx} cy={cy} r={12} fill="transparent" />
      <circle cx={cx} cy={cy} r={4.5} className="fill-amber-700 dark:fill-amber-400" />
    </a>
  );
}

function Tooltip({ x, y, lines }: { x: number; y: number; lines: readonly string[] }) {
  return (
    <g transform={`translate(${x} ${y})`} pointerEvents="none" data-testid="chart-tooltip" aria-hidden="true">
      <rect
        width={TIP_W}
        height={TIP_H}
        rx={4}
        className="fill-white stroke-slate-400 dark:fill-slate-900 dark:stroke-slate-500"
      />
      {lines.map((line, i) => (
        <text key={line} x={8} y={18 + i * 17} fontSize={FONT} fill="currentColor">
          {line}
        </text>
      ))}
    </g>
  );
}
