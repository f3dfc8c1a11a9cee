import { z } from "zod";

import {
  MAX_ANSWER_TEXT_LENGTH,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_MESSAGES,
  MAX_OPTION_TEXT_LENGTH,
  MAX_SELECTED_OPTIONS,
} from "~/domain/sessions/session-limits";

/**
 * The three forms an answer takes, each bounded by the session's limits: a type's folder names
 * its form, and the session contract accepts any of them (its caller checks the form against the
 * question it knows).
 */

/** In a session a chat message is the student's ("user") or the AI's. */
export const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(MAX_CHAT_MESSAGE_LENGTH),
});

export const textAnswerSchema = z.string().max(MAX_ANSWER_TEXT_LENGTH);
export const selectionAnswerSchema = z.array(z.string().max(MAX_OPTION_TEXT_LENGTH)).max(MAX_SELECTED_OPTIONS);
export const conversationAnswerSchema = z.object({ messages: z.array(chatMessageSchema).max(MAX_CHAT_MESSAGES) });
