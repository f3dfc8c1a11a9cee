import type { Database } from "~/db/client.server";
import { generatedLanguage, generationContext } from "~/domain/ai/generation-request";
import { parseStructured } from "~/domain/ai/import";
import { screenAnswer } from "~/domain/ai/injection";
import { type GradingResult, withoutMatch } from "~/domain/ai/schemas";
import { JobFailure } from "~/domain/jobs/job-failure";
import type { JobInput } from "~/domain/jobs/job-messages";
import { insertGradingLog } from "~/models/grading-logs.server";

import { logAiCall } from "./call-log.server";
import type { AiOutcome, AiProvider } from "./provider.server";

type AiJob = Extract<JobInput, { kind: "grade_answer" | "generate_test" | "format_test" }>;
export type Delivery = { final: boolean };
type Deps = {
  db: Database;
  provider: AiProvider;
  /**
   * Hands a session answer's grade to its Durable Object, the authority the results are read from
   * and the only writer of the session's answers and results in D1 (ADR 0010): the job never
   * writes them itself, so D1 never holds the model's score beside the provisional correctness.
   */
  applyToSession: (sessionId: string, questionId: string, grade: GradingResult) => Promise<void>;
};

/** A failed call: retried by the queue while it may pass and deliveries remain, else the job fails. */
function failure(outcome: Extract<AiOutcome<unknown>, { ok: false }>): JobFailure {
  return new JobFailure(outcome.error, outcome.retryable);
}

async function gradeAnswer({ db, provider, applyToSession }: Deps, job: Extract<AiJob, { kind: "grade_answer" }>, delivery: Delivery) {
  const screened = screenAnswer(job.answer);
  const outcome = await provider.grade(job.question, job.answer, job.aiModel);
  logAiCall("grade", outcome);
  // Only the delivery that settles the job writes its log row: one row per grading, not per attempt.
  if (!outcome.ok && outcome.retryable && !delivery.final) throw failure(outcome);
  const log = await insertGradingLog(db, {
    sessionId: job.sessionId,
    questionId: job.questionId,
    question: job.question,
    answer: job.answer,
    call: outcome.call,
    outcome: outcome.ok ? { ok: true, result: outcome.value } : { ok: false, error: outcome.error },
    review: { flagged: screened.flagged, reasons: screened.reasons },
  });
  if (!outcome.ok) throw new JobFailure(outcome.error, false);
  // The rubric's target the offline grader matched is for preview grading (staff) only: a student's
  // answer never keeps it, not in the session nor in the job's stored result.
  const grade = job.sessionId ? withoutMatch(outcome.value) : outcome.value;
  if (job.sessionId && job.questionId) {
    await applyToSession(job.sessionId, job.questionId, grade);
  }
  return {
    ...grade,
    logId: log.id,
    model: outcome.call.model,
    // The log's flag: the injection screen's and a low confidence's alike.
    flaggedForReview: log.flaggedForReview,
    answerTruncated: screened.truncated,
  };
}

async function generateTest({ provider }: Deps, job: Extract<AiJob, { kind: "generate_test" }>) {
  const { request } = job;
  const outcome = await provider.generate(
    {
      context: generationContext(request),
      instructions: request.additionalContext,
      subject: request.subject,
      gradeLevel: request.gradeLevel,
      learningObjectives: request.learningObjectives,
      questionTypes: request.questionTypes,
      numberOfQuestions: request.numberOfQuestions,
      difficultyDistribution: request.difficultyDistribution,
      language: request.language,
    },
    job.aiModel,
  );
  logAiCall("generate", outcome);
  if (!outcome.ok) throw failure(outcome);
  return { ...outcome.value, language: generatedLanguage(provider.kind === "offline" ? "offline" : "model", request.language) };
}

/** GIFT, Aiken and CSV are parsed exactly whichever provider is configured; only free text goes to a model. */
async function formatTest({ provider }: Deps, job: Extract<AiJob, { kind: "format_test" }>) {
  // The teacher's own words are kept, so the draft is in the language they said it is (a CSV row may say its own).
  const structured = parseStructured(job.rawContent);
  if (structured) {
    if (!structured.ok) throw new JobFailure(structured.message, false);
    return { ...structured.test, language: job.language };
  }
  const outcome = await provider.format(job.rawContent, job.aiModel);
  logAiCall("format", outcome);
  if (!outcome.ok) throw failure(outcome);
  return { ...outcome.value, language: job.language };
}

export async function runAiJob(deps: Deps, job: AiJob, delivery: Delivery): Promise<unknown> {
  switch (job.kind) {
    case "grade_answer":
      return gradeAnswer(deps, job, delivery);
    case "generate_test":
      return generateTest(deps, job);
    case "format_test":
      return formatTest(deps, job);
    default: {
      const unhandled: never = job;
      throw new Error(`No handler for AI job ${JSON.stringify(unhandled)}`);
    }
  }
}
