import { and, count, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { CurrentUser } from "~/domain/auth/current-user";
import { normalizeEmail, resolveRole, type Role } from "~/domain/auth/roles";

import { auditStatement, recordAudit } from "./audit-log.server";

export type UserRow = typeof users.$inferSelect;

/** The signed-in user as the app sees it: the role already resolved against ADMIN_EMAILS. */

export function toCurrentUser(row: UserRow, adminEmails: ReadonlySet<string>): CurrentUser {
  return {
    id: row.id,
    role: resolveRole(row, adminEmails),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) > 0;
}

/**
 * Creates the deployment's first account, as an admin, only while there is no account at all;
 * the check and the insert are one statement, so two people racing for it cannot both win.
 * Returns undefined when an account already exists.
 */
export async function createFirstAdmin(
  db: Database,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<UserRow | undefined> {
  const id = crypto.randomUUID();
  await db.run(sql`
    insert into ${users} (id, email, first_name, last_name, role, password_hash, last_sign_in_at)
    select ${id}, ${normalizeEmail(input.email)}, ${input.firstName}, ${input.lastName}, 'admin', ${input.passwordHash}, ${Date.now()}
    where not exists (select 1 from ${users})`);
  return findUserById(db, id);
}

/** A sign-in, on the account and in the audit log, together. */
export async function recordSignIn(db: Database, user: { id: string; email: string }, method: "password" | "oidc"): Promise<void> {
  await db.batch([
    db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id)),
    auditStatement(db, user, { action: "account.signed_in", detail: { method } }),
  ]);
}

type OidcProfile = {
  issuer: string;
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

/**
 * Finds the account for an identity-provider login, creating it on first sign-in.
 * The provider's (issuer, subject) pair is the identity: an e-mail change at the provider
 * updates the same account. An account with the same e-mail and no identity yet (for example
 * one created locally) is linked. Names and picture are refreshed from the provider each time.
 */
export async function upsertOidcUser(db: Database, profile: OidcProfile): Promise<UserRow> {
  const email = normalizeEmail(profile.email);
  const details = {
    email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    profileImageUrl: profile.profileImageUrl,
    oidcIssuer: profile.issuer,
    oidcSubject: profile.subject,
    lastSignInAt: new Date(),
  };
  const linked = await db.query.users.findFirst({
    where: and(eq(users.oidcIssuer, profile.issuer), eq(users.oidcSubject, profile.subject)),
  });
  const byEmail = linked ? undefined : await findUserByEmail(db, email);
  if (byEmail?.oidcSubject && byEmail.oidcIssuer === profile.issuer) {
    throw new IdentityConflictError("This e-mail address already belongs to a different account at your identity provider. Ask your administrator for help.");
  }
  const existing = linked ?? byEmail;
  const [row] = existing
    ? await db.update(users).set(details).where(eq(users.id, existing.id)).returning()
    : await db
        .insert(users)
        .values({ ...details, role: "student" })
        .returning();
  if (!row) throw new Error("Saving the signed-in user returned no row");
  await recordAudit(db, row, { action: "account.signed_in", detail: { method: "oidc" } });
  return row;
}

export class IdentityConflictError extends Error {
  override name = "IdentityConflictError";
}

/** Every account, staff first, for the district admin's roles screen (at most 500: the district's staff and students who sign in). */
export function listAccounts(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      lastSignInAt: users.lastSignInAt,
      /** Whether the account signs in with a password here (ADR 0040: it can be reset). */
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
    })
    .from(users)
    .orderBy(sql`case ${users.role} when 'admin' then 0 when 'teacher' then 1 else 2 end`, users.email)
    .limit(500);
}

/** Changes an account's stored role, with its audit entry, together; null for an unknown account. */
export async function changeRole(db: Database, id: string, role: Role, actor: { id: string; email: string }) {
  const account = await findUserById(db, id);
  if (!account) return null;
  if (account.role !== role) {
    await db.batch([
      db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)),
      auditStatement(db, actor, { action: "role.changed", subject: `account:${id}`, detail: { from: account.role, to: role } }),
    ]);
  }
  return { id, email: account.email, role };
}
