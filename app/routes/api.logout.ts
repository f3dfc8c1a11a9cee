import { isStartedByAnotherSite } from "~/services/request-guard.server";
import { resourceRoute } from "~/services/resource-route.server";
import { confirmSignOutPage, signOut } from "~/services/sign-out.server";

/**
 * GET /api/logout ends the session and returns to the landing page: the sidebar's Sign Out link
 * navigates here. A GET that another site started (an image, a link on a forum) must not sign the
 * user out, so it gets a page with a Sign out button instead. POST signs out too (that page's
 * button); the edge has checked its origin.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  GET: {
    handler: async ({ request, context }) => (isStartedByAnotherSite(request, context.config.appOrigin) ? confirmSignOutPage() : signOut(request, context)),
  },
  POST: { handler: ({ request, context }) => signOut(request, context) },
});
