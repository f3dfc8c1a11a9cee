import { apiRoute, methodNotAllowed } from "~/services/api.server";
import { isStartedByAnotherSite } from "~/services/request-guard.server";
import { confirmSignOutPage, signOut } from "~/services/sign-out.server";

/**
 * GET /api/logout ends the session and returns to the landing page (SPEC.md section 7): the
 * sidebar's Sign Out link navigates here. A GET that another site started (an image, a link on
 * a forum) must not sign the user out, so it gets a page with a Sign out button instead.
 */
export const loader = apiRoute(async ({ request, context }) => {
  if (isStartedByAnotherSite(request, context.config.appOrigin)) return confirmSignOutPage();
  return signOut(request, context);
});

/** POST /api/logout signs out too (the confirmation page's button); the edge has checked its origin. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return signOut(request, context);
});
