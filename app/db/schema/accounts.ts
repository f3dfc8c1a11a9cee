import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import type { Role } from "~/domain/auth/roles";

import { id, timestamps } from "./columns";

// People and sign-in

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    /** The stored role; ADMIN_EMAILS can raise it to admin at request time (domain/auth/roles). */
    role: text("role").$type<Role>().notNull().default("student"),
    /** "pbkdf2-sha256$iterations$salt$hash" for local accounts, null for OIDC accounts. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    /** Sessions signed in before this are ended: set when a sign-in link sets the password (ADR 0040). */
    sessionsValidFrom: integer("sessions_valid_from", { mode: "timestamp_ms" }),
    /** A teacher's OneRoster `sourcedId` when a roster import brought them (ADR 0028). */
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_oidc_identity_unique").on(t.oidcIssuer, t.oidcSubject),
    uniqueIndex("users_source_id_unique")
      .on(t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    check("users_role_check", sql`${t.role} in ('admin', 'teacher', 'student')`),
  ],
);

/**
 * Throttle counts (ADR 0002, ADR 0015), one row per key: sign-in attempts per e-mail (whether or
 * not an account exists, so a delay never reveals which addresses have accounts), per client
 * address and per trusted device, and wrong join and resume codes per address and per class.
 * Rows past every quiet period mean nothing and are purged by `updated_at`.
 */
export const attemptThrottle = sqliteTable(
  "attempt_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("attempt_throttle_updated_at_idx").on(t.updatedAt)],
);

/**
 * Sign-in links a district admin issues (ADR 0040): an invitation for a new or password-less
 * account, or a reset for an existing one. Only the SHA-256 of the link's token is kept, so a
 * copy of the database opens no account. A link is single use and dies at `expires_at`, on
 * `revoked_at`, or when a newer link for the same address replaces it (resend).
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    /** "invite": sets up the account with `role`; "reset": a new password for `user_id`, role unchanged. */
    purpose: text("purpose").$type<"invite" | "reset">().notNull(),
    email: text("email").notNull(),
    role: text("role").$type<"admin" | "teacher">().notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** The account the link sets a password for: an existing one (a OneRoster teacher, a reset), or the one accepting it made. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invitations_token_hash_unique").on(t.tokenHash),
    index("invitations_email_idx").on(t.email),
    check("invitations_role_check", sql`${t.role} in ('admin', 'teacher')`),
    check("invitations_purpose_check", sql`${t.purpose} in ('invite', 'reset')`),
  ],
);
