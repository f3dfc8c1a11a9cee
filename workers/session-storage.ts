import type { AttemptAnswer, AttemptState } from "~/domain/sessions/attempt";
import { answerKey, attemptWrites, isStoredAttempt, joinAttempt, type StoredAttempt } from "~/domain/sessions/attempt-storage";
import type { SessionBlueprint, SessionQuestion } from "~/domain/sessions/blueprint";
import { type BlueprintHead, isBlueprintHead, joinBlueprint, splitBlueprint } from "~/domain/sessions/blueprint-parts";
import type { ChatMessage } from "~/domain/sessions/session-contract";

/**
 * How a session's Durable Object lays its attempt out in storage (ADR 0010): the attempt's head
 * under `attempt` and each answer under its own key, the blueprint's head and its parts, the
 * pending D1 write and each chat's transcript. The object keeps what it has read in memory; these
 * functions only read and write.
 */
const ATTEMPT_KEY = "attempt";
const BLUEPRINT_KEY = "blueprint";
/** The blueprint's questions, in parts (domain/sessions/blueprint-parts): one value holds at most 2 MB. */
const blueprintPartKey = (index: number) => `blueprint-part:${index}`;
/** The storage API reads and writes at most 128 keys a call. */
const KEYS_PER_CALL = 128;
/** What D1 has not received yet: the answers written since the last flush, and how often a flush failed. */
const PENDING_KEY = "pending";
const CHAT_PREFIX = "chat:";
const chatKey = (questionId: string) => `${CHAT_PREFIX}${questionId}`;

/** The session row is always rewritten with the answers, so only the answers need listing. */
export type Pending = { questionIds: string[]; failures: number; flushAt: number };

type Storage = DurableObjectStorage;

/** Writes `entries` in calls of at most 128 keys. */
async function putAll(storage: Storage, entries: (readonly [string, unknown])[]): Promise<void> {
  for (let start = 0; start < entries.length; start += KEYS_PER_CALL) {
    await storage.put(Object.fromEntries(entries.slice(start, start + KEYS_PER_CALL)));
  }
}

/**
 * The stored attempt and blueprint, or undefined when storage holds none. `inThisLayout` is false
 * for an attempt stored whole before answers had their own keys: its next save writes them all.
 */
export async function readAttempt(storage: Storage): Promise<{ state: AttemptState; blueprint: SessionBlueprint; inThisLayout: boolean } | undefined> {
  const stored = await storage.get([ATTEMPT_KEY, BLUEPRINT_KEY]);
  const attempt = stored.get(ATTEMPT_KEY) as StoredAttempt | AttemptState | undefined;
  const head = stored.get(BLUEPRINT_KEY) as BlueprintHead | SessionBlueprint | undefined;
  const blueprint = head && isBlueprintHead(head) ? joinBlueprint(head, await readBlueprintParts(storage, head.questionParts)) : head;
  if (!attempt || !blueprint) return undefined;
  const inThisLayout = isStoredAttempt(attempt);
  const state = inThisLayout ? joinAttempt(attempt, await readAnswers(storage, attempt.answerIds)) : attempt;
  return { state, blueprint, inThisLayout };
}

async function readAnswers(storage: Storage, questionIds: string[]): Promise<Map<string, AttemptAnswer>> {
  const answers = new Map<string, AttemptAnswer>();
  for (let start = 0; start < questionIds.length; start += KEYS_PER_CALL) {
    const keys = questionIds.slice(start, start + KEYS_PER_CALL);
    const read = await storage.get<AttemptAnswer>(keys.map(answerKey));
    for (const questionId of keys) {
      const answer = read.get(answerKey(questionId));
      if (answer) answers.set(questionId, answer);
    }
  }
  return answers;
}

async function readBlueprintParts(storage: Storage, count: number): Promise<SessionQuestion[][]> {
  const keys = Array.from({ length: count }, (_, index) => blueprintPartKey(index));
  const parts: SessionQuestion[][] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_CALL) {
    const read = await storage.get<SessionQuestion[]>(keys.slice(start, start + KEYS_PER_CALL));
    for (const key of keys.slice(start, start + KEYS_PER_CALL)) parts.push(read.get(key) ?? []);
  }
  return parts;
}

/** The parts first and the head last: a head in storage means its parts are there. */
export async function storeBlueprint(storage: Storage, blueprint: SessionBlueprint): Promise<void> {
  const { head, parts } = splitBlueprint(blueprint);
  await putAll(
    storage,
    parts.map((part, index) => [blueprintPartKey(index), part] as const),
  );
  await storage.put(BLUEPRINT_KEY, head);
}

/**
 * Stores the new state beside what D1 is now due. The answers that changed go first, then the head
 * that lists them with the pending write (one atomic put when they fit): a head in storage means its
 * answers are there. A submit writes one answer, not every answer so far.
 */
export async function storeAttempt(storage: Storage, state: AttemptState, stored: AttemptState | null, pending: Pending): Promise<void> {
  const { head, answers } = attemptWrites(state, stored);
  const entries = Object.entries(answers).map(([questionId, answer]) => [answerKey(questionId), answer] as const);
  const withHead = entries.length < KEYS_PER_CALL - 2 ? entries : [];
  if (withHead.length === 0) await putAll(storage, entries);
  await storage.put({ ...Object.fromEntries(withHead), [ATTEMPT_KEY]: head, [PENDING_KEY]: pending });
}

export async function readPending(storage: Storage): Promise<Pending | null> {
  return (await storage.get<Pending | null>(PENDING_KEY)) ?? null;
}

/**
 * Nothing pending is stored as null rather than by deleting the key: under `npm run load` a
 * delete of the key after each write behind took a quarter of the Worker's busy time, a put of
 * null a small part of that (scripts/load/README.md). Either reads back as null.
 */
export async function storePending(storage: Storage, pending: Pending | null): Promise<void> {
  await storage.put(PENDING_KEY, pending);
}

export async function readChat(storage: Storage, questionId: string): Promise<ChatMessage[] | undefined> {
  return storage.get<ChatMessage[]>(chatKey(questionId));
}

export async function storeChat(storage: Storage, questionId: string, messages: ChatMessage[]): Promise<void> {
  await storage.put(chatKey(questionId), messages);
}

/** Every chat transcript, by question id. */
export async function readChats(storage: Storage): Promise<Record<string, ChatMessage[]>> {
  const chats: Record<string, ChatMessage[]> = {};
  for (const [key, messages] of await storage.list<ChatMessage[]>({ prefix: CHAT_PREFIX })) chats[key.slice(CHAT_PREFIX.length)] = messages;
  return chats;
}

export async function storeChats(storage: Storage, chats: Record<string, ChatMessage[]>): Promise<void> {
  await putAll(
    storage,
    Object.entries(chats).map(([questionId, messages]) => [chatKey(questionId), messages] as const),
  );
}
