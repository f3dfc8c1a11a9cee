/**
 * "Never lose an answer" (DESIGN.md): a submission waits in localStorage, keyed by session and
 * question, until the server has it. The question id is the server's idempotency key, so sending
 * one twice is safe (the second answers "repeat").
 */
export type PendingSubmission = { url: string; fields: [string, string][] };
type SendOutcome = { kind: "ok"; data: unknown } | { kind: "refused"; message: string; title: string } | { kind: "network" };

const PREFIX = "pendingAnswer:";
const keyOf = (sessionId: string, questionId: string) => `${PREFIX}${sessionId}:${questionId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keepPending(sessionId: string, questionId: string, submission: PendingSubmission): void {
  try {
    storage()?.setItem(keyOf(sessionId, questionId), JSON.stringify(submission));
  } catch {
    // A full or blocked storage: the answer is still in memory and retried while the page is open.
  }
}

export function dropPending(sessionId: string, questionId: string): void {
  storage()?.removeItem(keyOf(sessionId, questionId));
}

/** Everything still waiting for this session: [questionId, submission]. */
export function pendingFor(sessionId: string): [string, PendingSubmission][] {
  const store = storage();
  if (!store) return [];
  const found: [string, PendingSubmission][] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(`${PREFIX}${sessionId}:`)) continue;
    try {
      found.push([key.slice(PREFIX.length + sessionId.length + 1), JSON.parse(store.getItem(key) ?? "") as PendingSubmission]);
    } catch {
      store.removeItem(key);
    }
  }
  return found;
}

type Result = { ok: boolean; data?: unknown; toast?: { title: string; description?: string } };

/** Posts a submission as the route's data request; a dropped connection or a 5xx is "network" (try again). */
export async function sendSubmission(submission: PendingSubmission): Promise<SendOutcome> {
  let response: Response;
  try {
    const url = `${submission.url}${submission.url.includes("?") ? "&" : "?"}_data=${encodeURIComponent("routes/test.$id")}`;
    response = await fetch(url, { method: "POST", body: new URLSearchParams(submission.fields), credentials: "same-origin" });
  } catch {
    return { kind: "network" };
  }
  if (response.status >= 500) return { kind: "network" };
  let result: Result;
  try {
    result = (await response.json()) as Result;
  } catch {
    return { kind: "network" };
  }
  if (result.ok) return { kind: "ok", data: result.data };
  return { kind: "refused", title: result.toast?.title ?? "Error", message: result.toast?.description ?? result.toast?.title ?? "Your answer was not accepted." };
}
