import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { firstAdminSchema, signInSchema } from "~/domain/auth/sign-in";
import { isLocked, minutesLeft } from "~/domain/auth/sign-in-throttle";
import { hashPassword, verifyPassword } from "~/domain/auth/password";
import { normalizeEmail } from "~/domain/auth/roles";
import { clearFailures, readThrottle, recordFailure } from "~/models/sign-in-throttle.server";
import { createFirstAdmin, findUserByEmail, recordSignIn, type UserRow } from "~/models/users.server";

export const INVALID_CREDENTIALS = "Invalid email or password.";

/** A sign-in refusal whose message is safe to show as it is. */
export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 409 | 429,
  ) {
    super(message);
  }
}

/**
 * Built-in e-mail and password sign-in, used when no OIDC issuer is configured.
 * Wrong e-mail and wrong password give the same message in the same time; five failures for
 * one address lock it for fifteen minutes, whether or not the account exists.
 */
export async function verifyLocalCredentials(context: AppLoadContext, form: FormData): Promise<UserRow> {
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) throw new SignInError(parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS, 400);

  const { db } = context;
  const throttleKey = normalizeEmail(parsed.data.email);
  const now = Date.now();
  const throttle = await readThrottle(db, throttleKey);
  if (isLocked(throttle, now) && throttle) {
    throw new SignInError(
      `Too many failed sign-in attempts. Try again in ${minutesLeft(throttle, now)} minutes.`,
      429,
    );
  }

  const user = await findUserByEmail(db, parsed.data.email);
  const matches = await verifyPassword(parsed.data.password, user?.passwordHash ?? null);
  if (!user || !matches) {
    await recordFailure(db, throttleKey, throttle, now);
    throw new SignInError(INVALID_CREDENTIALS, 401);
  }
  if (throttle) await clearFailures(db, throttleKey);
  await recordSignIn(db, user.id);
  return user;
}

export function localAuthenticator(context: AppLoadContext): Authenticator<UserRow> {
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(new FormStrategy(({ form }) => verifyLocalCredentials(context, form)), "local");
  return authenticator;
}

/**
 * First-run setup (DESIGN.md decision 1: the first local account is an admin). Only possible
 * while the database has no account; when ADMIN_EMAILS is set, only for one of its addresses,
 * so a district can close the window between deploying and setting up.
 */
export async function setUpFirstAdmin(context: AppLoadContext, form: FormData): Promise<UserRow> {
  const parsed = firstAdminSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new SignInError(parsed.error.issues[0]?.message ?? "Check the form", 400);
  const { adminEmails } = context.config;
  if (adminEmails.size > 0 && !adminEmails.has(normalizeEmail(parsed.data.email))) {
    throw new SignInError("Use one of the addresses listed in ADMIN_EMAILS for the first admin account.", 403);
  }
  const user = await createFirstAdmin(context.db, {
    email: parsed.data.email,
    firstName: parsed.data.firstName,
    lastName: parsed.data.lastName,
    passwordHash: await hashPassword(parsed.data.password),
  });
  if (!user) throw new SignInError("This deployment is already set up. Sign in instead.", 409);
  return user;
}
