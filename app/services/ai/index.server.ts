import type { AiConfig } from "~/domain/ai/ai-config";
import type { Env } from "~/env";

import { createOfflineProvider } from "./offline-provider.server";
import { createOpenAiProvider } from "./openai-provider.server";
import type { AiProvider } from "./provider.server";
import { createWorkersAiProvider } from "./workers-ai-provider.server";

/**
 * The provider the deployment's configuration names (ADR 0035): OpenAI-compatible with a key,
 * Workers AI through the `AI` binding without one, offline with neither.
 */
export function aiProviderFor(config: AiConfig, bindings: Pick<Env, "AI">): AiProvider {
  switch (config.provider) {
    case "openai":
      return createOpenAiProvider(config);
    case "workers-ai":
      // The configuration chose Workers AI because this same env had the binding.
      if (!bindings.AI) throw new Error("Workers AI is configured but the AI binding is missing");
      return createWorkersAiProvider(config, bindings.AI);
    case "offline":
      return createOfflineProvider();
  }
}
