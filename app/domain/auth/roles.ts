import { z } from "zod";

/**
 * The roles (ADR 0031): a district admin ("admin": everything, plus rosters, roles, the audit log
 * and retention), a teacher (the classes they own or co-teach and those classes' students,
 * sessions, results, reviews and analytics; tests and the question bank are shared), and a
 * student. An account is a district admin when its stored role says so (the first local account)
 * or when its e-mail is in the deployment's ADMIN_EMAILS list, checked on every request so that
 * editing the list takes effect without a database change. What each role may do is the policy
 * table (`policy.ts`).
 */
const ROLES = ["admin", "teacher", "student"] as const;
export type Role = (typeof ROLES)[number];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Parses "a@x.org, B@x.org ; c@x.org" into a set of normalised addresses. */
export function parseAdminEmails(list: string | undefined | null): ReadonlySet<string> {
  if (!list) return new Set();
  return new Set(
    list
      .split(/[,;\s]+/)
      .map(normalizeEmail)
      .filter((email) => email.includes("@")),
  );
}

export function resolveRole(account: { role: Role; email: string }, adminEmails: ReadonlySet<string>): Role {
  if (account.role === "admin" || adminEmails.has(normalizeEmail(account.email))) return "admin";
  return account.role === "teacher" ? "teacher" : "student";
}

/** PUT /api/users/{id}/role and the roles screen: the account's new stored role. */
export const roleChangeSchema = z.object({ role: z.enum(ROLES, { errorMap: () => ({ message: "role must be admin, teacher or student" }) }) }).strict();

export const OWN_ROLE = "refusals.ownRole";

/** The roles screen's one intent. */
export const rolesActionSchema = z.discriminatedUnion("intent", [roleChangeSchema.extend({ intent: z.literal("set-role"), id: z.string().trim() })]);

export const ROLES_MESSAGES = { intents: { "set-role": { success: "staffToasts.roleSaved", failure: "staffToasts.changeRoleFailed" } } };
