import type { Accommodations } from "~/domain/accommodations/accommodations";

/**
 * How long an answer's feedback stays on the test page with JavaScript (ADR 0042). By default it
 * stays until the student presses "Next question"; a test may keep SPEC's 3-second display, which
 * the student can always stop with "Stay on this feedback". Extended time never shortens it.
 */
export const FEEDBACK_DISPLAYS = ["until_next", "timed"] as const;
export type FeedbackDisplay = (typeof FEEDBACK_DISPLAYS)[number];

/** SPEC "Feedback and results": the feedback shows for 3 seconds, then the next question. */
const TIMED_FEEDBACK_SECONDS = 3;

/** The choices on Create Test and Edit Test. */
export const FEEDBACK_DISPLAY_CHOICES: { value: FeedbackDisplay; label: string }[] = [
  { value: "until_next", label: "Stay until the student presses Next question" },
  { value: "timed", label: "Show for 3 seconds, then the next question (the student can stay on it)" },
];

/**
 * After how many milliseconds the page moves on by itself, or null when the feedback stays until
 * "Next question": a test without the timed display, or a student with no time limit (nothing on
 * their page runs on a clock). Extended time (ADR 0032) lengthens it by its multiplier.
 */
export function feedbackMovesOnMs(display: FeedbackDisplay | undefined, extendedTime: Accommodations["extendedTime"] | undefined): number | null {
  if (display !== "timed" || extendedTime === "unlimited") return null;
  return TIMED_FEEDBACK_SECONDS * 1000 * Math.max(1, extendedTime ?? 1);
}
