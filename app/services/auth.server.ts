import { type AppLoadContext, json } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { GateData } from "~/domain/auth/gates";
import { type NotAllowedData, notAllowedPage } from "~/domain/auth/not-allowed";
import { type Action, NOT_ALLOWED, type Scope, scopeFor, type Target } from "~/domain/auth/policy";
import { renderText } from "~/domain/i18n/catalog";
import { findUserById, toCurrentUser } from "~/models/users.server";

import { screenLocale } from "./locale.server";
import { readSession } from "./session.server";

/**
 * Who is asking, and the one role check every admin loader, action and /api route calls:
 * `requireAllowed`, which asks the policy table (`domain/auth/policy.ts`, ADR 0031).
 *
 * Failures are thrown Responses. An /api path gets JSON: 401 signed out, 403 `NOT_ALLOWED`, in
 * the request's language (ADR 0045).
 * A screen gets the same status codes with a `gate` the root error boundary renders:
 * the landing page when signed out (every path shows it), the join screen for a
 * student outside their route set.
 */

const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  let pending = usersByRequest.get(request);
  if (!pending) {
    pending = loadCurrentUser(request, context);
    usersByRequest.set(request, pending);
  }
  return pending;
}

async function loadCurrentUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  const session = await readSession(request, context.config);
  const userId = session.get("userId");
  if (!userId) return null;
  const row = await findUserById(context.db, userId);
  if (!row) return null;
  // A sign-in link set a new password after this session began: it is over (ADR 0040).
  if (row.sessionsValidFrom && (session.get("signedInAt") ?? 0) < row.sessionsValidFrom.getTime()) return null;
  return toCurrentUser(row, context.config.adminEmails);
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

function signedOutResponse(request: Request): Response {
  if (isApiRequest(request)) return json({ message: renderText(screenLocale(request), "errors.signInRequired") }, { status: 401 });
  return json<GateData>({ gate: "landing" }, { status: 401 });
}

/** A screen's refusal: staff stay in the admin shell and read what they cannot do and who can; anyone else gets the join screen. */
function forbiddenResponse(request: Request, user: CurrentUser, target: Target): Response {
  if (isApiRequest(request)) return json({ message: renderText(screenLocale(request), NOT_ALLOWED) }, { status: 403 });
  if (user.role === "teacher" || user.role === "admin") return json<NotAllowedData>(notAllowedPage(target), { status: 403 });
  return json<GateData>({ gate: "join" }, { status: 403 });
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw signedOutResponse(request);
  return user;
}

/**
 * The caller, when the policy lets their role do `action` on `target`, with the scope the models
 * apply (the district, or a teacher's classes); 401 signed out, 403 when the table says no.
 */
export async function requireAllowed(request: Request, context: AppLoadContext, action: Action, target: Target): Promise<{ user: CurrentUser; scope: Scope }> {
  const user = await requireUser(request, context);
  const scope = scopeFor(user, action, target);
  if (!scope) throw forbiddenResponse(request, user, target);
  return { user, scope };
}
