import { recreateDeletedField } from "~/domain/students/oneroster";
import { rosterImportQuerySchema } from "~/domain/students/student-csv";
import { importOneRoster } from "~/features/students/use-cases.server";
import { invalid } from "~/lib/errors";
import { acceptedJobResponse } from "~/services/jobs.server";
import { screenLocale } from "~/services/locale.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/roster/oneroster[?dryRun=1]: a OneRoster 1.1 or 1.2 CSV bundle (multipart, the zip in
 * the field `file`), previewed or applied in one transaction: `{applied, created, updated,
 * unchanged, removed, refused, notes, deletedOnRequest}` by kind, each refused row with its file
 * and line (docs/api.md). Students deleted on request come back only with the field
 * `recreateDeleted=true`. An import of more changes than one request should write answers 202
 * `{jobId, status, poll}`: the queue writes it in parts, and the job's result is that answer (ADR 0047).
 */
export const { loader, action } = resourceRoute({
  can: ["import", "district-roster"],
  POST: {
    query: rosterImportQuerySchema,
    handler: async ({ request, context, caller, query }) => {
      const form = await request.formData().catch(() => {
        throw invalid("refusals.oneRosterNotMultipart", "file");
      });
      const recreateDeleted = recreateDeletedField.safeParse(form.get("recreateDeleted") ?? undefined);
      if (!recreateDeleted.success) throw invalid(recreateDeleted.error.issues[0]!.message, "recreateDeleted");
      const imported = await importOneRoster(context, caller, {
        file: form.get("file"),
        apply: query.apply,
        recreateDeleted: recreateDeleted.data,
        locale: screenLocale(request),
      });
      return "queued" in imported ? acceptedJobResponse(imported.queued) : imported;
    },
  },
});
