import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import { resolveRole } from "~/domain/auth/roles";
import { type ClassCreateInput, type ClassUpdateInput, NOT_A_TEACHER } from "~/domain/classes/class";
import { liveRows } from "~/domain/classes/live-view";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found, invalid } from "~/lib/errors";
import * as store from "~/models/classes.server";
import { listMemberNames } from "~/models/roster-members.server";
import { findUserById } from "~/models/users.server";
import { classLiveStub } from "~/services/class-live.server";

/**
 * The classes capability's operations (ADR 0038): Class Management, a class's page and the
 * /api/cohorts routes call these alike. Each asks the policy for its own pair and takes the scope
 * from it (a teacher's classes, or the district); a class outside it is not found (404). A
 * refusal is a DomainError by kind, mapped in one place (`describeFailure`).
 */
type Actor = CurrentUser;

/** The classes the actor teaches (a district admin: all of them). */
export async function listClasses(context: AppLoadContext, actor: Actor) {
  return store.listClassRecords(context.db, allowedScope(actor, "read", "class"));
}

/** A new class, owned by its creator, so it is in a teacher's scope at once. */
export async function createClass(context: AppLoadContext, actor: Actor, input: ClassCreateInput) {
  allowedScope(actor, "write", "class");
  return store.createClassRecord(context.db, input, actor.id);
}

export async function updateClass(context: AppLoadContext, actor: Actor, id: string, input: ClassUpdateInput) {
  const scope = allowedScope(actor, "write", "class");
  return found(await store.updateClassRecord(context.db, id, input, scope), NOT_FOUND.cohort);
}

/** A class and its members removed; its sessions stay, no longer linked to it, so results remain readable. */
export async function deleteClass(context: AppLoadContext, actor: Actor, id: string) {
  const scope = allowedScope(actor, "delete", "class");
  found(await store.deleteClassRecord(context.db, id, scope), NOT_FOUND.cohort);
  return { deleted: true as const };
}

type ClassTeacher = { cohortId: string; userId: string };

/**
 * An account put on a class as one of its teachers (ADR 0040): who may see a class's students is
 * an access decision, so it is a district admin's, as roles are ("manage-roles" on accounts). The
 * account must be a teacher or a district admin (400 for a student's).
 */
export async function addClassTeacher(context: AppLoadContext, actor: Actor, { cohortId: classId, userId }: ClassTeacher) {
  const scope = allowedScope(actor, "manage-roles", "accounts");
  found(await store.findClass(context.db, classId, scope), NOT_FOUND.cohort);
  const account = found(await findUserById(context.db, userId), NOT_FOUND.account);
  if (resolveRole(account, context.config.adminEmails) === "student") throw invalid(NOT_A_TEACHER, "userId");
  const { added } = await store.addClassTeacherRecord(context.db, classId, userId, actor);
  return { cohortId: classId, userId, added };
}

/** An account taken off a class's teachers (a class's creator is not one of them: it stays theirs). */
export async function removeClassTeacher(context: AppLoadContext, actor: Actor, { cohortId: classId, userId }: ClassTeacher) {
  const scope = allowedScope(actor, "manage-roles", "accounts");
  found(await store.findClass(context.db, classId, scope), NOT_FOUND.cohort);
  found(await store.removeClassTeacherRecord(context.db, classId, userId, actor), NOT_FOUND.classTeacher);
  return { removed: true as const };
}

/**
 * A class's live view (ADR 0046): every member with their sitting's state now, who needs attention
 * first. The class's live object holds the reports; the roster is read now, so a student who has
 * not started shows too.
 */
export async function readLiveClass(context: AppLoadContext, actor: Actor, classId: string) {
  const scope = allowedScope(actor, "read", "class");
  const schoolClass = found(await store.findClass(context.db, classId, scope), NOT_FOUND.cohort);
  const [members, reports] = await Promise.all([listMemberNames(context.db, classId, scope), classLiveStub(context.cloudflare.env, classId).reports()]);
  const now = Date.now();
  return {
    schoolClass: { id: schoolClass.id, name: schoolClass.name },
    updatedAt: new Date(now).toISOString(),
    students: liveRows(found(members, NOT_FOUND.cohort), reports, now),
  };
}
