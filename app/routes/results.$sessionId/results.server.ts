import { redirect, type AppLoadContext } from "@remix-run/cloudflare";

import { earlyEndNote } from "~/domain/sessions/early-end-note";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { DomainError } from "~/lib/errors";
import { notFoundPage } from "~/services/http-errors.server";
import { RESULTS_WINDOW_MINUTES } from "~/domain/sessions/student-pass";
import { classJoinStep, requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/** Question text for the results list: no HTML, cut at 100 characters (SPEC.md section 9). */
export function plainExcerpt(html: string, limit = 100): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/**
 * Said, with SPEC.md's 'Session Not Found', to a browser that may not read a session's results:
 * it cannot tell a missing session from somebody else's, so it says where results do open.
 */
const RESULTS_ELSEWHERE = `Results open on the device that took the test (or the one it was continued on with its resume code), for ${RESULTS_WINDOW_MINUTES} minutes after the test ends. Your teacher can see them at any time.`;

/**
 * Results (SPEC.md section 2): for an admin, or for the browser whose student pass holds the
 * session, until its results window closes (ADR 0014); anyone else learns nothing about it.
 */
export async function loadResults(request: Request, context: AppLoadContext, sessionId: string) {
  const back = { to: "/", label: "Return Home" };
  const elsewhere = () => notFoundPage(NOT_FOUND.session, { to: "/join", label: "Go to Student Entry" }, RESULTS_ELSEWHERE);
  let caller;
  try {
    caller = await requireSessionAccess(request, context, sessionId);
  } catch (error) {
    if (error instanceof DomainError) throw elsewhere();
    throw error;
  }
  let view;
  try {
    view = await readSessionView(context, sessionId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw notFoundPage(NOT_FOUND.session, back);
    throw error;
  }
  if (!view.snapshot.completed) throw redirect(`/test/${view.testId}?session=${encodeURIComponent(sessionId)}`);
  try {
    requireSessionReach(caller, view.snapshot);
  } catch (error) {
    if (error instanceof DomainError) throw elsewhere();
    throw error;
  }
  // A student retakes a class's test through its join step: a signed-out browser cannot start it on /test.
  const retakePath = caller.kind === "admin" || !view.cohortId ? `/test/${view.testId}` : await classJoinStep(context, view.cohortId);
  const { results } = view;
  const answers = view.snapshot.answeredQuestionIds.flatMap((id) => {
    const answer = results.answers[id];
    if (!answer) return [];
    return [
      {
        id,
        text: plainExcerpt(answer.questionText),
        type: answer.questionType,
        pointsEarned: answer.pointsEarned,
        maxPoints: answer.maxPoints,
        wasCorrect: answer.wasCorrect,
        timeSpentSeconds: answer.timeSpentSeconds,
        gradingScore: answer.gradingScore,
        feedback: answer.feedback,
        provisional: answer.grading === "provisional",
        reviewedByTeacher: answer.grading === "teacher",
        late: answer.late,
      },
    ];
  });
  return {
    sessionId,
    isAdmin: caller.kind === "admin",
    retakePath,
    testId: view.testId,
    testTitle: view.testTitle,
    mode: view.mode,
    completedReason: view.snapshot.completedReason,
    earlyEndNote: earlyEndNote({ completedReason: view.snapshot.completedReason, questionsAnswered: answers.length, questionsNotAnswered: results.questionsNotAnswered }),
    totalScore: results.totalScore,
    scaleScore: results.scaleScore,
    scaleScoreSE: results.scaleScoreSE,
    competencies: Object.entries(results.competenciesStatus),
    modules: Object.entries(results.moduleRecommendations),
    answers,
    gradingPending: results.gradingPending,
  };
}
