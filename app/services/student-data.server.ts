import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/domain/auth/current-user";
import { DISCARDS_AT_ONCE, DISCARDS_PER_RUN, ERASURE_FAILED } from "~/domain/privacy/erasure";
import type { Env } from "~/env";
import { chunk } from "~/lib/batching";
import { upstream } from "~/lib/errors";
import { auditStatement, recordAudit } from "~/models/audit-log.server";
import { deletionStatements } from "~/models/deleted-students.server";
import {
  countListedDiscards,
  findStudentRow,
  linkedTo,
  listedDiscards,
  readStudentRows,
  recordErasure,
  sessionErasure,
  type SessionSelection,
  unlistDiscards,
} from "~/models/student-data.server";
import { findStudentAcrossDistrict } from "~/models/students.server";

import { testSessionStub } from "./session-object.server";

/**
 * A student's data rights (ADR 0030): everything held about them as one JSON document, and
 * everything erased. A session's answers live in its Durable Object as well as in D1, so both are
 * read and both are erased: the D1 rows first, in one batch that also lists the objects to empty,
 * then the objects. A failed batch changes nothing; objects a failure or crash leaves listed are
 * emptied by the next erasure or the nightly run.
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

/**
 * Erases the student and everything tied to them, their sign-in account included; answers what was
 * removed, by kind, and how many of their session objects are still to be emptied (0 unless one
 * failed), or null for an unknown student. A failed D1 batch leaves the student as they were and
 * answers a 502 that says so.
 */
export async function deleteStudentData(context: AppLoadContext, user: CurrentUser, id: string) {
  const { db } = context;
  const env = context.cloudflare.env;
  const student = await findStudentRow(db, id);
  if (!student) {
    // A retry after a deletion whose objects were not all emptied finishes them.
    await emptyListedSessionObjects(db, env);
    return null;
  }
  const record = await recordErasure(db, student);
  // Remembered by keyed hashes alone, in the erasure's batch, so an import does not quietly bring them back (ADR 0028).
  record.statements.push(...(await deletionStatements(db, context.config.deletionKey, student)));
  const removed = await eraseSessions(db, linkedTo(student), {
    record,
    actor: actorOf(user),
    studentRecordId: id,
    action: "student.deleted",
  });
  let sessionObjectsLeft = removed.sessions;
  try {
    sessionObjectsLeft = (await emptyListedSessionObjects(db, env)).left;
  } catch (error) {
    // The student is erased from D1; their objects stay listed for the next erasure or the nightly run.
    console.error("Emptying a deleted student's session objects failed; they stay listed", error);
  }
  return { deleted: true, removed, sessionObjectsLeft };
}

/**
 * The D1 half of an erasure, the same everywhere (a student's deletion, each chunk of the
 * retention purge): in one batch the selected sessions' rows, their AI jobs, whatever else belongs
 * to the erasure (the student's record and account), its audit entry, and the list of objects left
 * to empty. A failure is thrown as an `upstream` DomainError without the database's words, which go
 * to the Worker's log.
 */
export async function eraseSessions(
  db: Database,
  selection: SessionSelection,
  options: {
    record?: Awaited<ReturnType<typeof recordErasure>>;
    actor: { id: string; email: string } | null;
    studentRecordId?: string;
    action: "student.deleted" | "retention.purged";
  },
) {
  const sessions = await sessionErasure(db, selection);
  const removed = { ...sessions.counts, ...(options.record?.counts ?? {}) };
  const audit = auditStatement(db, options.actor, {
    action: options.action,
    studentRecordId: options.studentRecordId ?? null,
    detail: options.record ? { ...removed, redactedAuditEntries: options.record.redactedAuditEntries } : removed,
  });
  // The audit entry last: the record's redaction must not blank it.
  const [first, ...rest] = [...sessions.statements, ...(options.record?.statements ?? []), audit];
  try {
    await db.batch([first!, ...rest]);
  } catch (error) {
    console.error(`Erasing sessions (${options.action}) failed; nothing was changed`, error);
    throw upstream(ERASURE_FAILED);
  }
  return removed;
}

/**
 * Empties the session objects erasures have listed, oldest first and at most DISCARDS_PER_RUN,
 * and drops each from the list once empty. One that fails stays listed for the next run; `left`
 * counts what is still listed.
 */
export async function emptyListedSessionObjects(db: Database, env: Pick<Env, "TEST_SESSION">) {
  const listed = await listedDiscards(db, DISCARDS_PER_RUN);
  let emptied = 0;
  for (const group of chunk(listed, DISCARDS_AT_ONCE)) {
    const outcomes = await Promise.allSettled(group.map((sessionId) => testSessionStub(env, sessionId).discard()));
    const done = group.filter((_, index) => outcomes[index]!.status === "fulfilled");
    for (const outcome of outcomes)
      if (outcome.status === "rejected") console.error("Emptying an erased session's object failed; it stays listed", outcome.reason);
    try {
      await unlistDiscards(db, done);
      emptied += done.length;
    } catch (error) {
      // Emptied but still listed: emptying again next time does no harm.
      console.error("Dropping emptied session objects from the list failed", error);
    }
  }
  return { emptied, left: listed.length === 0 ? 0 : await countListedDiscards(db) };
}
