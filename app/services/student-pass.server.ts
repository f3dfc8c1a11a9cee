import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/models/users.server";
import { DomainError } from "~/lib/errors";
import { getCurrentUser } from "./auth.server";
import type { AppConfig } from "./config.server";

/**
 * The student pass (DESIGN.md decision 2, ADR 0003): a signed, HttpOnly cookie listing the test
 * sessions this browser started or resumed. Students have no account; holding the pass is what
 * lets a browser read and answer its own sessions, and nobody else's.
 */
const COOKIE_NAME = "__student_pass";
const ONE_WEEK_SECONDS = 60 * 60 * 24 * 7;
/** Retakes and siblings on a shared device: the oldest sessions drop off. */
const MAX_SESSIONS = 12;

function passCookie(config: AppConfig) {
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: !config.isDevelopment,
    path: "/",
    secrets: config.sessionSecrets,
    maxAge: ONE_WEEK_SECONDS,
  });
}

export async function sessionsInPass(request: Request, config: AppConfig): Promise<string[]> {
  const value: unknown = await passCookie(config).parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

/** The Set-Cookie header that adds a session to this browser's pass. */
export async function passWithSession(request: Request, config: AppConfig, sessionId: string): Promise<string> {
  const sessions = (await sessionsInPass(request, config)).filter((id) => id !== sessionId);
  return passCookie(config).serialize([...sessions, sessionId].slice(-MAX_SESSIONS));
}

export type SessionCaller = { kind: "admin"; user: CurrentUser } | { kind: "pass"; user: CurrentUser | null };

/**
 * Who may read or answer a session: an admin, or a browser whose pass names it. Anyone else is
 * refused without learning whether the session exists: 401 signed out, 403 signed in.
 */
export async function requireSessionAccess(request: Request, context: AppLoadContext, sessionId: string): Promise<SessionCaller> {
  const user = await getCurrentUser(request, context);
  if (user?.role === "admin") return { kind: "admin", user };
  if ((await sessionsInPass(request, context.config)).includes(sessionId)) return { kind: "pass", user };
  throw user
    ? new DomainError("forbidden", "This test session belongs to another student.")
    : new DomainError("unauthenticated", "Join your class to take this test.");
}
