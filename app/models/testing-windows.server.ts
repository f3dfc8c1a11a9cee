import { and, asc, count, eq, gte, lt } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { testingWindows, testSessionRecords } from "~/db/schema";
import { windowSpan } from "~/domain/district/time-zone";
import { nameTakenRefusal, overlappingWindow, overlapRefusal, type TestingWindowInput } from "~/domain/growth/testing-windows";

import { isUniqueViolation } from "./db-errors.server";

export type TestingWindow = { id: string; name: string; startsOn: string; endsOn: string };

const columns = { id: testingWindows.id, name: testingWindows.name, startsOn: testingWindows.startsOn, endsOn: testingWindows.endsOn };

/** The district's testing windows in date order (they never overlap). */
export async function listTestingWindows(db: Database): Promise<TestingWindow[]> {
  return db.select(columns).from(testingWindows).orderBy(asc(testingWindows.startsOn));
}

/**
 * Each window with how many sessions started within its days (midnight of its first day in the
 * district's `timeZone` up to the midnight after its last: ADR 0041), one count a window on the
 * sessions' start-time index, in one batch. The Testing Windows screen is a district admin's, so
 * every session counts.
 */
export async function listTestingWindowsWithSessions(db: Database, timeZone: string): Promise<(TestingWindow & { sessions: number })[]> {
  const windows = await listTestingWindows(db);
  const [first, ...rest] = windows.map((window) => {
    const { fromMs, untilMs } = windowSpan(window, timeZone);
    return db
      .select({ sessions: count() })
      .from(testSessionRecords)
      .where(and(gte(testSessionRecords.startTime, new Date(fromMs)), lt(testSessionRecords.startTime, new Date(untilMs))));
  });
  if (!first) return [];
  const counts = await db.batch([first, ...rest]);
  return windows.map((window, index) => ({ ...window, sessions: Number(counts[index]?.[0]?.sessions ?? 0) }));
}

export async function findTestingWindow(db: Database, id: string): Promise<TestingWindow | null> {
  const [row] = await db.select(columns).from(testingWindows).where(eq(testingWindows.id, id)).limit(1);
  return row ?? null;
}

/**
 * Refuses a window whose name another has (ignoring case, so "fall" is not a second Fall) or whose
 * days overlap another's, naming it. Read before the write: windows are a handful, set by district
 * admins, and the unique index still catches two saves of one name at once.
 */
async function assertFits(db: Database, input: TestingWindowInput, exceptId?: string) {
  const windows = await listTestingWindows(db);
  const others = windows.filter((window) => window.id !== exceptId);
  if (others.some((window) => window.name.toLowerCase() === input.name.toLowerCase())) throw nameTakenRefusal(input.name);
  const overlapped = overlappingWindow(input, others);
  if (overlapped) throw overlapRefusal(overlapped);
}

/** The unique index's refusal in the product's words, never the database's. */
async function nameChecked<T>(input: TestingWindowInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenRefusal(input.name);
    throw error;
  }
}

export async function createTestingWindow(db: Database, input: TestingWindowInput, createdBy: string | null): Promise<TestingWindow> {
  await assertFits(db, input);
  const [row] = await nameChecked(input, () =>
    db
      .insert(testingWindows)
      .values({ ...input, createdBy })
      .returning(columns),
  );
  return row!;
}

/** The window with its new name and days, or null when there is no such window. */
export async function updateTestingWindow(db: Database, id: string, input: TestingWindowInput): Promise<TestingWindow | null> {
  if (!(await findTestingWindow(db, id))) return null;
  await assertFits(db, input, id);
  const [row] = await nameChecked(input, () =>
    db
      .update(testingWindows)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(testingWindows.id, id))
      .returning(columns),
  );
  return row ?? null;
}

/** False when there is no such window. Sessions stay: they belong to no window until another covers their start. */
export async function deleteTestingWindow(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(testingWindows).where(eq(testingWindows.id, id)).returning({ id: testingWindows.id });
  return deleted.length > 0;
}

/**
 * Writes these windows only if the district has none yet (demo data's three), in one batch. False
 * when it already has windows, which are the district's own and are never changed here.
 */
export async function createTestingWindowsIfNone(db: Database, windows: readonly TestingWindowInput[], createdBy: string | null): Promise<boolean> {
  const [first, ...rest] = windows;
  if (!first || (await listTestingWindows(db)).length > 0) return false;
  const insert = (window: TestingWindowInput) => db.insert(testingWindows).values({ ...window, createdBy });
  try {
    await db.batch([insert(first), ...rest.map(insert)]);
  } catch (error) {
    // Two generations at once: the other wrote them first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
