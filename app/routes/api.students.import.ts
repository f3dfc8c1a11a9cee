import { NOT_FOUND } from "~/domain/shell/not-found";
import { rosterImportBodySchema, rosterImportQuerySchema } from "~/domain/students/student-csv";
import { resourceRoute } from "~/services/resource-route.server";
import { importRosterCsv } from "~/services/roster-import.server";

/**
 * POST /api/students/import[?dryRun=1]: a simple roster CSV, previewed or applied in one
 * transaction, optionally onto a class's roster: `{applied, created, updated, unchanged, refused}`
 * with each refused line and why (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["import", "roster"],
  notFound: NOT_FOUND.cohort,
  POST: {
    query: rosterImportQuerySchema,
    body: rosterImportBodySchema,
    handler: async ({ context, query, body, caller, scope }) => {
      return importRosterCsv(context.db, body.csv, { cohortId: body.cohortId ?? null, apply: query.apply, importedBy: caller, scope });
    },
  },
});
