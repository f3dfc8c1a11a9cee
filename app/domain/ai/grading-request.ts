import { z } from "zod";

import { contentLanguageSchema } from "~/domain/questions/content-language";
import { rubricSchema } from "~/domain/questions/question";
import { OPEN_QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * What grading needs to know about a question and an answer. The same shape is the grading job's
 * input, POST /api/questions/preview-grade's `question`, and what the session will send.
 */
/** Chat turns as the student journey sends them (user/assistant) or preview grading does (student). */
const chatTurnSchema = z.object({
  role: z.enum(["user", "assistant", "student", "system"]).transform((role) => (role === "student" ? "user" : role)),
  content: z.string().max(20_000),
});

const MAX_SUBMITTED_CHAT_TURNS = 40;

export const studentAnswerSchema = z.union([z.string().max(50_000), z.object({ messages: z.array(chatTurnSchema).max(MAX_SUBMITTED_CHAT_TURNS * 2) })]);
export type StudentAnswer = z.infer<typeof studentAnswerSchema>;

export const gradingQuestionSchema = z.object({
  id: z.string().max(100).nullish(),
  text: z.string().trim().min(1, "Question text is required").max(20_000),
  type: z.enum(OPEN_QUESTION_TYPES, { errorMap: () => ({ message: "Only free-response, scenario and chat answers are graded by AI" }) }),
  rubric: rubricSchema,
  gradingSystemInstruction: z.string().max(10_000).nullish(),
  systemInstruction: z.string().max(10_000).nullish(),
  initialPrompt: z.string().max(10_000).nullish(),
  metadata: z
    .object({ title: z.string().max(500).optional() })
    .passthrough()
    .nullish(),
  /** The question's language (ADR 0044): a model writes its feedback in it; the offline grader, English only, is unsure of it. Absent: English. */
  language: contentLanguageSchema.nullish(),
});
export type GradingQuestion = z.infer<typeof gradingQuestionSchema>;

/** The text that is graded: an answer's text, or a chat's student turns one after another. */
export function answerText(answer: StudentAnswer): string {
  if (typeof answer === "string") return answer;
  return answer.messages
    .filter((turn) => turn.role === "user")
    .map((turn) => turn.content)
    .join("\n");
}

/** The rubric as text for a prompt or the offline grader: free text as it is, an object as JSON. */
export function rubricText(rubric: unknown): string {
  if (rubric == null) return "";
  if (typeof rubric === "string") return rubric;
  return JSON.stringify(rubric, null, 2);
}
