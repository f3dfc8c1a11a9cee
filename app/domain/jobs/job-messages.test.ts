import { describe, expect, it } from "vitest";

import { jobInputSchema, jobMessageSchema, MAX_RETRIES, retryDelaySeconds } from "./job-messages";

describe("jobInputSchema", () => {
  it("parses a ping with the default echo", () => {
    expect(jobInputSchema.parse({ kind: "ping" })).toEqual({ kind: "ping", echo: "ping" });
  });

  it("keeps a given echo", () => {
    expect(jobInputSchema.parse({ kind: "ping", echo: "hello" })).toEqual({ kind: "ping", echo: "hello" });
  });

  it("accepts an echo of exactly 200 characters and rejects 201", () => {
    expect(jobInputSchema.safeParse({ kind: "ping", echo: "x".repeat(200) }).success).toBe(true);
    expect(jobInputSchema.safeParse({ kind: "ping", echo: "x".repeat(201) }).success).toBe(false);
  });

  it("rejects a non-string echo", () => {
    expect(jobInputSchema.safeParse({ kind: "ping", echo: 42 }).success).toBe(false);
  });

  it("rejects unknown or missing kinds", () => {
    expect(jobInputSchema.safeParse({ kind: "pong" }).success).toBe(false);
    expect(jobInputSchema.safeParse({ kind: "PING" }).success).toBe(false);
    expect(jobInputSchema.safeParse({}).success).toBe(false);
    expect(jobInputSchema.safeParse(null).success).toBe(false);
  });
});

describe("jobMessageSchema", () => {
  it("requires a non-empty job id", () => {
    expect(jobMessageSchema.parse({ jobId: "j1" })).toEqual({ jobId: "j1" });
    expect(jobMessageSchema.safeParse({ jobId: "" }).success).toBe(false);
    expect(jobMessageSchema.safeParse({}).success).toBe(false);
  });
});

describe("retryDelaySeconds", () => {
  it("doubles with each attempt: 2, 4, 8", () => {
    expect(retryDelaySeconds(1)).toBe(2);
    expect(retryDelaySeconds(2)).toBe(4);
    expect(retryDelaySeconds(3)).toBe(8);
  });

  it("is at least 2 seconds for attempt 0 or below", () => {
    expect(retryDelaySeconds(0)).toBe(2);
    expect(retryDelaySeconds(-3)).toBe(2);
  });

  it("never decreases and caps at 60 seconds", () => {
    let previous = 0;
    for (let attempt = 0; attempt <= 20; attempt++) {
      const delay = retryDelaySeconds(attempt);
      expect(delay).toBeGreaterThanOrEqual(previous);
      expect(delay).toBeLessThanOrEqual(60);
      previous = delay;
    }
    expect(retryDelaySeconds(5)).toBe(32);
    expect(retryDelaySeconds(6)).toBe(60);
    expect(retryDelaySeconds(100)).toBe(60);
  });

  it("covers every retry within the cap", () => {
    expect(MAX_RETRIES).toBe(3);
    expect(retryDelaySeconds(MAX_RETRIES)).toBe(8);
  });
});
