import { type AppLoadContext, json } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

import { HEALTH_PROBE_SESSION_ID, retryStoredOnce } from "~/domain/sessions/self-check";
import { countJobsByStatus } from "~/models/jobs.server";
import { resourceRoute } from "~/services/resource-route.server";
import { testSessionStub } from "~/services/session-object.server";

type Check = { ok: boolean; detail: string };

/** A failed check is logged in full; the answer says only that it failed (no database text leaves the Worker). */
const failed = (error: unknown): Check => {
  console.error("Health check failed", error);
  return { ok: false, detail: "This check failed; the Worker's logs have the details." };
};

/**
 * GET /api/system/health (admin): checks each part of the deployment for a district's IT
 * staff. The session check is a real round trip through one fixed probe TestSession object (the
 * same every call, so checks create no objects): it starts over, records an answer and a retry
 * of it (stored once), and deletes what it stored.
 */
async function checkDeployment(context: AppLoadContext): Promise<Response> {
  const { env } = context.cloudflare;

  const database: Check = await context.db
    .run(sql`select 1`)
    .then(() => ({ ok: true, detail: "D1 answered" }))
    .catch(failed);

  const sessionObject: Check = await testSessionStub(env, HEALTH_PROBE_SESSION_ID)
    .selfCheck()
    .then((result) => {
      const ok = retryStoredOnce(result);
      return { ok, detail: ok ? "TestSession stored one answer for a retried submit" : "TestSession answered wrongly" };
    })
    .catch(failed);

  const jobs = await countJobsByStatus(context.db).catch((error: unknown) => {
    console.error("Health check: counting jobs failed", error);
    return null;
  });
  const ok = database.ok && sessionObject.ok;
  return json({ ok, database, sessionObject, jobs: jobs ?? {} }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export const { loader, action } = resourceRoute({ can: ["read", "district-settings"], GET: { handler: ({ context }) => checkDeployment(context) } });
