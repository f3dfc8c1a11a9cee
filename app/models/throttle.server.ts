import { and, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { attemptThrottle } from "~/db/schema";
import { type Claim, delayAfter, delaySchedule, MAX_QUIET_PERIOD_MS, type ThrottlePolicy } from "~/domain/throttle";

/**
 * Throttle counts (ADR 0002, ADR 0015), one row per key ("account:…", "guess-address:…", …).
 * The `locked_until` column holds the time before which no attempt is admitted; `updated_at` is
 * when the last attempt was counted, which is what the quiet period is measured from.
 *
 * Admitting and counting happen in one statement per key, so D1 runs them one at a time and
 * forty parallel attempts cannot all read "no failures yet" before any of them writes.
 */

const row = attemptThrottle;

/**
 * Our own integers (times, counts) written into the statement rather than bound, so a longer
 * delay table cannot push the statement past D1's limit of 100 bound parameters.
 */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(String(value));
}

/** The count this attempt makes: 1 after a quiet period, else one more. */
function nextFailures(now: number, policy: ThrottlePolicy): SQL {
  return sql`(case when ${row.updatedAt} <= ${int(now - policy.quietPeriodMs)} then 1 else ${row.failures} + 1 end)`;
}

/** When the following attempt may come, from the domain's delay table. */
function heldUntilAfter(failures: SQL, now: number, policy: ThrottlePolicy): SQL {
  const steps = delaySchedule(policy);
  const whens = sql.join(
    steps.map((step) => sql`when ${failures} <= ${int(step.failures)} then ${int(now + step.delayMs)}`),
    sql` `,
  );
  return sql`(case when ${failures} < ${int(policy.freeFailures)} then null ${whens} else ${int(now + policy.maxDelayMs)} end)`;
}

/**
 * Rows no policy remembers: last counted before every quiet period and not holding anyone back.
 * Read through the updated_at index, so it costs little when there is nothing to purge.
 */
function purgeForgotten(db: Database, now: number) {
  return db.delete(row).where(and(lt(row.updatedAt, new Date(now - MAX_QUIET_PERIOD_MS)), or(isNull(row.lockedUntil), lt(row.lockedUntil, new Date(now)))));
}

/**
 * Admits and counts one attempt for `key`, unless it is held back. A refused attempt is not
 * counted (hammering does not grow the delay) and learns how long to wait. Old rows are purged
 * in the same round trip: the table only grows while attempts are made.
 */
export async function claimAttempt(db: Database, key: string, policy: ThrottlePolicy, now: number): Promise<Claim> {
  const firstDelay = delayAfter(1, policy);
  const failures = nextFailures(now, policy);
  const claim = db
    .insert(row)
    .values({
      key,
      failures: 1,
      lockedUntil: firstDelay > 0 ? new Date(now + firstDelay) : null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: row.key,
      set: {
        failures,
        lockedUntil: heldUntilAfter(failures, now, policy),
        updatedAt: int(now),
      },
      setWhere: sql`${row.lockedUntil} is null or ${row.lockedUntil} <= ${int(now)}`,
    })
    .returning({ failures: row.failures, lockedUntil: row.lockedUntil });
  const [, claimed] = await db.batch([purgeForgotten(db, now), claim]);
  const [state] = claimed;
  if (state) {
    return {
      admitted: true,
      state: { failures: state.failures, heldUntil: state.lockedUntil?.getTime() ?? null, lastCountedAt: now },
    };
  }
  const held = await db.query.attemptThrottle.findFirst({ where: eq(row.key, key), columns: { lockedUntil: true } });
  return { admitted: false, retryAfterMs: Math.max((held?.lockedUntil?.getTime() ?? now) - now, 0) };
}

/** How long the longest-held of `keys` must still wait (0 when none is held back). Counts nothing. */
export async function heldBackFor(db: Database, keys: string[], now: number): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db.select({ lockedUntil: row.lockedUntil }).from(row).where(inArray(row.key, keys));
  return Math.max(0, ...rows.map((held) => (held.lockedUntil?.getTime() ?? now) - now));
}

/**
 * Takes back an attempt that turned out not to be a failure (it succeeded, or another
 * throttle refused it). The delay it set stays: it is at most the first few seconds.
 */
export async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(row)
    .set({ failures: sql`max(${row.failures} - 1, 0)`, updatedAt: sql`${row.updatedAt}` })
    .where(eq(row.key, key));
}

/** Forgets every failure for `key` (an account after its owner signed in). */
export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.delete(row).where(eq(row.key, key));
}
