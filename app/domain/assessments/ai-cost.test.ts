import { describe, expect, it } from "vitest";

import { AI_MODELS, DEFAULT_AI_MODEL, estimateCostPerStudent, formatCost } from "./ai-cost";

const GPT5 = "gpt-5-2025-08-07";
const GPT4O = "gpt-4o-2024-08-06";
const MINI = "gpt-4o-mini-2024-07-18";

describe("the model choices", () => {
  it("offers exactly the three models, defaulting to gpt-5", () => {
    expect([...AI_MODELS].sort()).toEqual([GPT4O, GPT5, MINI].sort());
    expect(DEFAULT_AI_MODEL).toBe(GPT5);
  });
});

describe("estimateCostPerStudent", () => {
  // 800 input + 400 output tokens per AI-graded question, at the per-million rates.
  it.each([
    [GPT5, 0.005],
    [GPT4O, 0.006],
    [MINI, 0.00036],
  ])("charges %s %f per graded question", (model, perQuestion) => {
    expect(estimateCostPerStudent(["free_response"], model)).toBeCloseTo(perQuestion, 12);
  });

  it("counts free_response, scenario and chat, one charge each", () => {
    expect(estimateCostPerStudent(["free_response", "scenario", "chat"], GPT5)).toBeCloseTo(0.015, 12);
    expect(estimateCostPerStudent(["chat", "chat"], GPT4O)).toBeCloseTo(0.012, 12);
    expect(estimateCostPerStudent(["scenario", "free_response", "chat"], MINI)).toBeCloseTo(0.00108, 12);
  });

  it("ignores multiple choice and multiple select questions", () => {
    expect(estimateCostPerStudent(["multiple_choice", "multiple_select"], GPT5)).toBe(0);
    expect(estimateCostPerStudent(["multiple_choice", "scenario", "multiple_select", "multiple_choice"], GPT4O)).toBeCloseTo(0.006, 12);
  });

  it("is 0 for a test without questions", () => {
    expect(estimateCostPerStudent([], GPT5)).toBe(0);
  });

  it("is 0 for a model without a published rate", () => {
    expect(estimateCostPerStudent(["free_response", "chat"], "claude-something")).toBe(0);
    expect(estimateCostPerStudent(["free_response"], "")).toBe(0);
  });
});

describe("formatCost", () => {
  it("shows 0 as $0.00", () => {
    expect(formatCost(0)).toBe("$0.00");
  });

  it("uses 6 decimals under 0.001", () => {
    expect(formatCost(0.0005)).toBe("$0.000500");
    expect(formatCost(0.00036)).toBe("$0.000360");
    expect(formatCost(0.000999)).toBe("$0.000999");
  });

  it("uses 4 decimals from 0.001 up to under 0.01", () => {
    expect(formatCost(0.001)).toBe("$0.0010");
    expect(formatCost(0.005)).toBe("$0.0050");
    expect(formatCost(0.00108)).toBe("$0.0011");
  });

  it("uses 3 decimals from 0.01 up to under 1", () => {
    expect(formatCost(0.01)).toBe("$0.010");
    expect(formatCost(0.5)).toBe("$0.500");
    expect(formatCost(0.999)).toBe("$0.999");
  });

  it("uses 2 decimals from 1 upward", () => {
    expect(formatCost(1)).toBe("$1.00");
    expect(formatCost(12.345)).toBe("$12.35");
    expect(formatCost(250)).toBe("$250.00");
  });

  it("formats the estimate a teacher sees for a whole test", () => {
    expect(formatCost(estimateCostPerStudent(["free_response", "multiple_choice"], GPT5))).toBe("$0.0050");
    expect(formatCost(estimateCostPerStudent(["chat"], MINI))).toBe("$0.000360");
    expect(formatCost(estimateCostPerStudent(Array(2).fill("scenario"), GPT4O))).toBe("$0.012");
    expect(formatCost(estimateCostPerStudent(["multiple_select"], GPT4O))).toBe("$0.00");
  });
});
