import { apiError } from "~/services/api.server";

/** Unknown /api paths answer JSON, whatever the method, never the HTML 404 page. */
const notFound = () => apiError(404, "No such API route");
export const loader = notFound;
export const action = notFound;
