import { describe, expect, it } from "vitest";

import { parseAiConfig, providerModelFor } from "./ai-config";

describe("parseAiConfig", () => {
  it("is offline without an API key, whatever else is set", () => {
    expect(parseAiConfig({})).toEqual({ ok: true, config: { provider: "offline", jobWaitMs: 25_000 } });
    expect(parseAiConfig({ AI_API_KEY: "  ", AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_WAIT_MS: "0" })).toEqual({
      ok: true,
      config: { provider: "offline", jobWaitMs: 0 },
    });
  });

  it("reads the key, a base URL without its trailing slash, the model map and the limits", () => {
    const parsed = parseAiConfig({
      AI_API_KEY: "sk-test",
      AI_BASE_URL: "http://127.0.0.1:11434/v1/",
      AI_MODEL_MAP: "gpt-5-2025-08-07=llama3.1:70b, *=llama3.1:8b",
      AI_TIMEOUT_MS: "5000",
      AI_MAX_RETRIES: "0",
      AI_WAIT_MS: "1000",
    });
    expect(parsed).toEqual({
      ok: true,
      config: {
        jobWaitMs: 1000,
        provider: "openai",
        apiKey: "sk-test",
        baseURL: "http://127.0.0.1:11434/v1",
        modelMap: { "gpt-5-2025-08-07": "llama3.1:70b", "*": "llama3.1:8b" },
        timeoutMs: 5000,
        maxRetries: 0,
      },
    });
    if (!parsed.ok || parsed.config.provider !== "openai") throw new Error("expected the openai provider");
    expect(providerModelFor(parsed.config, "gpt-5-2025-08-07")).toBe("llama3.1:70b");
    expect(providerModelFor(parsed.config, "gpt-4o-2024-08-06")).toBe("llama3.1:8b");
  });

  it("keeps the product's model names when no map is given", () => {
    const parsed = parseAiConfig({ AI_API_KEY: "sk" });
    if (!parsed.ok || parsed.config.provider !== "openai") throw new Error("expected the openai provider");
    expect(parsed.config).toMatchObject({ baseURL: undefined, timeoutMs: 30_000, maxRetries: 2 });
    expect(providerModelFor(parsed.config, "gpt-4o-mini-2024-07-18")).toBe("gpt-4o-mini-2024-07-18");
  });

  it("picks Workers AI when the AI binding is there and no key is set, with the default model and the same limits", () => {
    const binding = { run: async () => ({}) };
    expect(parseAiConfig({ AI: binding })).toEqual({
      ok: true,
      config: { provider: "workers-ai", model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast", timeoutMs: 30_000, maxRetries: 2, jobWaitMs: 25_000 },
    });
    expect(parseAiConfig({ AI: binding, AI_WORKERS_MODEL: " @cf/meta/llama-3.1-8b-instruct ", AI_TIMEOUT_MS: "900", AI_MAX_RETRIES: "0" })).toMatchObject({
      ok: true,
      config: { provider: "workers-ai", model: "@cf/meta/llama-3.1-8b-instruct", timeoutMs: 900, maxRetries: 0 },
    });
  });

  it("prefers the key to the binding, and stays offline with neither", () => {
    const binding = { run: async () => ({}) };
    expect(parseAiConfig({ AI: binding, AI_API_KEY: "sk" })).toMatchObject({ ok: true, config: { provider: "openai" } });
    expect(parseAiConfig({ AI_WORKERS_MODEL: "@cf/meta/llama-3.1-8b-instruct" })).toMatchObject({ ok: true, config: { provider: "offline" } });
    expect(parseAiConfig({ AI: undefined })).toMatchObject({ ok: true, config: { provider: "offline" } });
  });

  it("names the variable that is wrong", () => {
    expect(parseAiConfig({ AI_BASE_URL: "not a url" })).toEqual({ ok: false, message: "AI_BASE_URL must be a URL" });
    expect(parseAiConfig({ AI_TIMEOUT_MS: "soon" })).toEqual({ ok: false, message: "AI_TIMEOUT_MS must be a number" });
    expect(parseAiConfig({ AI_MAX_RETRIES: "99" })).toEqual({ ok: false, message: "AI_MAX_RETRIES must be at most 10" });
    expect(parseAiConfig({ AI_WAIT_MS: "-1" })).toEqual({ ok: false, message: "AI_WAIT_MS must be at least 0" });
    expect(parseAiConfig({ AI_MODEL_MAP: "gpt-6=x" })).toMatchObject({ ok: false, message: expect.stringContaining('unknown model "gpt-6"') });
    expect(parseAiConfig({ AI_MODEL_MAP: "gpt-5-2025-08-07" })).toMatchObject({ ok: false, message: expect.stringContaining("model=provider-model") });
    // Checked whichever provider is chosen, so a typo shows before the binding is added.
    for (const model of ["llama-3.3-70b", "gpt-5-2025-08-07", "@cf/llama", "https://example.org/@cf/meta/x"]) {
      expect(parseAiConfig({ AI_WORKERS_MODEL: model })).toEqual({
        ok: false,
        message: "AI_WORKERS_MODEL must be a Workers AI model name such as @cf/meta/llama-3.3-70b-instruct-fp8-fast",
      });
    }
  });
});
