/**
 * How an erasure is carried out at any size (ADR 0030): the D1 rows first, in one batch per
 * student or per chunk of a purge, each batch listing the session objects it leaves to empty; then
 * the objects. What a failure or a crash leaves listed is emptied by the next erasure or the
 * nightly run, a bounded number at a time so a request stays inside a Worker's subrequest limit.
 */

/** Sessions a purge erases in one D1 batch: under D1's 100 bound values, and a batch that cascades to a few thousand rows. */
export const PURGE_CHUNK = 50;
/**
 * Session objects one pass empties, at most: each is a subrequest, and the nightly run makes two
 * passes (before and after its purge), well inside a Worker's 1,000.
 */
export const DISCARDS_PER_RUN = 300;
/** Session objects emptied at the same time. */
export const DISCARDS_AT_ONCE = 25;

/** What an admin reads when a deletion's D1 batch fails: nothing changed, so trying again is safe. */
export const ERASURE_FAILED = "refusals.erasureFailed";

/** Why a purge stopped, as the audit log and Data & Privacy say it: never the database's own words (those go to the Worker's log). */
export type PurgeFailureReason = "database" | "session_objects";

export const PURGE_FAILURES: Record<PurgeFailureReason, string> = {
  database: "The database refused to delete a chunk of sessions; nothing of that chunk was removed.",
  session_objects: "Some erased sessions' objects could not be emptied yet.",
};

/** The line Data & Privacy shows under the retention: the last run that failed, when it is the latest, and the last that succeeded. */
export function purgeFailureLine(reason: string, left: number): string {
  const known = reason === "database" || reason === "session_objects" ? PURGE_FAILURES[reason] : "It stopped on an error.";
  return `${known} ${left === 1 ? "1 session is" : `${left} sessions are`} left for the next run, tonight.`;
}
