import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { growthNormRuns, growthNorms } from "~/db/schema";
import { type NormEntry, type NormPoint, normPointKey, type PairNorms } from "~/domain/growth/class-growth";
import { inChunks, insertGroups } from "~/lib/batching";

/**
 * The stored growth norms (ADR 0049): written by the nightly job a window pair at a time, read by
 * a class's growth view for its own students' points only. Norms rank growth among many students
 * and show none of them, so they are read without a scope, as the whole-district computation was.
 */
type WindowPair = { from: { id: string }; to: { id: string } };

const ofPair = (pair: WindowPair) => ({ from: pair.from.id, to: pair.to.id });
const normsOfPair = ({ from, to }: { from: string; to: string }) => and(eq(growthNorms.fromWindowId, from), eq(growthNorms.toWindowId, to));
const runOfPair = ({ from, to }: { from: string; to: string }) => and(eq(growthNormRuns.fromWindowId, from), eq(growthNormRuns.toWindowId, to));

/**
 * A pair's norms at these points (a class's students), with when they were computed: null, and no
 * points, before the nightly job has run for the pair.
 */
export async function readPairNorms(
  db: Database,
  pair: WindowPair,
  points: readonly (NormEntry & { subject: string })[],
): Promise<PairNorms & { computedAt: Date | null }> {
  const [run] = await db
    .select()
    .from(growthNormRuns)
    .where(runOfPair(ofPair(pair)))
    .limit(1);
  if (!run) return { points: new Map(), students: new Map(), computedAt: null };
  const wanted = new Set(points.map((point) => normPointKey(point.subject, point.start, point.growth)));
  const subjects = [...new Set(points.map((point) => point.subject))];
  const rows = (
    await Promise.all(
      subjects.map((subject) =>
        inChunks(
          points.filter((point) => point.subject === subject).map((point) => point.start),
          (starts) =>
            db
              .select()
              .from(growthNorms)
              .where(and(normsOfPair(ofPair(pair)), eq(growthNorms.subject, subject), inArray(growthNorms.startScore, starts))),
          3,
        ),
      ),
    )
  ).flat();
  const found = new Map<string, NormPoint>();
  for (const row of rows) {
    const key = normPointKey(row.subject, row.startScore, row.growth);
    if (wanted.has(key)) found.set(key, { start: row.startScore, growth: row.growth, percentile: row.percentile, bandSize: row.bandSize });
  }
  return { points: found, students: new Map(Object.entries(run.students)), computedAt: run.computedAt };
}

/** Every pair the job has stored, with the digest of what its norms were made of. */
export function listGrowthNormRuns(db: Database) {
  return db.select({ fromWindowId: growthNormRuns.fromWindowId, toWindowId: growthNormRuns.toWindowId, digest: growthNormRuns.digest }).from(growthNormRuns);
}

/**
 * A pair's norms replaced in one batch (a transaction), so a view reads the old norms or the new,
 * never half of each.
 */
export async function replacePairNorms(
  db: Database,
  pair: WindowPair,
  norms: { digest: string; points: ReadonlyMap<string, readonly NormPoint[]>; students: Record<string, number> },
  computedAt: Date,
): Promise<void> {
  const key = ofPair(pair);
  const rows = [...norms.points].flatMap(([subject, points]) =>
    points.map((point) => ({
      fromWindowId: key.from,
      toWindowId: key.to,
      subject,
      startScore: point.start,
      growth: point.growth,
      percentile: point.percentile,
      bandSize: point.bandSize,
    })),
  );
  const { students } = norms;
  await db.batch([
    db.delete(growthNorms).where(normsOfPair(key)),
    ...insertGroups(rows).map((group) => db.insert(growthNorms).values(group)),
    db
      .insert(growthNormRuns)
      .values({ fromWindowId: key.from, toWindowId: key.to, digest: norms.digest, students, computedAt })
      .onConflictDoUpdate({ target: [growthNormRuns.fromWindowId, growthNormRuns.toWindowId], set: { digest: norms.digest, students, computedAt } }),
  ]);
}

/** A pair whose norms came out the same as stored: only its time moves on. */
export async function markPairNormsCurrent(db: Database, pair: WindowPair, computedAt: Date): Promise<void> {
  await db
    .update(growthNormRuns)
    .set({ computedAt })
    .where(runOfPair(ofPair(pair)));
}

/** The norms of a pair the district no longer has (a window deleted, or moved so its order changed). */
export async function deletePairNorms(db: Database, pair: { fromWindowId: string; toWindowId: string }): Promise<void> {
  const key = { from: pair.fromWindowId, to: pair.toWindowId };
  await db.batch([db.delete(growthNorms).where(normsOfPair(key)), db.delete(growthNormRuns).where(runOfPair(key))]);
}
