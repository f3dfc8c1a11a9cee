import { NOT_FOUND } from "~/domain/shell/not-found";
import { parseRosterCsv, rosterImportBodySchema, rosterImportQuerySchema } from "~/domain/students/student-csv";
import { invalid } from "~/lib/errors";
import { importRoster } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/students/import[?dryRun=1]: a simple roster CSV, previewed or applied in one
 * transaction, optionally onto a class's roster: `{applied, created, updated, unchanged, refused}`
 * with each refused line and why (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  notFound: NOT_FOUND.cohort,
  POST: {
    query: rosterImportQuerySchema,
    body: rosterImportBodySchema,
    handler: async ({ context, query, body }) => {
      const parsed = parseRosterCsv(body.csv);
      if (!parsed.ok) throw invalid(parsed.message, "csv");
      const { apply } = query;
      const outcome = await importRoster(context.db, parsed.rows, { cohortId: body.cohortId ?? null, apply });
      if (!outcome) return null;
      const refused = [...parsed.refused, ...outcome.refused].sort((a, b) => a.line - b.line);
      return { applied: apply, ...outcome, refused };
    },
  },
});
