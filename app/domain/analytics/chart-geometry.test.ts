import { describe, expect, it } from "vitest";

import { barChart, barChartHeight, binLabel, columnChart, linearScale, niceStep, niceTicks, plotOf, trimEmptyEnds, truncateLabel } from "./chart-geometry";

const frame = { width: 500, height: 300, margin: { top: 10, right: 20, bottom: 40, left: 30 } };

describe("scales and ticks", () => {
  it("finds the plot inside the margins, never negative", () => {
    expect(plotOf(frame)).toEqual({ x: 30, y: 10, width: 450, height: 250 });
    expect(plotOf({ width: 10, height: 10, margin: frame.margin })).toMatchObject({ width: 0, height: 0 });
  });

  it("maps a domain linearly onto a range, reversed ranges included, and a zero-width domain to its start", () => {
    const y = linearScale([0, 10], [260, 10]);
    expect(y(0)).toBe(260);
    expect(y(10)).toBe(10);
    expect(y(5)).toBe(135);
    expect(linearScale([3, 3], [0, 100])(3)).toBe(0);
  });

  it("picks steps of 1, 2 or 5 times a power of ten", () => {
    expect([0.3, 1, 1.5, 3, 7, 12, 40, 0.04].map(niceStep)).toEqual([0.5, 1, 2, 5, 10, 20, 50, 0.05]);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });

  it("ticks from 0 to a nice value at or above the maximum", () => {
    expect(niceTicks(7, 4, true)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(30, 4, true)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(12, 4, true)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(0.9, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("keeps whole steps for counts, and an axis for an empty chart", () => {
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 4, true)).toEqual([0, 1]);
    expect(niceTicks(0, 4)).toEqual([0, 0.5, 1]);
  });
});

describe("columnChart", () => {
  it("places columns side by side with gaps, heights proportional to their values on a nice axis", () => {
    const chart = columnChart(
      [
        { label: "0–50", value: 2 },
        { label: "50–100", value: 7 },
        { label: "100", value: 0 },
      ],
      frame,
      { gapShare: 0.2 },
    );
    expect(chart.max).toBe(8);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
    expect(chart.ticks[0]!.offset).toBe(260);
    expect(chart.ticks[4]!.offset).toBe(10);
    const [first, second, third] = chart.columns;
    expect(first).toMatchObject({ x: 45, width: 120, centre: 105, height: 62.5, y: 197.5, label: "0–50", value: 2 });
    expect(second).toMatchObject({ x: 195, height: 218.75 });
    expect(third).toMatchObject({ height: 0, y: 260 });
    // The columns stay inside the plot.
    expect(third!.x + third!.width).toBeLessThanOrEqual(480);
  });

  it("thins the column labels that would overlap, never the columns", () => {
    // Scale-score bins of 5 points from 150 to 250 in the Cohort Analytics frame: 20 labels like "180–185".
    const bins = Array.from({ length: 20 }, (_, index) => ({ label: binLabel({ from: 150 + index * 5, to: 155 + index * 5 }), value: index % 4 }));
    const analyticsFrame = { width: 640, height: 260, margin: { top: 16, right: 16, bottom: 48, left: 48 } };
    const chart = columnChart(bins, analyticsFrame);
    expect(chart.columns).toHaveLength(20);
    const shown = chart.columns.filter((column) => column.showLabel);
    expect(shown.length).toBeLessThan(20);
    expect(shown[0]!.label).toBe("150–155");
    // Each label shown, at 0.62 em a character, ends before the next one shown begins.
    const half = (label: string) => (label.length * chart.labelFontSize * 0.62) / 2;
    for (let index = 1; index < shown.length; index += 1) {
      expect(shown[index - 1]!.centre + half(shown[index - 1]!.label)).toBeLessThan(shown[index]!.centre - half(shown[index]!.label));
    }
    // Few columns: every label.
    expect(columnChart(bins.slice(0, 5), analyticsFrame).columns.every((column) => column.showLabel)).toBe(true);
  });

  it("draws an empty axis for no data", () => {
    const chart = columnChart([], frame);
    expect(chart.columns).toEqual([]);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 1]);
  });
});

describe("barChart", () => {
  it("lays out one row per bar against 0–100 with ticks and a threshold line", () => {
    const chart = barChart(
      [
        { label: "Place value", value: 75 },
        { label: "Fractions", value: 40 },
      ],
      frame,
      { threshold: 60, tickStep: 25, gapShare: 0.2 },
    );
    expect(chart.ticks.map((tick) => [tick.value, tick.offset])).toEqual([
      [0, 30],
      [25, 142.5],
      [50, 255],
      [75, 367.5],
      [100, 480],
    ]);
    expect(chart.threshold).toBe(300);
    expect(chart.bars[0]).toMatchObject({ x: 30, width: 337.5, y: 22.5, height: 100, middle: 72.5 });
    expect(chart.bars[1]).toMatchObject({ width: 180, y: 147.5, middle: 197.5 });
  });

  it("clamps values outside the domain, and has no threshold unless asked", () => {
    const chart = barChart(
      [
        { label: "x", value: 140 },
        { label: "y", value: -5 },
      ],
      frame,
    );
    expect(chart.bars.map((bar) => bar.width)).toEqual([450, 0]);
    expect(chart.bars[0]!.value).toBe(140);
    expect(chart.threshold).toBeNull();
  });

  it("sizes a chart by its rows", () => {
    expect(barChartHeight(10, 28, frame.margin)).toBe(330);
    expect(barChartHeight(0, 28, frame.margin)).toBe(78);
  });
});

describe("labels", () => {
  it("names bins by their ends", () => {
    expect(binLabel({ from: 0, to: 10 })).toBe("0–10");
    expect(binLabel({ from: 182.5, to: 190 })).toBe("182.5–190");
  });

  it("truncates long labels with an ellipsis and collapses whitespace", () => {
    expect(truncateLabel("What is   the value", 40)).toBe("What is the value");
    expect(truncateLabel("abcdefghij", 6)).toBe("abcde…");
  });
});

describe("trimEmptyEnds", () => {
  const bins = (...counts: number[]) => counts.map((count, index) => ({ from: index * 5, to: index * 5 + 5, count }));

  it("keeps the populated range and one empty bin beside it", () => {
    expect(trimEmptyEnds(bins(0, 0, 0, 2, 0, 3, 0, 0)).map((bin) => bin.from)).toEqual([10, 15, 20, 25, 30]);
    expect(trimEmptyEnds(bins(1, 0, 0), 0).map((bin) => bin.from)).toEqual([0]);
    expect(trimEmptyEnds(bins(1, 0, 2), 3)).toHaveLength(3);
  });

  it("leaves all-empty bins as they are", () => {
    expect(trimEmptyEnds(bins(0, 0))).toHaveLength(2);
    expect(trimEmptyEnds([])).toEqual([]);
  });
});
