import { type AppLoadContext, json, redirect } from "@remix-run/cloudflare";

import { type ClassAccess, INACTIVE_CLASS, INVALID_JOIN_CODE, MEMBER_FIELD_MAX } from "~/domain/classes/class";
import {
  ERROR_TITLE,
  INVALID_CODE_TITLE,
  JOIN_MESSAGES,
  type JoinActionInput,
  joinActionSchema,
  REGISTER_FAILED,
  START_FAILED,
  welcomeToast,
} from "~/domain/classes/join-actions";
import { JOIN_CODE_MAX_INPUT, normalizeJoinCode } from "~/domain/classes/join-codes";
import { CLASS_CHANGED, NOT_YOURSELF, PICK_YOUR_NAME, PIN_LENGTH } from "~/domain/classes/roster-identity";
import { type Catalog, catalogOf, renderText, translate } from "~/domain/i18n/catalog";
import { someMessages } from "~/domain/i18n/catalog/some-messages";
import type { AnyLocale } from "~/domain/i18n/locale";
import { RESUME_CODE_LENGTH } from "~/domain/sessions/resume-code";
import { RESUME_REQUIRED } from "~/domain/sessions/start-request";
import type { JoinedStudent } from "~/domain/sessions/student-pass";
import { testPagePath, testPath } from "~/domain/sessions/test-page-paths";
import type { ActionResult } from "~/domain/shell/action-result";
import { NOT_FOUND } from "~/domain/shell/not-found";
import type { StudentLanguage } from "~/domain/students/student";
import { assertNever } from "~/lib/assert-never";
import { conflict, DomainError, found, invalid, notFound, RATE_LIMITED_TITLE, RateLimitedError } from "~/lib/errors";
import { addClassMember } from "~/models/classes.server";
import { listRosterNames } from "~/models/roster-members.server";
import { handleAction } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { admitStudent, linkedStudent, recordLanguageCookies } from "~/services/class-admission.server";
import { findClassByGuessedCode } from "~/services/guess-throttle.server";
import { failureHeaders } from "~/services/http-errors.server";
import { requestLocale } from "~/services/locale.server";
import { passForJoinedStudent } from "~/services/student-pass.server";
import { resumeSessionInProgress } from "~/services/test-taking.server";

export type JoinedData = { joined: true };

type JoinKey = keyof Catalog["join"];
const STEP_TWO: JoinKey[] = ["pageTitle", "resumeCode", "back", "starting", "startTest", "join"];

/** The page's language, step 1's texts and those of the step-2 form it shows, and no others (someMessages). */
function joinPage(locale: AnyLocale, keys: JoinKey[]) {
  return { locale, messages: { joinCode: catalogOf(locale).joinCode, join: someMessages(locale, "join", keys) } };
}

/**
 * Student Entry ("Join flow"): open to everyone, signed in or not; the
 * join code is the key (ADR 0003). Step 1 takes the code; a class that
 * takes students redirects to `/join?code=…` (the QR code's URL), which is step 2: name and
 * student ID. Then the browser's student pass names the student and the test page shows the
 * mode and 'Before You Begin'; the session starts on the student's own Start Test (ADR 0014).
 * Both steps are plain forms, so the whole flow works without JavaScript.
 */
