import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/domain/auth/current-user";
import type { Scope } from "~/domain/auth/policy";
import { classGrowthQuerySchema, WINDOW_CHOICE_REFUSED } from "~/domain/growth/class-growth";
import { DomainError } from "~/lib/errors";
import { loadClassGrowth } from "~/services/growth.server";

/**
 * The class growth screen reads its windows from the URL (a plain GET form). Unlike the API, which
 * answers 400, the screen shows a choice it cannot compare as a message above the default windows,
 * so a teacher who picked them the wrong way round still sees the class.
 */
export async function loadClassGrowthScreen(db: Database, viewer: CurrentUser, scope: Scope, classId: string, search: URLSearchParams) {
  const parsed = classGrowthQuerySchema.safeParse(Object.fromEntries(search));
  try {
    return {
      growth: await loadClassGrowth(db, viewer, classId, scope, parsed.success ? parsed.data : {}),
      problem: parsed.success ? null : WINDOW_CHOICE_REFUSED,
    };
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
    return { growth: await loadClassGrowth(db, viewer, classId, scope, {}), problem: WINDOW_CHOICE_REFUSED };
  }
}
