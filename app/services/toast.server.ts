import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { renderText } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import type { ToastMessage } from "~/domain/shell/toast";

import { screenLocale } from "./locale.server";
import { commitSession, readSession } from "./session.server";

/** A toast as its reader sees it: catalog codes rendered in the language with its values, which it then drops (ADR 0045). */
export function toastIn(locale: AnyLocale, { values, ...toast }: ToastMessage): ToastMessage {
  return {
    ...toast,
    title: renderText(locale, toast.title, values),
    ...(toast.description ? { description: renderText(locale, toast.description, values) } : {}),
  };
}

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
  session.flash("toast", toastIn(screenLocale(request), toast));
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await commitSession(session, context.config));
  return redirect(to, { headers });
}