export async function loadJoinScreen(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const page = joinPage(locale, ["pageTitle"]);
  const typed = url.searchParams.get("code") ?? "";
  const code = normalizeJoinCode(typed).slice(0, JOIN_CODE_MAX_INPUT);
  // Back from step 2 (step=code) shows step 1 with the code kept.
  if (!code || url.searchParams.get("step") === "code") return json({ ...page, code, cohort: null, failure: null });
  let schoolClass;
  try {
    schoolClass = typed.length <= JOIN_CODE_MAX_INPUT ? await findClassByGuessedCode(request, context, code) : null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return json(
      { ...page, code, cohort: null, failure: refusedLookup(locale, RATE_LIMITED_TITLE, error.message) },
      { status: 429, headers: failureHeaders(error) },
    );
  }
  if (!schoolClass || !schoolClass.isActive) {
    return json({ ...page, code, cohort: null, failure: refusedLookup(locale, INVALID_CODE_TITLE, schoolClass ? INACTIVE_CLASS : INVALID_JOIN_CODE) });
  }
  // The field limit travels with the data: cohort.ts (zod) must stay out of the page's bundle.
  // A rostered class offers its students' names to pick from (never their IDs, ADR 0029); a
  // signed-in student linked to a record is offered only themselves, and types no PIN.
  const self = await linkedStudent(context, await getCurrentUser(request, context));
  const roster = schoolClass.access === "rostered" ? await listRosterNames(context.db, schoolClass.id, self?.studentId) : null;
  const hasTest = schoolClass.testConfigId !== null;
  const fields: JoinKey[] = !roster ? ["yourName", "studentId"] : self ? ["notOnRosterSelf"] : ["yourName", "chooseYourName", "orTypeStudentId", "classPin"];
  return json({
    ...joinPage(locale, [...STEP_TWO, ...fields]),
    code,
    cohort: {
      id: schoolClass.id,
      name: schoolClass.name,
      hasTest,
      fieldMax: MEMBER_FIELD_MAX,
      roster,
      pinLength: PIN_LENGTH,
      // Their own ID is theirs to see; an open class's form is filled with it.
      self: self && { name: self.displayName, studentId: schoolClass.access === "open" ? self.studentId : null },
      // The sentences that name the class or a number, written here so the page's JavaScript carries no formatter.
      texts: {
        welcome: translate(locale, "join", "welcome", { className: schoolClass.name }),
        intro: self
          ? translate(locale, "join", hasTest ? "introSelfTest" : "introSelfJoin", { name: self.displayName })
          : translate(locale, "join", roster ? (hasTest ? "introRosterTest" : "introRosterJoin") : hasTest ? "introTypedTest" : "introTypedJoin"),
        pinHint: roster && !self ? translate(locale, "join", "pinHint", { digits: PIN_LENGTH }) : "",
        resumeHint: translate(locale, "join", "resumeHint", { length: RESUME_CODE_LENGTH }),
      },
    },
    failure: null,
  });
}

/** Step 1's refusal when the code in the URL finds no class that takes students. */
function refusedLookup(locale: AnyLocale, title: string, description: string): ActionResult {
  return {
    ok: false,
    intent: "lookup",
    toast: { title: renderText(locale, title), description: renderText(locale, description), variant: "destructive" },
    fieldErrors: {},
  };
}

/** The class behind a code, if it takes students: 'Invalid code' otherwise. */
async function activeClass(request: Request, context: AppLoadContext, code: string) {
  const schoolClass = await findClassByGuessedCode(request, context, code);
  if (!schoolClass) throw notFound(INVALID_JOIN_CODE);
  if (!schoolClass.isActive) throw conflict(INACTIVE_CLASS);
  return schoolClass;
}

type Language = StudentLanguage | null | undefined;
type StartInput = Extract<JoinActionInput, { intent: "start" | "start-rostered" }>;

/** A response's cookies: the student pass, and the record's language where the join sets it. */
function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A refusal the action contract has no thrown form for: a field to ask for, or a step's own failure text. */
function refusal(locale: AnyLocale, status: number, title: string, message: string, input: StartInput, field?: string, cookies: string[] = []) {
  const description = renderText(locale, message);
  // The form's fields as typed, to show again; never the PIN.
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) if (typeof value === "string" && name !== "pin") values[name] = value;
  return json<ActionResult>(
    {
      ok: false,
      intent: input.intent,
      toast: { title: renderText(locale, title), description, variant: "destructive" },
      fieldErrors: field ? { [field]: description } : {},
      values,
    },
    { status, headers: cookieHeaders(cookies) },
  );
}

/** A class without a test: the student joins it and stays, welcomed in their language. */
async function joinWithoutTest(request: Request, context: AppLoadContext, student: JoinedStudent, className: string, input: StartInput, language: Language) {
  try {
    found(await addClassMember(context.db, student), NOT_FOUND.cohort);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error("Registering a class member failed", error);
    return refusal(requestLocale(request, language), 500, ERROR_TITLE, REGISTER_FAILED, input);
  }
  const locale = requestLocale(request, language);
  return json<ActionResult<JoinedData>>(
    { ok: true, intent: input.intent, toast: welcomeToast(locale, className), data: { joined: true } },
    { headers: cookieHeaders(recordLanguageCookies(request, language)) },
  );
}

