import { type AppLoadContext, json } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { GateData } from "~/domain/auth/gates";
import { isStaff } from "~/domain/auth/roles";
import { findUserById, toCurrentUser } from "~/models/users.server";

import { readSession } from "./session.server";

/**
 * Who is asking, and the one role check every admin loader, action and /api route calls.
 *
 * Failures are thrown Responses. An /api path gets JSON: 401 signed out, 403 not an admin.
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
  return row ? toCurrentUser(row, context.config.adminEmails) : null;
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

function signedOutResponse(request: Request): Response {
  return isApiRequest(request) ? json({ message: "Sign in required" }, { status: 401 }) : json<GateData>({ gate: "landing" }, { status: 401 });
}

function forbiddenResponse(request: Request): Response {
  return isApiRequest(request) ? json({ message: "Admin access required" }, { status: 403 }) : json<GateData>({ gate: "join" }, { status: 403 });
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw signedOutResponse(request);
  return user;
}

/** A district admin (ADR 0031): rosters, roles, the audit log, retention, a student's export and deletion. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") throw forbiddenResponse(request);
  return user;
}

/** A district admin or a teacher: the admin screens, each scoped to the classes the teacher teaches (`classScopeOf`). */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!isStaff(user.role)) throw forbiddenResponse(request);
  return user;
}
