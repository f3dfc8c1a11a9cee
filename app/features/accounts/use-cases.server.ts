import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import {
  ALREADY_HAS_PASSWORD,
  invitationExpiry,
  type InvitationInput,
  invitationState,
  invitationTokenHash,
  invitationUrl,
  isInvitationToken,
  newInvitationToken,
  NO_PASSWORD_TO_RESET,
  NOT_PENDING,
} from "~/domain/auth/invitations";
import { hashPassword } from "~/domain/auth/password";
import { allowedScope } from "~/domain/auth/policy";
import { OWN_ROLE, type Role } from "~/domain/auth/roles";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict, found } from "~/lib/errors";
import * as invitations from "~/models/invitations.server";
import * as store from "~/models/users.server";
import { emailSignInLink } from "~/services/email.server";

/**
 * The accounts capability's operations (ADR 0038): the roles screen (Accounts & Roles) and the
 * /api/users routes call these alike. Each asks the policy for its own pair; a refusal is a
 * DomainError by kind, mapped in one place (`describeFailure`). Invitations and resets are
 * ADR 0040: a link whose token only its recipient holds (D1 keeps its hash).
 */
type Actor = CurrentUser;

/** Every account, staff first (a district admin's). */
export async function listAccounts(context: AppLoadContext, actor: Actor) {
  allowedScope(actor, "read", "accounts");
  return store.listAccounts(context.db);
}

/** An account's stored role changed, audited; never the actor's own (409), so the district always keeps an admin who can undo it. */
export async function changeRole(context: AppLoadContext, actor: Actor, input: { id: string; role: Role }) {
  allowedScope(actor, "manage-roles", "accounts");
  if (input.id === actor.id) throw conflict(OWN_ROLE, "role");
  return found(await store.changeRole(context.db, input.id, input.role, actor), NOT_FOUND.account);
}

/** What the admin gets back for a link: its URL once (it is stored only as a hash) and whether it went by e-mail. */
async function issuedLink(context: AppLoadContext, origin: string, row: invitations.InvitationRow, token: string) {
  const url = invitationUrl(origin, token);
  const emailed = await emailSignInLink(context, origin, { to: row.email, url, purpose: row.purpose, givenName: row.firstName });
  return { id: row.id, email: row.email, role: row.role, purpose: row.purpose, url, expiresAt: row.expiresAt.toISOString(), emailed };
}

/** A new single-use link (invite or reset) for `fields`, stored by its hash, audited, e-mailed when the deployment can. */
async function issueLink(context: AppLoadContext, actor: Actor, origin: string, fields: Omit<invitations.NewInvitation, "tokenHash" | "expiresAt">) {
  const { token, tokenHash } = await freshToken();
  const now = new Date();
  const row = await invitations.createInvitation(context.db, { ...fields, tokenHash, expiresAt: invitationExpiry(now) }, actor, now);
  return issuedLink(context, origin, row, token);
}

async function freshToken() {
  const token = newInvitationToken();
  return { token, tokenHash: await invitationTokenHash(token) };
}

/**
 * An invitation to set up an account with a role. An address that already has an account with
 * no password (a OneRoster import's teacher) is set up on that account; one with a password is
 * refused (409): that is a reset. A newer link for an address revokes the older ones.
 */
export async function inviteAccount(context: AppLoadContext, actor: Actor, input: InvitationInput, origin: string) {
  allowedScope(actor, "manage-roles", "accounts");
  const existing = await store.findUserByEmail(context.db, input.email);
  if (existing?.passwordHash) throw conflict(ALREADY_HAS_PASSWORD, "email");
  return issueLink(context, actor, origin, {
    purpose: "invite",
    email: input.email,
    role: input.role,
    firstName: input.givenName || existing?.firstName || null,
    lastName: input.familyName || existing?.lastName || null,
    userId: existing?.id ?? null,
  });
}

/** A new sign-in link for an account that has a password: when its holder sets a new one, the old one stops working. */
export async function resetSignIn(context: AppLoadContext, actor: Actor, accountId: string, origin: string) {
  allowedScope(actor, "manage-roles", "accounts");
  const account = found(await store.findUserById(context.db, accountId), NOT_FOUND.account);
  if (!account.passwordHash || account.role === "student") throw conflict(NO_PASSWORD_TO_RESET);
  return issueLink(context, actor, origin, {
    purpose: "reset",
    email: account.email,
    role: account.role,
    firstName: account.firstName,
    lastName: account.lastName,
    userId: account.id,
  });
}

