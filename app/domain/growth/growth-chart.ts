import { SCALE_MIDDLE } from "~/domain/adaptive/scale";
import { type Frame, linearScale, niceStep, plotOf } from "~/domain/analytics/chart-geometry";

/**
 * The geometry of a student's growth chart: one column a testing window, the window's score as a
 * point with its error band (score ± 2 SE, the range the family report calls "likely"), the scores
 * joined by a line, and sessions that are shown but not counted (non-standard, low effort) as
 * separate marks. Numbers in SVG user units, so the component only places what this computes.
 */
export const ERROR_BAND_SE = 2;

type ChartInput = { label: string; score: { scaleScore: number; se: number } | null; uncounted: number[] };

type PlacedScore = { y: number; low: number; high: number; scaleScore: number; se: number };
type ChartColumn = { label: string; x: number; score: PlacedScore | null; uncounted: { y: number; scaleScore: number }[] };
type GrowthChartGeometry = {
  plot: { x: number; y: number; width: number; height: number };
  ticks: { value: number; offset: number }[];
  columns: ChartColumn[];
  /** SVG points of the line through the scores, and of the band around it (upper edge, then lower edge back). */
  line: string;
  band: string;
};

/** The y axis: from a nice value below the lowest figure to one above the highest, at least 10 points apart. */
function domainOf(columns: readonly ChartInput[]): { low: number; high: number; step: number } {
  const values = columns.flatMap((column) => [
    ...(column.score ? [column.score.scaleScore - ERROR_BAND_SE * column.score.se, column.score.scaleScore + ERROR_BAND_SE * column.score.se] : []),
    ...column.uncounted,
  ]);
  // When nothing is scored yet, the axis still spans the middle of the scale.
  if (!values.length) return SCALE_MIDDLE;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = niceStep(Math.max(max - min, 10) / 4);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  return high > low ? { low, high, step } : { low: low - step, high: high + step, step };
}

const point = (x: number, y: number) => `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;

export function growthChart(columns: readonly ChartInput[], frame: Frame): GrowthChartGeometry {
  const plot = plotOf(frame);
  const { low, high, step } = domainOf(columns);
  const y = linearScale([low, high], [plot.y + plot.height, plot.y]);
  const slot = columns.length ? plot.width / columns.length : 0;
  const ticks: { value: number; offset: number }[] = [];
  for (let value = low; value <= high + step / 2; value += step) ticks.push({ value: Math.round(value * 1e9) / 1e9, offset: y(value) });
  const placed = columns.map((column, index): ChartColumn => {
    const x = plot.x + (index + 0.5) * slot;
    const score = column.score
      ? {
          y: y(column.score.scaleScore),
          low: y(column.score.scaleScore - ERROR_BAND_SE * column.score.se),
          high: y(column.score.scaleScore + ERROR_BAND_SE * column.score.se),
          scaleScore: column.score.scaleScore,
          se: column.score.se,
        }
      : null;
    return { label: column.label, x, score, uncounted: column.uncounted.map((value) => ({ y: y(value), scaleScore: value })) };
  });
  const scored = placed.filter((column): column is ChartColumn & { score: PlacedScore } => column.score !== null);
  return {
    plot,
    ticks,
    columns: placed,
    line: scored.map((column) => point(column.x, column.score.y)).join(" "),
    band: scored.length
      ? [...scored.map((column) => point(column.x, column.score.high)), ...[...scored].reverse().map((column) => point(column.x, column.score.low))].join(" ")
      : "",
  };
}
