import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { auditLog, students, users } from "~/db/schema";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditFilters, CLASS_AUDIT_ACTIONS, CLASS_STUDENTS_KEY } from "~/domain/audit/audit-entry";
import { displayName } from "~/domain/shell/user-display";
import { studentDisplayName } from "~/domain/students/student";

/** Who acted: the signed-in account, or nobody (the scheduled purge). */
type Actor = { id: string; email: string } | null;
type AuditEntry = { action: AuditAction; studentRecordId?: string | null; subject?: string | null; detail?: Record<string, unknown> | null };

/** The insert of one entry, to go in the same batch as the change it records. */
export function auditStatement(db: Database, actor: Actor, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    studentRecordId: entry.studentRecordId ?? null,
    subject: entry.subject ?? null,
    detail: entry.detail ?? null,
  });
}

export async function recordAudit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditStatement(db, actor, entry);
}

/** A student named in a class entry's list (`CLASS_STUDENTS_KEY`), found on the action's index. */
const namesInClassEntry = (studentRecordId: string) =>
  and(
    inArray(auditLog.action, CLASS_AUDIT_ACTIONS),
    sql`exists (select 1 from json_each(${auditLog.detail}, ${`$.${CLASS_STUDENTS_KEY}`}) where json_each.value = ${studentRecordId})`,
  )!;

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  // A student's entries include the class views that named them.
  if (filters.studentRecordId) conditions.push(or(eq(auditLog.studentRecordId, filters.studentRecordId), namesInClassEntry(filters.studentRecordId))!);
  if (filters.actorEmail) conditions.push(eq(auditLog.actorEmail, filters.actorEmail));
  if (filters.fromMs !== undefined) conditions.push(gte(auditLog.at, new Date(filters.fromMs)));
  if (filters.toMs !== undefined) conditions.push(lt(auditLog.at, new Date(filters.toMs)));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The names of the students and accounts a page of entries is about, by id, for those that still
 * exist: the log keeps ids, never names, so a deleted student's entries name no one.
 */
export async function readAuditNames(db: Database, studentIds: readonly string[], accountIds: readonly string[]) {
  const [studentRows, accountRows] = await Promise.all([
    studentIds.length
      ? db
          .select({ id: students.id, givenName: students.givenName, familyName: students.familyName })
          .from(students)
          .where(inArray(students.id, [...new Set(studentIds)]))
      : [],
    accountIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [...new Set(accountIds)]))
      : [],
  ]);
  return {
    students: new Map(studentRows.map((row) => [row.id, studentDisplayName(row)])),
    // An account without a name is named by its e-mail, which the entry already shows.
    accounts: new Map(accountRows.flatMap((row) => (row.firstName?.trim() || row.lastName?.trim() ? [[row.id, displayName(row)]] : []))),
  };
}

/** A page of entries, newest first, filtered in SQL. */
export async function listAudit(db: Database, filters: AuditFilters, page: number) {
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every entry the filters keep, newest first, for the CSV (at most `limit`). */
export function exportAudit(db: Database, filters: AuditFilters, limit: number) {
  return db.select().from(auditLog).where(whereOf(filters)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
