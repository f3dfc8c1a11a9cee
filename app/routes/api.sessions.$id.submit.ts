import { json } from "@remix-run/cloudflare";

import { gradingResultJson } from "~/domain/sessions/session-api";
import { submitAnswerSchema } from "~/domain/sessions/session-contract";
import { apiRoute, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireSessionAccess } from "~/services/student-pass.server";
import { submitSessionAnswer } from "~/services/test-sessions.server";

/**
 * POST /api/sessions/{id}/submit: {questionId, answer, timeSpentSeconds} → {gradingResult,
 * completed, nextQuestion}. Answered once the session's object has stored the answer; a retry of
 * the same question answers the first result again (`saved: "repeat"`).
 */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const sessionId = param(params, "id");
  const caller = await requireSessionAccess(request, context, sessionId);
  const input = await parseJsonBody(request, submitAnswerSchema);
  const submitted = await submitSessionAnswer(context, sessionId, input, caller.user?.id ?? null);
  return json({
    gradingResult: gradingResultJson(submitted.answer),
    completed: submitted.view.snapshot.completed,
    nextQuestion: submitted.view.currentQuestion,
    timeRemaining: submitted.view.snapshot.timeRemainingSeconds,
    saved: submitted.outcome,
  });
});

export const loader = () => methodNotAllowed(["POST"]);