/**
 * Who step 2 names (ADR 0029): the typed name and ID in an open class; in a rostered one the roster
 * member picked (or whose ID was typed), once their PIN is right. A form for the other kind of class
 * (the teacher changed it meanwhile) is sent back to step 2.
 */
async function admit(request: Request, context: AppLoadContext, schoolClass: { id: string; access: ClassAccess }, input: StartInput) {
  // A signed-in student linked to a record joins only as themselves, with no PIN (ADR 0029).
  const self = await linkedStudent(context, await getCurrentUser(request, context));
  const notSelf = (studentId: string, field: string) => {
    if (self && studentId !== self.studentId) throw new DomainError("forbidden", NOT_YOURSELF, field);
  };
  if (input.intent === "start-rostered") {
    if (schoolClass.access !== "rostered") throw conflict(CLASS_CHANGED);
    if (!input.memberId && !input.studentId) throw invalid(PICK_YOUR_NAME, "memberId");
    const admitted = await admitStudent(request, context, schoolClass, { memberId: input.memberId, studentId: input.studentId, pin: input.pin }, self !== null);
    notSelf(admitted.studentId, input.memberId ? "memberId" : "studentId");
    return admitted;
  }
  if (schoolClass.access !== "open") throw conflict(CLASS_CHANGED);
  notSelf(input.studentId, "studentId");
  return { studentId: input.studentId, displayName: input.displayName };
}

/**
 * Step 2's Start: a student with this test in progress resumes it at once (their clock already
 * runs); anyone else goes to the test's 'Before You Begin' with this browser's pass naming them
 * (ADR 0014). Nothing is recorded until their own Start Test there.
 */
async function start(request: Request, context: AppLoadContext, input: StartInput) {
  // The hidden fields only say which class the page showed: the code is looked up again.
  const schoolClass = await activeClass(request, context, input.code);
  if (schoolClass.id !== input.cohortId) throw notFound(INVALID_JOIN_CODE);
  const { language, ...admitted } = await admit(request, context, schoolClass, input);
  const student: JoinedStudent = { cohortId: schoolClass.id, ...admitted };
  if (!schoolClass.testConfigId) return joinWithoutTest(request, context, student, schoolClass.name, input, language);
  // Identified: the pages from here on speak their record's language, unless this browser chose one.
  const locale = requestLocale(request, language);
  const languageCookies = recordLanguageCookies(request, language);

  const testConfigId = schoolClass.testConfigId;
  let resumed;
  try {
    resumed = await resumeSessionInProgress(request, context, {
      testConfigId,
      cohortId: schoolClass.id,
      userId: student.studentId,
      resumeCode: input.resumeCode,
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "conflict" && error.message === RESUME_REQUIRED) {
      return refusal(locale, 409, "join.testInProgressTitle", "join.resumeRequired", input, "resumeCode", languageCookies);
    }
    if (error instanceof DomainError) throw error;
    console.error("Resuming a test from the join screen failed", error);
    return refusal(locale, 500, ERROR_TITLE, START_FAILED, input);
  }
  if (resumed) {
    return redirect(testPagePath(testConfigId, resumed.sessionId), { headers: cookieHeaders([resumed.setCookie, ...languageCookies]) });
  }
  return redirect(testPath(testConfigId), { headers: cookieHeaders([await passForJoinedStudent(context.config, student), ...languageCookies]) });
}

export async function joinScreenAction(request: Request, context: AppLoadContext) {
  return handleAction(request, joinActionSchema, JOIN_MESSAGES, async (input) => {
    switch (input.intent) {
      case "lookup":
        await activeClass(request, context, input.code);
        return redirect(`/join?code=${encodeURIComponent(input.code)}`);
      case "start":
      case "start-rostered":
        return start(request, context, input);
      default:
        return assertNever(input);
    }
  });
}
