import { describe, expect, it } from "vitest";

import type { GradingQuestion } from "~/domain/ai/grading-request";

import { createWorkersAiProvider, type WorkersAiBinding } from "./workers-ai-provider.server";

/**
 * The Workers AI provider against a fake binding in this process: what it sends, how it reads
 * the two reply shapes, and which failures it retries. tests/integration/workers-ai.test.ts runs
 * it through the bundled Worker with the stub binding.
 */
const question: GradingQuestion = {
  id: "q1",
  text: "Why do we see the Moon's phases?",
  type: "free_response",
  rubric: { referenceAnswer: "The Sun lights half the Moon; as it orbits we see more or less of that half." },
  gradingSystemInstruction: null,
  systemInstruction: null,
  initialPrompt: null,
  metadata: {},
};
const GRADE = { score: 80, feedback: "Good.", keyPoints: ["lit half"], strengths: ["clear"], improvements: ["orbit"], confidence: 0.8 };
const USAGE = { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 };
const config = { provider: "workers-ai" as const, model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast", timeoutMs: 200, maxRetries: 2, jobWaitMs: 0 };

type Reply = unknown | Error | { delayMs: number };

/** A binding that answers from a script of replies (the last one repeats) and records what it got. */
function fakeBinding(...replies: Reply[]) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const binding: WorkersAiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (reply instanceof Error) throw reply;
      if (reply && typeof reply === "object" && "delayMs" in reply) await new Promise((resolve) => setTimeout(resolve, (reply as { delayMs: number }).delayMs));
      return reply;
    },
  };
  return { binding, calls };
}

const grade = (binding: WorkersAiBinding, overrides: Partial<typeof config> = {}) =>
  createWorkersAiProvider({ ...config, ...overrides }, binding).grade(question, "The Sun lights half of it.", "gpt-5-2025-08-07");

describe("the Workers AI provider", () => {
  it("sends the configured model, the delimited answer and the grading schema as JSON mode, and reads a string reply with its usage", async () => {
    const { binding, calls } = fakeBinding({ response: JSON.stringify(GRADE), usage: USAGE });
    const outcome = await grade(binding);
    expect(outcome).toMatchObject({
      ok: true,
      value: GRADE,
      call: { model: config.model, usage: { promptTokens: 100, completionTokens: 40, totalTokens: 140 } },
    });
    expect(calls).toHaveLength(1);
    const { model, inputs } = calls[0]!;
    expect(model).toBe(config.model);
    expect(inputs.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { type: "object", required: expect.arrayContaining(["score", "confidence"]) },
    });
    expect(JSON.stringify(inputs.messages)).toContain("<student_answer>");
    expect(inputs.max_tokens).toBeGreaterThan(256);
  });

  it("reads a reply whose response is already an object", async () => {
    const { binding } = fakeBinding({ response: GRADE });
    expect(await grade(binding)).toMatchObject({ ok: true, value: GRADE, call: { rawResponse: JSON.stringify(GRADE), usage: { totalTokens: 0 } } });
  });

  it("retries a capacity error with backoff and succeeds", async () => {
    const { binding, calls } = fakeBinding(new Error("3040: Capacity temporarily exceeded, please try again."), { response: GRADE, usage: USAGE });
    expect(await grade(binding)).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it("after AI_MAX_RETRIES capacity errors, fails as retryable so the queue tries the job again", async () => {
    const { binding, calls } = fakeBinding(new Error("3040: Capacity temporarily exceeded"));
    expect(await grade(binding, { maxRetries: 1 })).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining("3040") });
    expect(calls).toHaveLength(2);
  });

  it("does not retry a failure no retry can fix", async () => {
    for (const error of [new Error("5007: No such model @cf/x/y or task"), new Error("3036: You have used up your daily free allocation")]) {
      const { binding, calls } = fakeBinding(error);
      expect(await grade(binding)).toMatchObject({ ok: false, retryable: false });
      expect(calls).toHaveLength(1);
    }
  });

  it("gives up on a call after AI_TIMEOUT_MS and retries it", async () => {
    const { binding, calls } = fakeBinding({ delayMs: 1_000 }, { response: GRADE });
    expect(await grade(binding, { timeoutMs: 50 })).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
    const slow = fakeBinding({ delayMs: 1_000 });
    expect(await grade(slow.binding, { timeoutMs: 50, maxRetries: 0 })).toMatchObject({
      ok: false,
      retryable: true,
      error: "Workers AI did not answer in time.",
    });
  });

  it("asks once more when the reply does not parse or JSON mode was not met, then fails for good", async () => {
    const reasked = fakeBinding({ response: "Sure! Great job." }, { response: GRADE, usage: USAGE });
    expect(await grade(reasked.binding)).toMatchObject({ ok: true });
    expect(reasked.calls).toHaveLength(2);
    const unmet = fakeBinding(new Error("JSON Mode couldn't be met"), { response: GRADE });
    expect(await grade(unmet.binding)).toMatchObject({ ok: true });
    const never = fakeBinding({ response: "Sure! Great job.", usage: USAGE });
    expect(await grade(never.binding)).toMatchObject({
      ok: false,
      retryable: false,
      error: "The AI provider's reply was not JSON.",
      call: { rawResponse: "Sure! Great job.", usage: { promptTokens: 200 } },
    });
    expect(never.calls).toHaveLength(2);
  });
});
