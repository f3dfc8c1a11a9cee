import { type AppLoadContext, json, redirect } from "@remix-run/cloudflare";

import { type ClassAccess, INACTIVE_CLASS, INVALID_JOIN_CODE, MEMBER_FIELD_MAX } from "~/domain/classes/class";
import {
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
import { RESUME_REQUIRED } from "~/domain/sessions/start-request";
import type { JoinedStudent } from "~/domain/sessions/student-pass";
import { testPagePath, testPath } from "~/domain/sessions/test-page-paths";
import type { ActionResult } from "~/domain/shell/action-result";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { conflict, DomainError, found, invalid, notFound, RATE_LIMITED_TITLE, RateLimitedError } from "~/lib/errors";
import { addClassMember } from "~/models/classes.server";
import { listRosterNames } from "~/models/roster-members.server";
import { handleAction } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { admitStudent, linkedStudent } from "~/services/class-admission.server";
import { findClassByGuessedCode } from "~/services/guess-throttle.server";
import { failureHeaders } from "~/services/http-errors.server";
import { passForJoinedStudent } from "~/services/student-pass.server";
import { resumeSessionInProgress } from "~/services/test-taking.server";

export type JoinedData = { joined: true };

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
  const typed = url.searchParams.get("code") ?? "";
  const code = normalizeJoinCode(typed).slice(0, JOIN_CODE_MAX_INPUT);
  // Back from step 2 (step=code) shows step 1 with the code kept.
  if (!code || url.searchParams.get("step") === "code") return json({ code, cohort: null, failure: null });
  let schoolClass;
  try {
    schoolClass = typed.length <= JOIN_CODE_MAX_INPUT ? await findClassByGuessedCode(request, context, code) : null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return json({ code, cohort: null, failure: refusedLookup(RATE_LIMITED_TITLE, error.message) }, { status: 429, headers: failureHeaders(error) });
  }
  if (!schoolClass || !schoolClass.isActive) {
    return json({ code, cohort: null, failure: refusedLookup(INVALID_CODE_TITLE, schoolClass ? INACTIVE_CLASS : INVALID_JOIN_CODE) });
  }
  // The field limit travels with the data: cohort.ts (zod) must stay out of the page's bundle.
  // A rostered class offers its students' names to pick from (never their IDs, ADR 0029); a
  // signed-in student linked to a record is offered only themselves, and types no PIN.
  const self = await linkedStudent(context, await getCurrentUser(request, context));
  const roster = schoolClass.access === "rostered" ? await listRosterNames(context.db, schoolClass.id, self?.studentId) : null;
  return json({
    code,
    cohort: {
      id: schoolClass.id,
      name: schoolClass.name,
      hasTest: schoolClass.testConfigId !== null,
      fieldMax: MEMBER_FIELD_MAX,
      roster,
      pinLength: PIN_LENGTH,
      // Their own ID is theirs to see; an open class's form is filled with it.
      self: self && { name: self.displayName, studentId: schoolClass.access === "open" ? self.studentId : null },
    },
    failure: null,
  });
}

/** Step 1's refusal when the code in the URL finds no class that takes students. */
function refusedLookup(title: string, description: string): ActionResult {
  return { ok: false, intent: "lookup", toast: { title, description, variant: "destructive" }, fieldErrors: {} };
}

/** The class behind a code, if it takes students: 'Invalid code' otherwise. */
async function activeClass(request: Request, context: AppLoadContext, code: string) {
  const schoolClass = await findClassByGuessedCode(request, context, code);
  if (!schoolClass) throw notFound(INVALID_JOIN_CODE);
  if (!schoolClass.isActive) throw conflict(INACTIVE_CLASS);
  return schoolClass;
}

type StartInput = Extract<JoinActionInput, { intent: "start" | "start-rostered" }>;

/** A refusal the action contract has no thrown form for: a field to ask for, or a step's own failure text. */
function refusal(status: number, title: string, message: string, input: StartInput, fieldErrors: Record<string, string> = {}) {
  // The form's fields as typed, to show again; never the PIN.
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) if (typeof value === "string" && name !== "pin") values[name] = value;
  return json<ActionResult>(
    { ok: false, intent: input.intent, toast: { title, description: message, variant: "destructive" }, fieldErrors, values },
    { status },
  );
}

/** A class without a test: the student joins it and stays, welcomed. */
async function joinWithoutTest(context: AppLoadContext, student: JoinedStudent, className: string, input: StartInput) {
  try {
    found(await addClassMember(context.db, student), NOT_FOUND.cohort);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error("Registering a class member failed", error);
    return refusal(500, "Error", REGISTER_FAILED, input);
  }
  return { data: { joined: true } as JoinedData, toast: welcomeToast(className) };
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
  const student: JoinedStudent = { cohortId: schoolClass.id, ...(await admit(request, context, schoolClass, input)) };
  if (!schoolClass.testConfigId) return joinWithoutTest(context, student, schoolClass.name, input);

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
      return refusal(409, "Test in progress", RESUME_REQUIRED, input, { resumeCode: RESUME_REQUIRED });
    }
    if (error instanceof DomainError) throw error;
    console.error("Resuming a test from the join screen failed", error);
    return refusal(500, "Error", START_FAILED, input);
  }
  if (resumed) {
    return redirect(testPagePath(testConfigId, resumed.sessionId), {
      headers: { "Set-Cookie": resumed.setCookie },
    });
  }
  return redirect(testPath(testConfigId), { headers: { "Set-Cookie": await passForJoinedStudent(context.config, student) } });
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
