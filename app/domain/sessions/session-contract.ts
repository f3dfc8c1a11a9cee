import { z } from "zod";

import type { SessionAccommodations } from "~/domain/accommodations/accommodations";
import type { TestMode } from "~/domain/adaptive/engine";
import type { GradingResult } from "~/domain/ai/schemas";
import type { ContentLanguage } from "~/domain/questions/content-language";
import type { Difficulty, OpenQuestionType, QuestionType } from "~/domain/questions/question-types";
import { type chatMessageSchema, conversationAnswerSchema, selectionAnswerSchema, textAnswerSchema } from "~/domain/questions/types/answer-forms";

import type { QuestionView, SessionBlueprint } from "./blueprint";
import type { FeedbackDisplay } from "./feedback-display";
import type { ProctorRequest } from "./proctor";
import { MAX_CHAT_MESSAGE_LENGTH, MAX_ID_LENGTH, MAX_SESSION_SECONDS } from "./session-limits";

/**
 * The contract of a live test session: what the TestSession Durable
 * Object accepts, what it keeps and what it answers. The object is the authority, so it parses
 * every input with these schemas itself; callers (routes, the health check, later the engine)
 * read typed results instead of catching errors. The class in workers/ implements
 * `TestSessionRpc`, and app/env.ts types the binding with it, so app/ never imports workers/.
 */

/** In a session a chat message is the student's ("user") or the AI's. */
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
 * POST /api/sessions/{id}/submit: a string (multiple choice, free response,
 * scenario), the chosen option texts (multiple select) or the chat transcript. Empty answers
 * are allowed here: a question whose own timer expires is submitted as it stands. Which form a
 * question needs, and the product's "answer required" rules, are checked against the
 * question by the caller that knows it.
 */
const answerSchema = z.union([textAnswerSchema, selectionAnswerSchema, conversationAnswerSchema]);
export type Answer = z.infer<typeof answerSchema>;

/**
 * How the object times an answer: "measured", from serving its question to receiving it, breaks
 * left out; "simulated", the answer's own `timeSpentSeconds`, for demo data's simulated students,
 * who answer in no real time. The browser's figure is never the measure (ADR 0032).
 */
export type AnswerTiming = "measured" | "simulated";

/** The body of POST /api/sessions/{id}/submit, and the input of `submit`. `timeSpentSeconds` is the page's own count, kept for display. */
export const submitAnswerSchema = z.object({
  questionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  answer: answerSchema,
  timeSpentSeconds: z.number().finite().nonnegative().max(MAX_SESSION_SECONDS),
});
export type SubmitAnswerInput = z.infer<typeof submitAnswerSchema>;

export const beginSessionSchema = z.object({
  sessionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  durationSeconds: z.number().int().positive().max(MAX_SESSION_SECONDS),
  /** The break time an accommodation allows (ADR 0032); absent or 0, no breaks. */
  breakSeconds: z.number().int().nonnegative().optional(),
});
export type BeginSessionInput = z.infer<typeof beginSessionSchema>;

/** The student finished, the deadline passed, the adaptive engine's stopping rule ended the test, or the teacher ended it (ADR 0046). */
export type CompletionReason = "submitted" | "time_up" | "stopping_rule" | "ended_by_teacher";

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
  /** On a break: both clocks stand still (ADR 0032). */
  paused: boolean;
  /** Break time left in whole seconds; null when the student has no breaks. */
  breakSecondsLeft: number | null;
  /** Paused by the teacher (ADR 0046): `paused` too, and only the teacher resumes. */
  pausedByTeacher: boolean;
  /** Minutes the teacher added to the clock, in all. */
  extraMinutes: number;
  /** Added minutes the student's page still announces (until their next answer). */
  extraMinutesToAnnounce: number;
};

// Why the object refused; each method's result names the refusals it can give.
type NotBegun = { ok: false; reason: "not_begun" };
/** The snapshot lets a late caller go straight to the results. */
type AlreadyCompleted = { ok: false; reason: "completed"; snapshot: SessionSnapshot };
/** Nothing was stored. `message` is zod's, for logs and 400 bodies. */
type InvalidInput = { ok: false; reason: "invalid_input"; message: string };

