import { DomainError } from "~/lib/errors";

import type { Role } from "./roles";

/**
 * Who may touch what (ADR 0031): one table, read by every route through `can`, and by the data
 * layer through the scope the answer carries. Nothing else decides a role question.
 *
 * An answer is one of:
 * - "yes": the whole district;
 * - "in-scope": only what lies in the actor's classes (the classes a teacher created or co-teaches,
 *   those classes' sessions and the students on their rosters). The route passes the actor's scope
 *   to the model, which applies it in SQL; what is outside is not found (404), never forbidden, so
 *   its existence is not told either;
 * - "own": only the test session the actor holds (a student pass for that session, or the signed-in
 *   student linked to it), checked by the session's own guard;
 * - "no": refused with NOT_ALLOWED (403).
 */

type Actor = "district-admin" | "teacher" | "student-account" | "student-pass" | "signed-out";
export type Action = "read" | "write" | "enroll" | "import" | "export" | "delete" | "join" | "author" | "manage-roles" | "audit" | "retention";
export type Target =
  | "class"
  | "student"
  | "session"
  | "accommodations"
  | "growth"
  | "report"
  | "roster"
  | "district-roster"
  | "shared-content"
  | "testing-windows"
  | "audit-log"
  | "district-settings"
  | "accounts";
type Answer = "yes" | "in-scope" | "own" | "no";

export const ACTORS: readonly Actor[] = ["district-admin", "teacher", "student-account", "student-pass", "signed-out"];
export const ACTIONS: readonly Action[] = ["read", "write", "enroll", "import", "export", "delete", "join", "author", "manage-roles", "audit", "retention"];
export const TARGETS: readonly Target[] = [
  "class",
  "student",
  "session",
  "accommodations",
  "growth",
  "report",
  "roster",
  "district-roster",
  "shared-content",
  "testing-windows",
  "audit-log",
  "district-settings",
  "accounts",
];

/** The one text of a refusal by role, on every route and screen: a catalog code, rendered in the request's language (ADR 0045). */
export const NOT_ALLOWED = "errors.notAllowed";

type Grants = Partial<Record<Target, Partial<Record<Action, Answer>>>>;

/** The class join code (or its QR code) is the key to joining an open class (ADR 0003); a rostered class asks for more (ADR 0029). */
const joinAnyClass: Grants = { class: { join: "yes" } };

/**
 * The table. A pair that is not listed is "no". "read" of a target includes listing it; "write"
 * includes creating one (a class a teacher creates is theirs, so it is in their scope).
 */
const TABLE: Record<Actor, Grants> = {
  "district-admin": {
    class: { read: "yes", write: "yes", delete: "yes", join: "yes" },
    student: { read: "yes", write: "yes", export: "yes", delete: "yes" },
    session: { read: "yes", write: "yes", export: "yes" },
    accommodations: { read: "yes", write: "yes" },
    growth: { read: "yes" },
    report: { read: "yes", export: "yes" },
    roster: { read: "yes", enroll: "yes", import: "yes" },
    "district-roster": { import: "yes" },
    "shared-content": { read: "yes", author: "yes" },
    "testing-windows": { read: "yes", write: "yes" },
    "audit-log": { audit: "yes" },
    "district-settings": { read: "yes", write: "yes", retention: "yes" },
    accounts: { read: "yes", "manage-roles": "yes" },
  },
  teacher: {
    class: { read: "in-scope", write: "in-scope", delete: "in-scope", join: "yes" },
    // A student's export and deletion are the district's decision (ADR 0030).
    student: { read: "in-scope", write: "in-scope" },
    session: { read: "in-scope", write: "in-scope", export: "in-scope" },
    accommodations: { read: "in-scope", write: "in-scope" },
    growth: { read: "in-scope" },
    report: { read: "in-scope", export: "in-scope" },
    roster: { read: "in-scope", enroll: "in-scope", import: "in-scope" },
    // Tests, the question bank, competencies and curriculums are written once for the district.
    "shared-content": { read: "yes", author: "yes" },
    // Every teacher reads the district's testing windows (growth is measured between them); the district sets them.
    "testing-windows": { read: "yes" },
  },
  "student-account": { ...joinAnyClass, session: { read: "own", write: "own" } },
  "student-pass": { ...joinAnyClass, session: { read: "own", write: "own" } },
  "signed-out": joinAnyClass,
};

export function can(actor: Actor, action: Action, target: Target): Answer {
  return TABLE[actor][target]?.[action] ?? "no";
}

/** The actor a signed-in account is (its role resolved, ADR 0031); a signed-out request holding a student pass is "student-pass". */
export function actorOf(user: { role: Role } | null, holdsStudentPass = false): Actor {
  if (!user) return holdsStudentPass ? "student-pass" : "signed-out";
  if (user.role === "admin") return "district-admin";
  return user.role === "teacher" ? "teacher" : "student-account";
}

/**
 * What a model may reach for its caller: the whole district, or one teacher's classes. Every model
 * function that reads or writes a class, student, session, accommodation, growth or report takes
 * one as a required argument and applies it in SQL; only `scopeFor` makes one, from the table.
 */
export type Scope = { readonly kind: "district" } | { readonly kind: "teacher"; readonly teacherId: string };

/** The district's own background work (the queue's demo generation) runs in this; a request's scope comes only from `scopeFor`. */
export const BACKGROUND_SCOPE: Scope = { kind: "district" };

/** The scope an allowed staff action runs in, or null when the table refuses it ("own" answers have none: the session's guard decides). */
export function scopeFor(user: { id: string; role: Role }, action: Action, target: Target): Scope | null {
  const answer = can(actorOf(user), action, target);
  if (answer === "yes") return { kind: "district" };
  if (answer === "in-scope") return { kind: "teacher", teacherId: user.id };
  return null;
}

/** For one intent of a screen's action whose rule differs from the screen's: the scope, or a "forbidden" DomainError with NOT_ALLOWED. */
export function allowedScope(user: { id: string; role: Role }, action: Action, target: Target): Scope {
  const scope = scopeFor(user, action, target);
  if (!scope) throw new DomainError("forbidden", NOT_ALLOWED);
  return scope;
}

/** Whether the table lets the user do this at all (what a screen offers: the OneRoster import, the erase button). */
export function allows(user: { role: Role }, action: Action, target: Target): boolean {
  return can(actorOf(user), action, target) !== "no";
}
