import { rosterImportBodySchema, rosterImportQuerySchema } from "~/domain/students/student-csv";
import { importRosterCsv } from "~/features/students/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/students/import[?dryRun=1]: a simple roster CSV, previewed or applied in one
 * transaction, optionally onto a class's roster: `{applied, created, updated, unchanged, refused}`
 * with each refused line and why (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["import", "roster"],
  POST: {
    query: rosterImportQuerySchema,
    body: rosterImportBodySchema,
    handler: ({ context, query, body, caller }) => importRosterCsv(context, caller, { csv: body.csv, cohortId: body.cohortId ?? null, apply: query.apply }),
  },
});
