import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { normalizeEmail, resolveRole, type Role } from "~/domain/roles";

export type UserRow = typeof users.$inferSelect;

/** The signed-in user as the app sees it: the role already resolved against ADMIN_EMAILS. */
export type CurrentUser = {
  id: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
};

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

export async function createLocalUser(
  db: Database,
  input: { email: string; passwordHash: string; role: Role; firstName?: string; lastName?: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      role: input.role,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
    })
    .returning();
  if (!row) throw new Error("Creating the user returned no row");
  return row;
}

export async function recordSignIn(db: Database, id: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id));
}

export type OidcProfile = {
  issuer: string;
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

/**
 * Finds the account for an identity-provider login, creating it on first sign-in. An existing
 * account with the same e-mail (for example one seeded locally) is linked to the identity.
 * Names and picture are refreshed from the provider each time.
 */
export async function upsertOidcUser(db: Database, profile: OidcProfile): Promise<UserRow> {
  const email = normalizeEmail(profile.email);
  const details = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    profileImageUrl: profile.profileImageUrl,
    oidcIssuer: profile.issuer,
    oidcSubject: profile.subject,
    lastSignInAt: new Date(),
  };
  const [row] = await db
    .insert(users)
    .values({ email, role: "student", ...details })
    .onConflictDoUpdate({ target: users.email, set: details })
    .returning();
  if (!row) throw new Error("Saving the signed-in user returned no row");
  return row;
}
