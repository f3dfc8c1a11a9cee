import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";

import { FormAlert } from "~/components/action-result";
import { FormField } from "~/components/form-field";
import { SignInCard } from "~/components/sign-in-card";
import { MIN_PASSWORD_LENGTH } from "~/domain/auth/password-policy";
import { LOGIN_MESSAGES, loginActionSchema, SIGN_IN_NEEDS_FORM } from "~/domain/auth/sign-in";
import type { ActionResult } from "~/domain/shell/action-result";
import { assertNever } from "~/lib/assert-never";
import { invalid } from "~/lib/errors";
import { hasAnyUser } from "~/models/users.server";
import { handleAction, isFormSubmission } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { completeLocalSignIn, localAuthenticator, setUpFirstAdmin } from "~/services/local-sign-in.server";

export { retryAfterHeaders as headers } from "~/lib/retry-after";

export const meta: MetaFunction = () => [{ title: "Sign in · Adaptive Testing Engine" }];

/**
 * The built-in sign-in form that /api/login leads to when no OIDC issuer is configured.
 * On a deployment with no account yet it sets up the first admin instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.config.oidc) return redirect("/api/login");
  if (await getCurrentUser(request, context)) return redirect("/");
  return json({ isDevelopment: context.config.isDevelopment, needsSetup: !(await hasAnyUser(context.db)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.config.oidc) return redirect("/api/login");
  return handleAction(request, loginActionSchema, LOGIN_MESSAGES, async (input) => {
    switch (input.intent) {
      case "sign-in": {
        // remix-auth's form strategy reads the same form again (it was parsed from a copy); a JSON body has none.
        if (!isFormSubmission(request)) throw invalid(SIGN_IN_NEEDS_FORM);
        const user = await localAuthenticator(context).authenticate("local", request);
        return completeLocalSignIn(request, context, user, input.returnTo);
      }
      case "setup":
        return completeLocalSignIn(request, context, await setUpFirstAdmin(context, input), input.returnTo);
      default:
        return assertNever(input);
    }
  });
}

export default function Login() {
  const { isDevelopment, needsSetup } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const failed = result && !result.ok ? result : undefined;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle";
  const errorId = failed ? "sign-in-error" : undefined;
  return (
    <SignInCard
      title={needsSetup ? "Set up the first admin" : "Sign in"}
      lead={needsSetup ? "This deployment has no accounts yet. The account you create now is its administrator." : "Adaptive Testing Engine"}
    >
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="returnTo" value={searchParams.get("returnTo") ?? ""} />
        <input type="hidden" name="intent" value={needsSetup ? "setup" : "sign-in"} />
        {needsSetup ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField name="firstName" label="First name" autoComplete="given-name" required />
            <FormField name="lastName" label="Last name" autoComplete="family-name" required />
          </div>
        ) : null}
        <FormField name="email" label="Email" type="email" autoComplete="username" required defaultValue={failed?.values?.email} aria-describedby={errorId} />
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete={needsSetup ? "new-password" : "current-password"}
          required
          minLength={needsSetup ? MIN_PASSWORD_LENGTH : undefined}
          aria-describedby={errorId}
        />
        {needsSetup ? <FormField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required /> : null}
        <FormAlert id="sign-in-error" result={failed} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {needsSetup ? (busy ? "Creating..." : "Create admin account") : busy ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      {isDevelopment && !needsSetup ? (
        <p className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700">
          Local development: <code>npm start</code> prints the demo accounts, also listed in the README.
        </p>
      ) : null}
      <a href="/" className="mt-4 block text-center text-sm text-brand-700 underline">
        Back to home
      </a>
    </SignInCard>
  );
}
