import { z } from "zod";

import { storableText } from "~/domain/text-fields";

/**
 * A student's testing accommodations (ADR 0032): what their IEP or 504 plan lists, set by a
 * teacher on the student's record and overridable per class. The session object applies them at
 * start; nothing here is trusted from the browser.
 */
export const EXTENDED_TIME = [1, 1.5, 2, "unlimited"] as const;
export type ExtendedTime = (typeof EXTENDED_TIME)[number];

/** Accommodations a teacher records that happen outside the product: kept for the record and shown in words. */
export const OUTSIDE_ACCOMMODATIONS = {
  separate_setting: "separate setting",
  small_group: "small group",
  scribe: "scribe",
  human_reader: "human reader",
  sign_language: "sign language interpreter",
} as const;
type OutsideAccommodation = keyof typeof OUTSIDE_ACCOMMODATIONS;

/** The most break time a session can allow, and the default when a teacher turns breaks on. */
export const MAX_BREAK_MINUTES = 120;
const DEFAULT_BREAK_MINUTES = 20;

const extendedTimeSchema = z.union([z.literal(1), z.literal(1.5), z.literal(2), z.literal("unlimited")], {
  errorMap: () => ({ message: 'Extended time must be 1, 1.5, 2 or "unlimited"' }),
});

export const accommodationsSchema = z
  .object({
    extendedTime: extendedTimeSchema.default(1),
    breaks: z.boolean().default(false),
    /** The most minutes of breaks in one session. */
    breakMinutes: z
      .number()
      .int("Break minutes must be a whole number")
      .min(1, "Break minutes must be at least 1")
      .max(MAX_BREAK_MINUTES, `Break minutes cannot exceed ${MAX_BREAK_MINUTES}`)
      .default(DEFAULT_BREAK_MINUTES),
    readAloud: z.boolean().default(false),
    eliminator: z.boolean().default(false),
    masking: z.boolean().default(false),
    highContrast: z.boolean().default(false),
    zoom: z
      .union([z.literal(1), z.literal(1.25), z.literal(1.5), z.literal(2)], { errorMap: () => ({ message: "Zoom must be 1, 1.25, 1.5 or 2" }) })
      .default(1),
    reducedChoices: z.boolean().default(false),
    outside: z
      .array(z.enum(Object.keys(OUTSIDE_ACCOMMODATIONS) as [OutsideAccommodation, ...OutsideAccommodation[]]))
      .max(Object.keys(OUTSIDE_ACCOMMODATIONS).length)
      .default([]),
    /** Anything else the plan says, in the teacher's words. */
    notes: storableText(z.string().trim().max(500, "Notes cannot exceed 500 characters"), "Notes", { multiLine: true }).default(""),
  })
  .strict();
export type Accommodations = z.infer<typeof accommodationsSchema>;

export const NO_ACCOMMODATIONS: Accommodations = accommodationsSchema.parse({});

/**
 * What a session and the student's pages carry of the accommodations: everything but the
 * teacher's notes, the plan's own words (IEP text), which stay on the record for staff (ADR 0032).
 */
export type SessionAccommodations = Omit<Accommodations, "notes">;

export function withoutNotes(accommodations: Accommodations | null): SessionAccommodations | null {
  if (!accommodations) return null;
  const { notes: _notes, ...rest } = accommodations;
  return rest;
}

/** Stored JSON read back: anything unreadable counts as none, so a bad row never blocks a start. */
export function readAccommodations(stored: unknown): Accommodations | null {
  if (stored === null || stored === undefined) return null;
  const parsed = accommodationsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export const hasAccommodations = (accommodations: Accommodations | null) =>
  accommodations !== null && JSON.stringify(accommodations) !== JSON.stringify(NO_ACCOMMODATIONS);

/** The class's override replaces the record's whole set; without one the record's stands. */
export const accommodationsInClass = (record: Accommodations | null, classOverride: Accommodations | null): Accommodations =>
  classOverride ?? record ?? NO_ACCOMMODATIONS;

/** Each accommodation in words, for session cards, results and exports (never only an icon). */
export function describeAccommodations(accommodations: SessionAccommodations | null): string[] {
  if (!accommodations) return [];
  const { extendedTime } = accommodations;
  return [
    extendedTime === "unlimited" ? "no time limit" : extendedTime === 1 ? null : `extended time ×${extendedTime}`,
    accommodations.breaks ? `breaks (up to ${accommodations.breakMinutes} min)` : null,
    accommodations.readAloud ? "read aloud" : null,
    accommodations.eliminator ? "answer eliminator" : null,
    accommodations.masking ? "line reader" : null,
    accommodations.highContrast ? "high contrast" : null,
    accommodations.zoom === 1 ? null : `zoom ${accommodations.zoom * 100}%`,
    accommodations.reducedChoices ? "reduced answer choices" : null,
    ...accommodations.outside.map((key) => `${OUTSIDE_ACCOMMODATIONS[key]} (outside the product)`),
  ].filter((entry): entry is string => entry !== null);
}

/** The accommodations' sentence: "None" when there are none. */
export const accommodationsInWords = (accommodations: SessionAccommodations | null) => {
  const words = describeAccommodations(accommodations);
  return words.length ? words.join(", ") : "None";
};

/**
 * Accommodations for several students of a class's roster at once: on their records, or as this
 * class's own (null there clears the class's, so the records' apply again).
 */
export const rosterAccommodationsSchema = z
  .object({
    studentIds: z.array(z.string().trim().min(1).max(200)).min(1, "Choose at least one student").max(500, "At most 500 students at a time"),
    target: z.enum(["records", "class"], { errorMap: () => ({ message: 'target must be "records" or "class"' }) }).default("records"),
    accommodations: accommodationsSchema.nullable(),
  })
  .strict()
  .refine((input) => input.target === "class" || input.accommodations !== null, {
    path: ["accommodations"],
    message: "Accommodations are required on student records (send all fields false to clear them)",
  });
export type RosterAccommodations = z.infer<typeof rosterAccommodationsSchema>;
