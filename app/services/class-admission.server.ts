import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { ClassAccess } from "~/domain/classes/class";
import { NOT_ON_ROSTER, NOT_YOURSELF, PIN_REQUIRED, pinStudentKey, pinThrottles, samePin, WRONG_PIN } from "~/domain/classes/roster-identity";
import { languageCookie, languageFromCookie } from "~/domain/i18n/locale";
import { linksToStudentRecord } from "~/domain/students/roster-access";
import { studentDisplayName, type StudentLanguage } from "~/domain/students/student";
import { DomainError, invalid } from "~/lib/errors";
import { findRosterMember } from "~/models/roster-members.server";
import { findStudentByEmail } from "~/models/students.server";
import { clearThrottle } from "~/models/throttle.server";

import { countWrongGuess, tooManyMessage } from "./guess-throttle.server";
import { claimAttempts, clientAddress, refuseWhileHeldBack } from "./throttle.server";

/**
 * Who may join or start in a class (ADR 0029). An open class takes any typed name and ID. A
 * rostered class takes only a student on its roster who proves it: their class PIN (wrong ones
 * throttled per student and per address), their badge (its own route), or a signed-in account
 * linked to their record. A signed-in account linked to a record acts only as that student,
 * in any class.
 */
type Claim = { studentId?: string; memberId?: string; displayName?: string; pin?: string };
/** `language`: a rostered student's record's preferred language (ADR 0045), null when not set or in an open class. */
type Admitted = { studentId: string; displayName: string; language?: StudentLanguage | null };

const forbidden = (message: string, field?: string) => new DomainError("forbidden", message, field);

/**
 * The student a signed-in student account is: its linked record's ID and name, or null when none
 * is linked (it acts as a walk-in). Only a student account is linked: a teacher or district admin
 * is never a student, whatever record carries their e-mail (ADR 0029).
 */
export async function linkedStudent(context: AppLoadContext, user: CurrentUser | null): Promise<Admitted | null> {
  if (!user || !linksToStudentRecord(user)) return null;
  const record = await findStudentByEmail(context.db, user.email);
  return record && { studentId: record.districtStudentId, displayName: studentDisplayName(record) };
}

const linkedStudentId = async (context: AppLoadContext, user: CurrentUser | null) => (await linkedStudent(context, user))?.studentId ?? null;

/** Refuses (403) a signed-in student who claims another student's ID. */
export async function requireSelf(context: AppLoadContext, user: CurrentUser | null, studentId: string): Promise<string | null> {
  const linked = await linkedStudentId(context, user);
  if (linked !== null && linked !== studentId) throw forbidden(NOT_YOURSELF, "studentId");
  return linked;
}

/**
 * The student a class admits for this claim: as typed in an open class; in a rostered one, the
 * roster member named by the claim (their name from the record), once their PIN is right, or
 * at once when `verified` (a signed-in account linked to them, or a pass issued at join).
 */
export async function admitStudent(
  request: Request,
  context: AppLoadContext,
  schoolClass: { id: string; access: ClassAccess },
  claim: Claim,
  verified = false,
): Promise<Admitted> {
  if (schoolClass.access === "open") return { studentId: claim.studentId ?? "", displayName: claim.displayName ?? "" };
  const member = claim.memberId
    ? await findRosterMember(context.db, schoolClass.id, { memberId: claim.memberId })
    : await findRosterMember(context.db, schoolClass.id, { studentId: claim.studentId ?? "" });
  if (!member) {
    // Trying IDs to find who is on a roster counts as guessing, as a wrong join code does.
    await countWrongGuess(request, context);
    throw forbidden(NOT_ON_ROSTER, "studentId");
  }
  const admitted = { studentId: member.studentId, displayName: member.displayName, language: member.language };
  if (verified) return admitted;
  if (!claim.pin) throw invalid(PIN_REQUIRED, "pin");
  const throttles = pinThrottles(clientAddress(request), member.id);
  const now = Date.now();
  if (!samePin(claim.pin, member.pin)) {
    await claimAttempts(context.db, throttles, now, tooManyMessage(request, "tooManyPins"));
    throw forbidden(WRONG_PIN, "pin");
  }
  await refuseWhileHeldBack(context.db, throttles, now, tooManyMessage(request, "tooManyPins"));
  await clearThrottle(context.db, pinStudentKey(member.id));
  return admitted;
}

/**
 * The cookies a rostered student's join sets beside their pass (ADR 0045): their record's language,
 * so the pages after it speak it, unless this browser has chosen a language (never overridden).
 */
export function recordLanguageCookies(request: Request, language: StudentLanguage | null | undefined): string[] {
  const chosen = languageFromCookie(request.headers.get("Cookie"));
  if (!language || chosen === "en" || chosen === "es" || chosen === "qps") return [];
  return [languageCookie(language)];
}

/** A teacher's reset: the student's wrong PINs are forgotten, so they can try again at once. */
export function resetPinAttempts(context: AppLoadContext, memberId: string): Promise<void> {
  return clearThrottle(context.db, pinStudentKey(memberId));
}
