import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { GraduationCap } from "lucide-react";

import { getCurrentUser } from "~/services/auth.server";
import { localAuthenticator, SignInError } from "~/services/local-sign-in.server";
import { completeSignIn } from "~/services/sign-in.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Adaptive Testing Engine" }];

/** The built-in sign-in form that /api/login leads to when no OIDC issuer is configured. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.config.oidc) return redirect("/api/login");
  if (await getCurrentUser(request, context)) return redirect("/");
  return json({ isDevelopment: context.config.isDevelopment });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.config.oidc) return redirect("/api/login");
  const form = await request.clone().formData();
  try {
    const user = await localAuthenticator(context).authenticate("local", request);
    return await completeSignIn(request, context, user.id, form.get("returnTo")?.toString());
  } catch (error) {
    if (error instanceof SignInError) {
      return json({ error: error.message, email: form.get("email")?.toString() ?? "" }, { status: error.status });
    }
    throw error;
  }
}

export default function Login() {
  const { isDevelopment } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4">
      <div className="card w-full max-w-sm p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
          <GraduationCap aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Sign in</h1>
        <p className="mt-1 text-center text-sm text-slate-700">Adaptive Testing Engine</p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="returnTo" value={searchParams.get("returnTo") ?? ""} />
          <div>
            <label htmlFor="email" className="label">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={result?.email}
              aria-invalid={result?.error ? true : undefined}
              aria-describedby={result?.error ? "sign-in-error" : undefined}
              className="input mt-1"
            />
          </div>
          <div>
            <label htmlFor="password" className="label">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={result?.error ? true : undefined}
              aria-describedby={result?.error ? "sign-in-error" : undefined}
              className="input mt-1"
            />
          </div>
          {result?.error ? (
            <p id="sign-in-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </Form>
        {isDevelopment ? (
          <p className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700">
            Local development: the demo accounts printed by <code>npm start</code> are listed in the README.
          </p>
        ) : null}
        <a href="/" className="mt-4 block text-center text-sm text-brand-700 underline">
          Back to home
        </a>
      </div>
    </main>
  );
}
