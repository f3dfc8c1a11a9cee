import type { AppLoadContext } from "@remix-run/cloudflare";

import type { LiveReport } from "~/domain/classes/live-view";
import { renderText } from "~/domain/i18n/catalog";
import { NOT_FOUND } from "~/domain/shell/not-found";
import type { Env } from "~/env";
import { findClass } from "~/models/classes.server";

import { apiError } from "./api.server";
import { requireAllowed } from "./auth.server";
import { screenLocale } from "./locale.server";
import { isStartedByAnotherSite } from "./request-guard.server";

/** A class's live object (ADR 0046), addressed by the class id. */
export const classLiveStub = (env: Pick<Env, "CLASS_LIVE">, classId: string) => env.CLASS_LIVE.get(env.CLASS_LIVE.idFromName(classId));

/**
 * Tells the class's live object where a student is. It never fails and is never awaited by the
 * student's request: a report lost costs the teacher's view one update, which the next request
 * of the student's makes good.
 */
export function reportToClass(env: Pick<Env, "CLASS_LIVE">, classId: string, report: LiveReport): Promise<void> {
  try {
    return classLiveStub(env, classId)
      .report(report)
      .catch((error: unknown) => console.error("Reporting to the class's live view failed", classId, error));
  } catch (error) {
    console.error("Reporting to the class's live view failed", classId, error);
    return Promise.resolve();
  }
}

const LIVE_PATH = /^\/api\/cohorts\/([^/]+)\/live$/;

/** The class a teacher's live page asks to watch: a WebSocket upgrade of GET /api/cohorts/{id}/live; null for any other request. */
export function liveSocketClass(request: Request): string | null {
  if (request.method !== "GET" || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return null;
  const match = LIVE_PATH.exec(new URL(request.url).pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * A live page's socket (ADR 0046), authorized as GET /api/cohorts/{id}/live is (the session cookie,
 * the policy's read of the class, a teacher's own classes only: 401, 403, 404), and refused from
 * another site's page (403: a socket is not covered by SameSite cookies' rules for fetches), then
 * handed to the class's object, which holds it.
 */
export async function openLiveSocket(request: Request, context: AppLoadContext, classId: string): Promise<Response> {
  const locale = screenLocale(request);
  if (isStartedByAnotherSite(request, context.config.appOrigin)) return apiError(403, renderText(locale, "errors.crossOrigin"));
  try {
    const { scope } = await requireAllowed(request, context, "read", "class");
    if (!(await findClass(context.db, classId, scope))) return apiError(404, renderText(locale, NOT_FOUND.cohort));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  return classLiveStub(context.cloudflare.env, classId).fetch(request);
}
