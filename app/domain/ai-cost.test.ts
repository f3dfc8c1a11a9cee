import { describe, expect, it } from "vitest";

import { estimateCostPerStudent, formatCost } from "./ai-cost";

describe("estimateCostPerStudent (SPEC.md section 9)", () => {
  it("counts only free response, scenario and chat questions at 800 input and 400 output tokens", () => {
    const types = ["multiple_choice", "multiple_select", "free_response", "scenario", "chat"] as const;
    // gpt-5: 800 × 1.25 + 400 × 10 = 5,000 per million tokens → $0.005 per graded question.
    expect(estimateCostPerStudent(types, "gpt-5-2025-08-07")).toBeCloseTo(0.015, 10);
    expect(estimateCostPerStudent(types, "gpt-4o-2024-08-06")).toBeCloseTo(0.018, 10);
    expect(estimateCostPerStudent(types, "gpt-4o-mini-2024-07-18")).toBeCloseTo(0.00108, 10);
  });

  it("is zero without AI-graded questions or for a model with no published rate", () => {
    expect(estimateCostPerStudent(["multiple_choice", "multiple_select"], "gpt-5-2025-08-07")).toBe(0);
    expect(estimateCostPerStudent(["free_response"], "district-llama")).toBe(0);
  });
});

describe("formatCost thresholds", () => {
  it("shows $0.00 for zero", () => expect(formatCost(0)).toBe("$0.00"));
  it("uses 6 decimals under 0.001", () => expect(formatCost(0.00036)).toBe("$0.000360"));
  it("uses 4 decimals from 0.001 to under 0.01", () => {
    expect(formatCost(0.001)).toBe("$0.0010");
    expect(formatCost(0.006)).toBe("$0.0060");
  });
  it("uses 3 decimals from 0.01 to under 1", () => {
    expect(formatCost(0.01)).toBe("$0.010");
    expect(formatCost(0.5)).toBe("$0.500");
  });
  it("uses 2 decimals from 1 up", () => {
    expect(formatCost(1)).toBe("$1.00");
    expect(formatCost(12.345)).toBe("$12.35");
  });
});
