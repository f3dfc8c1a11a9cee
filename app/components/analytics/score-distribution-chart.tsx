import { SCALE_FORMULA } from "~/domain/adaptive/scale";
import { binLabel } from "~/domain/analytics/chart-geometry";
import type { Bin } from "~/domain/analytics/report";

import { ChartFigure, DataTable } from "./chart-figure";
import { ColumnChart } from "./column-chart";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** How many students scored in each range, as a sentence a screen reader can take in at once. */
function histogramSummary(what: string, bins: Bin[], unit: string): string {
  const filled = bins.filter((bin) => bin.count > 0);
  if (!filled.length) return `${what}: no completed sessions yet.`;
  const busiest = filled.reduce((best, bin) => (bin.count > best.count ? bin : best));
  const total = filled.reduce((sum, bin) => sum + bin.count, 0);
  return `${what} of ${plural(total, "student")}: from ${filled[0]!.from} to ${filled[filled.length - 1]!.to}${unit}, most (${busiest.count}) between ${busiest.from} and ${busiest.to}${unit}.`;
}

function binTable(bins: Bin[], caption: string, rangeHeader: string) {
  return (
    <DataTable
      caption={caption}
      headers={[rangeHeader, "Students"]}
      numeric={[1]}
      rows={bins.map((bin, index) => [`${bin.from} to ${index === bins.length - 1 ? bin.to : `under ${bin.to}`}`, bin.count])}
    />
  );
}

/** The class's percent scores in ten bins, with the median marked (the product's score distribution, drawn). */
export function ScoreDistributionChart({ bins, median }: { bins: Bin[]; median: number | null }) {
  return (
    <ChartFigure
      label="Score distribution chart"
      chart={
        <ColumnChart
          summary={histogramSummary("Score distribution", bins, "%")}
          columns={bins.map((bin) => ({ label: binLabel(bin), value: bin.count }))}
          xTitle="Score (%)"
          yTitle="Students"
          marker={median === null || !bins.some((bin) => bin.count) ? null : { value: median, label: `Median ${median}%`, domain: [0, 100] }}
        />
      }
      table={binTable(bins, "Completed sessions by score range", "Score range (%)")}
    />
  );
}

/** Scale scores (200 + 10θ) in bins, trimmed to the populated range. */
export function ScaleScoreChart({ bins, mean }: { bins: Bin[]; mean: number | null }) {
  return (
    <ChartFigure
      label="Scale-score distribution chart"
      chart={
        <ColumnChart
          summary={histogramSummary("Scale-score distribution", bins, "")}
          columns={bins.map((bin) => ({ label: binLabel(bin), value: bin.count }))}
          xTitle={`Scale score (${SCALE_FORMULA})`}
          yTitle="Students"
          marker={mean === null || !bins.length ? null : { value: mean, label: `Mean ${mean}`, domain: [bins[0]!.from, bins[bins.length - 1]!.to] }}
        />
      }
      table={binTable(bins, "Completed sessions by scale-score range", "Scale score")}
    />
  );
}
