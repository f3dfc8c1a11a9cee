import { z } from "zod";

import { TEST_MODES } from "~/domain/adaptive/engine";
import { codeWith } from "~/domain/i18n/coded";
import { QUESTION_TYPES } from "~/domain/questions/question-types";
import { questionTypeOf } from "~/domain/questions/types";

import { ANSWER_REQUIRED, INTERACTION_REQUIRED, MODE_REQUIRED, RESPONSE_REQUIRED, SELECTION_REQUIRED, SELECTIONS_REQUIRED } from "./answer-rules";
import { MAX_CHAT_INPUT_LENGTH } from "./session-contract";
import { MAX_ANSWER_TEXT_LENGTH, MAX_ID_LENGTH, MAX_OPTION_TEXT_LENGTH, MAX_SELECTED_OPTIONS, MAX_SESSION_SECONDS } from "./session-limits";

/**
 * The intents of the Take a Test screen (/test/{id}), with the product's answer rules and
 * section 8's texts. Imported only by the route's action (server side): zod stays off the
 * student page's JavaScript (the design's 100 kB budget).
 */
export { ANSWER_REQUIRED, INTERACTION_REQUIRED, MODE_REQUIRED, RESPONSE_REQUIRED, SELECTION_REQUIRED, SELECTIONS_REQUIRED };

const id = z.string().trim().min(1).max(MAX_ID_LENGTH);
const flag = z.union([z.literal("1"), z.literal("true"), z.literal(true)]).optional();

// What a student types past its length: catalog codes, rendered in the student's language (ADR 0045).
const text = z.string().max(MAX_ANSWER_TEXT_LENGTH, codeWith("test.answerTooLong", { max: MAX_ANSWER_TEXT_LENGTH }));

const submitSchema = z
  .object({
    intent: z.literal("submit"),
    sessionId: id,
    questionId: id,
    questionType: z.enum(QUESTION_TYPES),
    answer: z.union([text, z.array(z.string().max(MAX_OPTION_TEXT_LENGTH)).max(MAX_SELECTED_OPTIONS)]).optional(),
    /** Seconds measured by the page (JavaScript). */
    timeSpentSeconds: z.coerce.number().finite().nonnegative().max(MAX_SESSION_SECONDS).optional(),
    /** When the server rendered the question (epoch ms): a page without JavaScript is timed by it. */
    shownAt: z.coerce.number().finite().nonnegative().optional(),
    /** The question's own timer ran out: the answer goes in as it stands, even empty. */
    autoSubmit: flag,
    /** The page runs JavaScript and wants the result as data, not a redirect. */
    js: flag,
  })
  .superRefine((input, ctx) => {
    // A chat's answer is the conversation the session object holds, checked when it is sent.
    if (input.autoSubmit || questionTypeOf(input.questionType).answer.form === "conversation") return;
    const chosen = Array.isArray(input.answer) ? input.answer.filter((value) => value !== "") : input.answer?.trim() ? [input.answer] : [];
    if (chosen.length > 0) return;
    ctx.addIssue({ code: "custom", path: ["answer"], message: questionTypeOf(input.questionType).required.message });
  });

export const testPageActionSchema = z
  .discriminatedUnion("intent", [
    z.object({
      intent: z.literal("start"),
      testMode: z.enum(TEST_MODES, { errorMap: () => ({ message: MODE_REQUIRED.message }) }),
    }),
    // A discriminated union needs plain objects: the submit rules run in `submitRules` below.
    submitSchema.innerType(),
    z.object({
      intent: z.literal("chat"),
      sessionId: id,
      questionId: id,
      message: z
        .string()
        .trim()
        .min(1, "test.typeMessageFirst")
        .max(MAX_CHAT_INPUT_LENGTH, codeWith("test.chatMessageTooLong", { max: MAX_CHAT_INPUT_LENGTH })),
      js: flag,
    }),
    z.object({ intent: z.literal("complete"), sessionId: id, js: flag }),
    // Breaks (ADR 0032): plain form posts, so they work without JavaScript.
    z.object({ intent: z.literal("pause"), sessionId: id, js: flag }),
    z.object({ intent: z.literal("resume"), sessionId: id, js: flag }),
  ])
  .superRefine((input, ctx) => {
    if (input.intent !== "submit") return;
    const checked = submitSchema.safeParse(input);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue(issue);
  });
export type TestPageAction = z.infer<typeof testPageActionSchema>;

export const TEST_PAGE_MESSAGES = {
  intents: {
    start: { success: "start.testStarted", failure: "start.startFailed" },
    submit: { success: null, failure: "test.submitFailed" },
    chat: { success: null, failure: "test.chatFailed" },
    complete: { success: null, failure: "test.completeFailed" },
    pause: { success: null, failure: "breaks.pauseFailed" },
    resume: { success: null, failure: "breaks.resumeFailed" },
  },
  titled: [SELECTION_REQUIRED, SELECTIONS_REQUIRED, ANSWER_REQUIRED, RESPONSE_REQUIRED, INTERACTION_REQUIRED, MODE_REQUIRED],
};
