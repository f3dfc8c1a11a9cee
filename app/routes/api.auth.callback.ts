import { ClaimsError } from "~/domain/auth/oidc-claims";
import { IdentityConflictError } from "~/models/users.server";
import { oidcAuthenticator } from "~/services/oidc.server";
import { resourceRoute } from "~/services/resource-route.server";
import { completeSignIn } from "~/services/sign-in.server";
import { redirectWithToast } from "~/services/toast.server";

/** GET /api/auth/callback: the identity provider returns here with the authorization code. */
export const { loader, action } = resourceRoute({
  can: "anyone",
  GET: {
    handler: async ({ request, context }) => {
      const { oidc } = context.config;
      if (!oidc) return redirectWithToast(request, context, "/", { title: "Sign-in failed", variant: "destructive" });
      try {
        const authenticator = await oidcAuthenticator(context, oidc, request);
        const user = await authenticator.authenticate("oidc", request);
        return await completeSignIn(request, context, user.id);
      } catch (error) {
        if (error instanceof Response) throw error;
        console.error("OIDC callback failed", error);
        return redirectWithToast(request, context, "/", {
          title: "Sign-in failed",
          description:
            error instanceof ClaimsError || error instanceof IdentityConflictError
              ? error.message
              : "The identity provider did not complete the sign-in. Please try again.",
          variant: "destructive",
        });
      }
    },
  },
});
