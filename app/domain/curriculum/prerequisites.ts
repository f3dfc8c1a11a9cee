import type { TitledMessage } from "~/domain/shell/action-result";

/** the product's prerequisite messages, with their toast titles. */
export const MISSING_SELECTION: TitledMessage = {
  title: "staffToasts.missingSelectionTitle",
  message: "Please select both a competency and its prerequisite.",
};
/** A refusal only the server meets (the form offers no such pair), so its words are a catalog code (ADR 0045). */
export const SELF_PREREQUISITE: TitledMessage = { title: "staffToasts.invalidPrerequisiteTitle", message: "refusals.selfPrerequisite" };

/**
 * Prerequisite rules beyond the product's "both required, not the same": no duplicate pair and no
 * cycle (A needs B needs A), since a learning path must have a start.
 */
export type PrerequisiteEdge = { competencyId: string; prerequisiteId: string };

/** True when "competencyId needs prerequisiteId" would close a loop of prerequisites. */
export function wouldCreateCycle(edges: readonly PrerequisiteEdge[], competencyId: string, prerequisiteId: string): boolean {
  const needs = new Map<string, string[]>();
  for (const edge of edges) needs.set(edge.competencyId, [...(needs.get(edge.competencyId) ?? []), edge.prerequisiteId]);
  // Does the prerequisite (transitively) need the competency already?
  const stack = [prerequisiteId];
  const seen = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    if (current === competencyId) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...(needs.get(current) ?? []));
  }
  return false;
}

export function isDuplicate(edges: readonly PrerequisiteEdge[], competencyId: string, prerequisiteId: string): boolean {
  return edges.some((edge) => edge.competencyId === competencyId && edge.prerequisiteId === prerequisiteId);
}