/** The district's links, each with its state; the token is never shown again. */
export async function listInvitations(context: AppLoadContext, actor: Actor) {
  allowedScope(actor, "read", "accounts");
  const now = new Date();
  return (await invitations.listInvitations(context.db)).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    purpose: row.purpose,
    givenName: row.firstName,
    familyName: row.lastName,
    state: invitationState(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }));
}

/** A link that was not used (expired included) sent again with a new token: the old token stops working. 409 once accepted or revoked. */
export async function resendInvitation(context: AppLoadContext, actor: Actor, id: string, origin: string) {
  allowedScope(actor, "manage-roles", "accounts");
  found(await invitations.findInvitation(context.db, id), NOT_FOUND.invitation);
  const { token, tokenHash } = await freshToken();
  const row = await invitations.renewInvitation(context.db, id, { tokenHash, expiresAt: invitationExpiry(new Date()) }, actor);
  if (!row) throw conflict(NOT_PENDING);
  return issuedLink(context, origin, row, token);
}

/** A link that was not used, revoked. 409 once accepted or revoked. */
export async function revokeInvitation(context: AppLoadContext, actor: Actor, id: string) {
  allowedScope(actor, "manage-roles", "accounts");
  found(await invitations.findInvitation(context.db, id), NOT_FOUND.invitation);
  if (!(await invitations.revokeInvitation(context.db, id, actor, new Date()))) throw conflict(NOT_PENDING);
  return { revoked: true as const };
}

/** The link a token opens, while it can still be used; null otherwise (the page says so, 410). Anyone holding the token may ask. */
export async function openInvitation(context: AppLoadContext, token: string) {
  if (!isInvitationToken(token)) return null;
  const row = await invitations.findInvitationByTokenHash(context.db, await invitationTokenHash(token));
  if (!row || invitationState(row, new Date()) !== "pending") return null;
  return { email: row.email, purpose: row.purpose, givenName: row.firstName };
}

/**
 * The link used: the password set on the account (created, or the password-less one of that
 * address), once. Null when the link can no longer be used. An address that got a password
 * another way since the invitation was sent is refused (409) and the link stays unused.
 */
export async function acceptInvitation(context: AppLoadContext, token: string, password: string) {
  if (!isInvitationToken(token)) return null;
  const { db } = context;
  const row = await invitations.findInvitationByTokenHash(db, await invitationTokenHash(token));
  if (!row || invitationState(row, new Date()) !== "pending") return null;
  const account = row.userId ? await store.findUserById(db, row.userId) : await store.findUserByEmail(db, row.email);
  if (row.purpose === "invite" && account?.passwordHash)
    throw conflict("This address already has an account with a password. Sign in, or ask your district admin for a new link.");
  const passwordHash = await hashPassword(password);
  const claimed = await invitations.claimInvitation(db, row.id, new Date());
  if (!claimed) return null;
  return invitations.setUpAccountFromInvitation(db, claimed, passwordHash, account?.id ?? null);
}

/** Teachers and admins who cannot sign in here yet (a OneRoster import's) and have no link waiting: the "Invite the new teachers" list. */
export async function listAccountsToInvite(context: AppLoadContext, actor: Actor) {
  allowedScope(actor, "read", "accounts");
  const now = new Date();
  const waiting = new Set((await invitations.listInvitations(context.db)).filter((row) => invitationState(row, now) === "pending").map((row) => row.email));
  return (await invitations.listAccountsWithoutSignIn(context.db)).filter((account) => !waiting.has(account.email));
}

/** Every account of that list invited as a teacher (an admin among them keeps their role), one link each. */
export async function inviteAccountsWithoutSignIn(context: AppLoadContext, actor: Actor, origin: string) {
  const accounts = await listAccountsToInvite(context, actor);
  const links = [];
  for (const account of accounts)
    links.push(await inviteAccount(context, actor, { email: account.email, role: account.role === "admin" ? "admin" : "teacher" }, origin));
  return links;
}
