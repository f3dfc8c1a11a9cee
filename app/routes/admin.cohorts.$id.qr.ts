import QRCode from "qrcode";

import { joinUrl } from "~/domain/classes/class";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { findClass } from "~/models/classes.server";
import { resourceRoute } from "~/services/resource-route.server";

/** The QR image: width 400, margin 2. */
const QR_OPTIONS = { type: "svg", width: 400, margin: 2 } as const;

/**
 * GET /admin/cohorts/{id}/qr: the class's join QR code as an SVG image. It encodes the join URL
 * on the product's own origin (APP_ORIGIN, else this request's), drawn here so that the QR
 * library stays out of the browser bundle.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "class"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: async ({ request, context, params, scope }) => {
      const schoolClass = await findClass(context.db, params.id, scope);
      if (!schoolClass) return null;
      const origin = context.config.appOrigin ?? new URL(request.url).origin;
      const svg = await QRCode.toString(joinUrl(origin, schoolClass.joinCode), QR_OPTIONS);
      return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });
    },
  },
});
