import { apiError } from "~/services/api.server";

/**
 * Unknown /api paths answer JSON, whatever the method, never the HTML 404 page. The one route
 * that is not a resourceRoute: it has no methods of its own to declare.
 */
const noSuchRoute = () => apiError(404, "No such API route");
export const loader = noSuchRoute;
export const action = noSuchRoute;
