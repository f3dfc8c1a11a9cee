/**
 * The geometry of Cohort Analytics' charts, apart from their drawing: axis ticks,
 * linear scales, column and bar positions. Pure numbers in SVG user units, so the components only
 * place what this computes and the rules are unit-tested.
 */
export type Margin = { top: number; right: number; bottom: number; left: number };
export type Frame = { width: number; height: number; margin: Margin };
/** The plotting area inside a frame's margins. */
type Plot = { x: number; y: number; width: number; height: number };
type Tick = { value: number; offset: number };

export function plotOf(frame: Frame): Plot {
  const { width, height, margin } = frame;
  return { x: margin.left, y: margin.top, width: Math.max(0, width - margin.left - margin.right), height: Math.max(0, height - margin.top - margin.bottom) };
}

/** A function mapping [d0, d1] onto [r0, r1]; a zero-width domain maps everything to r0. */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** The "nice" step (1, 2 or 5 × 10^k) nearest above `rough`: axes people read at a glance. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Ticks from 0 up to the first nice value at or above `max`, about `count` of them. Counts are
 * whole numbers, so `integer` keeps the step at least 1 (no "0.5 students").
 */
export function niceTicks(max: number, count = 5, integer = false): number[] {
  const top = max > 0 && Number.isFinite(max) ? max : 1;
  let step = niceStep(top / Math.max(1, count));
  if (integer) step = Math.max(1, Math.round(step));
  const last = Math.ceil(top / step - 1e-9) * step;
  const ticks: number[] = [];
  // Rounded so 0.1 × 3 prints as 0.3.
  for (let value = 0; value <= last + step / 2; value += step) ticks.push(Math.round(value * 1e9) / 1e9);
  return ticks;
}

type Column = { x: number; y: number; width: number; height: number; centre: number; value: number; label: string; showLabel: boolean };
type ColumnChart = { plot: Plot; columns: Column[]; ticks: Tick[]; max: number; labelFontSize: number };

/** A label's width, in the chart's units, for its font size: digits and dashes run about 0.6 em in the sans-serif the charts use, rounded up. */
const GLYPH_EM = 0.62;
const LABEL_GAP = 4;

/**
 * Every how many columns a label fits under its column without touching the next label shown:
 * 1 when every label fits, else a larger stride (every other, every third…). The labels left out
 * are still in the chart's table and summary.
 */
function labelStride(slot: number, labels: readonly string[], fontSize: number): number {
  const widest = Math.max(0, ...labels.map((label) => label.length)) * fontSize * GLYPH_EM + LABEL_GAP;
  return slot > 0 ? Math.max(1, Math.ceil(widest / slot)) : 1;
}

/**
 * Vertical columns side by side (a histogram of the bins it is given), the y axis from 0 to a nice
 * maximum with its ticks. A gap of `gapShare` of each slot separates the columns.
 */
export function columnChart(
  values: readonly { label: string; value: number }[],
  frame: Frame,
  options: { gapShare?: number; integer?: boolean } = {},
): ColumnChart {
  const plot = plotOf(frame);
  const tickValues = niceTicks(Math.max(0, ...values.map((entry) => entry.value)), 4, options.integer ?? true);
  const max = tickValues[tickValues.length - 1]!;
  const y = linearScale([0, max], [plot.y + plot.height, plot.y]);
  const slot = values.length ? plot.width / values.length : 0;
  const gap = slot * (options.gapShare ?? 0.15);
  const labelFontSize = values.length > 12 ? 10 : 12;
  const stride = labelStride(
    slot,
    values.map((entry) => entry.label),
    labelFontSize,
  );
  return {
    plot,
    max,
    labelFontSize,
    ticks: tickValues.map((value) => ({ value, offset: y(value) })),
    columns: values.map((entry, index) => {
      const top = y(entry.value);
      return {
        x: plot.x + index * slot + gap / 2,
        y: top,
        width: Math.max(0, slot - gap),
        height: plot.y + plot.height - top,
        centre: plot.x + (index + 0.5) * slot,
        value: entry.value,
        label: entry.label,
        showLabel: index % stride === 0,
      };
    }),
  };
}

type Bar = { x: number; y: number; width: number; height: number; middle: number; value: number; label: string };
type BarChart = { plot: Plot; bars: Bar[]; ticks: Tick[]; threshold: number | null };

/**
 * Horizontal bars, one row each, against a fixed domain [0, max] (percentages: 0–100), with
 * ticks every `tickStep` and an optional threshold line (the product's 60% mastery line). Values
 * outside the domain are clamped so a bar never leaves its plot.
 */
export function barChart(
  rows: readonly { label: string; value: number }[],
  frame: Frame,
  options: { max?: number; tickStep?: number; threshold?: number; gapShare?: number } = {},
): BarChart {
  const plot = plotOf(frame);
  const max = options.max ?? 100;
  const step = options.tickStep ?? max / 4;
  const x = linearScale([0, max], [plot.x, plot.x + plot.width]);
  const slot = rows.length ? plot.height / rows.length : 0;
  const gap = slot * (options.gapShare ?? 0.3);
  const ticks: Tick[] = [];
  for (let value = 0; value <= max + step / 2; value += step) ticks.push({ value: Math.round(value * 1e9) / 1e9, offset: x(value) });
  return {
    plot,
    ticks,
    threshold: options.threshold === undefined ? null : x(options.threshold),
    bars: rows.map((row, index) => {
      const clamped = Math.min(max, Math.max(0, row.value));
      return {
        x: plot.x,
        y: plot.y + index * slot + gap / 2,
        width: x(clamped) - plot.x,
        height: Math.max(0, slot - gap),
        middle: plot.y + (index + 0.5) * slot,
        value: row.value,
        label: row.label,
      };
    }),
  };
}

/** The height a bar chart needs for `rows` rows of `rowHeight` within its margins. */
export function barChartHeight(rows: number, rowHeight: number, margin: Margin): number {
  return margin.top + margin.bottom + Math.max(1, rows) * rowHeight;
}

/** A bin's range as an axis label: "0–10"; the table says which end is included. */
export function binLabel(bin: { from: number; to: number }): string {
  const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  return `${format(bin.from)}–${format(bin.to)}`;
}

/** Shortens a label to `max` characters with an ellipsis (SVG text does not wrap). */
export function truncateLabel(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/**
 * Drops empty bins at both ends, keeping `pad` empty ones beside the data for context, so a
 * class's 16 scale-score bins show only the range it covers. All empty: unchanged.
 */
export function trimEmptyEnds<T extends { count: number }>(bins: readonly T[], pad = 1): T[] {
  const first = bins.findIndex((bin) => bin.count > 0);
  if (first === -1) return [...bins];
  const last = bins.length - 1 - [...bins].reverse().findIndex((bin) => bin.count > 0);
  return bins.slice(Math.max(0, first - pad), Math.min(bins.length, last + 1 + pad));
}
