import { choicesReduced, reducedOptions } from "~/domain/accommodations/non-standard";
import { mulberry32 } from "~/domain/adaptive/random";
import { questionTypeOf } from "~/domain/questions/types";
import { attemptResults, type AttemptState, finish, startAttempt, submit } from "~/domain/sessions/attempt";
import type { SessionBlueprint, SessionQuestion } from "~/domain/sessions/blueprint";
import { offlineGradeLog } from "~/domain/sessions/scoring";
import type { Answer, ChatMessage, OfflineGradeLog } from "~/domain/sessions/session-contract";

import { simulatedAnswer } from "./simulated-student";

/**
 * One simulated student's whole sitting of a test, taken by the pure attempt functions the session
 * object runs (domain/sessions/attempt.ts), at a clock of the caller's choosing: demo data dates
 * sittings in earlier testing windows, which the object cannot do (its clock is the platform's).
 * Every score is the engine's own from the answers given, as in a live session.
 */

/** What the demo's simulated tutor answers each chat message (no model tokens are spent). */
export const DEMO_TUTOR_REPLY = "Thank you. Can you explain your thinking a little more?";

/** Seconds a simulated answer moves the clock on: at most this, so a sitting stays inside its timers (60 s a question, 15 minutes a test, at the least). */
const MAX_CLOCK_STEP_SECONDS = 40;

/** A rapid guess (not an effortful answer): a few seconds, any option or a shrug. */
const RAPID_SECONDS = [2, 3, 4];

type SittingOptions = {
  theta: number;
  /** Seeds the answers, as the demo's object sittings do (the engine has the blueprint's seed). */
  answerSeed: number;
  startMs: number;
  /** Share of answers given as rapid guesses (a student not trying); 0 for an effortful sitting. */
  rapidShare?: number;
};

export type SimulatedSitting = {
  state: AttemptState;
  scaleScore: number;
  /** The chat exchanges, as the object would hold them. */
  chats: Record<string, ChatMessage[]>;
  /** Each open answer's offline grade, for its grading log. */
  gradeLogs: { questionId: string; answeredAt: number; log: OfflineGradeLog }[];
  /** The questions answered as rapid guesses. */
  rapidGuesses: string[];
  /** Share of answers given with effort (1 when none was a rapid guess). */
  effort: number;
};

/** The chat the object holds once each of the student's messages got the tutor's reply. */
function chatOf(answer: Answer): ChatMessage[] {
  if (typeof answer !== "object" || Array.isArray(answer)) return [];
  return answer.messages
    .filter((message) => message.role === "user")
    .flatMap((message) => [message, { role: "assistant" as const, content: DEMO_TUTOR_REPLY }]);
}

function rapidGuess(question: SessionQuestion, random: () => number): Answer {
  return questionTypeOf(question.type).simulation.rapidGuess(question, random);
}

/**
 * The student answers each question the engine serves until it stops, as the demo's object
 * sittings do: the same answer stream from `answerSeed`, so a sitting simulated here at any clock
 * scores as the object would score it. Rapid guesses draw on a stream of their own.
 */
export function simulateSitting(blueprint: SessionBlueprint, options: SittingOptions): SimulatedSitting {
  const random = mulberry32(options.answerSeed);
  const rapidRandom = mulberry32((options.answerSeed ^ 0x5bd1e995) >>> 0);
  const questions = new Map(blueprint.questions.map((question) => [question.id, question]));
  const chats: Record<string, ChatMessage[]> = {};
  const gradeLogs: SimulatedSitting["gradeLogs"] = [];
  const rapidGuesses: string[] = [];
  let now = options.startMs;
  let state = startAttempt(blueprint, now);
  while (state.current) {
    const question = questions.get(state.current.questionId)!;
    // The student sees the options the session shows them (fewer under reduced choices).
    const shown =
      blueprint.accommodations && choicesReduced(blueprint.accommodations, question)
        ? reducedOptions(question.options, blueprint.seed, question.id)
        : question.options;
    const rapid = (options.rapidShare ?? 0) > 0 && rapidRandom() < options.rapidShare!;
    const { answer, timeSpentSeconds } = rapid
      ? { answer: rapidGuess({ ...question, options: shown }, rapidRandom), timeSpentSeconds: RAPID_SECONDS[Math.floor(rapidRandom() * RAPID_SECONDS.length)]! }
      : simulatedAnswer({ ...question, options: shown }, options.theta, random);
    now += Math.min(timeSpentSeconds, MAX_CLOCK_STEP_SECONDS) * 1000;
    const chat = chatOf(answer);
    const outcome = submit(state, blueprint, { questionId: question.id, answer, timeSpentSeconds }, now, false, chat, "simulated");
    if (outcome.kind !== "recorded") throw new Error(`A simulated answer was refused (${outcome.kind})`);
    if (chat.length) chats[question.id] = chat;
    if (rapid) rapidGuesses.push(question.id);
    const log = offlineGradeLog(question, outcome.answer, outcome.offline);
    if (log) gradeLogs.push({ questionId: question.id, answeredAt: now, log });
    state = outcome.state;
  }
  // The engine's stopping rule ended it; `finish` keeps that reason and time.
  state = finish(state, now);
  const answered = state.session.answeredQuestionIds.length;
  return {
    state,
    scaleScore: attemptResults(state, blueprint).scaleScore,
    chats,
    gradeLogs,
    rapidGuesses,
    effort: answered ? Math.round(((answered - rapidGuesses.length) / answered) * 100) / 100 : 1,
  };
}

/** A scale score to aim at, and the range a sitting's may fall in. */
export type ScoreTarget = { aim: number; min: number; max: number };

/**
 * Of up to `tries` sittings, the first whose scale score falls in the target's range, else the one
 * nearest its aim. A 20-question sitting measures with an SE of about 4 points, as large as a
 * window's growth, so a demo that means to show growth picks, among sittings the student could have
 * had, one that lands where the plan says: each try is a new sitting by a student `nudge` θ abler
 * (the misses so far, as the engine's estimate leans toward the middle of the scale). Each sitting
 * kept is a real one, scored from its own answers.
 */
export function nearestSitting<Sitting extends { scaleScore: number }>(
  sit: (attempt: number, nudge: number) => Sitting,
  target: ScoreTarget,
  tries = 4,
): Sitting {
  let best: Sitting | null = null;
  let nudge = 0;
  for (let attempt = 0; attempt < tries; attempt++) {
    const sitting = sit(attempt, nudge);
    if (sitting.scaleScore >= target.min && sitting.scaleScore <= target.max) return sitting;
    const miss = target.aim - sitting.scaleScore;
    if (!best || Math.abs(miss) < Math.abs(target.aim - best.scaleScore)) best = sitting;
    nudge = Math.max(-1, Math.min(1, nudge + miss / 10));
  }
  return best!;
}
