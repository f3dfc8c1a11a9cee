import { type AppLoadContext, json, redirect } from "@remix-run/cloudflare";

import { askBeforeBadge, fromAnotherSite } from "~/domain/classes/badge-open";
import { BADGE_CONTINUE_MESSAGES, badgeContinueSchema, welcomeToast } from "~/domain/classes/join-actions";
import { BADGE_NOT_VALID } from "~/domain/classes/roster-identity";
import { renderText, translate } from "~/domain/i18n/catalog";
import { someMessages } from "~/domain/i18n/catalog/some-messages";
import { joinedStudentOf, sessionOf } from "~/domain/sessions/student-pass";
import { testPath } from "~/domain/sessions/test-page-paths";
import { RateLimitedError } from "~/lib/errors";
import { addClassMember } from "~/models/classes.server";
import { findMemberByBadge } from "~/models/roster-members.server";
import { handleAction } from "~/services/action.server";
import { recordLanguageCookies } from "~/services/class-admission.server";
import { countWrongGuess } from "~/services/guess-throttle.server";
import { requestLocale } from "~/services/locale.server";
import { passForJoinedStudent, readStudentPass } from "~/services/student-pass.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * GET /join/badge/{secret}: what a student's badge QR code opens (ADR 0029). The secret names one
 * rostered student in one class: this browser's student pass becomes theirs and they go to the
 * class's test ('Before You Begin'), or are welcomed to a class without one. A secret no badge
 * holds (a badge replaced since) goes to the join screen with why, and counts as a guess. A link
 * from another site into a browser that holds another student first asks "Continue as …?", and
 * only the page's own form (a same-origin POST) goes on.
 */
type Badge = NonNullable<Awaited<ReturnType<typeof findMemberByBadge>>>;

async function badgeOf(context: AppLoadContext, token: string): Promise<Badge | null> {
  const member = /^[0-9a-f]{40}$/.test(token) ? await findMemberByBadge(context.db, token) : null;
  return member?.isActive ? member : null;
}

async function refuseBadge(request: Request, context: AppLoadContext) {
  try {
    await countWrongGuess(request, context);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
  }
  // The toast is kept for the next page, so it is written now, in the student's language.
  const locale = requestLocale(request);
  return redirectWithToast(request, context, "/join", {
    title: translate(locale, "join", "badgeNotValidTitle"),
    description: renderText(locale, BADGE_NOT_VALID),
    variant: "destructive",
  });
}

/**
 * This browser's pass becomes the badge's student's, and they go on to their class's test; a
 * browser that has not chosen a language takes their record's (ADR 0045).
 */
async function signInWithBadge(request: Request, context: AppLoadContext, member: Badge) {
  const student = { cohortId: member.cohortId, studentId: member.studentId, displayName: member.displayName };
  const cookies = [await passForJoinedStudent(context.config, student), ...recordLanguageCookies(request, member.language)];
  if (!member.testConfigId) {
    await addClassMember(context.db, student);
    return redirectWithToast(request, context, "/join", welcomeToast(requestLocale(request, member.language), member.cohortName), cookies);
  }
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(testPath(member.testConfigId), { headers });
}

/** Who this browser's pass holds now: a joined student, a session's (whoever it is), or nobody. */
async function passHolder(request: Request, context: AppLoadContext) {
  const pass = await readStudentPass(request, context.config);
  const joined = joinedStudentOf(pass, Date.now());
  if (joined) return { kind: "student" as const, cohortId: joined.cohortId, studentId: joined.studentId };
  return sessionOf(pass) ? { kind: "session" as const } : null;
}

export async function loadBadge(request: Request, context: AppLoadContext, token: string) {
  const member = await badgeOf(context, token);
  if (!member) return refuseBadge(request, context);
  const { headers } = request;
  const elsewhere = fromAnotherSite(
    { secFetchSite: headers.get("Sec-Fetch-Site"), origin: headers.get("Origin"), referer: headers.get("Referer") },
    context.config.appOrigin ?? new URL(request.url).origin,
  );
  if (askBeforeBadge(elsewhere, await passHolder(request, context), member)) {
    const locale = requestLocale(request);
    const name = member.displayName;
    return json(
      {
        locale,
        messages: { join: someMessages(locale, "join", ["badgePageTitle", "notMe"]) },
        texts: {
          heading: translate(locale, "join", "continueAsQuestion", { name }),
          otherStudent: translate(locale, "join", "badgeOtherStudent", { name }),
          continueAs: translate(locale, "join", "continueAs", { name }),
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return signInWithBadge(request, context, member);
}

export function continueWithBadge(request: Request, context: AppLoadContext, token: string) {
  return handleAction(request, badgeContinueSchema, BADGE_CONTINUE_MESSAGES, async () => {
    const member = await badgeOf(context, token);
    return member ? signInWithBadge(request, context, member) : refuseBadge(request, context);
  });
}
