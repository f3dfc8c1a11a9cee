import { avg, count } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { tests } from "~/db/schema";

/** Counts for the admin dashboard. The mean is rounded by the caller's domain rule. */
export async function testTotals(db: Database): Promise<{ totalTests: number; meanPlacementDuration: number | null }> {
  const [row] = await db
    .select({ totalTests: count(), meanPlacementDuration: avg(tests.placementDuration) })
    .from(tests);
  return {
    totalTests: row?.totalTests ?? 0,
    meanPlacementDuration: row?.meanPlacementDuration == null ? null : Number(row.meanPlacementDuration),
  };
}
