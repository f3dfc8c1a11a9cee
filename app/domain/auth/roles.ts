/**
 * Who is an admin. There are two roles: admin, and student (any non-admin).
 * An account is an admin when its stored role says so (the seeded local admin) or when its
 * e-mail is in the deployment's ADMIN_EMAILS list, checked on every request so that editing
 * the list takes effect without a database change.
 */
export type Role = "admin" | "teacher" | "student";

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
  if (account.role === "admin") return "admin";
  return adminEmails.has(normalizeEmail(account.email)) ? "admin" : "student";
}
