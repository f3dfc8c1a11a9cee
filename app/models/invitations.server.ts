import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { invitations, users } from "~/db/schema";

import { auditStatement } from "./audit-log.server";

/** Sign-in links (ADR 0040): only the token's hash is stored; each change is audited in the same batch. */

type Actor = { id: string; email: string };
export type InvitationRow = typeof invitations.$inferSelect;

export type NewInvitation = {
  tokenHash: string;
  purpose: "invite" | "reset";
  email: string;
  role: "admin" | "teacher";
  firstName: string | null;
  lastName: string | null;
  userId: string | null;
  expiresAt: Date;
};

/** Still usable: neither accepted nor revoked (expiry is checked against the caller's clock). */
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/**
 * A new link, and every earlier open link for the same address revoked with it, so only the
 * newest link of an address works.
 */
export async function createInvitation(db: Database, input: NewInvitation, actor: Actor, now: Date): Promise<InvitationRow> {
  const id = crypto.randomUUID();
  const action = input.purpose === "invite" ? "account.invited" : "account.sign_in_reset";
  await db.batch([
    db
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.email, input.email), open)),
    db.insert(invitations).values({ id, ...input, createdBy: actor.id }),
    auditStatement(db, actor, { action, subject: `invitation:${id}`, detail: { role: input.role, ...(input.userId ? { account: input.userId } : {}) } }),
  ]);
  return (await findInvitation(db, id))!;
}

export async function findInvitation(db: Database, id: string): Promise<InvitationRow | null> {
  return (await db.query.invitations.findFirst({ where: eq(invitations.id, id) })) ?? null;
}

export async function findInvitationByTokenHash(db: Database, tokenHash: string): Promise<InvitationRow | null> {
  return (await db.query.invitations.findFirst({ where: eq(invitations.tokenHash, tokenHash) })) ?? null;
}

/** The district's links, newest first (at most 500, as the accounts list). */
export function listInvitations(db: Database) {
  return db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(500);
}

/** A fresh token and expiry for an open link (expired ones included): the old token stops working. Null when it was accepted or revoked. */
export async function renewInvitation(db: Database, id: string, input: { tokenHash: string; expiresAt: Date }, actor: Actor): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set(input)
    .where(and(eq(invitations.id, id), open))
    .returning();
  if (row) await auditStatement(db, actor, { action: "account.invitation_resent", subject: `invitation:${id}` });
  return row ?? null;
}

/** An open link revoked; null when there was none to revoke. */
export async function revokeInvitation(db: Database, id: string, actor: Actor, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), open))
    .returning();
  if (row) await auditStatement(db, actor, { action: "account.invitation_revoked", subject: `invitation:${id}` });
  return row ?? null;
}

/**
 * Uses a link once: the claim is one conditional statement, so two submissions of the same link
 * cannot both set a password. Null when the link was already used, revoked or had expired.
 */
export async function claimInvitation(db: Database, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), open, gt(invitations.expiresAt, now)))
    .returning();
  return row ?? null;
}

/**
 * The account a claimed link sets up: the password set (any earlier one, and every session begun before, stops working), and for an
 * invitation the role and any missing names; created when the address has no account yet.
 */
export async function setUpAccountFromInvitation(db: Database, invitation: InvitationRow, passwordHash: string, accountId: string | null) {
  const id = accountId ?? crypto.randomUUID();
  const now = new Date();
  const names = { firstName: invitation.firstName, lastName: invitation.lastName };
  const write = accountId
    ? db
        .update(users)
        .set({
          passwordHash,
          // Every session of the account begun before this ends (services/auth.server.ts): a reset is often for a lost device.
          sessionsValidFrom: now,
          updatedAt: now,
          ...(invitation.purpose === "invite"
            ? {
                // An invitation never lowers a district admin; it raises a password-less account to the role it names.
                role: sql`case when ${users.role} = 'admin' then 'admin' else ${invitation.role} end`,
                firstName: sql`coalesce(${users.firstName}, ${names.firstName})`,
                lastName: sql`coalesce(${users.lastName}, ${names.lastName})`,
              }
            : {}),
        })
        .where(eq(users.id, accountId))
    : db.insert(users).values({ id, email: invitation.email, role: invitation.role, passwordHash, ...names });
  await db.batch([
    write,
    db.update(invitations).set({ userId: id }).where(eq(invitations.id, invitation.id)),
    auditStatement(db, { id, email: invitation.email }, { action: "account.invitation_accepted", subject: `invitation:${invitation.id}` }),
  ]);
  return (await db.query.users.findFirst({ where: eq(users.id, id) }))!;
}

/** Teachers and admins who cannot sign in here yet: no password and no identity-provider sign-in (a OneRoster import's teachers). */
export function listAccountsWithoutSignIn(db: Database) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(isNull(users.passwordHash), isNull(users.oidcSubject), sql`${users.role} in ('teacher', 'admin')`))
    .orderBy(users.email)
    .limit(500);
}
