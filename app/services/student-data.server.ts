import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/domain/auth/current-user";
import type { Env } from "~/env";
import { auditStatement, recordAudit } from "~/models/audit-log.server";
import { findStudentRow, readStudentRows, recordErasure, sessionErasure, studentSessionIds } from "~/models/student-data.server";
import { findStudentAcrossDistrict } from "~/models/students.server";

import { testSessionStub } from "./session-object.server";

/**
 * A student's data rights (ADR 0030): everything held about them as one JSON document, and
 * everything erased. A session's answers live in its Durable Object as well as in D1, so both are
 * read and both are erased; the object first, so that no D1 row is gone while its object still
 * holds the data.
 */
const actorOf = (user: CurrentUser) => ({ id: user.id, email: user.email });

/** The export: null for an unknown student. The export itself is recorded in the audit log. */
export async function exportStudentData(context: AppLoadContext, user: CurrentUser, id: string) {
  const row = await findStudentRow(context.db, id);
  const student = row && (await findStudentAcrossDistrict(context.db, id));
  if (!row || !student) return null;
  const { memberships, sessions, answers, gradingLogs, overrides } = await readStudentRows(context.db, row);
  const chats = await Promise.all(sessions.map((session) => testSessionStub(context.cloudflare.env, session.id).allChats()));
  await recordAudit(context.db, actorOf(user), { action: "student.exported", studentRecordId: id, detail: { sessions: sessions.length } });
  const { classes: _classes, sessions: _summaries, ...record } = student;
  return {
    exportedAt: new Date().toISOString(),
    student: record,
    enrollments: memberships,
    sessions: sessions.map((session, index) => ({
      ...session,
      answers: answers.filter((answer) => answer.sessionId === session.id),
      gradingLogs: gradingLogs.filter((log) => log.sessionId === session.id),
      gradeOverrides: overrides.filter((override) => override.sessionId === session.id),
      chatTranscripts: chats[index] ?? {},
    })),
  };
}

/** Erases the student and everything tied to them; answers what was removed, by kind, or null for an unknown student. */
export async function deleteStudentData(context: AppLoadContext, user: CurrentUser, id: string) {
  const student = await findStudentRow(context.db, id);
  if (!student) return null;
  const sessionIds = await studentSessionIds(context.db, student);
  const removed = await eraseSessions(context.db, context.cloudflare.env, sessionIds, {
    record: recordErasure(context.db, student),
    actor: actorOf(user),
    studentRecordId: id,
  });
  return { deleted: true, removed };
}

/**
 * Erases sessions the same way everywhere (a student's deletion, the retention purge): each
 * object's storage, then in one D1 batch their rows, their AI jobs, whatever else belongs to the
 * erasure (the student's record) and its audit entry.
 */
export async function eraseSessions(
  db: Database,
  env: Pick<Env, "TEST_SESSION">,
  sessionIds: string[],
  options: {
    record?: ReturnType<typeof recordErasure>;
    actor: { id: string; email: string } | null;
    studentRecordId?: string;
    action?: "student.deleted" | "retention.purged";
  },
) {
  await Promise.all(sessionIds.map((sessionId) => testSessionStub(env, sessionId).discard()));
  const sessions = await sessionErasure(db, sessionIds);
  const record = options.record ? await options.record : null;
  const removed = { ...sessions.counts, ...(record?.counts ?? {}) };
  const audit = auditStatement(db, options.actor, {
    action: options.action ?? "student.deleted",
    studentRecordId: options.studentRecordId ?? null,
    detail: removed,
  });
  await db.batch([audit, ...sessions.statements, ...(record?.statements ?? [])]);
  return removed;
}
