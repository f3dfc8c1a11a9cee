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
