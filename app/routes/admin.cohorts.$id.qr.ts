import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import QRCode from "qrcode";

import { joinUrl } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { findCohort } from "~/models/cohorts.server";
import { requireAdmin } from "~/services/auth.server";

/** SPEC.md section 9: QR image width 400, margin 2. */
const QR_OPTIONS = { type: "svg", width: 400, margin: 2 } as const;

/**
 * GET /admin/cohorts/{id}/qr: the class's join QR code as an SVG image. It encodes the join URL
 * on the product's own origin (APP_ORIGIN, else this request's), drawn here so that the QR
 * library stays out of the browser bundle.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const cohort = await findCohort(context.db, params.id ?? "");
  if (!cohort) return new Response(NOT_FOUND.cohort, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const origin = context.config.appOrigin ?? new URL(request.url).origin;
  const svg = await QRCode.toString(joinUrl(origin, cohort.joinCode), QR_OPTIONS);
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });
}
