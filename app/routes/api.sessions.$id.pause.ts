import { breakRoute } from "~/services/test-taking.server";

/**
 * POST /api/sessions/{id}/pause: starts a break for a student whose accommodations allow breaks; both
 * clocks stop until the resume, at most for the break time left (ADR 0032, docs/api.md).
 */
export const { loader, action } = breakRoute("pause");
