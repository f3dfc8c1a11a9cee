import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import type { ToastMessage } from "~/domain/shell/toast";

import { commitSession, readSession } from "./session.server";

/**
 * Redirects with a one-time toast, shown by the root layout after the redirect. `setCookies` are
 * other cookies the same response sets (the student pass of a session that just started).
 */
export async function redirectWithToast(
  request: Request,
  context: AppLoadContext,
  to: string,
  toast: ToastMessage,
  setCookies: string[] = [],
): Promise<Response> {
  const session = await readSession(request, context.config);
  session.flash("toast", toast);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await commitSession(session, context.config));
  return redirect(to, { headers });
}