/** The object's answer to input its schema refused, naming each field. */
export const invalidInput = (error: z.ZodError): InvalidInput => ({
  ok: false,
  reason: "invalid_input",
  message: error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; "),
});
/** The chat question's conversation is at MAX_CHAT_TURNS, or the question was already answered: a catalog code and its values. */
type ChatClosed = { ok: false; reason: "chat_closed"; message: string; values?: Record<string, number> };
/** On a break: answers and chat wait for the resume (ADR 0032). */
type Paused = { ok: false; reason: "paused"; message: string };
/** A catalog code, as every refusal below that a student can meet (the `session` area): the edge renders it (ADR 0045). */
export const PAUSED_MESSAGE = "session.paused";
export type SessionRefusal = NotBegun | AlreadyCompleted | InvalidInput | ChatClosed | Paused;

/**
 * What every method answers about the session: its clock, who and what it is, the results so far
 * and the question being answered (null once it is over). Never the answer keys.
 */
export type SessionProgress = {
  snapshot: SessionSnapshot;
  testId: string;
  testTitle: string;
  testSubject: string | null;
  mode: TestMode;
  studentId: string;
  cohortId: string | null;
  showResultDuringTest: boolean;
  showFeedbackDuringTest: boolean;
  /** How long an answer's feedback stays on the page with JavaScript (ADR 0042). */
  feedbackDisplay: FeedbackDisplay;
  currentQuestion: QuestionView | null;
  /** Null for a session begun before its blueprint carried it (D1 has it). */
  resumeCode: string | null;
  /** The accommodations the session runs with (ADR 0032), never the teacher's notes; null when it has none. */
  accommodations: SessionAccommodations | null;
};

/**
 * How an answer is scored the moment it arrives: choice questions by the product's
 * rules, open ones by the offline grader as a provisional score that the model's grade replaces
 * when it lands. A late answer (its question's timer had run out) scores as an empty auto-submit.
 */
export type Scored = {
  /** 0 to 1: the fraction of the question's points, and what the adaptive engine is told. */
  score: number;
  pointsEarned: number;
  maxPoints: number;
  wasCorrect: boolean;
  /** 0–100 for AI-graded types, null for choice questions. */
  gradingScore: number | null;
  feedback: string | null;
  strengths: string[];
  improvements: string[];
  /**
   * "provisional" until the model's grade lands (open questions with a model configured);
   * "review" when the grade in force is one its grader was unsure of (scoring.ts `gradingOf`): it
   * counts, but the student is told their teacher will check the answer instead of a mark;
   * "teacher" once a teacher overrode it: no later grade replaces that.
   */
  grading: "final" | "provisional" | "review" | "teacher";
};

/** One answer as the results show it. */
type ResultAnswer = Pick<Scored, "pointsEarned" | "maxPoints" | "wasCorrect" | "gradingScore" | "feedback" | "grading"> & {
  questionText: string;
  questionType: QuestionType;
  difficulty: Difficulty;
  timeSpentSeconds: number;
  late: boolean;
  /** Faster than the question's rapid-guess threshold (ADR 0033). */
  rapidGuess: boolean;
};

/** An open answer's grade in the results' `scores` map, beside the overall percent. */
type OpenAnswerScore = Pick<Scored, "feedback" | "strengths" | "improvements"> & { score: number | null };

/** A session's results, as the object answers them and D1 stores them. */
export type AttemptResults = {
  totalScore: number;
  /** Why the session is non-standard, in words (ADR 0032); empty when it is standard. */
  nonStandardReasons: string[];
  /** The student ended the session before the engine's stop (ADR 0012). */
  endedEarly: boolean;
  /** Questions the test could still have asked, counted as 0 in totalScore (0 unless it ended before the engine's stop). */
  questionsNotAnswered: number;
  /** Share of answers given with effort, not as rapid guesses (ADR 0033); null before any answer. */
  effort: number | null;
  scaleScore: number;
  scaleScoreSE: number;
  competenciesStatus: Record<string, "mastered" | "not_mastered" | "not_assessed">;
  moduleRecommendations: Record<string, "Mastered" | "Recommended">;
  scores: { overall: { score: number } } & Record<string, { score: number } | OpenAnswerScore>;
  answers: Record<string, ResultAnswer>;
  gradingPending: number;
  /** Open answers whose grader was unsure (`grading: "review"`): their provisional grade counts until a teacher grades them. Absent from results stored before it. */
  awaitingTeacher?: number;
};

