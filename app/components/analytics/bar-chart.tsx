import { barChart, barChartHeight, type Margin } from "~/domain/analytics/chart-geometry";

import { CHART_COLOURS } from "./column-chart";

const WIDTH = 640;
const ROW_HEIGHT = 30;
const MARGIN: Margin = { top: 12, right: 120, bottom: 36, left: 200 };

type BarChartProps = {
  summary: string;
  rows: { label: string; value: number; flagged: boolean; note?: string }[];
  xTitle: string;
  /** A dashed line across the rows (the 60% mastery line), with its label. */
  threshold?: { value: number; label: string };
};

/**
 * A server-rendered SVG chart of horizontal bars against 0–100%. A flagged bar differs in colour
 * and says so in its value text ("45% · below 60%"), never by colour alone.
 */
export function BarChart({ summary, rows, xTitle, threshold }: BarChartProps) {
  const height = barChartHeight(rows.length, ROW_HEIGHT, MARGIN);
  const {
    plot,
    bars,
    ticks,
    threshold: thresholdX,
  } = barChart(rows, { width: WIDTH, height, margin: MARGIN }, { max: 100, tickStep: 20, threshold: threshold?.value });
  const bottom = plot.y + plot.height;
  return (
    <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" fontSize="12" fill={CHART_COLOURS.text}>
      {ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={tick.offset} x2={tick.offset} y1={plot.y} y2={bottom} stroke={CHART_COLOURS.grid} />
          <text x={tick.offset} y={bottom + 14} textAnchor="middle">
            {tick.value}%
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const row = rows[index]!;
        return (
          <g key={`${index}-${bar.label}`}>
            <text x={plot.x - 8} y={bar.middle} textAnchor="end" dominantBaseline="middle">
              {bar.label}
            </text>
            <rect
              x={bar.x}
              y={bar.y}
              width={Math.max(bar.width, 1)}
              height={bar.height}
              fill={row.flagged ? CHART_COLOURS.flagged : CHART_COLOURS.bar}
              rx="2"
            />
            {/* Past the threshold line when the bar ends before it, so the line never crosses the text. */}
            <text
              x={Math.max(bar.x + bar.width, row.note && thresholdX !== null ? thresholdX : 0) + 6}
              y={bar.middle}
              dominantBaseline="middle"
              fontWeight="600"
            >
              {`${bar.value}%${row.note ? ` · ${row.note}` : ""}`}
            </text>
          </g>
        );
      })}
      <line x1={plot.x} x2={plot.x} y1={plot.y} y2={bottom} stroke={CHART_COLOURS.axis} />
      {thresholdX !== null && threshold ? (
        <g>
          <line x1={thresholdX} x2={thresholdX} y1={plot.y - 4} y2={bottom} stroke={CHART_COLOURS.marker} strokeWidth="2" strokeDasharray="6 4" />
          <text x={thresholdX} y={height - 4} textAnchor="middle" fontWeight="600" fill={CHART_COLOURS.marker}>
            {threshold.label}
          </text>
        </g>
      ) : null}
      <text x={WIDTH - 8} y={height - 4} textAnchor="end">
        {xTitle}
      </text>
    </svg>
  );
}
