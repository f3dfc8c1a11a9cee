import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";

import { createDatabase } from "~/db/client.server";
import type { Env } from "~/env";
import { ConfigError, loadConfig } from "~/services/config.server";
import { calibrator } from "~/services/item-calibrator.server";
import { guardRequest } from "~/services/request-guard.server";
import { purgeExpiredSessions } from "~/services/retention.server";
import { createNonce, withSecurityHeaders } from "~/services/security-headers.server";

// The Remix server build (`remix build`); wrangler bundles it with its dependencies.
import * as build from "../build/server/index.js";
import { handleQueueBatch } from "./jobs";

export { ClassLive } from "./class-live";
export { ItemCalibrator } from "./item-calibrator";
export { TestSession } from "./test-session";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    // Read straight from env so even a configuration error gets the production headers.
    const isDevelopment = env.ENVIRONMENT?.trim() === "development";
    let config;
    try {
      config = loadConfig(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`Configuration error: ${error.message}`);
      const response = new Response(`This deployment is not configured correctly: ${error.message}\n`, {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
      return withSecurityHeaders(response, { nonce, isDevelopment });
    }
    // The edge checks (ADR 0005) run before Remix; their refusals get the same headers.
    const guarded = await guardRequest(request, config.appOrigin);
    const response =
      "response" in guarded
        ? guarded.response
        : await handleRemixRequest(guarded.request, {
            cloudflare: { env, ctx },
            config,
            db: createDatabase(env.DB),
            nonce,
          });
    return withSecurityHeaders(response, { nonce, isDevelopment: config.isDevelopment });
  },

  async queue(batch, env) {
    await handleQueueBatch(batch, env);
  },

  /**
   * wrangler.toml's daily cron: the retention purge (off unless a district admin set a retention),
   * then the item recalibration in the calibrator object (ADR 0033).
   */
  async scheduled(_controller, env) {
    const outcome = await purgeExpiredSessions(createDatabase(env.DB), env, Date.now());
    // A failure is in the audit log and on Data & Privacy; the next night takes up what is left.
    if (outcome.purged > 0) console.warn(`Retention purge erased ${outcome.purged} sessions ended more than ${outcome.retention} days ago`);
    // Its outcome is recorded in calibration_runs, whatever it is.
    await calibrator(env).recalibrate();
  },
} satisfies ExportedHandler<Env>;
