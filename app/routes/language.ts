import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";

import { safeReturnPath } from "~/domain/auth/safe-redirect";
import { languageCookie } from "~/domain/i18n/locale";
import { resourceRoute } from "~/services/resource-route.server";

const languageQuerySchema = z.object({
  to: z.enum(["en", "es", "qps"], { message: "to must be en or es" }),
  back: z.string().max(2000, "back must be at most 2000 characters").optional(),
});

/**
 * GET /language?to=es&back=/join: the student pages' language switch (ADR 0045). A plain link, so
 * it works without JavaScript: it keeps the choice in the browser's cookie and sends the student
 * back to the page they were on (a path on this site only).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  GET: {
    query: languageQuerySchema,
    handler: async ({ query }) => redirect(safeReturnPath(query.back, "/join"), { status: 303, headers: { "Set-Cookie": languageCookie(query.to) } }),
  },
});
