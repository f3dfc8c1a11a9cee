import { breakRoute } from "~/services/test-taking.server";

/**
 * POST /api/sessions/{id}/resume: ends the break; the deadlines move on by its length (ADR 0032,
 * docs/api.md).
 */
export const { loader, action } = breakRoute("resume");
