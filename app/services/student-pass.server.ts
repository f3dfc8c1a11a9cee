import { type AppLoadContext, createCookie } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import { scopeFor } from "~/domain/auth/policy";
import { joinUrl } from "~/domain/classes/class";
import { type SessionSnapshot } from "~/domain/sessions/session-contract";
import { MAX_SESSION_SECONDS } from "~/domain/sessions/session-limits";
import {
  joinedPass,
  type JoinedStudent,
  passReach,
  readPassValue,
  RESULTS_WINDOW_MINUTES,
  sessionOf,
  sessionPass,
  type StudentPass,
} from "~/domain/sessions/student-pass";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { DomainError } from "~/lib/errors";
import { findClassForStart } from "~/models/classes.server";
import { findSessionRecordInScope } from "~/models/sessions.server";

import { getCurrentUser } from "./auth.server";
import type { AppConfig } from "./config.server";

/**
 * The student pass (ADR 0003, ADR 0014): a signed, HttpOnly cookie naming
 * the one student this browser serves, as the join step left them or with the session they
 * started. Students have no account; holding the pass is what lets a browser read and answer its
 * own session, and nobody else's. Its rules live in app/domain/sessions/student-pass.ts.
 */
const COOKIE_NAME = "__student_pass";
/** The longest session and its results window: after that a pass opens nothing anyway. */
const PASS_MAX_AGE_SECONDS = MAX_SESSION_SECONDS + RESULTS_WINDOW_MINUTES * 60;

function passCookie(config: AppConfig) {
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: !config.isDevelopment,
    path: "/",
    secrets: config.sessionSecrets,
    maxAge: PASS_MAX_AGE_SECONDS,
  });
}

export async function readStudentPass(request: Request, config: AppConfig): Promise<StudentPass | null> {
  return readPassValue(await passCookie(config).parse(request.headers.get("Cookie")));
}

/** The session this browser's pass names, or null. */
export async function sessionInPass(request: Request, config: AppConfig): Promise<string | null> {
  return sessionOf(await readStudentPass(request, config));
}

/** The Set-Cookie header that makes this browser's pass the join step's student's (replacing any other). */
export function passForJoinedStudent(config: AppConfig, student: JoinedStudent): Promise<string> {
  return passCookie(config).serialize(joinedPass(student, Date.now()));
}

/** The Set-Cookie header that makes this browser's pass open this session, and only it. */
export function passForSession(config: AppConfig, sessionId: string): Promise<string> {
  return passCookie(config).serialize(sessionPass(sessionId, Date.now()));
}

/** Staff (a district admin or a teacher of the session's class), or a browser whose pass names the session. */
export type SessionCaller = { kind: "staff"; user: CurrentUser } | { kind: "pass"; user: CurrentUser | null };

const refusal = (user: CurrentUser | null) =>
  user ? new DomainError("forbidden", "session.notYours") : new DomainError("unauthenticated", "session.joinFirst");

/** Who asks about a test session: the signed-in account, if any, and the session this browser's pass names, if any. */
export type SessionActor = { user: CurrentUser | null; passSessionId: string | null };

/** The request's session actor: its account and its student pass, each read once. */
export async function sessionActorOf(request: Request, context: AppLoadContext): Promise<SessionActor> {
  const [user, passSessionId] = await Promise.all([getCurrentUser(request, context), sessionInPass(request, context.config)]);
  return { user, passSessionId };
}

/**
 * Who may read or answer a session: staff whose scope holds it, or a browser whose pass names it. Anyone else is
 * refused without learning whether the session exists: 401 signed out, 403 signed in.
 */
export async function sessionAccess(context: AppLoadContext, { user, passSessionId }: SessionActor, sessionId: string): Promise<SessionCaller> {
  // Staff read a session as the policy scopes them (ADR 0031): a district admin every one, a teacher
  // those of the classes they teach; another teacher's session is not found, so not even its
  // existence is told.
  const scope = user && scopeFor(user, "read", "session");
  if (user && scope?.kind === "district") return { kind: "staff", user };
  if (user && scope) {
    if (await findSessionRecordInScope(context.db, sessionId, scope)) return { kind: "staff", user };
    if (passSessionId !== sessionId) throw new DomainError("not_found", NOT_FOUND.session);
  }
  if (passSessionId === sessionId) return { kind: "pass", user };
  throw refusal(user);
}

/** `sessionAccess` for the request's actor. */
export async function requireSessionAccess(request: Request, context: AppLoadContext, sessionId: string): Promise<SessionCaller> {
  return sessionAccess(context, await sessionActorOf(request, context), sessionId);
}

/** A pass opens a finished session's results only for its window; staff always (ADR 0014). Refused as above. */
export function requireSessionReach(caller: SessionCaller, snapshot: SessionSnapshot): void {
  if (caller.kind === "pass" && passReach(snapshot, Date.now()) === "nothing") throw refusal(caller.user);
}

/** Where a student goes back to start their class's test again: its join step with the code filled in (or /join). */
export async function classJoinStep(context: AppLoadContext, classId: string | null): Promise<string> {
  const schoolClass = classId ? await findClassForStart(context.db, classId) : undefined;
  return schoolClass?.isActive ? joinUrl("", schoolClass.joinCode) : "/join";
}
