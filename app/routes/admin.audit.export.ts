import { auditCsv, readAuditQuery } from "~/domain/audit/audit-entry";
import { exportAudit } from "~/models/audit-log.server";
import { csvAttachment } from "~/services/api.server";
import { resourceRoute } from "~/services/resource-route.server";

const EXPORT_LIMIT = 50_000;

/**
 * GET /admin/audit/export (the screen's filters): the matching audit entries as CSV, newest first,
 * up to 50,000 (X-Export-Truncated: true when the cap cut it).
 */
export const { loader, action } = resourceRoute({
  can: ["audit", "audit-log"],
  GET: {
    handler: async ({ request, context }) => {
      const { filters } = readAuditQuery(new URL(request.url).searchParams);
      const rows = await exportAudit(context.db, filters, EXPORT_LIMIT + 1);
      const response = csvAttachment(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(rows.slice(0, EXPORT_LIMIT)));
      if (rows.length > EXPORT_LIMIT) response.headers.set("X-Export-Truncated", "true");
      return response;
    },
  },
});
