import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { auditLog, cohortMembers } from "~/db/schema";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditFilters } from "~/domain/audit/audit-entry";

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

/**
 * One entry for each student on a class's roster, for a class view that shows every one of them
 * (the class's growth): one statement however large the roster, where an insert a student would
 * be hundreds. The ids are made by SQLite (random, 32 hex digits), not UUIDs like the others'.
 */
export async function recordRosterAudit(db: Database, actor: Actor, cohortId: string, entry: Omit<AuditEntry, "studentRecordId">): Promise<void> {
  await db.run(sql`
    insert into ${auditLog} (id, actor_id, actor_email, action, student_record_id, subject, detail)
    select lower(hex(randomblob(16))), ${actor?.id ?? null}, ${actor?.email ?? null}, ${entry.action}, ${cohortMembers.studentRecordId},
      ${entry.subject ?? null}, ${entry.detail ? JSON.stringify(entry.detail) : null}
    from ${cohortMembers} where ${cohortMembers.cohortId} = ${cohortId} and ${cohortMembers.studentRecordId} is not null`);
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.studentRecordId) conditions.push(eq(auditLog.studentRecordId, filters.studentRecordId));
  if (filters.actorEmail) conditions.push(eq(auditLog.actorEmail, filters.actorEmail));
  if (filters.fromMs !== undefined) conditions.push(gte(auditLog.at, new Date(filters.fromMs)));
  if (filters.toMs !== undefined) conditions.push(lt(auditLog.at, new Date(filters.toMs)));
  return conditions.length ? and(...conditions) : undefined;
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
