import { z } from "zod";

import { AI_MODELS } from "~/domain/assessments/ai-cost";

import { DEFAULT_WORKERS_AI_MODEL, isWorkersAiModelName } from "./workers-ai-models";

/**
 * How the deployment reaches an AI model, read from its variables and bindings (README "AI",
 * ADR 0035): an API key picks the OpenAI-compatible provider; without one, the Workers AI binding
 * `AI` picks Workers AI; with neither, the offline provider, so `npm start` (which runs without
 * the binding) and the tests need no network.
 */
export type AiConfig = {
  /** How long a request waits for its AI job before answering 202 with the job to poll. */
  jobWaitMs: number;
} & (
  | { provider: "offline" }
  | {
      provider: "openai";
      apiKey: string;
      /** Undefined means OpenAI's own API. */
      baseURL: string | undefined;
      /** The product's model name (or "*") → the provider's model name. */
      modelMap: Readonly<Record<string, string>>;
      timeoutMs: number;
      maxRetries: number;
    }
  | {
      provider: "workers-ai";
      /** The Workers AI model every task uses (AI_WORKERS_MODEL). */
      model: string;
      timeoutMs: number;
      maxRetries: number;
    }
);

const DEFAULT_AI_TIMEOUT_MS = 30_000;
const DEFAULT_AI_MAX_RETRIES = 2;
const DEFAULT_AI_WAIT_MS = 25_000;

const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const integerIn = (name: string, min: number, max: number) =>
  trimmed.pipe(
    z.coerce
      .number({ invalid_type_error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .optional(),
  );

const aiEnvSchema = z.object({
  AI_API_KEY: trimmed,
  AI_BASE_URL: trimmed.pipe(z.string().url("AI_BASE_URL must be a URL").optional()),
  AI_MODEL_MAP: trimmed,
  AI_TIMEOUT_MS: integerIn("AI_TIMEOUT_MS", 100, 600_000),
  AI_MAX_RETRIES: integerIn("AI_MAX_RETRIES", 0, 10),
  AI_WAIT_MS: integerIn("AI_WAIT_MS", 0, 60_000),
  AI_WORKERS_MODEL: trimmed.pipe(
    z.string().refine(isWorkersAiModelName, `AI_WORKERS_MODEL must be a Workers AI model name such as ${DEFAULT_WORKERS_AI_MODEL}`).optional(),
  ),
});

/** "a=b, *=c" → {a: "b", "*": "c"}; names must be the product's models or "*". */
function parseModelMap(text: string | undefined): { ok: true; map: Record<string, string> } | { ok: false; message: string } {
  const map: Record<string, string> = {};
  for (const entry of (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [from, to, ...rest] = entry.split("=").map((part) => part.trim());
    if (!from || !to || rest.length) return { ok: false, message: `AI_MODEL_MAP entry "${entry}" must look like model=provider-model` };
    if (from !== "*" && !(AI_MODELS as readonly string[]).includes(from)) {
      return { ok: false, message: `AI_MODEL_MAP names an unknown model "${from}" (use one of ${AI_MODELS.join(", ")} or *)` };
    }
    map[from] = to;
  }
  return { ok: true, map };
}

/** Returns the configuration or the problems, each a sentence naming the variable. */
export function parseAiConfig(env: Record<string, unknown>): { ok: true; config: AiConfig } | { ok: false; message: string } {
  const parsed = aiEnvSchema.safeParse(env);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join("; ") };
  const vars = parsed.data;
  const models = parseModelMap(vars.AI_MODEL_MAP);
  if (!models.ok) return models;
  const jobWaitMs = vars.AI_WAIT_MS ?? DEFAULT_AI_WAIT_MS;
  const limits = { timeoutMs: vars.AI_TIMEOUT_MS ?? DEFAULT_AI_TIMEOUT_MS, maxRetries: vars.AI_MAX_RETRIES ?? DEFAULT_AI_MAX_RETRIES };
  if (!vars.AI_API_KEY) {
    // The binding is an object wherever wrangler.toml's [ai] reaches the Worker; a key always wins.
    if (env.AI != null && typeof env.AI === "object") {
      return { ok: true, config: { jobWaitMs, provider: "workers-ai", model: vars.AI_WORKERS_MODEL ?? DEFAULT_WORKERS_AI_MODEL, ...limits } };
    }
    return { ok: true, config: { provider: "offline", jobWaitMs } };
  }
  return {
    ok: true,
    config: {
      jobWaitMs,
      provider: "openai",
      apiKey: vars.AI_API_KEY,
      baseURL: vars.AI_BASE_URL?.replace(/\/+$/, ""),
      modelMap: models.map,
      ...limits,
    },
  };
}

/** The provider's name for a model the product names: its own entry, else the "*" entry, else unchanged. */
export function providerModelFor(config: Extract<AiConfig, { provider: "openai" }>, model: string): string {
  return config.modelMap[model] ?? config.modelMap["*"] ?? model;
}
