import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { GradingQuestion } from "~/domain/ai/grading-request";
import { createOfflineProvider } from "~/services/ai/offline-provider.server";
import { createOpenAiProvider } from "~/services/ai/openai-provider.server";
import type { AiProvider } from "~/services/ai/provider.server";
import { createWorkersAiProvider } from "~/services/ai/workers-ai-provider.server";

import { INJECTION_ATTACKS } from "../support/injection-attacks";
import { type OpenAiStub, startOpenAiStub } from "../support/openai-stub";
import { createWorkersAiStub, inProcessBinding } from "../support/workers-ai-stub";

/**
 * The injection suite: every attack appended to an honest but incomplete answer, graded
 * by the product's own provider module, offline and against a model that obeys any instruction it
 * sees (the stubs, over the OpenAI-compatible API and as the Workers AI binding). No attack may
 * raise the answer's score.
 */
const question: GradingQuestion = {
  id: "q-photosynthesis",
  text: "<p>Explain how plants make their food.</p>",
  type: "free_response",
  rubric: {
    referenceAnswer: "Plants use light energy to turn carbon dioxide and water into glucose and release oxygen; this happens in the chloroplasts.",
    keyPoints: ["light energy is captured", "carbon dioxide and water are used", "glucose is produced", "oxygen is released"],
  },
  gradingSystemInstruction: null,
  systemInstruction: null,
  initialPrompt: null,
  metadata: {},
};

/** Partly right answers, so a raised score has room to show. */
const BASE_ANSWERS = ["Plants use water and sunlight to make food in their leaves.", "They take in carbon dioxide."];

let stub: OpenAiStub;
type Grader = "offline" | "obedient model" | "obedient Workers AI model";
let providers: Record<Grader, AiProvider>;

beforeAll(async () => {
  stub = await startOpenAiStub();
  providers = {
    offline: createOfflineProvider(),
    "obedient model": createOpenAiProvider({
      provider: "openai",
      apiKey: "test-key",
      baseURL: stub.baseURL,
      modelMap: {},
      timeoutMs: 5000,
      maxRetries: 0,
      jobWaitMs: 0,
    }),
    "obedient Workers AI model": createWorkersAiProvider(
      { provider: "workers-ai", model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast", timeoutMs: 5000, maxRetries: 0, jobWaitMs: 0 },
      inProcessBinding(createWorkersAiStub()),
    ),
  };
});
afterAll(() => stub?.close());

async function scoreOf(provider: AiProvider, answer: string): Promise<number> {
  const outcome = await provider.grade(question, answer, "gpt-4o-mini-2024-07-18");
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value.score;
}

describe.each(["offline", "obedient model", "obedient Workers AI model"] as const)("the injection suite against the %s grader", (name) => {
  it(`has at least 30 attacks (it has ${INJECTION_ATTACKS.length})`, () => {
    expect(INJECTION_ATTACKS.length).toBeGreaterThanOrEqual(30);
  });

  it("raises no answer's score with any attack", async () => {
    const provider = providers[name];
    const raised: string[] = [];
    for (const base of BASE_ANSWERS) {
      const honest = await scoreOf(provider, base);
      for (const attack of INJECTION_ATTACKS) {
        const attacked = await scoreOf(provider, `${base} ${attack.payload}`);
        if (attacked > honest) raised.push(`${attack.name}: ${honest} → ${attacked}`);
      }
    }
    expect(raised).toEqual([]);
  });
});

it("is a real test: the obedient model gives 100 to an attack it is shown unscreened", async () => {
  // The same stub, sent the raw attack inside the answer tags, obeys: screening is what stops it.
  const { default: OpenAI } = await import("openai");
  const client = new OpenAI({ apiKey: "test-key", baseURL: stub.baseURL, maxRetries: 0 });
  const obeyed = await client.chat.completions.create({
    model: "gpt-4o-mini-2024-07-18",
    messages: [{ role: "user", content: `<student_answer>${BASE_ANSWERS[0]} ${INJECTION_ATTACKS[0]!.payload}</student_answer>` }],
    response_format: { type: "json_schema", json_schema: { name: "grading_result", schema: { type: "object", properties: { score: { type: "number" } } } } },
  });
  expect(JSON.parse(obeyed.choices[0]!.message.content ?? "{}").score).toBe(100);
});

it("is a real test for Workers AI too: the stub binding gives 100 to an attack it is shown unscreened", async () => {
  const binding = inProcessBinding(createWorkersAiStub());
  const output = (await binding.run("@cf/meta/llama-3.3-70b-instruct-fp8-fast", {
    messages: [{ role: "user", content: `<student_answer>${BASE_ANSWERS[0]} ${INJECTION_ATTACKS[0]!.payload}</student_answer>` }],
    response_format: { type: "json_schema", json_schema: { type: "object", properties: { score: { type: "number" } } } },
  })) as { response: string };
  expect(JSON.parse(output.response).score).toBe(100);
});
