import type { Database } from "~/db/client.server";
import { demoWindows, type EarlierSitting, earlierSittingDays, earlierSittings } from "~/domain/analytics/demo-growth";
import type { SimulatedStudent } from "~/domain/analytics/simulated-student";
import { dayIn } from "~/domain/district/time-zone";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { sessionArchive } from "~/domain/sessions/session-archive";
import { sessionBehind } from "~/domain/sessions/write-behind";
import { gzipText } from "~/lib/gzip-text";
import { districtTimeZone } from "~/models/district-time-zone.server";
import { insertArchivedSessions } from "~/models/session-archives.server";
import { createTestingWindowsIfNone, listTestingWindows } from "~/models/testing-windows.server";

import { offlineGradingLog } from "./test-taking.server";

/**
 * Demo data's sittings in earlier testing windows (domain/analytics/demo-growth.ts): the windows
 * they go in, and each student's two earlier sittings written as the session object would have left
 * them once archived, so results, the AI Grading Review and a teacher's override read them as they
 * read any older session.
 */

/**
 * The days of the demo's earlier sittings, decided once when a generation is queued: the district's
 * windows when it has some, else Fall, Winter and Spring made now, the last holding today (the
 * district's today, in its time zone: ADR 0041).
 */
export async function prepareDemoWindows(db: Database, adminId: string | null, nowMs: number): Promise<[string, string]> {
  const today = dayIn(nowMs, await districtTimeZone(db));
  await createTestingWindowsIfNone(db, demoWindows(today), adminId);
  return earlierSittingDays(await listTestingWindows(db), today);
}

/** What D1 holds of an earlier sitting: as the object's write-behind writes it, with its rapid guesses and effort, and its archive. */
async function archivedRows({ blueprint, sitting, startMs }: EarlierSitting) {
  const { state } = sitting;
  const endMs = state.session.completedAt ?? startMs;
  const behind = sessionBehind(state, blueprint, state.session.answeredQuestionIds, endMs);
  const rapid = new Set(sitting.rapidGuesses);
  return {
    record: {
      id: blueprint.sessionId,
      testConfigId: blueprint.testId,
      testTitle: blueprint.testTitle,
      testSubject: blueprint.testSubject,
      userId: blueprint.studentId,
      testMode: blueprint.mode,
      cohortId: blueprint.cohortId,
      startTime: new Date(startMs),
      accommodations: blueprint.accommodations ?? null,
      ...behind.record,
      effort: sitting.effort,
      createdAt: new Date(startMs),
      updatedAt: new Date(endMs),
    },
    answers: behind.answers.map((answer) => ({ ...answer, sessionId: blueprint.sessionId, rapidGuess: rapid.has(answer.questionId) })),
    logs: sitting.gradeLogs.map(({ questionId, answeredAt, log }) => ({
      ...offlineGradingLog(blueprint.sessionId, { questionId }, log),
      gradedAt: new Date(answeredAt),
    })),
    archive: await gzipText(JSON.stringify(sessionArchive(state, blueprint, sitting.chats))),
  };
}

/** A student's two earlier sittings of `template` (their mode's), aimed at their planned growth from today's score, written in one batch. */
export async function writeEarlierSittings(
  db: Database,
  archives: R2Bucket,
  template: SessionBlueprint,
  student: SimulatedStudent,
  plan: { index: number; todayScore: number; earlierDays: readonly [string, string]; seed: number },
): Promise<void> {
  const sittings = earlierSittings(template, student, plan.index, {
    todayScore: plan.todayScore,
    earlierDays: plan.earlierDays,
    sessionIds: [crypto.randomUUID(), crypto.randomUUID()],
    seed: plan.seed,
  });
  await insertArchivedSessions(db, archives, await Promise.all(sittings.map(archivedRows)));
}
