import type { AppLoadContext } from "@remix-run/cloudflare";
import { EmailMessage } from "cloudflare:email";

import { invitationEmail } from "~/domain/auth/invitations";

/**
 * Sends a sign-in link by e-mail through the `send_email` binding (`EMAIL`, ADR 0040), when the
 * deployment has one. Returns whether it was sent: false with no binding (the admin passes the
 * link on). A failed send is logged and answered as not sent, so the admin still gets the link.
 */
export async function emailSignInLink(
  context: AppLoadContext,
  origin: string,
  link: { to: string; url: string; purpose: "invite" | "reset"; givenName: string | null },
): Promise<boolean> {
  const { EMAIL: binding, EMAIL_FROM } = context.cloudflare.env;
  if (!binding) return false;
  const from = EMAIL_FROM?.trim() || `no-reply@${new URL(origin).hostname}`;
  const { raw } = invitationEmail({ ...link, from, now: new Date(), messageId: `${crypto.randomUUID()}@${from.split("@")[1] ?? "localhost"}` });
  try {
    await binding.send(new EmailMessage(from, link.to, raw));
    return true;
  } catch (error) {
    console.error("Sending a sign-in link by e-mail failed", error);
    return false;
  }
}
