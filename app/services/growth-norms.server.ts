import type { Database } from "~/db/client.server";
import { districtNorms, type NormEntry } from "~/domain/growth/class-growth";
import { normPoints } from "~/domain/growth/growth-norms";
import { districtTimeZone } from "~/models/district-time-zone.server";
import { readNormSessionsAcrossDistrict } from "~/models/growth.server";
import { deletePairNorms, listGrowthNormRuns, markPairNormsCurrent, replacePairNorms } from "~/models/growth-norms.server";
import { listTestingWindows } from "~/models/testing-windows.server";

/**
 * The growth norms, computed by the nightly Cron (ADR 0049): for every pair of testing windows
 * (an earlier and a later one, as a class view compares them), the district's students' counted
 * starts and growths by subject, reduced to each distinct point's local percentile and stored. A
 * pair's norms are rewritten only when what they are made of changed; pairs of windows that no
 * longer exist are dropped. One pair is read at a time, as a class view used to on every visit.
 */
type NormsOutcome = { pairs: number; rewritten: number; dropped: number };

const pairKey = (from: string, to: string) => `${from}\u0000${to}`;

/** A digest of the pair's entries, in an order the query's row order does not change. */
async function digestOf(norms: ReadonlyMap<string, readonly NormEntry[]>): Promise<string> {
  const canonical = [...norms]
    .map(([subject, entries]) => [subject, [...entries].sort((a, b) => a.start - b.start || a.growth - b.growth)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(canonical)));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function computeGrowthNorms(db: Database, now: number): Promise<NormsOutcome> {
  const [windows, timeZone, runs] = await Promise.all([listTestingWindows(db), districtTimeZone(db), listGrowthNormRuns(db)]);
  const stored = new Map(runs.map((run) => [pairKey(run.fromWindowId, run.toWindowId), run]));
  const computedAt = new Date(now);
  const outcome: NormsOutcome = { pairs: 0, rewritten: 0, dropped: 0 };
  for (const [index, from] of windows.entries()) {
    for (const to of windows.slice(index + 1)) {
      const pair = { from, to };
      const norms = districtNorms(pair, await readNormSessionsAcrossDistrict(db, [from, to], timeZone), timeZone);
      const digest = await digestOf(norms);
      const key = pairKey(from.id, to.id);
      outcome.pairs += 1;
      if (stored.get(key)?.digest === digest) {
        await markPairNormsCurrent(db, pair, computedAt);
      } else {
        const points = new Map([...norms].map(([subject, entries]) => [subject, normPoints(entries)]));
        const students = Object.fromEntries([...norms].map(([subject, entries]) => [subject, entries.length]));
        await replacePairNorms(db, pair, { digest, points, students }, computedAt);
        outcome.rewritten += 1;
      }
      stored.delete(key);
    }
  }
  for (const gone of stored.values()) {
    await deletePairNorms(db, gone);
    outcome.dropped += 1;
  }
  return outcome;
}
