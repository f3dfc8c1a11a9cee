import { describe, expect, it } from "vitest";

import { type CalibratedItem } from "./calibration";
import { probabilityCorrect } from "./item-model";
import { type Anchor, applyLink, meanSigmaLink } from "./linking";

/** Anchors whose current b is exactly slope · new b + intercept. */
function exactAnchors(slope: number, intercept: number, next: readonly number[]): Anchor[] {
  return next.map((b, index) => ({ id: `q${index}`, current: slope * b + intercept, next: b }));
}

const SPREAD = [-1.8, -1.1, -0.6, -0.2, 0.1, 0.4, 0.9, 1.3, 2.0, -0.9];

describe("meanSigmaLink", () => {
  it("recovers a known slope and intercept exactly", () => {
    const result = meanSigmaLink(exactAnchors(1.2, 0.45, SPREAD));
    expect(result.link!.slope).toBeCloseTo(1.2, 12);
    expect(result.link!.intercept).toBeCloseTo(0.45, 12);
    expect(result.kept).toHaveLength(SPREAD.length);
    expect(result.dropped).toEqual([]);
  });

  it("gives the identity when nothing moved", () => {
    const { link } = meanSigmaLink(exactAnchors(1, 0, SPREAD));
    expect(link!.slope).toBeCloseTo(1, 12);
    expect(link!.intercept).toBeCloseTo(0, 12);
  });

  it("drops an anchor that moved on its own and relinks without it", () => {
    const anchors = exactAnchors(0.9, -0.3, SPREAD);
    anchors[4] = { ...anchors[4]!, current: anchors[4]!.current + 1.2 };
    const result = meanSigmaLink(anchors);
    expect(result.dropped).toEqual(["q4"]);
    expect(result.kept).not.toContain("q4");
    expect(result.link!.slope).toBeCloseTo(0.9, 12);
    expect(result.link!.intercept).toBeCloseTo(-0.3, 12);
  });

  it("drops two far-off anchors one at a time", () => {
    const anchors = exactAnchors(1, 0.2, [...SPREAD, 0.5, -0.4]);
    anchors[1] = { ...anchors[1]!, current: anchors[1]!.current - 0.9 };
    anchors[7] = { ...anchors[7]!, current: anchors[7]!.current + 0.7 };
    const result = meanSigmaLink(anchors);
    expect([...result.dropped].sort()).toEqual(["q1", "q7"]);
    expect(result.link!.intercept).toBeCloseTo(0.2, 12);
  });

  it("keeps anchors whose displacements are ordinary estimation noise", () => {
    const noise = [0.12, -0.08, 0.05, -0.15, 0.1, -0.05, 0.02, 0.14, -0.11, -0.04];
    const anchors = SPREAD.map((b, index) => ({ id: `q${index}`, current: b + 0.3 + noise[index]!, next: b }));
    const result = meanSigmaLink(anchors);
    expect(result.dropped).toEqual([]);
    expect(result.link!.intercept).toBeGreaterThan(0.2);
    expect(result.link!.intercept).toBeLessThan(0.4);
  });

  it("gives no link with too few anchors", () => {
    const result = meanSigmaLink(exactAnchors(1, 0.5, [-1, 0, 0.5, 1.2]));
    expect(result.link).toBeNull();
    expect(meanSigmaLink([]).link).toBeNull();
  });

  it("gives no link when dropping out-of-line anchors leaves too few", () => {
    const anchors = exactAnchors(1, 0, [-1, -0.3, 0.4, 1.1, 1.8]);
    anchors[2] = { ...anchors[2]!, current: anchors[2]!.current + 2 };
    const result = meanSigmaLink(anchors);
    expect(result.link).toBeNull();
    expect(result.dropped).toEqual(["q2"]);
  });

  it("gives no link when the anchors' b's do not vary", () => {
    const anchors = Array.from({ length: 6 }, (_, index) => ({ id: `q${index}`, current: 0.3, next: 0 }));
    expect(meanSigmaLink(anchors).link).toBeNull();
  });
});

describe("applyLink", () => {
  it("moves b by the line and divides a by the slope, keeping the count", () => {
    const item: CalibratedItem = { a: 1.5, b: -0.4, responses: 120 };
    expect(applyLink(item, { slope: 1.25, intercept: 0.3 })).toEqual({ a: 1.2, b: 1.25 * -0.4 + 0.3, responses: 120 });
  });

  it("leaves every chance of success unchanged once θ is moved the same way", () => {
    const item: CalibratedItem = { a: 0.8, b: 1.1, responses: 40 };
    const link = { slope: 0.85, intercept: -0.2 };
    const linked = applyLink(item, link);
    for (const theta of [-2, -0.5, 0, 0.7, 2.5]) {
      expect(probabilityCorrect(link.slope * theta + link.intercept, linked)).toBeCloseTo(probabilityCorrect(theta, item), 12);
    }
  });
});
