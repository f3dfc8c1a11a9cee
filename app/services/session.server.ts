import { createCookieSessionStorage, type Session } from "@remix-run/cloudflare";

import type { ToastMessage } from "~/domain/shell/toast";

import type { AppConfig } from "./config.server";

/** `signedInAt` (ms): a session from before the account's `sessionsValidFrom` is over (a password set by a sign-in link, ADR 0040). */
type SessionData = { userId: string; signedInAt: number; returnTo: string };
type FlashData = { toast: ToastMessage };
type AppSession = Session<SessionData, FlashData>;

const TWO_WEEKS_SECONDS = 60 * 60 * 24 * 14;

/**
 * Signed cookie sessions: HttpOnly, SameSite=Lax, Secure outside local development.
 * The cookie holds only the user id, when they signed in (and a one-time toast); the user is read from D1 each request.
 */
export function sessionStorageFor(config: AppConfig) {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      secure: !config.isDevelopment,
      path: "/",
      secrets: config.sessionSecrets,
      maxAge: TWO_WEEKS_SECONDS,
    },
  });
}

export async function readSession(request: Request, config: AppConfig): Promise<AppSession> {
  return sessionStorageFor(config).getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: AppSession, config: AppConfig): Promise<string> {
  return sessionStorageFor(config).commitSession(session);
}

export async function destroySession(session: AppSession, config: AppConfig): Promise<string> {
  return sessionStorageFor(config).destroySession(session);
}
