/**
 * A badge link opened in a browser that already holds another student (ADR 0029, amended): a link
 * followed from another site could be a classmate's badge sent to swap who this browser is, so
 * the browser asks "Continue as {name}?" first. A badge scanned or typed (no site sent it), or
 * followed from the product's own pages, and a browser holding nobody, go straight on.
 */

/** The headers that say where a navigation came from, as the request carries them. */
type Provenance = { secFetchSite: string | null; origin: string | null; referer: string | null };

/** Whether another site sent this request: Sec-Fetch-Site when the browser sends it, else the Origin or Referer it names. */
export function fromAnotherSite(request: Provenance, ownOrigin: string): boolean {
  if (request.secFetchSite) return request.secFetchSite !== "same-origin" && request.secFetchSite !== "none";
  const sender = request.origin ?? request.referer;
  if (!sender || sender === "null") return false;
  try {
    return new URL(sender).origin !== ownOrigin;
  } catch {
    return true;
  }
}

type PassHolder = { kind: "student"; cohortId: string; studentId: string } | { kind: "session" } | null;

/**
 * Whether to ask before the badge's student replaces the browser's: only for a link from another
 * site into a browser that holds a different student (a session's pass may be anyone's, so it
 * counts as different).
 */
export function askBeforeBadge(fromElsewhere: boolean, holder: PassHolder, badge: { cohortId: string; studentId: string }): boolean {
  if (!fromElsewhere || !holder) return false;
  return holder.kind === "session" || holder.cohortId !== badge.cohortId || holder.studentId !== badge.studentId;
}
