import { CHART_COLOURS } from "~/components/analytics/column-chart";
import type { Frame } from "~/domain/analytics/chart-geometry";
import { ERROR_BAND_SE, growthChart } from "~/domain/growth/growth-chart";

const FRAME: Frame = { width: 640, height: 260, margin: { top: 16, right: 24, bottom: 40, left: 52 } };
/** The band's fill: light enough that the line and points on it keep their contrast. */
const BAND_FILL = "#bfdbfe";

type GrowthChartProps = {
  /** What a screen reader hears for the whole chart (role="img"); the table beside it has every figure. */
  summary: string;
  columns: { label: string; score: { scaleScore: number; se: number } | null; uncounted: number[] }[];
};

/**
 * A student's scale score in each testing window, drawn on the server: each window's score as a
 * point with its error band (± 2 SE), joined by a line; sessions shown but not counted
 * (non-standard, low effort) as hollow diamonds. No script; it scales through its viewBox.
 */
export function GrowthChart({ summary, columns }: GrowthChartProps) {
  const { plot, ticks, columns: placed, line, band } = growthChart(columns, FRAME);
  const bottom = plot.y + plot.height;
  return (
    <svg role="img" aria-label={summary} viewBox={`0 0 ${FRAME.width} ${FRAME.height}`} className="h-auto w-full" fontSize="12" fill={CHART_COLOURS.text}>
      {ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={plot.x} x2={plot.x + plot.width} y1={tick.offset} y2={tick.offset} stroke={CHART_COLOURS.grid} />
          <text x={plot.x - 8} y={tick.offset} textAnchor="end" dominantBaseline="middle">
            {tick.value}
          </text>
        </g>
      ))}
      {band ? <polygon points={band} fill={BAND_FILL} fillOpacity="0.7" /> : null}
      {line ? <polyline points={line} fill="none" stroke={CHART_COLOURS.bar} strokeWidth="2" /> : null}
      {placed.map((column) => (
        <g key={column.label}>
          {column.score ? (
            <g>
              <line x1={column.x} x2={column.x} y1={column.score.high} y2={column.score.low} stroke={CHART_COLOURS.bar} strokeWidth="2" />
              <line x1={column.x - 6} x2={column.x + 6} y1={column.score.high} y2={column.score.high} stroke={CHART_COLOURS.bar} strokeWidth="2" />
              <line x1={column.x - 6} x2={column.x + 6} y1={column.score.low} y2={column.score.low} stroke={CHART_COLOURS.bar} strokeWidth="2" />
              <circle cx={column.x} cy={column.score.y} r="5" fill={CHART_COLOURS.bar} />
              <text x={column.x + 10} y={column.score.y - 10} fontWeight="600">
                {column.score.scaleScore.toFixed(1)}
              </text>
            </g>
          ) : null}
          {column.uncounted.map((mark, index) => (
            <rect
              key={index}
              x={column.x - 5 - 14}
              y={mark.y - 5}
              width="10"
              height="10"
              transform={`rotate(45 ${column.x - 14} ${mark.y})`}
              fill="white"
              stroke={CHART_COLOURS.flagged}
              strokeWidth="2"
            />
          ))}
          <text x={column.x} y={bottom + 18} textAnchor="middle">
            {column.label}
          </text>
        </g>
      ))}
      <line x1={plot.x} x2={plot.x + plot.width} y1={bottom} y2={bottom} stroke={CHART_COLOURS.axis} />
      <text x={14} y={plot.y + plot.height / 2} textAnchor="middle" transform={`rotate(-90 14 ${plot.y + plot.height / 2})`}>
        Scale score
      </text>
    </svg>
  );
}

export const GROWTH_CHART_CAPTION = `Each point is the window's score; the bar and the shaded band around it are the score ± ${ERROR_BAND_SE} standard errors, where the student's score likely lies. Hollow diamonds are sessions shown but not counted (non-standard or low effort).`;
