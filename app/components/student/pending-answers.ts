/**
 * "Never lose an answer": a submission waits in localStorage, keyed by session and
 * question, until the server has it. The question id is the server's idempotency key, so sending
 * one twice is safe (the second answers "repeat").
 */
export type PendingSubmission = { testId: string; fields: [string, string][] };
/** What an earlier version of the page kept: the page's own address instead of the test's id. */
type KeptBefore = { url: string; fields: [string, string][] };

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
      const kept = readKept(JSON.parse(store.getItem(key) ?? "") as PendingSubmission | KeptBefore);
      if (kept) found.push([key.slice(PREFIX.length + sessionId.length + 1), kept]);
      else store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
  return found;
}

/** A kept submission in either layout; an answer kept by the previous page (`/test/{id}?session=…`) is still sent. */
export function readKept(value: PendingSubmission | KeptBefore): PendingSubmission | null {
  if (!Array.isArray(value?.fields)) return null;
  if ("testId" in value && typeof value.testId === "string") return value;
  const testId = "url" in value && typeof value.url === "string" ? /^\/test\/([^/?#]+)/.exec(value.url)?.[1] : undefined;
  return testId ? { testId: decodeURIComponent(testId), fields: value.fields } : null;
}
