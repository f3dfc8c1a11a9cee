import type { ChatReply, SubmittedAnswer } from "~/domain/sessions/answer-feedback";
import type { StudentGrade } from "~/domain/sessions/session-contract";
import { testDataPath } from "~/domain/sessions/test-page-paths";
import type { ActionResult } from "~/domain/shell/action-result";

/**
 * How the test page's JavaScript talks to the server: the page's own action through its data
 * route (`POST /test/{id}/data`, the same form fields as the form post without JavaScript), and
 * one answer's grade through `GET /api/sessions/{id}/answers/{questionId}`. See docs/api.md.
 */
type IntentOutcome<Data> = { kind: "ok"; data: Data } | { kind: "refused"; message: string; title: string } | { kind: "network" };

/** Posts one intent; a dropped connection, a 5xx or an unreadable answer is "network" (try again). */
async function postIntent<Data>(testId: string, fields: [string, string][]): Promise<IntentOutcome<Data>> {
  let response: Response;
  try {
    // "js" asks for the result as data; an answer kept by an earlier page already says so.
    const body = new URLSearchParams(fields.some(([name]) => name === "js") ? fields : [...fields, ["js", "1"]]);
    response = await fetch(testDataPath(testId), { method: "POST", body, credentials: "same-origin" });
  } catch {
    return { kind: "network" };
  }
  if (response.status >= 500) return { kind: "network" };
  let result: ActionResult<Data>;
  try {
    result = (await response.json()) as ActionResult<Data>;
  } catch {
    return { kind: "network" };
  }
  if (result.ok) return { kind: "ok", data: result.data as Data };
  // A refusal's words are the server's, in the student's language (ADR 0045): the action's toast,
  // or the `{message}` a route answers before its action runs.
  const toast = result.toast ?? { title: (result as { message?: string }).message ?? "" };
  return { kind: "refused", title: toast.title, message: toast.description ?? toast.title };
}

export const submitAnswer = (testId: string, fields: [string, string][]) => postIntent<SubmittedAnswer>(testId, fields);

export const sendChatMessage = (testId: string, sessionId: string, questionId: string, message: string) =>
  postIntent<ChatReply>(testId, [
    ["intent", "chat"],
    ["sessionId", sessionId],
    ["questionId", questionId],
    ["message", message],
  ]);

export const completeSession = (testId: string, sessionId: string) =>
  postIntent<{ completed: true }>(testId, [
    ["intent", "complete"],
    ["sessionId", sessionId],
  ]);

/** One answer's grade, or null when it cannot be read now (the caller just asks again later). */
export async function fetchAnswerGrade(sessionId: string, questionId: string): Promise<StudentGrade | null> {
  try {
    const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/answers/${encodeURIComponent(questionId)}`, { credentials: "same-origin" });
    return response.ok ? ((await response.json()) as StudentGrade) : null;
  } catch {
    return null;
  }
}
