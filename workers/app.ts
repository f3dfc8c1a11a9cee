import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build (`remix build`); wrangler bundles it with its dependencies.
import * as build from "../build/server/index.js";

import { createDatabase } from "~/db/client.server";
import { ConfigError, loadConfig } from "~/services/config.server";
import type { Env } from "~/env";
import { handleQueueBatch } from "./jobs";

export { TestSession } from "./test-session";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    let config;
    try {
      config = loadConfig(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`Configuration error: ${error.message}`);
      return new Response(`This deployment is not configured correctly: ${error.message}\n`, {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    return handleRemixRequest(request, {
      cloudflare: { env, ctx },
      config,
      db: createDatabase(env.DB),
    });
  },

  async queue(batch, env) {
    await handleQueueBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
