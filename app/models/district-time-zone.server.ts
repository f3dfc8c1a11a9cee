import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { districtSettings } from "~/db/schema";
import { DISTRICT_TIME_ZONE_KEY, readDistrictTimeZone } from "~/domain/district/time-zone";

import { auditStatement } from "./audit-log.server";

/** The zone the district's calendar days are in (ADR 0041): America/New_York until a district admin chooses another. */
export async function districtTimeZone(db: Database): Promise<string> {
  const row = await db.query.districtSettings.findFirst({ where: eq(districtSettings.key, DISTRICT_TIME_ZONE_KEY) });
  return readDistrictTimeZone(row?.value);
}

/** Sets the district's time zone, with an audit entry naming the zone before and after, together. */
export async function saveDistrictTimeZone(db: Database, timeZone: string, actor: { id: string; email: string }): Promise<void> {
  const before = await districtTimeZone(db);
  await db.batch([
    db
      .insert(districtSettings)
      .values({ key: DISTRICT_TIME_ZONE_KEY, value: timeZone, updatedBy: actor.id })
      .onConflictDoUpdate({ target: districtSettings.key, set: { value: timeZone, updatedBy: actor.id, updatedAt: new Date() } }),
    auditStatement(db, actor, { action: "time_zone.changed", detail: { from: before, to: timeZone } }),
  ]);
}
