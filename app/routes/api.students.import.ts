import { rosterImportBodySchema, rosterImportQuerySchema } from "~/domain/students/student-csv";
import { importRosterCsv } from "~/features/students/use-cases.server";
import { acceptedJobResponse } from "~/services/jobs.server";
import { screenLocale } from "~/services/locale.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/students/import[?dryRun=1]: a simple roster CSV, previewed or applied in one
 * transaction, optionally onto a class's roster: `{applied, created, updated, unchanged, refused}`
 * with each refused line and why, in the request's language (docs/api.md). An import of more statements than one request
 * should write answers 202 `{jobId, status, poll}`: the queue writes it in parts, and the job's
 * result is that answer (ADR 0047).
 */
export const { loader, action } = resourceRoute({
  can: ["import", "roster"],
  POST: {
    query: rosterImportQuerySchema,
    body: rosterImportBodySchema,
    handler: async ({ request, context, query, body, caller }) => {
      const input = { csv: body.csv, cohortId: body.cohortId ?? null, apply: query.apply, locale: screenLocale(request) };
      const imported = await importRosterCsv(context, caller, input);
      return "queued" in imported ? acceptedJobResponse(imported.queued) : imported;
    },
  },
});
