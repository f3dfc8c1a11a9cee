import { describe, expect, it } from "vitest";

import { growthChart } from "./growth-chart";

const FRAME = { width: 400, height: 240, margin: { top: 20, right: 20, bottom: 20, left: 40 } };

describe("the growth chart's geometry", () => {
  it("puts one column a window, each score with its band of ± 2 SE, on a nice axis around them", () => {
    const chart = growthChart(
      [
        { label: "Fall", score: { scaleScore: 200, se: 3 }, uncounted: [] },
        { label: "Winter", score: null, uncounted: [186] },
        { label: "Spring", score: { scaleScore: 212, se: 4 }, uncounted: [] },
      ],
      FRAME,
    );
    expect(chart.plot).toEqual({ x: 40, y: 20, width: 340, height: 200 });
    // Figures from 186 to 220 (212 + 2 × 4): a step of 10, from 180 to 220.
    expect(chart.ticks.map((tick) => tick.value)).toEqual([180, 190, 200, 210, 220]);
    expect(chart.ticks[0]!.offset).toBe(220);
    expect(chart.ticks.at(-1)!.offset).toBe(20);
    expect(chart.columns.map((column) => Math.round(column.x))).toEqual([97, 210, 323]);
    const fall = chart.columns[0]!.score!;
    expect([fall.y, fall.high, fall.low]).toEqual([120, 90, 150]);
    expect(chart.columns[1]!.score).toBeNull();
    expect(chart.columns[1]!.uncounted).toEqual([{ y: 190, scaleScore: 186 }]);
    // The line joins the scored windows only; the band goes along the top and back along the bottom.
    expect(chart.line).toBe("96.7,120 323.3,60");
    expect(chart.band).toBe("96.7,90 323.3,20 323.3,100 96.7,150");
  });

  it("spans 180 to 220 when nothing is scored, with no line or band", () => {
    const chart = growthChart([{ label: "Fall", score: null, uncounted: [] }], FRAME);
    expect([chart.ticks[0]!.value, chart.ticks.at(-1)!.value]).toEqual([180, 220]);
    expect([chart.line, chart.band]).toEqual(["", ""]);
  });

  it("keeps a single exact score inside its axis", () => {
    const chart = growthChart([{ label: "Fall", score: { scaleScore: 200, se: 0 }, uncounted: [] }], FRAME);
    const values = chart.ticks.map((tick) => tick.value);
    expect(values[0]!).toBeLessThan(200);
    expect(values.at(-1)!).toBeGreaterThan(200);
  });
});
