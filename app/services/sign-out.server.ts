import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { plainPage } from "./request-guard.server";
import { destroySession, readSession } from "./session.server";

/** Ends the session and returns to the landing page. */
export async function signOut(request: Request, context: AppLoadContext): Promise<Response> {
  const session = await readSession(request, context.config);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session, context.config) } });
}

/**
 * What a cross-site GET /api/logout gets instead of signing out: a same-origin form the user
 * can press if they really meant it. No scripts, so it needs nothing from the CSP.
 */
export function confirmSignOutPage(): Response {
  const html = plainPage(
    "Sign out?",
    "Press the button to sign out of the Adaptive Testing Engine.",
    '<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>',
  );
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
