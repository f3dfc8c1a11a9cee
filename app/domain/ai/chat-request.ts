import { z } from "zod";

import { codeWith } from "~/domain/i18n/coded";
import { MAX_CHAT_INPUT_LENGTH } from "~/domain/sessions/session-contract";
import { MAX_ID_LENGTH } from "~/domain/sessions/session-limits";

/** POST /api/chat's body: one student message to a chat question's tutor. */
export const chatRequestSchema = z.object({
  sessionId: z.string({ required_error: "sessionId is required" }).trim().min(1, "sessionId is required").max(MAX_ID_LENGTH),
  questionId: z.string({ required_error: "questionId is required" }).trim().min(1, "questionId is required").max(MAX_ID_LENGTH),
  // What the student typed: catalog codes, rendered in the request's language (ADR 0045).
  message: z
    .string({ required_error: "test.chatTypeMessage", invalid_type_error: "test.chatTypeMessage" })
    .trim()
    .min(1, "test.chatTypeMessage")
    .max(MAX_CHAT_INPUT_LENGTH, codeWith("test.chatMessageAtMost", { max: MAX_CHAT_INPUT_LENGTH.toLocaleString("en-US") })),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
