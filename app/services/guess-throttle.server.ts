import type { AppLoadContext } from "@remix-run/cloudflare";

import { type HeldBack, heldBackMessage, joinCodeThrottles, resumeCodeThrottles } from "~/domain/classes/guess-throttle";
import { sameResumeCode } from "~/domain/sessions/resume-code";
import { findClassByJoinCode } from "~/models/classes.server";

import { requestLocale } from "./locale.server";
import { claimAttempts, clientAddress, refuseWhileHeldBack } from "./throttle.server";

/**
 * Join and resume codes as typed by someone who may be guessing (ADR 0015). Only a wrong code is
 * counted, so a whole class joining from one address is never slowed; while the address (or, for
 * resume codes, the class) is held back, every code is refused with a 429, a right one too, so a
 * right code cannot be told from its answer. Each route calls these in place of the plain lookup.
 *
 * The hold is read only once the code is known to be right, after the lookup: D1 runs statements
 * one at a time, so in a burst of parallel guesses a right code meets the hold its wrong
 * companions' counts set, unless it is among the first free ones.
 */
/**
 * What a student held back is told, on the join screen and by the API, in the request's language
 * (ADR 0045): how long to wait, then what to do.
 */
export function tooManyMessage(request: Request, key: HeldBack) {
  const locale = requestLocale(request);
  return (retryAfterMs: number) => heldBackMessage(locale, key, retryAfterMs);
}

/** Counts a wrong guess (an unknown roster ID, a replaced badge) against the client address, as a wrong join code is; a 429 once held back. */
export async function countWrongGuess(request: Request, context: AppLoadContext): Promise<void> {
  await claimAttempts(context.db, joinCodeThrottles(clientAddress(request)), Date.now(), tooManyMessage(request, "tooManyCodes"));
}

/** The class behind a typed join code, or undefined; a wrong code counts against the client address. */
export async function findClassByGuessedCode(request: Request, context: AppLoadContext, code: string) {
  const throttles = joinCodeThrottles(clientAddress(request));
  const now = Date.now();
  const schoolClass = await findClassByJoinCode(context.db, code);
  if (schoolClass) await refuseWhileHeldBack(context.db, throttles, now, tooManyMessage(request, "tooManyCodes"));
  else await claimAttempts(context.db, throttles, now, tooManyMessage(request, "tooManyCodes"));
  return schoolClass;
}

/**
 * Whether the typed resume code is the session's. No code typed is no guess (false); a wrong one
 * counts against the client address and the class.
 */
export async function resumeCodeMatches(
  request: Request,
  context: AppLoadContext,
  attempt: { typed: string | undefined; stored: string | null; cohortId: string | null },
): Promise<boolean> {
  if (!attempt.typed) return false;
  const throttles = resumeCodeThrottles(clientAddress(request), attempt.cohortId);
  const now = Date.now();
  const matches = sameResumeCode(attempt.typed, attempt.stored);
  if (matches) await refuseWhileHeldBack(context.db, throttles, now, tooManyMessage(request, "tooManyCodes"));
  else await claimAttempts(context.db, throttles, now, tooManyMessage(request, "tooManyCodes"));
  return matches;
}
