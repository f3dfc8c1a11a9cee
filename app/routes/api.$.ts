import { translate } from "~/domain/i18n/catalog";
import { apiError } from "~/services/api.server";
import { screenLocale } from "~/services/locale.server";

/**
 * Unknown /api paths answer JSON, whatever the method, never the HTML 404 page. The one route
 * that is not a resourceRoute: it has no methods of its own to declare.
 */
const noSuchRoute = ({ request }: { request: Request }) => apiError(404, translate(screenLocale(request), "errors", "noSuchApiRoute"));
export const loader = noSuchRoute;
export const action = noSuchRoute;
