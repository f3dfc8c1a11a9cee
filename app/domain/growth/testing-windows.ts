import { z } from "zod";

import { windowAt } from "~/domain/district/time-zone";
import { storableText } from "~/domain/text-fields";
import { conflict } from "~/lib/errors";
import { recordId } from "~/lib/schema-fields";

/**
 * Testing windows: named stretches of whole days (Fall, Winter, Spring) that a district admin
 * sets, both ends included, the days being the district's, in its time zone (ADR 0041). A session belongs to the window its start falls in, so windows never
 * overlap: a session then belongs to one window or to none.
 */
type WindowDays = { startsOn: string; endsOn: string };
type NamedWindow = WindowDays & { id: string; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;
export const WINDOW_NAME_MAX = 40;

/** True for a real calendar day written YYYY-MM-DD: 2026-02-30 matches the pattern but is no day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC day a moment falls on, YYYY-MM-DD. */
export function utcDayOf(timestampMs: number): string {
  return new Date(timestampMs).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return utcDayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

const dayField = (label: string) =>
  z
    .string({ required_error: `Enter the ${label}`, invalid_type_error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .refine(isCalendarDay, `The ${label} must be a real date, written YYYY-MM-DD`);

/** A window's fields, as the API's body and the screen's form send them. */
const windowFields = z.object({
  name: storableText(
    z
      .string({ required_error: "Give the window a name", invalid_type_error: "Give the window a name" })
      .trim()
      .min(1, "Give the window a name")
      .max(WINDOW_NAME_MAX, `The name must be at most ${WINDOW_NAME_MAX} characters`),
    "The name",
  ),
  startsOn: dayField("first day"),
  endsOn: dayField("last day"),
});

export const REVERSED_DAYS = "The last day must be on or after the first day";

/** Refuses a window that ends before it starts, beside its last day. */
function daysInOrder(value: Partial<WindowDays>, context: z.RefinementCtx) {
  const { startsOn, endsOn } = value;
  if (startsOn && endsOn && isCalendarDay(startsOn) && isCalendarDay(endsOn) && endsOn < startsOn) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["endsOn"], message: REVERSED_DAYS });
  }
}

/** POST and PUT /api/windows(/{id}): the whole window. */
export const testingWindowSchema = windowFields.superRefine(daysInOrder);
export type TestingWindowInput = z.infer<typeof testingWindowSchema>;

/** The window these days overlap among `windows` (leaving out the one being edited), or null. */
export function overlappingWindow<Window extends NamedWindow>(days: WindowDays, windows: readonly Window[], exceptId?: string): Window | null {
  return windows.find((window) => window.id !== exceptId && window.startsOn <= days.endsOn && days.startsOn <= window.endsOn) ?? null;
}

/** The refusal of days that overlap `window`, naming it: a catalog code with its values (ADR 0045). */
export const overlapRefusal = (window: NamedWindow) =>
  conflict("refusals.windowOverlap", "startsOn", { name: window.name, startsOn: window.startsOn, endsOn: window.endsOn });

export const nameTakenRefusal = (name: string) => conflict("refusals.windowNameTaken", "name", { name });

/** What a teacher who tries to change them is told: windows are the district's, like retention (ADR 0031). */

/** The window a session that started at `timestampMs` belongs to: the one whose days hold that moment's day in `timeZone`, or null. */
export function windowOf<Window extends WindowDays>(timestampMs: number, windows: readonly Window[], timeZone: string): Window | null {
  return windowAt(windows, timestampMs, timeZone);
}

/** The Testing Windows screen's intents: plain form posts, so they work without JavaScript. */
export const windowsActionSchema = z
  .discriminatedUnion("intent", [
    windowFields.extend({ intent: z.literal("create") }),
    windowFields.extend({ intent: z.literal("update"), id: recordId }),
    z.object({ intent: z.literal("delete"), id: recordId }),
  ])
  .superRefine((value, context) => {
    if (value.intent !== "delete") daysInOrder(value, context);
  });

export const WINDOWS_MESSAGES = {
  intents: {
    create: { success: "staffToasts.windowAdded", failure: "staffToasts.addWindowFailed" },
    update: { success: "staffToasts.windowSaved", failure: "staffToasts.saveWindowFailed" },
    delete: { success: "staffToasts.windowDeleted", failure: "staffToasts.deleteWindowFailed" },
  },
};
