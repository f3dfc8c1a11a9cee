import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { DEFAULT_TEST_MODE, INACTIVE_CLASS, INVALID_JOIN_CODE, MEMBER_FIELD_MAX } from "~/domain/classes/cohort";
import {
  INVALID_CODE_TITLE,
  JOIN_MESSAGES,
  joinActionSchema,
  REGISTER_FAILED,
  START_FAILED,
  welcomeToast,
  type JoinActionInput,
} from "~/domain/classes/join-actions";
import { RESUME_REQUIRED } from "~/domain/sessions/start-request";
import { JOIN_CODE_MAX_INPUT, normalizeJoinCode } from "~/domain/classes/join-codes";
import type { ActionResult } from "~/lib/action-result";
import { assertNever } from "~/lib/assert-never";
import { conflict, DomainError, notFound, RATE_LIMITED_TITLE, RateLimitedError } from "~/lib/errors";
import { addCohortMember } from "~/models/cohorts.server";
import { handleAction } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { findCohortByGuessedCode } from "~/services/guess-throttle.server";
import { failureHeaders } from "~/services/http-errors.server";
import { startTestSession } from "~/services/test-sessions.server";

export type JoinedData = { joined: true };

/**
 * Student Entry (SPEC.md "Join screen", "Join flow"): open to everyone, signed in or not; the
 * join code is the key (DESIGN.md decision 2, ADR 0003). Step 1 takes the code; a class that
 * takes students redirects to `/join?code=…` (the QR code's URL), which is step 2: name and
 * student ID, then the class's test starts and the browser gets its student pass.
 * Both steps are plain forms, so the whole flow works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("code") ?? "";
  const code = normalizeJoinCode(typed).slice(0, JOIN_CODE_MAX_INPUT);
  // Back from step 2 (step=code) shows step 1 with the code kept.
  if (!code || url.searchParams.get("step") === "code") return json({ code, cohort: null, failure: null });
  let cohort;
  try {
    cohort = typed.length <= JOIN_CODE_MAX_INPUT ? await findCohortByGuessedCode(request, context, code) : null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return json({ code, cohort: null, failure: refusedLookup(RATE_LIMITED_TITLE, error.message) }, { status: 429, headers: failureHeaders(error) });
  }
  if (!cohort || !cohort.isActive) {
    return json({ code, cohort: null, failure: refusedLookup(INVALID_CODE_TITLE, cohort ? INACTIVE_CLASS : INVALID_JOIN_CODE) });
  }
  // The field limit travels with the data: cohort.ts (zod) must stay out of the page's bundle.
  return json({ code, cohort: { id: cohort.id, name: cohort.name, hasTest: cohort.testConfigId !== null, fieldMax: MEMBER_FIELD_MAX }, failure: null });
}

/** Step 1's refusal when the code in the URL finds no class that takes students. */
function refusedLookup(title: string, description: string): ActionResult {
  return { ok: false, intent: "lookup", toast: { title, description, variant: "destructive" }, fieldErrors: {} };
}

/** The class behind a code, if it takes students: 'Invalid code' otherwise (SPEC.md section 8). */
async function activeClass(request: Request, context: AppLoadContext, code: string) {
  const cohort = await findCohortByGuessedCode(request, context, code);
  if (!cohort) throw notFound(INVALID_JOIN_CODE);
  if (!cohort.isActive) throw conflict(INACTIVE_CLASS);
  return cohort;
}

/** A refusal the action contract has no thrown form for: a field to ask for, or a step's own failure text. */
function refusal(status: number, title: string, message: string, input: Extract<JoinActionInput, { intent: "start" }>, fieldErrors: Record<string, string> = {}) {
  const values = {
    intent: input.intent,
    code: input.code,
    cohortId: input.cohortId,
    displayName: input.displayName,
    studentId: input.studentId,
    resumeCode: input.resumeCode ?? "",
  };
  return json<ActionResult>({ ok: false, intent: input.intent, toast: { title, description: message, variant: "destructive" }, fieldErrors, values }, { status });
}

async function start(request: Request, context: AppLoadContext, input: Extract<JoinActionInput, { intent: "start" }>) {
  // The hidden fields only say which class the page showed: the code is looked up again.
  const cohort = await activeClass(request, context, input.code);
  if (cohort.id !== input.cohortId) throw notFound(INVALID_JOIN_CODE);

  try {
    await addCohortMember(context.db, { cohortId: cohort.id, studentId: input.studentId, displayName: input.displayName });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error("Registering a class member failed", error);
    return refusal(500, "Error", REGISTER_FAILED, input);
  }
  if (!cohort.testConfigId) return { data: { joined: true } as JoinedData, toast: welcomeToast(cohort.name) };

  const testConfigId = cohort.testConfigId;
  let started;
  try {
    started = await startTestSession(
      request,
      context,
      { testConfigId, testMode: cohort.testMode ?? DEFAULT_TEST_MODE, userId: input.studentId, cohortId: cohort.id, resumeCode: input.resumeCode },
      await getCurrentUser(request, context),
    );
  } catch (error) {
    if (error instanceof DomainError && error.kind === "conflict" && error.message === RESUME_REQUIRED) {
      return refusal(409, "Test in progress", RESUME_REQUIRED, input, { resumeCode: RESUME_REQUIRED });
    }
    if (error instanceof DomainError) throw error;
    console.error("Starting a test from the join screen failed", error);
    return refusal(500, "Error", START_FAILED, input);
  }
  return redirect(`/test/${encodeURIComponent(testConfigId)}?session=${encodeURIComponent(started.sessionId)}`, {
    headers: { "Set-Cookie": started.setCookie },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAction(request, joinActionSchema, JOIN_MESSAGES, async (input) => {
    switch (input.intent) {
      case "lookup":
        await activeClass(request, context, input.code);
        return redirect(`/join?code=${encodeURIComponent(input.code)}`);
      case "start":
        return start(request, context, input);
      default:
        return assertNever(input);
    }
  });
}

