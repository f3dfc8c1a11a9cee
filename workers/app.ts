import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";

import { createDatabase } from "~/db/client.server";
import type { Env } from "~/env";
import { liveSocketClass, openLiveSocket } from "~/services/class-live.server";
import { ConfigError, loadConfig } from "~/services/config.server";
import { computeGrowthNorms } from "~/services/growth-norms.server";
import { calibrator } from "~/services/item-calibrator.server";
import { guardRequest } from "~/services/request-guard.server";
import { purgeExpiredSessions, purgeFinishedJobs } from "~/services/retention.server";
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
    if ("response" in guarded) return withSecurityHeaders(guarded.response, { nonce, isDevelopment: config.isDevelopment });
    const context = { cloudflare: { env, ctx }, config, db: createDatabase(env.DB), nonce };
    // A teacher's live page opening its socket (ADR 0046): a 101 goes back as the object made it (it has no body to secure).
    const liveClass = liveSocketClass(guarded.request);
    if (liveClass !== null) {
      const socket = await openLiveSocket(guarded.request, context, liveClass);
      return socket.status === 101 ? socket : withSecurityHeaders(socket, { nonce, isDevelopment: config.isDevelopment });
    }
    const response = await handleRemixRequest(guarded.request, context);
    return withSecurityHeaders(response, { nonce, isDevelopment: config.isDevelopment });
  },

  async queue(batch, env) {
    await handleQueueBatch(batch, env);
  },

  /**
   * wrangler.toml's daily cron: the retention purge (off unless a district admin set a retention),
   * the deletion of jobs finished more than 30 days ago (ADR 0052),
   * the growth norms (ADR 0049), then the item recalibration in the calibrator object (ADR 0033).
   */
  async scheduled(_controller, env) {
    const outcome = await purgeExpiredSessions(createDatabase(env.DB), env, Date.now());
    // A failure is in the audit log and on Data & Privacy; the next night takes up what is left.
    if (outcome.purged > 0) console.warn(`Retention purge erased ${outcome.purged} sessions ended more than ${outcome.retention} days ago`);
    // Jobs are kept a fixed time, whatever the sessions' retention; a failure leaves them to the next night.
    await purgeFinishedJobs(createDatabase(env.DB), env, Date.now()).catch((error: unknown) =>
      console.error("Finished jobs: the nightly deletion failed", error),
    );
    // After the purge, so purged sessions leave the norms; a failure keeps last night's norms and the recalibration still runs.
    await computeGrowthNorms(createDatabase(env.DB), Date.now()).catch((error: unknown) => console.error("Growth norms: the nightly run failed", error));
    // Its outcome is recorded in calibration_runs, whatever it is.
    await calibrator(env).recalibrate();
  },
} satisfies ExportedHandler<Env>;
