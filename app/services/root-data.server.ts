import { type AppLoadContext, json } from "@remix-run/cloudflare";

import { pageMessages } from "~/domain/i18n/catalog";
import type { RootData } from "~/domain/shell/root-data";
import { sidebarOpenFromCookie } from "~/domain/shell/sidebar";
import { displayName, initials } from "~/domain/shell/user-display";

import { getCurrentUser } from "./auth.server";
import { requestLocale } from "./locale.server";
import { commitSession, readSession } from "./session.server";

/**
 * The root loader's data: who is signed in, the sidebar's state and a redirect's toast. Kept out of
 * app/root.tsx so the browser's copy of the root reaches none of the admin sidebar's module (the
 * student page budget).
 */
export async function loadRootData(request: Request, context: AppLoadContext) {
  const user = await getCurrentUser(request, context);
  const session = await readSession(request, context.config);
  const toast = session.get("toast") ?? null;
  // Reading a flash consumes it; commit so it shows once.
  const headers = toast ? { "Set-Cookie": await commitSession(session, context.config) } : undefined;
  return json<RootData>(
    {
      user: user && {
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        profileImageUrl: user.profileImageUrl,
        displayName: displayName(user),
        initials: initials(user),
      },
      sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
      toast,
      // A student outside their route set meets the join screen at the role gate, which has only this loader's data.
      // Staff screens stay English, so a teacher's or an admin's root texts (the toasts' labels) are English.
      ...pageMessages(
        user && user.role !== "student" ? "en" : requestLocale(request),
        ...(user?.role === "student" ? (["common", "joinCode"] as const) : (["common"] as const)),
      ),
    },
    { headers },
  );
}