/** The progress and the results so far. A submit answers only the progress: it runs for every answer. */
export type SessionView = SessionProgress & { results: AttemptResults };

/** Idempotent: a second begin returns the session as it is ("already_started"). */
export type BeginResult = { ok: true; outcome: "started" | "already_started"; view: SessionView } | InvalidInput;

export type ViewResult = { ok: true; view: SessionView } | NotBegun;
/** The student's heartbeat: the session's state now, no question and no results (ADR 0046). */
export type HeartbeatResult = { ok: true; snapshot: SessionSnapshot } | NotBegun;

/**
 * One answer's grade as the student is told it. Every per-answer shape the student sees builds on it
 * (the submit's outcome, the feedback panel, the pending-grade read), and all come from `Scored`.
 * An answer awaiting its teacher ("review") carries no mark at all: its grader was unsure, so
 * neither its score, its correctness nor its feedback is the student's to read.
 */
export type StudentGrade =
  | (Pick<Scored, "wasCorrect" | "feedback"> & {
      /** 0–100 for AI-graded answers; null for choice questions (`gradeOutOf100` gives their 100 or 0). */
      score: number | null;
      /** A teacher's grade is final as far as the student is concerned. */
      grading: "final" | "provisional";
    })
  | { score: null; wasCorrect: null; feedback: null; grading: "review" };

/**
 * What the student is told about one answer (the product's gradingResult), and whether it counted.
 * `pointsEarned` is null, and strengths and improvements empty, while the answer awaits its teacher.
 */
export type AnswerOutcome = StudentGrade &
  Pick<Scored, "maxPoints" | "strengths" | "improvements"> & { pointsEarned: number | null; questionId: string; late: boolean };

/**
 * An answer is stored once per question: a retried submit is a "repeat" answered with the first
 * result, so a retry after a dropped connection is a success, not an error. `not_current`: the
 * question is not the one being asked (answers come one at a time, in the engine's order).
 */
export type SubmitResult =
  | {
      ok: true;
      outcome: "recorded" | "repeat";
      answer: AnswerOutcome;
      view: SessionProgress;
      modelGrade: ModelGradeRequest | null;
      offlineGradeLog: OfflineGradeLog | null;
    }
  | { ok: false; reason: "not_current"; message: string }
  | SessionRefusal;

/** An open question as grading and its log need it. The rubric as text (a JSON rubric stringified): RPC results carry only serializable types. */
export type GradedQuestion = {
  id: string;
  text: string;
  type: OpenQuestionType;
  rubric: string | null;
  gradingSystemInstruction: string | null;
  systemInstruction: string | null;
  initialPrompt: string | null;
  metadata: { title?: string };
  /** The question's language (ADR 0044): a model writes its feedback in it. Absent: English. */
  language?: ContentLanguage;
};

/**
 * A newly recorded open answer: what the grading job needs (server-side only; never sent to the
 * student). `answer` is the answer as the session recorded it: for a chat, its own transcript.
 */
export type ModelGradeRequest = { question: GradedQuestion; answer: Answer; aiModel: string };

/** A newly recorded open answer the offline grader graded for good: its grading log, written behind the response. */
export type OfflineGradeLog = {
  question: GradedQuestion;
  /** As the session recorded it: for a chat, its own transcript. */
  answer: Answer;
  result: GradingResult;
  review: { flagged: boolean; reasons: string[] };
};

/** Idempotent: completing a completed session returns it unchanged ("already_completed"). */
export type CompleteResult = { ok: true; outcome: "completed" | "already_completed"; view: SessionView } | NotBegun;

/** written is false when D1 refused the write: it stays pending and is tried again. */
export type FlushResult = { ok: true; written: boolean } | NotBegun;

/**
 * The health check's round trip on its probe: the first answer and the retry of it. `not_the_probe`:
 * the object holds a real session, which the check never touches.
 */
export type SelfCheckResult = { ok: true; first: SubmitResult; retry: SubmitResult } | { ok: false; reason: "not_the_probe" };

export type ChatTranscriptResult = { ok: true; messages: ChatMessage[]; studentTurns: number } | SessionRefusal;

/** A break started or ended; refused without breaks or break time, or once the session is over. */
export type BreakResult = { ok: true; view: SessionProgress } | { ok: false; reason: "break_refused"; message: string } | NotBegun;

