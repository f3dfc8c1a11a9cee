import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { safeReturnPath } from "~/domain/auth/safe-redirect";

import { commitSession, readSession } from "./session.server";

/**
 * Starts the app session for a verified user and sends them where they were going: the
 * explicit `returnTo` (local form) or the one remembered before the OIDC redirect.
 */
export async function completeSignIn(request: Request, context: AppLoadContext, userId: string, explicitReturnTo?: string | null): Promise<Response> {
  const session = await readSession(request, context.config);
  const returnTo = safeReturnPath(explicitReturnTo || session.get("returnTo"));
  session.unset("returnTo");
  session.set("userId", userId);
  session.set("signedInAt", Date.now());
  return redirect(returnTo, { headers: { "Set-Cookie": await commitSession(session, context.config) } });
}

/** Remembers where to return after sign-in, as a cookie to send along with `response`. */
export async function rememberReturnTo(request: Request, context: AppLoadContext, returnTo: string | null): Promise<string | null> {
  if (!returnTo) return null;
  const session = await readSession(request, context.config);
  session.set("returnTo", safeReturnPath(returnTo));
  return commitSession(session, context.config);
}
