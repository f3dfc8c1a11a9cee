import { NOT_FOUND } from "~/domain/shell/not-found";
import { REFUSED_ROWS_FILE, refusedRowsCsv } from "~/domain/students/roster-refusals";
import { refusedRowsOfBundleImport } from "~/features/students/roster-bundle-job.server";
import { csvAttachment } from "~/services/api.server";
import { screenLocale } from "~/services/locale.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/jobs/{id}/refused: every refused row of a finished OneRoster bundle read in parts, its
 * preview or its apply, as the CSV `?refused=csv` answers for a small bundle (ADR 0050). District
 * admins only; 404 for a job that is not such an import or has not finished.
 */
export const { loader, action } = resourceRoute({
  can: ["import", "district-roster"],
  params: ["id"],
  notFound: NOT_FOUND.job,
  GET: {
    handler: async ({ request, context, caller, params }) => {
      const refused = await refusedRowsOfBundleImport(context, caller, params.id, screenLocale(request));
      return refused && csvAttachment(REFUSED_ROWS_FILE, refusedRowsCsv(refused));
    },
  },
});
