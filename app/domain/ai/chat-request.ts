import { z } from "zod";

import { MAX_CHAT_INPUT_LENGTH } from "~/domain/sessions/session-contract";
import { MAX_ID_LENGTH } from "~/domain/sessions/session-limits";

/** POST /api/chat's body: one student message to a chat question's tutor. */
export const chatRequestSchema = z.object({
  sessionId: z.string({ required_error: "sessionId is required" }).trim().min(1, "sessionId is required").max(MAX_ID_LENGTH),
  questionId: z.string({ required_error: "questionId is required" }).trim().min(1, "questionId is required").max(MAX_ID_LENGTH),
  message: z
    .string({ required_error: "Please type a message.", invalid_type_error: "Please type a message." })
    .trim()
    .min(1, "Please type a message.")
    .max(MAX_CHAT_INPUT_LENGTH, `A message is at most ${MAX_CHAT_INPUT_LENGTH.toLocaleString("en-US")} characters.`),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
