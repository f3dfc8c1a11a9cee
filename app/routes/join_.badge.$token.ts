import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

import { joinCodeThrottles, tooManyGuessesMessage } from "~/domain/classes/guess-throttle";
import { welcomeToast } from "~/domain/classes/join-actions";
import { BADGE_NOT_VALID } from "~/domain/classes/roster-identity";
import { RateLimitedError } from "~/lib/errors";
import { addCohortMember } from "~/models/cohorts.server";
import { findMemberByBadge } from "~/models/roster-members.server";
import { passForJoinedStudent } from "~/services/student-pass.server";
import { claimAttempts } from "~/services/throttle.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * GET /join/badge/{secret}: what a student's badge QR code opens (ADR 0029). The secret names one
 * rostered student in one class: this browser's student pass becomes theirs and they go to the
 * class's test ('Before You Begin'), or are welcomed to a class without one. A secret no badge
 * holds (a badge replaced since) goes to the join screen with why, and counts as a guess.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").slice(0, 100);
  const member = /^[0-9a-f]{40}$/.test(token) ? await findMemberByBadge(context.db, token) : null;
  if (!member || !member.isActive) {
    try {
      await claimAttempts(context.db, joinCodeThrottles(request.headers.get("CF-Connecting-IP")), Date.now(), tooManyGuessesMessage);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
    }
    return redirectWithToast(request, context, "/join", { title: "Badge not valid", description: BADGE_NOT_VALID, variant: "destructive" });
  }
  const student = { cohortId: member.cohortId, studentId: member.studentId, displayName: member.displayName };
  const pass = await passForJoinedStudent(context.config, student);
  if (!member.testConfigId) {
    await addCohortMember(context.db, student);
    return redirectWithToast(request, context, "/join", welcomeToast(member.cohortName), [pass]);
  }
  return redirect(`/test/${encodeURIComponent(member.testConfigId)}`, { headers: { "Set-Cookie": pass } });
}
