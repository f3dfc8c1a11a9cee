import type { AiConfig } from "~/domain/ai/ai-config";

import { createOfflineProvider } from "./offline-provider.server";
import { createOpenAiProvider } from "./openai-provider.server";
import type { AiProvider } from "./provider.server";

/** The provider the deployment's configuration names: OpenAI-compatible with a key, offline without. */
export function aiProviderFor(config: AiConfig): AiProvider {
  return config.provider === "openai" ? createOpenAiProvider(config) : createOfflineProvider();
}
