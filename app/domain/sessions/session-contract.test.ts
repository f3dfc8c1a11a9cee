import { describe, expect, it } from "vitest";

import { beginSessionSchema, submitAnswerSchema } from "./session-contract";
import { MAX_ANSWER_TEXT_LENGTH, MAX_CHAT_MESSAGES, MAX_SESSION_SECONDS } from "./session-limits";

const submit = (answer: unknown, extra: Record<string, unknown> = {}) =>
  submitAnswerSchema.safeParse({ questionId: "q1", answer, timeSpentSeconds: 12.5, ...extra });

describe("submitAnswerSchema (POST /api/sessions/{id}/submit)", () => {
  it("accepts each answer form: text, chosen option texts, a chat transcript", () => {
    expect(submit("Paris").success).toBe(true);
    expect(submit(["2", "4"]).success).toBe(true);
    expect(
      submit({
        messages: [
          { role: "user", content: "Why?" },
          { role: "assistant", content: "Because." },
        ],
      }).success,
    ).toBe(true);
  });

  it("accepts empty answers: a question whose timer expired is submitted as it stands", () => {
    expect(submit("").success).toBe(true);
    expect(submit([]).success).toBe(true);
    expect(submit({ messages: [] }).success).toBe(true);
  });

  it("rejects other shapes", () => {
    expect(submit(42).success).toBe(false);
    expect(submit(null).success).toBe(false);
    expect(submit([1, 2]).success).toBe(false);
    expect(submit({ messages: [{ role: "student", content: "hi" }] }).success).toBe(false);
    expect(submit({ text: "hi" }).success).toBe(false);
  });

  it("caps the size of an answer", () => {
    expect(submit("x".repeat(MAX_ANSWER_TEXT_LENGTH)).success).toBe(true);
    expect(submit("x".repeat(MAX_ANSWER_TEXT_LENGTH + 1)).success).toBe(false);
    const messages = Array.from({ length: MAX_CHAT_MESSAGES + 1 }, () => ({ role: "user", content: "hi" }));
    expect(submit({ messages }).success).toBe(false);
  });

  it("needs a question id and a non-negative time spent", () => {
    expect(submit("A", { questionId: "  " }).success).toBe(false);
    expect(submit("A", { questionId: undefined }).success).toBe(false);
    expect(submit("A", { timeSpentSeconds: -1 }).success).toBe(false);
    expect(submit("A", { timeSpentSeconds: "12" }).success).toBe(false);
    expect(submit("A", { timeSpentSeconds: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});

describe("beginSessionSchema", () => {
  it("takes whole seconds up to the longest test (180 minutes)", () => {
    expect(beginSessionSchema.safeParse({ sessionId: "s1", durationSeconds: MAX_SESSION_SECONDS }).success).toBe(true);
    expect(beginSessionSchema.safeParse({ sessionId: "s1", durationSeconds: MAX_SESSION_SECONDS + 1 }).success).toBe(false);
    expect(beginSessionSchema.safeParse({ sessionId: "s1", durationSeconds: 0 }).success).toBe(false);
    expect(beginSessionSchema.safeParse({ sessionId: "s1", durationSeconds: 1.5 }).success).toBe(false);
    expect(beginSessionSchema.safeParse({ sessionId: "", durationSeconds: 60 }).success).toBe(false);
  });
});
