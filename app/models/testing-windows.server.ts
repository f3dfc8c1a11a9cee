import { asc } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { testingWindows } from "~/db/schema";

export type TestingWindow = { id: string; name: string; startsOn: string; endsOn: string };

/** The district's testing windows in date order (they never overlap). */
export async function listTestingWindows(db: Database): Promise<TestingWindow[]> {
  return db
    .select({ id: testingWindows.id, name: testingWindows.name, startsOn: testingWindows.startsOn, endsOn: testingWindows.endsOn })
    .from(testingWindows)
    .orderBy(asc(testingWindows.startsOn));
}
