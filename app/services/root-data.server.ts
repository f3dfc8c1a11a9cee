import { type AppLoadContext, json } from "@remix-run/cloudflare";

import { pageMessages } from "~/domain/i18n/catalog";
import type { RootData } from "~/domain/shell/root-data";
import { sidebarOpenFromCookie } from "~/domain/shell/sidebar";
import { isStaffScreenPath } from "~/domain/shell/staff-screens";
import { isStudentPath } from "~/domain/shell/student-paths";
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
      ...rootMessages(request, user?.role ?? null),
    },
    { headers },
  );
}

/**
 * The root's texts (ADR 0045). A staff screen (English, and within its HTML budget) gets none: its
 * toasts' labels are English; any other page gets the student layout's texts, and a signed-in
 * student the join code step for the join screen at the role gate. The root
 * reloads them when a move crosses between the two (`shouldRevalidate` in app/root.tsx).
 *
 * Their language is the page's when no deeper loader names one (a student page's not-found or
 * error page, the join screen at the role gate): the request's on a student page and for a
 * signed-in student anywhere; English elsewhere (the landing page, sign-in, an invitation, a staff
 * member's unknown address), which stays English.
 */
function rootMessages(request: Request, role: string | null) {
  const pathname = new URL(request.url).pathname;
  // A student at a staff address meets the join screen at the role gate, in their language.
  if (role !== "student" && isStaffScreenPath(pathname)) {
    return { locale: "en" as const };
  }
  const locale = role === "student" || isStudentPath(pathname) ? requestLocale(request) : "en";
  return pageMessages(locale, ...(role === "student" ? (["common", "joinCode"] as const) : (["common"] as const)));
}
