import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import type { AuditAction } from "~/domain/audit/audit-entry";

import { id, nowMs } from "./columns";

/**
 * Who did what, when, to which student (ADR 0030): append-only, enforced by triggers in its
 * migration. No foreign keys, so an entry outlives the account and the student it names; it keeps
 * our student id (a deletion's entry says that one happened), never a name or a district ID.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").$type<AuditAction>().notNull(),
    /** Our id of the student concerned, if one is. */
    studentRecordId: text("student_record_id"),
    /** What was acted on besides the student: a session, a class, a bundle. */
    subject: text("subject"),
    /** Counts and choices that say what happened (never student data). */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_student_idx").on(t.studentRecordId, t.at), index("audit_log_action_idx").on(t.action, t.at)],
);
