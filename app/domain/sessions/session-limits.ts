import { MAX_BREAK_MINUTES } from "~/domain/accommodations/accommodations";
import { UNTIMED_SESSION_SECONDS } from "~/domain/accommodations/timing";

/** How big a live session's inputs may be: one place for every limit the session's schemas and its callers share. */
// Caps keep one answer far below a Durable Object value's 2 MB limit (UTF-8 can take 3 bytes a
// character) and bound what later reaches a grading model.
export const MAX_ANSWER_TEXT_LENGTH = 20_000;
export const MAX_SELECTED_OPTIONS = 100;
export const MAX_OPTION_TEXT_LENGTH = 2_000;
export const MAX_CHAT_MESSAGES = 100;
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
/** Session and question ids. */
export const MAX_ID_LENGTH = 200;
/** The longest a session can run: an untimed accommodation's guard plus the longest breaks (ADR 0032). */
export const MAX_SESSION_SECONDS = UNTIMED_SESSION_SECONDS + MAX_BREAK_MINUTES * 60;
