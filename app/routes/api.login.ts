import { redirect } from "@remix-run/cloudflare";

import { oidcAuthenticator } from "~/services/oidc.server";
import { resourceRoute } from "~/services/resource-route.server";
import { rememberReturnTo } from "~/services/sign-in.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * GET /api/login starts sign-in: at the district's identity provider when OIDC is configured,
 * else on the built-in sign-in form. `?returnTo=/path` comes back there afterwards.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  GET: {
    handler: async ({ request, context }) => {
      const returnTo = new URL(request.url).searchParams.get("returnTo");
      const { oidc } = context.config;
      if (!oidc) {
        return redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : "/login");
      }
      const returnCookie = await rememberReturnTo(request, context, returnTo);
      try {
        const authenticator = await oidcAuthenticator(context, oidc, request);
        await authenticator.authenticate("oidc", request);
      } catch (thrown) {
        // The strategy throws its redirect to the provider (with the PKCE state cookie).
        if (thrown instanceof Response) {
          if (returnCookie) thrown.headers.append("Set-Cookie", returnCookie);
          return thrown;
        }
        console.error("OIDC sign-in could not start", thrown);
        return redirectWithToast(request, context, "/", {
          title: "Sign-in unavailable",
          description: "The identity provider could not be reached. Please try again in a moment.",
          variant: "destructive",
        });
      }
      return redirect("/");
    },
  },
});