/** A teacher's action from the live view (ADR 0046); `proctor_refused` when the session's state does not allow it (the teacher's words). */
export type ProctorResult = { ok: true; view: SessionProgress } | { ok: false; reason: "proctor_refused"; message: string } | NotBegun | InvalidInput;

export const modelGradeSchema = z.object({
  questionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  grade: z.object({
    score: z.number().min(0).max(100),
    feedback: z.string().max(4000),
    strengths: z.array(z.string().max(1000)).max(10),
    improvements: z.array(z.string().max(1000)).max(10),
    /** The model's confidence (0–1); below LOW_CONFIDENCE the answer awaits its teacher. Absent: the grade is sure. */
    confidence: z.number().min(0).max(1).optional(),
  }),
});
export type ModelGradeInput = z.infer<typeof modelGradeSchema>;

/** A teacher's grade for an open answer; the reason and who gave it are kept in D1, not here. */
export const teacherGradeSchema = z.object({
  questionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  score: z.number().finite().min(0).max(100),
});
export type TeacherGradeInput = z.infer<typeof teacherGradeSchema>;

/**
 * `unknown_question`: the test never asked it. `not_gradable`: a choice question, an unanswered one,
 * or a late answer (the message says which). `previousScore` is the grade it replaced (0–100).
 */
export type TeacherGradeResult =
  | { ok: true; previousScore: number | null; view: SessionView }
  | { ok: false; reason: "unknown_question" | "not_gradable"; message: string }
  | NotBegun
  | InvalidInput;

/**
 * The TestSession Durable Object's RPC methods, addressed by `idFromName(sessionId)`.
 * (Its `alarm()` completes the session at the deadline and writes it to D1 behind the student;
 * the runtime calls it, callers cannot.)
 */
export interface TestSessionRpc extends Rpc.DurableObjectBranded {
  begin(blueprint: SessionBlueprint): Promise<BeginResult>;
  /** `byStudent`: the student's own page asks, which the class's live view counts as their last request (ADR 0046). */
  view(byStudent?: boolean): Promise<ViewResult>;
  /** The student's page is open: told to the class's live view as a request of theirs; it never ends a break (ADR 0046). */
  heartbeat(): Promise<HeartbeatResult>;
  /** An answer, timed by the object itself; only demo data's simulated students pass "simulated" (routes never do). */
  submit(input: SubmitAnswerInput, timing?: AnswerTiming): Promise<SubmitResult>;
  /** A student's submit; after the deadline it counts as time_up. */
  complete(): Promise<CompleteResult>;
  /** The model's grade of an open answer, from the grading job: it replaces the provisional one (the job flushes after). */
  applyModelGrade(input: ModelGradeInput): Promise<ViewResult>;
  /**
   * A teacher's grade replaces the answer's and stays (a model grade landing later does not replace
   * it); works on completed sessions too. The caller flushes to D1 once it has recorded why.
   */
  overrideGrade(input: TeacherGradeInput): Promise<TeacherGradeResult>;
  /** A chat question's conversation so far, oldest first; refused as `paused` during a break, which hides the question. */
  chatTranscript(questionId: string): Promise<ChatTranscriptResult>;
  /** Every chat question's conversation, by question id: what a student's data export carries. */
  allChats(): Promise<Record<string, ChatMessage[]>>;
  /** Stores a student message with the tutor's reply, once the reply exists, so the two never part. */
  appendChatExchange(input: ChatExchangeInput): Promise<ChatTranscriptResult>;
  /** Starts a break: both clocks stop until `resume`, or until the break time allowed runs out (ADR 0032). */
  pause(): Promise<BreakResult>;
  /** Ends the break: the deadlines move on by its length. Resuming a session that is not paused changes nothing. */
  resume(): Promise<BreakResult>;
  /** A teacher pauses, resumes, adds minutes to or ends the session (ADR 0046). */
  proctor(input: ProctorRequest): Promise<ProctorResult>;
  /** Writes the session and its pending answers to D1 now, rather than at the next alarm. */
  flush(): Promise<FlushResult>;
  /** Deletes everything the object stores (a demo session being replaced, a student's data erased). */
  discard(): Promise<void>;
  /**
   * The health check, on its one probe object (HEALTH_PROBE_SESSION_ID): starts over, records an
   * answer and its retry, then deletes everything. One call, so checks at the same time cannot
   * interleave on the shared object.
   */
  selfCheck(): Promise<SelfCheckResult>;
}
