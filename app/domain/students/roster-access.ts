import type { Scope } from "~/domain/auth/policy";
import type { Role } from "~/domain/auth/roles";
import { codeWith } from "~/domain/i18n/coded";

/**
 * Who may touch which student record, decided per row of an import and per enrollment (ADR 0029,
 * amended; ADR 0031): what the policy table's "in-scope" means for `import` and `enroll` of a
 * roster (`domain/auth/policy.ts`, which refuses a student account before any row is read). In the
 * district's scope any record is touched. In a teacher's, new records are created and put on their
 * classes, and an existing record is updated or enrolled only when it is in their reach: on a
 * roster of a class they teach, or made by them and on no roster yet (so a record they just added
 * can go onto their class). A record outside their reach is refused without being changed, and
 * nothing of it (its name, e-mail, whether the row would change it) is told.
 */

/** One row's record as the caller's reach sees it: no record has this ID yet, or one has, in the caller's reach or not. */
export type RosterRowTarget = { exists: false } | { exists: true; inCallersReach: boolean };

/** What the row may do: create the record, update (or enroll) it, or be refused. */
type RosterRowAccess = "create" | "update" | "refuse";

export function rosterRowAccess(scope: Scope, target: RosterRowTarget): RosterRowAccess {
  if (!target.exists) return "create";
  return scope.kind === "district" || target.inCallersReach ? "update" : "refuse";
}

/** The refusal of a row whose Student ID is a record outside the caller's classes: the ID the caller typed, nothing of the record. */
export const outsideYourClasses = (studentId: string) => codeWith("roster.outsideYourClasses", { studentId });

/** The refusal of an e-mail another record holds: which record holds it is never said. */
export const emailInUse = (email: string) => codeWith("roster.emailInUse", { email });

/**
 * Identity by e-mail (ADR 0029, amended): only a student account is the student whose record
 * carries its e-mail. A staff account (a teacher, a district admin) is never a student, whatever
 * e-mail a record carries, so it never starts a test as one without the PIN.
 */
export function linksToStudentRecord(account: { role: Role }): boolean {
  return account.role === "student";
}

/**
 * The role a OneRoster teacher row leaves an existing account with (ADR 0028, amended): a teacher
 * stays a teacher, a district admin stays an admin, and a student account is refused (null): an
 * import never changes an account's role, which only a district admin does, on Accounts & Roles.
 */
export function importedTeacherRole(existing: Role): Role | null {
  return existing === "student" ? null : existing;
}

export const studentAccountNotTeacher = (email: string) => codeWith("roster.studentAccountNotTeacher", { email });
