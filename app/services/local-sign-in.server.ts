import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { hashPassword, verifyPassword } from "~/domain/auth/password";
import { normalizeEmail } from "~/domain/auth/roles";
import { type FirstAdminInput, signInSchema } from "~/domain/auth/sign-in";
import { throttlesFor } from "~/domain/auth/sign-in-throttle-keys";
import { DomainError } from "~/lib/errors";
import { createFirstAdmin, findUserByEmail, recordSignIn, type UserRow } from "~/models/users.server";

import { readSession } from "./session.server";
import { completeSignIn } from "./sign-in.server";
import { claimSignInAttempts, settleSuccessfulSignIn } from "./sign-in-throttle.server";
import { clientAddress } from "./throttle.server";
import { trustDevice, trustedDeviceFor } from "./trusted-device.server";

const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * Built-in e-mail and password sign-in, used when no OIDC issuer is configured. Refusals are
 * DomainErrors (invalid, unauthenticated, rate_limited...) whose messages are safe to show.
 * Wrong e-mail and wrong password give the same message after the same PBKDF2 work. Every
 * attempt is first claimed from the sign-in throttles (ADR 0002), atomically, so a burst of
 * parallel guesses cannot outrun the count; a refused attempt never reaches the password check.
 */
async function verifyLocalCredentials(context: AppLoadContext, form: FormData, request: Request, now = Date.now()): Promise<UserRow> {
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) throw new DomainError("invalid", parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS);

  const { db } = context;
  const normalizedEmail = normalizeEmail(parsed.data.email);
  const user = await findUserByEmail(db, normalizedEmail);
  const throttles = throttlesFor({
    normalizedEmail,
    clientAddress: clientAddress(request),
    trustedDeviceId: await trustedBrowserId(request, context, normalizedEmail, user),
  });
  await claimSignInAttempts(db, throttles, now);

  const matches = await verifyPassword(parsed.data.password, user?.passwordHash ?? null);
  if (!user || !matches) throw new DomainError("unauthenticated", INVALID_CREDENTIALS);
  await settleSuccessfulSignIn(db, throttles);
  await recordSignIn(db, user, "password");
  return user;
}

/**
 * The id under which this browser is throttled when it is already trusted for the account:
 * it signed in to the account before (trusted-device cookie) or holds a valid session for it.
 */
async function trustedBrowserId(request: Request, context: AppLoadContext, normalizedEmail: string, user: UserRow | undefined): Promise<string | null> {
  const deviceId = await trustedDeviceFor(request, context.config, normalizedEmail);
  if (deviceId) return deviceId;
  if (!user) return null;
  const session = await readSession(request, context.config);
  return session.get("userId") === user.id ? `session-${user.id}` : null;
}

export function localAuthenticator(context: AppLoadContext): Authenticator<UserRow> {
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(new FormStrategy(({ form, request }) => verifyLocalCredentials(context, form, request)), "local");
  return authenticator;
}

/** Starts the session after a local sign-in and marks this browser as trusted for the account. */
export async function completeLocalSignIn(request: Request, context: AppLoadContext, user: UserRow, returnTo: string | null | undefined): Promise<Response> {
  const response = await completeSignIn(request, context, user.id, returnTo);
  response.headers.append("Set-Cookie", await trustDevice(request, context.config, normalizeEmail(user.email)));
  return response;
}

/**
 * First-run setup (the first local account is an admin). Only possible
 * while the database has no account; when ADMIN_EMAILS is set, only for one of its addresses,
 * so a district can close the window between deploying and setting up.
 */
export async function setUpFirstAdmin(context: AppLoadContext, input: FirstAdminInput): Promise<UserRow> {
  const { adminEmails } = context.config;
  if (adminEmails.size > 0 && !adminEmails.has(normalizeEmail(input.email))) {
    throw new DomainError("forbidden", "Use one of the addresses listed in ADMIN_EMAILS for the first admin account.");
  }
  const user = await createFirstAdmin(context.db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
  });
  if (!user) throw new DomainError("conflict", "This deployment is already set up. Sign in instead.");
  return user;
}
