/**
 * The API's shared refusals (ADR 0045): what every route answers for a missing sign-in, a role
 * that may not, a record or route that is not there, a method it does not take, a body it will not
 * read, and the failure it cannot explain. Rendered by the API's error mapping in the request's
 * language; never sent to a page as an area. Spanish says usted: these reach staff and API clients.
 */
export const en = {
  signInRequired: "Sign in required",
  notAllowed: "Your role does not allow this.",
  notFound: "Not found",
  noSuchApiRoute: "No such API route",
  methodNotAllowed: "Method not allowed. Use {methods}.",
  /** Between the methods `methodNotAllowed` names: "GET or POST". */
  or: "or",
  crossOrigin: "Cross-origin request refused: this action must be sent from the app itself.",
  bodyTooLarge: "Request body too large: the limit is {mebibytes} MiB.",
  bodyUnreadable: "The request body could not be read.",
  uploadNotMultipart: "Unsupported content type: send the file as multipart/form-data.",
  bodyNotJson: "Unsupported content type: send the body as JSON with Content-Type: application/json.",
  invalidJson: "Request body must be valid JSON",
  tooDeep: "The request body is nested too deeply (max {levels} levels).",
  invalidBody: "Invalid request body",
  invalidQuery: "Invalid query",
  /** A schema's problem with the field it is about: "limit: must be at most 200". */
  fieldProblem: "{field}: {problem}",
  somethingWentWrong: "Something went wrong. Please try again.",
};

export const es: typeof en = {
  signInRequired: "Debe iniciar sesión",
  notAllowed: "Su rol no le permite hacer esto.",
  notFound: "No se encontró",
  noSuchApiRoute: "No existe esa ruta de la API",
  methodNotAllowed: "Método no permitido. Use {methods}.",
  or: "o",
  crossOrigin: "Se rechazó la solicitud de otro origen: esta acción debe enviarse desde la propia aplicación.",
  bodyTooLarge: "El cuerpo de la solicitud es demasiado grande: el límite es de {mebibytes} MiB.",
  bodyUnreadable: "No se pudo leer el cuerpo de la solicitud.",
  uploadNotMultipart: "Tipo de contenido no admitido: envíe el archivo como multipart/form-data.",
  bodyNotJson: "Tipo de contenido no admitido: envíe el cuerpo como JSON con Content-Type: application/json.",
  invalidJson: "El cuerpo de la solicitud debe ser JSON válido",
  tooDeep: "El cuerpo de la solicitud tiene demasiados niveles de anidación (máximo {levels}).",
  invalidBody: "El cuerpo de la solicitud no es válido",
  invalidQuery: "La consulta no es válida",
  fieldProblem: "{field}: {problem}",
  somethingWentWrong: "Algo salió mal. Inténtelo de nuevo.",
};
