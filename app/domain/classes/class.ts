import { z } from "zod";

import { TEST_MODES, type TestMode } from "~/domain/adaptive/engine";
import { codeWith } from "~/domain/i18n/coded";
import type { TitledMessage } from "~/domain/shell/action-result";
import { storableText } from "~/domain/text-fields";

import { JOIN_CODE_MAX_INPUT, normalizeJoinCode } from "./join-codes";

/**
 * Classes (cohorts) and their members. One schema
 * per payload, shared by the Class Management dialog, its screen action and /api/cohorts.
 */

/** Who may join a class: anyone with the code and any typed ID ("open"), or only its roster ("rostered", ADR 0028). */
const CLASS_ACCESS = ["open", "rostered"] as const;
export type ClassAccess = (typeof CLASS_ACCESS)[number];

/** A class with a test and no mode of its own starts it in placement mode. */
export const DEFAULT_TEST_MODE: TestMode = "placement";

export const CLASS_NAME_REQUIRED: TitledMessage = { title: "Name required", message: "Please enter a cohort name." };
/** Refusals of what a student types: catalog codes, rendered in the request's language at the edge (ADR 0045). */
const JOIN_CODE_REQUIRED = "join.codeRequired";
const INFORMATION_REQUIRED = "join.informationRequired";
/** Refusals a student meets: catalog codes, rendered in the request's language at the edge (ADR 0045). */
export const INVALID_JOIN_CODE = "join.invalidCode";
export const INACTIVE_CLASS = "join.inactiveClass";
/** Refusals staff meet: codes too, rendered by the API's error mapping (on a staff screen, in English). */
export const JOIN_CODE_TAKEN = "refusals.joinCodeTaken";
export const UNKNOWN_TEST = "refusals.unknownTest";
/** Only staff teach a class (ADR 0040): a student's account is made a teacher on Accounts & Roles first. */
export const NOT_A_TEACHER = "refusals.notATeacher";

const CLASS_NAME_MAX = 200;
export const MEMBER_FIELD_MAX = 100;
/** A typed join code past its length, as a student meets it (ADR 0045). */
export const JOIN_CODE_TOO_LONG = codeWith("join.codeTooLong", { max: JOIN_CODE_MAX_INPUT });

/**
 * A typed join code: trimmed and upper-cased; blank means "none typed" (null), which generates
 * one on create and keeps the class's own on edit. Letters, digits, "-" and "_" only, so the
 * code reads the same in a URL, a QR code and /api/cohorts/join/{joinCode}.
 */
const joinCodeField = z
  .string({ invalid_type_error: "The join code must be text" })
  .max(JOIN_CODE_MAX_INPUT, `The join code must be at most ${JOIN_CODE_MAX_INPUT} characters`)
  .transform(normalizeJoinCode)
  .refine((code) => code === "" || /^[A-Z0-9_-]+$/.test(code), "Use only letters, digits, - and _ in a join code")
  .nullable()
  .optional()
  .transform((code) => code || null);

/** "" (the select's "No default test") and null both mean no default test; undefined means not sent. */
const testConfigIdField = z
  .string({ invalid_type_error: "testConfigId must be text or null" })
  .trim()
  .nullable()
  .optional()
  .transform((id) => (id === undefined ? undefined : id || null));

const testModeField = z
  .preprocess(
    (mode) => (mode === "" ? null : mode),
    z.enum(TEST_MODES, { errorMap: () => ({ message: "Test mode must be placement or diagnostic" }) }).nullable(),
  )
  .optional();

const nameField = storableText(
  z
    .string({ required_error: CLASS_NAME_REQUIRED.message, invalid_type_error: CLASS_NAME_REQUIRED.message })
    .trim()
    .min(1, CLASS_NAME_REQUIRED.message)
    .max(CLASS_NAME_MAX, `The name must be at most ${CLASS_NAME_MAX} characters`),
  "The name",
);

