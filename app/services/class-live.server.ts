import type { LiveReport } from "~/domain/classes/live-view";
import type { Env } from "~/env";

/** A class's live object (ADR 0046), addressed by the class id. */
export const classLiveStub = (env: Pick<Env, "CLASS_LIVE">, classId: string) => env.CLASS_LIVE.get(env.CLASS_LIVE.idFromName(classId));

/**
 * Tells the class's live object where a student is. It never fails and is never awaited by the
 * student's request: a report lost costs the teacher's view one update, which the next request
 * of the student's makes good.
 */
export function reportToClass(env: Pick<Env, "CLASS_LIVE">, classId: string, report: LiveReport): Promise<void> {
  try {
    return classLiveStub(env, classId)
      .report(report)
      .catch((error: unknown) => console.error("Reporting to the class's live view failed", classId, error));
  } catch (error) {
    console.error("Reporting to the class's live view failed", classId, error);
    return Promise.resolve();
  }
}
