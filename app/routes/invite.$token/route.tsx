import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormAlert } from "~/components/action-result";
import { FormField } from "~/components/form-field";
import { SignInCard } from "~/components/sign-in-card";
import { ACCEPT_MESSAGES, acceptInvitationSchema, AFTER_SET_UP, LINK_GONE } from "~/domain/auth/invitations";
import { MIN_PASSWORD_LENGTH } from "~/domain/auth/password-policy";
import type { ActionResult } from "~/domain/shell/action-result";
import { acceptInvitation, openInvitation } from "~/features/accounts/use-cases.server";
import { recordSignIn } from "~/models/users.server";
import { handleAction } from "~/services/action.server";
import { completeLocalSignIn } from "~/services/local-sign-in.server";

export const meta: MetaFunction = () => [{ title: "Set up your account · Adaptive Testing Engine" }, { name: "referrer", content: "no-referrer" }];

/** A used, expired, revoked or unknown link: 410, and nothing offered (ADR 0040). */
const gone = () => json({ gone: true as const, email: null, purpose: null }, { status: 410 });

/** "Set up your account": the page an invitation or reset link opens (ADR 0040). */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await openInvitation(context, params.token ?? "");
  if (!link) return gone();
  return json({ gone: false as const, email: link.email, purpose: link.purpose });
}

/** The password set (as local sign-up checks it), the link used up, and its holder signed in on their classes. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleAction(request, acceptInvitationSchema, ACCEPT_MESSAGES, async (input) => {
    const user = await acceptInvitation(context, params.token ?? "", input.password);
    if (!user) return gone();
    await recordSignIn(context.db, user, "password");
    return completeLocalSignIn(request, context, user, AFTER_SET_UP);
  });
}

export default function SetUpAccount() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult | { gone: true }>();
  const failed = result && "ok" in result && !result.ok ? result : undefined;
  const busy = useNavigation().state !== "idle";
  const isGone = data.gone || (result !== undefined && "gone" in result);
  return isGone ? (
    <SignInCard title={LINK_GONE.title} lead={LINK_GONE.detail} />
  ) : (
    <SignInCard
      title={data.purpose === "reset" ? "Choose a new password" : "Set up your account"}
      lead={
        <>
          For <strong>{data.email}</strong>. Choose a password of at least {MIN_PASSWORD_LENGTH} characters.
        </>
      }
    >
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="set-up" />
        {/* The address, for the browser's password manager to save the password under. */}
        <input type="hidden" name="username" autoComplete="username" value={data.email ?? ""} />
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby={failed ? "set-up-error" : undefined}
        />
        <FormAlert id="set-up-error" result={failed} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Setting up..." : data.purpose === "reset" ? "Save password and sign in" : "Set up and sign in"}
        </button>
      </Form>
    </SignInCard>
  );
}
