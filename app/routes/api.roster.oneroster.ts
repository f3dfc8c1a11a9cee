import { recreateDeletedField } from "~/domain/students/oneroster";
import { oneRosterImportQuerySchema, REFUSED_ROWS_FILE, refusedRowsCsv } from "~/domain/students/roster-refusals";
import { importOneRoster, previewOneRosterRefusals } from "~/features/students/use-cases.server";
import { invalid } from "~/lib/errors";
import { csvAttachment } from "~/services/api.server";
import { acceptedJobResponse } from "~/services/jobs.server";
import { screenLocale } from "~/services/locale.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/roster/oneroster[?dryRun=1]: a OneRoster 1.1 or 1.2 CSV bundle (multipart, the zip in
 * the field `file`), previewed or applied in one transaction: `{applied, created, updated,
 * unchanged, removed, refused, refusedTotal, notes, deletedOnRequest}` by kind, the first 1,000
 * refused rows with their file and line (docs/api.md); `?refused=csv` previews and answers every
 * refused row as CSV. Students deleted on request come back only with the field
 * `recreateDeleted=true`. An import of more changes than one request should write answers 202
 * `{jobId, status, poll}`: the queue writes it in parts, and the job's result is that answer (ADR 0047).
 */
export const { loader, action } = resourceRoute({
  can: ["import", "district-roster"],
  POST: {
    query: oneRosterImportQuerySchema,
    handler: async ({ request, context, caller, query }) => {
      const form = await request.formData().catch(() => {
        throw invalid("refusals.oneRosterNotMultipart", "file");
      });
      const recreateDeleted = recreateDeletedField.safeParse(form.get("recreateDeleted") ?? undefined);
      if (!recreateDeleted.success) throw invalid(recreateDeleted.error.issues[0]!.message, "recreateDeleted");
      const file = form.get("file");
      const locale = screenLocale(request);
      if (query.refusedCsv)
        return csvAttachment(
          REFUSED_ROWS_FILE,
          refusedRowsCsv(await previewOneRosterRefusals(context, caller, { file, recreateDeleted: recreateDeleted.data, locale })),
        );
      const imported = await importOneRoster(context, caller, { file, apply: query.apply, recreateDeleted: recreateDeleted.data, locale });
      return "queued" in imported ? acceptedJobResponse(imported.queued) : imported;
    },
  },
});
