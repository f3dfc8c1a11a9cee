/**
 * Manage Competencies saves each change at once, several may be on their way together, and the
 * dialog shows the result before the server answers: the saved members with the pending changes
 * applied in order.
 */
export type MembershipChange = { intent: "toggle"; competencyId: string; member: boolean } | { intent: "selectAll" } | { intent: "deselectAll" };

/** The members to show, in the order of `all` (every competency id). */
export function pendingMembers(saved: readonly string[], all: readonly string[], changes: readonly MembershipChange[]): string[] {
  const members = new Set(saved);
  for (const change of changes) {
    if (change.intent === "selectAll") all.forEach((id) => members.add(id));
    else if (change.intent === "deselectAll") members.clear();
    else if (change.member) members.add(change.competencyId);
    else members.delete(change.competencyId);
  }
  return all.filter((id) => members.has(id));
}

/** Reads a submitted screen payload as a membership change for `curriculumId`, else null. */
export function asMembershipChange(payload: unknown, curriculumId: string): MembershipChange | null {
  if (!payload || typeof payload !== "object") return null;
  const body = payload as Record<string, unknown>;
  if (body.id !== curriculumId) return null;
  if (body.intent === "selectAll" || body.intent === "deselectAll") return { intent: body.intent };
  if (body.intent === "toggle" && typeof body.competencyId === "string" && typeof body.member === "boolean") {
    return { intent: "toggle", competencyId: body.competencyId, member: body.member };
  }
  return null;
}
