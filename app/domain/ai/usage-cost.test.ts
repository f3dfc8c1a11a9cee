import { describe, expect, it } from "vitest";

import { addUsage, costOf, isPriced, NO_USAGE } from "./usage-cost";

describe("costOf", () => {
  it("prices gpt-5 at 1.25 in and 10 out per million, reasoning at the output rate", () => {
    const cost = costOf("gpt-5-2025-08-07", { promptTokens: 1_000_000, completionTokens: 300_000, reasoningTokens: 100_000, totalTokens: 1_300_000 });
    expect(cost.inputCost).toBeCloseTo(1.25, 10);
    expect(cost.outputCost).toBeCloseTo(2, 10);
    expect(cost.reasoningCost).toBeCloseTo(1, 10);
    expect(cost.totalCost).toBeCloseTo(4.25, 10);
    expect(cost).toMatchObject({ inputTokens: 1_000_000, outputTokens: 200_000, reasoningTokens: 100_000 });
  });

  it("prices a small gpt-4o-mini call to the millionth of a dollar", () => {
    const cost = costOf("gpt-4o-mini-2024-07-18", { promptTokens: 800, completionTokens: 400, reasoningTokens: 0, totalTokens: 1200 });
    expect(cost.totalCost).toBeCloseTo(0.00012 + 0.00024, 12);
  });

  it("costs nothing for a model without a published rate or for no usage", () => {
    expect(costOf("llama3.1:8b", { promptTokens: 500, completionTokens: 50, reasoningTokens: 0, totalTokens: 550 }).totalCost).toBe(0);
    expect(costOf("gpt-4o-2024-08-06", NO_USAGE).totalCost).toBe(0);
  });

  it("prices a Workers AI model at Cloudflare's published rate, and marks one it has no rate for", () => {
    const usage = { promptTokens: 1_000_000, completionTokens: 100_000, reasoningTokens: 0, totalTokens: 1_100_000 };
    expect(costOf("@cf/meta/llama-3.3-70b-instruct-fp8-fast", usage).totalCost).toBeCloseTo(0.293 + 0.2253, 10);
    expect(isPriced("@cf/meta/llama-3.3-70b-instruct-fp8-fast")).toBe(true);
    expect(costOf("@cf/unknown/model-x", usage).totalCost).toBe(0);
    expect(isPriced("@cf/unknown/model-x")).toBe(false);
    expect(isPriced("llama3.1:8b")).toBe(false);
  });

  it("counts the offline grader as priced at nothing, and the product's models as priced", () => {
    expect(isPriced("offline")).toBe(true);
    expect(isPriced("gpt-5-2025-08-07")).toBe(true);
  });

  it("never counts negative output when a provider reports more reasoning than completion", () => {
    expect(costOf("gpt-4o-2024-08-06", { promptTokens: 0, completionTokens: 5, reasoningTokens: 9, totalTokens: 5 }).outputTokens).toBe(0);
  });
});

describe("addUsage", () => {
  it("adds each count", () => {
    const one = { promptTokens: 1, completionTokens: 2, reasoningTokens: 3, totalTokens: 4 };
    expect(addUsage(one, one)).toEqual({ promptTokens: 2, completionTokens: 4, reasoningTokens: 6, totalTokens: 8 });
  });
});