const isActiveField = z.boolean({ invalid_type_error: "isActive must be true or false" });
const aiGradingField = z.boolean({ invalid_type_error: "aiGrading must be true or false" });
const accessField = z.enum(CLASS_ACCESS, { errorMap: () => ({ message: "access must be open or rostered" }) });

/** POST /api/cohorts and the create dialog. "No default test" omits the test fields. */
export const classCreateSchema = z.object({
  name: nameField,
  joinCode: joinCodeField,
  testConfigId: testConfigIdField,
  testMode: testModeField,
  isActive: isActiveField.default(true),
  access: accessField.default("open"),
  aiGrading: aiGradingField.default(true),
});
/** What creating a class needs; code that creates one itself (the demo class) may leave access to its default, open. */
export type ClassCreateInput = Omit<z.infer<typeof classCreateSchema>, "access" | "aiGrading"> & { access?: ClassAccess; aiGrading?: boolean };

/**
 * PUT /api/cohorts/{id} and the edit dialog. "No default test" sends testConfigId and testMode
 * as null; a field not sent keeps the class's value, and so does a blank join code.
 */
export const classUpdateSchema = z.object({
  name: nameField,
  joinCode: joinCodeField,
  testConfigId: testConfigIdField,
  testMode: testModeField,
  isActive: isActiveField.optional(),
  access: accessField.optional(),
  aiGrading: aiGradingField.optional(),
});
export type ClassUpdateInput = z.infer<typeof classUpdateSchema>;

type DefaultTest = { testConfigId: string | null; testMode: TestMode | null };

/**
 * The class's default test after a create (existing null) or an update. The mode only means
 * something with a test: none without one, placement when a test is set without a mode, and
 * null when it is sent as null with a test: the students choose (ADR 0014).
 */
export function resolveDefaultTest(existing: DefaultTest | null, input: { testConfigId?: string | null; testMode?: TestMode | null }): DefaultTest {
  const testChanged = input.testConfigId !== undefined;
  const testConfigId = testChanged ? input.testConfigId! : (existing?.testConfigId ?? null);
  if (!testConfigId) return { testConfigId: null, testMode: null };
  if (input.testMode !== undefined) return { testConfigId, testMode: input.testMode };
  return { testConfigId, testMode: testChanged || !existing ? DEFAULT_TEST_MODE : existing.testMode };
}

/**
 * A student's name or ID as they type it, on the join screen and POST /api/cohort-members alike:
 * every refusal a catalog code (the `join` area), rendered in the request's language (ADR 0045).
 */
export const memberField = storableText(
  z
    .string({ required_error: INFORMATION_REQUIRED, invalid_type_error: INFORMATION_REQUIRED })
    .trim()
    .min(1, INFORMATION_REQUIRED)
    .max(MEMBER_FIELD_MAX, codeWith("join.memberFieldTooLong", { max: MEMBER_FIELD_MAX })),
  "Your name and student ID",
  { message: "join.memberFieldUnstorable" },
);

/** POST /api/cohort-members: a signed-out student registers in a class. */
export const classMemberSchema = z.object({
  cohortId: z.string({ required_error: "cohortId is required", invalid_type_error: "cohortId is required" }).trim().min(1, "cohortId is required"),
  studentId: memberField,
  displayName: memberField,
});
export type ClassMemberInput = z.infer<typeof classMemberSchema>;

/** The code in /api/cohorts/join/{joinCode}, as the join screen's field reads it. */
export const joinCodeLookupSchema = z
  .string()
  .transform(normalizeJoinCode)
  .pipe(z.string().min(1, JOIN_CODE_REQUIRED).max(JOIN_CODE_MAX_INPUT, JOIN_CODE_TOO_LONG));

/** Where a class's QR code sends a student: the join screen with the code filled in. */
export function joinUrl(origin: string, joinCode: string): string {
  return `${origin}/join?code=${encodeURIComponent(joinCode)}`;
}

/** What a polite live region says once the roster's "Add a student" search answers (WCAG 4.1.3). */
export function rosterSearchStatus(found: number): string {
  return found === 0 ? "No students found to add" : found === 1 ? "1 student found" : `${found} students found`;
}
