import { z } from "zod";

import { toCsv } from "~/domain/export/csv";
import { screenPage } from "~/domain/paging";

/**
 * The audit log's entries (ADR 0030): each action a district must be able to account for, with
 * the words the audit screen shows for it.
 */
export const AUDIT_ACTIONS = {
  "student.viewed": "Viewed a student's page",
  "student.results_viewed": "Viewed a student's results",
  "student.growth_viewed": "Viewed a student's growth",
  "class.growth_viewed": "Viewed a class's growth",
  "student.report_viewed": "Viewed a student's family report",
  "student.exported": "Exported a student's data",
  "student.deleted": "Deleted a student and their data",
  "student.accommodations_changed": "Changed a student's accommodations",
  "student.created": "Added a student's record",
  "student.updated": "Changed a student's record",
  "student.enrolled": "Put a student on a class's roster",
  "student.unenrolled": "Took a student off a class's roster",
  "student.badge_renewed": "Gave a student a new badge and PIN",
  "student.pin_tries_reset": "Reset a student's wrong PIN tries",
  "grade.overridden": "Changed a grade",
  "session.proctored": "Paused, resumed, added time to or ended a student's test from the live view",
  "class.proctored": "Paused or resumed every test of a class in progress",
  "roster.imported": "Imported a roster",
  "role.changed": "Changed an account's role",
  "account.signed_in": "Signed in",
  "account.invited": "Invited someone to set up an account",
  "account.invitation_resent": "Sent a new invitation link (the old one no longer works)",
  "account.invitation_revoked": "Revoked an invitation",
  "account.sign_in_reset": "Issued a link to reset an account's sign-in",
  "account.invitation_accepted": "Set a password from an invitation or reset link",
  "class.teacher_added": "Put a teacher on a class",
  "class.teacher_removed": "Took a teacher off a class",
  "retention.changed": "Changed how long sessions are kept",
  "time_zone.changed": "Changed the district's time zone",
  "retention.purged": "Purged sessions past the retention period",
  "retention.purge_failed": "A purge of sessions past the retention period failed",
  "jobs.purged": "Deleted background jobs finished more than 30 days ago",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * A class view that shows many students is one entry naming them all, by our ids, under this key
 * of its detail: one row a view, however large the class, and a student's own filter still finds it.
 */
export const CLASS_STUDENTS_KEY = "students";
export const CLASS_AUDIT_ACTIONS: AuditAction[] = ["class.growth_viewed"];

/** The students an entry is about: its own student, or the ones a class entry names. */
export function auditEntryStudents(entry: { action: AuditAction; studentRecordId: string | null; detail: Record<string, unknown> | null }): string[] {
  if (entry.studentRecordId) return [entry.studentRecordId];
  if (!CLASS_AUDIT_ACTIONS.includes(entry.action)) return [];
  const named = entry.detail?.[CLASS_STUDENTS_KEY];
  return Array.isArray(named) ? named.filter((id): id is string => typeof id === "string") : [];
}

/** An entry's detail as the screen shows it: without the class's list of students, which the Student column names. */
export function shownAuditDetail({ action, detail }: { action: AuditAction; detail: Record<string, unknown> | null }): string {
  if (!detail) return "";
  if (!CLASS_AUDIT_ACTIONS.includes(action)) return JSON.stringify(detail);
  const { [CLASS_STUDENTS_KEY]: _named, ...rest } = detail;
  return Object.keys(rest).length ? JSON.stringify(rest) : "";
}

/**
 * An edit's e-mail change as an entry's detail: nothing when it did not change. E-mail addresses
 * are kept in the audit log only here: under `emailBefore` / `emailAfter` of a `student.updated`
 * entry, which always names its record (`studentRecordId`), so erasing a student finds them by
 * the record's id.
 */
export function emailChangeDetail(before: string | null, after: string | null): Record<string, string | null> {
  return before === after ? {} : { emailBefore: before, emailAfter: after };
}

export const AUDIT_PAGE_SIZE = 50;

type AuditFilterValues = { action: string; student: string; actor: string; from: string; to: string };

const isAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The audit screen's and export's filters from the URL, leniently: a bad value is no filter. */
export function readAuditQuery(params: URLSearchParams) {
  const values: AuditFilterValues = {
    action: isAction(params.get("action") ?? "") ? params.get("action")! : "",
    student: (params.get("student") ?? "").trim().slice(0, 100),
    actor: (params.get("actor") ?? "").trim().slice(0, 254),
    from: day.safeParse(params.get("from")).success ? params.get("from")! : "",
    to: day.safeParse(params.get("to")).success ? params.get("to")! : "",
  };
  return {
    values,
    page: screenPage(params.get("page")),
    filters: {
      action: (values.action || undefined) as AuditAction | undefined,
      studentRecordId: values.student || undefined,
      actorEmail: values.actor.toLowerCase() || undefined,
      fromMs: values.from ? Date.parse(`${values.from}T00:00:00Z`) : undefined,
      toMs: values.to ? Date.parse(`${values.to}T00:00:00Z`) + 24 * 60 * 60 * 1000 : undefined,
    },
  };
}
export type AuditFilters = ReturnType<typeof readAuditQuery>["filters"];

export function auditSearch(values: AuditFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  return params;
}

type AuditRow = {
  at: Date;
  actorEmail: string | null;
  action: AuditAction;
  studentRecordId: string | null;
  subject: string | null;
  detail: Record<string, unknown> | null;
};

/** The audit log as CSV: one row an entry, newest first, the detail as JSON. */
export function auditCsv(rows: readonly AuditRow[]): string {
  return toCsv(
    ["When (UTC)", "Who", "Action", "What happened", "Student (our id)", "Subject", "Detail"],
    rows.map((row) => [
      row.at.toISOString(),
      row.actorEmail ?? "scheduled task",
      row.action,
      AUDIT_ACTIONS[row.action] ?? row.action,
      row.studentRecordId ?? "",
      row.subject ?? "",
      row.detail ? JSON.stringify(row.detail) : "",
    ]),
  );
}
