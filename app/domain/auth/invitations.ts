import { z } from "zod";

import { storableText } from "~/domain/text-fields";

import { ROLES_MESSAGES, rolesActionSchema } from "./roles";
import { newPassword, signInSchema } from "./sign-in";

/**
 * Sign-in links a district admin issues (ADR 0040): an invitation sets up an account (new, or one
 * a OneRoster import made without a password), a reset gives an existing account a new password.
 * The rules here are pure; the token's hash is what D1 keeps.
 */

/** How long a link stays usable. */
const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
}

const name = (label: string) => storableText(z.string().trim().max(100, `${label} is too long`), label).optional();

/** POST /api/users/invitations and the Invite dialog. */
export const invitationCreateSchema = z
  .object({
    email: signInSchema.shape.email.transform((email) => email.toLowerCase()),
    role: z.enum(["teacher", "admin"], { errorMap: () => ({ message: "role must be teacher or admin" }) }),
    givenName: name("The given name"),
    familyName: name("The family name"),
  })
  .strict();
export type InvitationInput = z.infer<typeof invitationCreateSchema>;

/** The "Set up your account" form on /invite/{token}. */
export const acceptInvitationSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("set-up"), password: newPassword })]);

export const ACCEPT_MESSAGES = {
  intents: { "set-up": { success: null, failure: "Setting up your account failed. Please try again.", failureTitle: "Error" } },
};

/** Where a link's holder lands once signed in: their classes. */
export const AFTER_SET_UP = "/admin/cohorts";

/** A link's state, as the list shows it and as opening it decides. */
type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export function invitationState(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  pending: "Not accepted yet",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

/** What a link that can no longer be used says (410), whatever the reason, and nothing more. */
export const LINK_GONE = {
  title: "This link can no longer be used",
  detail: "Sign-in links work once and for 7 days. Ask your district admin for a new one.",
};

export const ALREADY_HAS_PASSWORD = "refusals.alreadyHasPassword";
export const NO_PASSWORD_TO_RESET = "refusals.noPasswordToReset";
export const NOT_PENDING = "refusals.notPending";

/** A random link token (32 bytes, base64url): what the URL carries and D1 never stores. */
export function newInvitationToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The SHA-256 of a token, hex: the only form D1 keeps, looked up by equality. */
export async function invitationTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A token as a link can carry one; anything else is not looked up at all. */
export const isInvitationToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export function invitationUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/invite/${token}`;
}

/**
 * The plain-text e-mail carrying a link, as an RFC 5322 message (the `send_email` binding takes
 * the raw message). Headers are ASCII: the subject is fixed and the addresses are checked by the
 * schema; the body is UTF-8, quoted-printable, so a name in any script arrives as written.
 */
export function invitationEmail(input: {
  from: string;
  to: string;
  url: string;
  purpose: "invite" | "reset";
  givenName?: string | null;
  now: Date;
  messageId: string;
}) {
  const subject = input.purpose === "invite" ? "Set up your Adaptive Testing Engine account" : "A new sign-in link for the Adaptive Testing Engine";
  const greeting = input.givenName ? `Hello ${input.givenName},` : "Hello,";
  const why =
    input.purpose === "invite"
      ? "Your district has given you an account. Open this link to choose your password and sign in:"
      : "Your district admin has issued a new sign-in link for your account. Open it to choose a new password:";
  const body = [greeting, "", why, "", input.url, "", `The link works once and for ${INVITATION_DAYS} days.`, ""].join("\r\n");
  const headers = [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${subject}`,
    `Date: ${input.now.toUTCString()}`,
    `Message-ID: <${input.messageId}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: quoted-printable",
  ];
  return { subject, raw: `${headers.join("\r\n")}\r\n\r\n${quotedPrintable(body)}` };
}

/** RFC 2045 quoted-printable of UTF-8 text with CRLF line ends: lines of at most 76 characters. */
export function quotedPrintable(text: string): string {
  return text
    .split("\r\n")
    .map((line) => {
      let encoded = "";
      for (const byte of new TextEncoder().encode(line)) {
        const plain = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32;
        encoded += plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
      }
      // A space at a line's end would be dropped in transit.
      encoded = encoded.replace(/ $/, "=20");
      const pieces: string[] = [];
      while (encoded.length > 76) {
        let cut = 75;
        // Never split an =XX escape.
        if (encoded[cut - 1] === "=") cut -= 1;
        else if (encoded[cut - 2] === "=") cut -= 2;
        pieces.push(`${encoded.slice(0, cut)}=`);
        encoded = encoded.slice(cut);
      }
      pieces.push(encoded);
      return pieces.join("\r\n");
    })
    .join("\r\n");
}

/** Accounts & Roles' intents (the roles screen's, and the links'), shared with the API's body schemas. */
export const accountsActionSchema = z.discriminatedUnion("intent", [
  ...rolesActionSchema.options,
  invitationCreateSchema.extend({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("invite-all") }),
  z.object({ intent: z.literal("resend"), id: z.string().trim().min(1) }),
  z.object({ intent: z.literal("revoke"), id: z.string().trim().min(1) }),
  z.object({ intent: z.literal("reset-sign-in"), id: z.string().trim().min(1) }),
]);

export const ACCOUNTS_MESSAGES = {
  intents: {
    ...ROLES_MESSAGES.intents,
    invite: { success: null, failure: "staffToasts.inviteFailed" },
    "invite-all": { success: null, failure: "staffToasts.inviteAllFailed" },
    resend: { success: null, failure: "staffToasts.resendFailed" },
    revoke: { success: "staffToasts.invitationRevoked", failure: "staffToasts.revokeFailed" },
    "reset-sign-in": { success: null, failure: "staffToasts.resetSignInFailed" },
  },
};
