import { columnChart, type Frame, linearScale } from "~/domain/analytics/chart-geometry";

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11); a bar's meaning is also in its text. */
export const CHART_COLOURS = { bar: "#2563eb", flagged: "#b45309", axis: "#475569", grid: "#e2e8f0", text: "#334155", marker: "#0f172a" };

const FRAME: Frame = { width: 640, height: 260, margin: { top: 16, right: 16, bottom: 48, left: 48 } };

type ColumnChartProps = {
  /** The summary a screen reader hears for the whole chart (role="img"). */
  summary: string;
  columns: { label: string; value: number }[];
  xTitle: string;
  yTitle: string;
  /** A dashed vertical line at a value of the x domain (the median), with its label. */
  marker?: { value: number; label: string; domain: [number, number] } | null;
};

/**
 * A server-rendered SVG column chart (a histogram of bins): drawn from chart-geometry's numbers,
 * no script. It scales to its container through its viewBox.
 */
export function ColumnChart({ summary, columns, xTitle, yTitle, marker }: ColumnChartProps) {
  const { plot, columns: placed, ticks, labelFontSize } = columnChart(columns, FRAME);
  const bottom = plot.y + plot.height;
  const markerX = marker ? linearScale(marker.domain, [plot.x, plot.x + plot.width])(marker.value) : null;
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
      {placed.map((column) => (
        <g key={column.label}>
          <rect x={column.x} y={column.y} width={column.width} height={column.height} fill={CHART_COLOURS.bar} rx="2" />
          {column.value > 0 ? (
            <text x={column.centre} y={column.y - 4} textAnchor="middle" fontWeight="600">
              {column.value}
            </text>
          ) : null}
          {/* Labels that would overlap are thinned (chart-geometry's labelStride); every bin stays in the table. */}
          {column.showLabel ? (
            <text x={column.centre} y={bottom + 16} textAnchor="middle" fontSize={labelFontSize}>
              {column.label}
            </text>
          ) : null}
        </g>
      ))}
      <line x1={plot.x} x2={plot.x + plot.width} y1={bottom} y2={bottom} stroke={CHART_COLOURS.axis} />
      {markerX !== null && marker ? (
        <g>
          <line x1={markerX} x2={markerX} y1={plot.y} y2={bottom} stroke={CHART_COLOURS.marker} strokeWidth="2" strokeDasharray="6 4" />
          <text
            x={Math.min(markerX + 6, plot.x + plot.width - 4)}
            y={plot.y + 10}
            textAnchor={markerX + 6 > plot.x + plot.width - 90 ? "end" : "start"}
            fontWeight="600"
            fill={CHART_COLOURS.marker}
          >
            {marker.label}
          </text>
        </g>
      ) : null}
      <text x={plot.x + plot.width / 2} y={FRAME.height - 8} textAnchor="middle">
        {xTitle}
      </text>
      <text x={14} y={plot.y + plot.height / 2} textAnchor="middle" transform={`rotate(-90 14 ${plot.y + plot.height / 2})`}>
        {yTitle}
      </text>
    </svg>
  );
}
