import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { signInThrottle } from "~/db/schema";
import { afterFailure, type ThrottleState } from "~/domain/auth/sign-in-throttle";

export async function readThrottle(db: Database, key: string): Promise<ThrottleState | null> {
  const row = await db.query.signInThrottle.findFirst({ where: eq(signInThrottle.key, key) });
  return row ? { failures: row.failures, lockedUntil: row.lockedUntil?.getTime() ?? null } : null;
}

export async function recordFailure(
  db: Database,
  key: string,
  previous: ThrottleState | null,
  now: number,
): Promise<ThrottleState> {
  const next = afterFailure(previous, now);
  const values = {
    failures: next.failures,
    lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil),
  };
  await db
    .insert(signInThrottle)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: signInThrottle.key, set: values });
  return next;
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}
