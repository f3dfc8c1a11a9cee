import { z } from "zod";

import { MAX_DURATION } from "~/domain/tests/test-config";

/**
 * The contract of a live test session (DESIGN.md decision 3): what the TestSession Durable
 * Object accepts, what it keeps and what it answers. The object is the authority, so it parses
 * every input with these schemas itself; callers (routes, the health check, later the engine)
 * read typed results instead of catching errors. The class in workers/ implements
 * `TestSessionRpc`, and app/env.ts types the binding with it, so app/ never imports workers/.
 */

// Caps keep one answer far below a Durable Object value's 2 MB limit (UTF-8 can take 3 bytes a
// character) and bound what later reaches a grading model.
export const MAX_ANSWER_TEXT_LENGTH = 20_000;
export const MAX_SELECTED_OPTIONS = 100;
export const MAX_OPTION_TEXT_LENGTH = 2_000;
export const MAX_CHAT_MESSAGES = 100;
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
/** Session and question ids. */
export const MAX_ID_LENGTH = 200;
export const MAX_SESSION_SECONDS = MAX_DURATION * 60;

/** SPEC.md section 3: in a session a chat message is the student's ("user") or the AI's. */
export const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(MAX_CHAT_MESSAGE_LENGTH),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat question's conversation is capped: student messages per question, and characters per message. */
export const MAX_CHAT_TURNS = 20;
export const MAX_CHAT_INPUT_LENGTH = 2_000;

/** A student's chat message and the tutor's reply, stored together (`appendChatExchange`). */
export const chatExchangeSchema = z.object({
  questionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  message: z.string().trim().min(1).max(MAX_CHAT_INPUT_LENGTH),
  reply: z.string().min(1).max(MAX_CHAT_MESSAGE_LENGTH),
});
export type ChatExchangeInput = z.infer<typeof chatExchangeSchema>;

/**
 * SPEC.md section 7, POST /api/sessions/{id}/submit: a string (multiple choice, free response,
 * scenario), the chosen option texts (multiple select) or the chat transcript. Empty answers
 * are allowed here: a question whose own timer expires is submitted as it stands. Which form a
 * question needs, and SPEC.md section 5's "answer required" rules, are checked against the
 * question by the caller that knows it.
 */
export const answerSchema = z.union([
  z.string().max(MAX_ANSWER_TEXT_LENGTH),
  z.array(z.string().max(MAX_OPTION_TEXT_LENGTH)).max(MAX_SELECTED_OPTIONS),
  z.object({ messages: z.array(chatMessageSchema).max(MAX_CHAT_MESSAGES) }),
]);
export type Answer = z.infer<typeof answerSchema>;

/** The body of POST /api/sessions/{id}/submit, and the input of `recordAnswer`. */
export const submitAnswerSchema = z.object({
  questionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  answer: answerSchema,
  timeSpentSeconds: z.number().finite().nonnegative().max(MAX_SESSION_SECONDS),
});
export type SubmitAnswerInput = z.infer<typeof submitAnswerSchema>;

export const beginSessionSchema = z.object({
  sessionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  durationSeconds: z.number().int().positive().max(MAX_SESSION_SECONDS),
});
export type BeginSessionInput = z.infer<typeof beginSessionSchema>;

export type CompletionReason = "submitted" | "time_up";

/**
 * One stored answer, keyed by question id. SPEC.md section 3's per-answer results
 * (pointsEarned, wasCorrect, gradingScore, feedback) join this record when grading lands.
 */
export type RecordedAnswer = SubmitAnswerInput & { answeredAt: number };

/** Epoch milliseconds throughout; `timeRemainingSeconds` is what the student's timer starts from. */
export type SessionSnapshot = {
  sessionId: string;
  startedAt: number;
  deadlineAt: number;
  completed: boolean;
  completedAt: number | null;
  completedReason: CompletionReason | null;
  timeRemainingSeconds: number;
  /** In the order they were answered. */
  answeredQuestionIds: string[];
};

// Why the object refused; each method's result names the refusals it can give.
export type NotBegun = { ok: false; reason: "not_begun" };
/** The snapshot lets a late caller go straight to the results. */
export type AlreadyCompleted = { ok: false; reason: "completed"; snapshot: SessionSnapshot };
/** Nothing was stored. `message` is zod's, for logs and 400 bodies. */
export type InvalidInput = { ok: false; reason: "invalid_input"; message: string };
/** The chat question's conversation is at MAX_CHAT_TURNS, or the question was already answered. */
export type ChatClosed = { ok: false; reason: "chat_closed"; message: string };
export type SessionRefusal = NotBegun | AlreadyCompleted | InvalidInput | ChatClosed;

/** Idempotent: a second begin returns the session as it is ("already_started"). */
export type BeginResult = { ok: true; outcome: "started" | "already_started"; snapshot: SessionSnapshot } | InvalidInput;

export type SnapshotResult = { ok: true; snapshot: SessionSnapshot } | NotBegun;

/**
 * An answer is stored once per question: a retried submit is a "repeat" and `answer` is the one
 * first stored, so a retry after a dropped connection is a success, not an error (also once the
 * session is over: the snapshot then says completed).
 */
export type RecordAnswerResult =
  | { ok: true; outcome: "recorded" | "repeat"; answer: RecordedAnswer; snapshot: SessionSnapshot }
  | SessionRefusal;

/** Idempotent: completing a completed session returns it unchanged ("already_completed"). */
export type ChatTranscriptResult = { ok: true; messages: ChatMessage[]; studentTurns: number } | SessionRefusal;

export type CompleteResult = { ok: true; outcome: "completed" | "already_completed"; snapshot: SessionSnapshot } | NotBegun;

/**
 * The TestSession Durable Object's RPC methods, addressed by `idFromName(sessionId)`.
 * (Its `alarm()` completes the session at the deadline; the runtime calls it, callers cannot.)
 */
export interface TestSessionRpc extends Rpc.DurableObjectBranded {
  begin(input: BeginSessionInput): Promise<BeginResult>;
  snapshot(): Promise<SnapshotResult>;
  recordAnswer(input: SubmitAnswerInput): Promise<RecordAnswerResult>;
  /** A student's submit; after the deadline it counts as time_up. */
  complete(): Promise<CompleteResult>;
  /** A chat question's conversation so far, oldest first. */
  chatTranscript(questionId: string): Promise<ChatTranscriptResult>;
  /** Stores a student message with the tutor's reply, once the reply exists, so the two never part. */
  appendChatExchange(input: ChatExchangeInput): Promise<ChatTranscriptResult>;
  /** Deletes everything the object stores (the health check's throwaway session). */
  discard(): Promise<void>;
}
