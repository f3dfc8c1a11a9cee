import { OFFLINE_MODEL } from "~/domain/ai/ai-call";
import { offlineConfidenceIn } from "~/domain/ai/confidence";
import { answerText, rubricText } from "~/domain/ai/grading-request";
import { formatOffline } from "~/domain/ai/import";
import { screenAnswer } from "~/domain/ai/injection";
import { generateOffline } from "~/domain/ai/offline-generator";
import { gradeOfflineWithMatch } from "~/domain/ai/offline-grader";
import { offlineTutorReply } from "~/domain/ai/offline-tutor";
import { NO_USAGE } from "~/domain/ai/usage-cost";
import { isOfflineDraftType } from "~/domain/questions/types";

import type { AiCall, AiOutcome, AiProvider } from "./provider.server";

const call = (promptSent: string, rawResponse: unknown): AiCall => ({
  model: OFFLINE_MODEL,
  promptSent,
  rawResponse: JSON.stringify(rawResponse),
  usage: NO_USAGE,
});

/**
 * The provider used when no AI_API_KEY is set: deterministic, instant, free, and honest about
 * being automatic (its grading feedback and generated drafts say so).
 */
export function createOfflineProvider(): AiProvider {
  return {
    kind: "offline",
    async grade(question, answer) {
      const screened = screenAnswer(answer);
      // With the rubric's target the answer matched, for preview grading; a session's job drops it (ai-jobs.server.ts).
      const graded = gradeOfflineWithMatch({
        questionText: question.text,
        questionType: question.type,
        rubric: question.rubric,
        answer: screened.text,
      });
      // English only: unsure of any other language's answer, as in a session (ADR 0044).
      const result = { ...graded, confidence: offlineConfidenceIn(question.language, graded.confidence) };
      const promptSent = `Offline grader\nQuestion: ${question.text}\nRubric: ${rubricText(question.rubric)}\nAnswer: ${screened.text}`;
      return { ok: true, value: result, call: call(promptSent, result) };
    },
    async generate(input) {
      const test = generateOffline({
        context: input.context,
        instructions: input.instructions,
        numberOfQuestions: input.numberOfQuestions,
        difficultyDistribution: input.difficultyDistribution,
        questionTypes: input.questionTypes.filter(isOfflineDraftType),
      });
      return { ok: true, value: test, call: call(`Offline generator\n${input.context}`, test) };
    },
    async format(rawContent) {
      const formatted = formatOffline(rawContent);
      if (!formatted.ok) return { ok: false, error: formatted.message, retryable: false, call: call("Offline formatter", null) };
      return { ok: true, value: formatted.test, call: call(`Offline formatter (${formatted.format})`, formatted.test) };
    },
    async chat(question, history) {
      const studentTurns = history.filter((turn) => turn.role === "user").length;
      const reply = { reply: offlineTutorReply(question.text, studentTurns) };
      return { ok: true, value: reply, call: call(`Offline tutor\n${answerText({ messages: history })}`, reply) };
    },
  } satisfies AiProvider & { grade: (...args: never[]) => Promise<AiOutcome<unknown>> };
}
