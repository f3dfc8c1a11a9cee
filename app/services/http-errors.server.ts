import { type Catalog, renderText, translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import type { NotFoundPage } from "~/domain/shell/not-found";
import { DomainError, type FailureKind, RateLimitedError } from "~/lib/errors";

/** The one place a failure's kind becomes an HTTP status. */
const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unprocessable: 422,
  upstream: 502,
};

function httpStatusOf(kind: FailureKind): number {
  return STATUS_OF[kind];
}

const GENERIC_FAILURE = "errors.somethingWentWrong";

type Failure = { status: number; message: string; headers: Record<string, string> };

/** The headers a refusal carries: a 429 says when to come back. */
export function failureHeaders(error: unknown): Record<string, string> {
  return error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

/** A refusal's values as its reader sees them: a value that is itself a code (a schema's message) rendered too. */
function valuesIn(locale: AnyLocale, values: DomainError["values"]): DomainError["values"] {
  if (!values) return values;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? renderText(locale, value) : value]));
}

/**
 * What to answer for an error: a DomainError keeps its message and gets its kind's status (and a
 * rate limit its Retry-After); anything else is a bug, logged with `where`, and answered with a
 * generic 500 whose text never includes the error's own (a database message could leak schema or data).
 */
export function describeFailure(error: unknown, where: string, fallback = GENERIC_FAILURE, locale: AnyLocale = "en"): Failure {
  if (error instanceof DomainError) {
    return { status: httpStatusOf(error.kind), message: renderText(locale, error.message, valuesIn(locale, error.values)), headers: failureHeaders(error) };
  }
  console.error(`${where} failed`, error);
  return { status: 500, message: renderText(locale, fallback), headers: {} };
}

/**
 * The Response a screen's loader throws for a missing record: the route's error boundary shows
 * the shared not-found message with its way back.
 */
export function notFoundPage(message: string, back: NotFoundPage["back"], detail?: string): Response {
  // A staff screen's not-found page stays English (ADR 0045); a student page's comes written (studentNotFoundPage).
  return Response.json({ notFound: renderText("en", message), back, ...(detail ? { detail } : {}) } satisfies NotFoundPage, { status: 404 });
}

/**
 * A student page's not-found page (the test and results pages), every word in the request's
 * language (ADR 0045): what is missing, the line under it and the way back.
 */
export function studentNotFoundPage(
  locale: AnyLocale,
  what: "session" | "test",
  back: { to: string; label: "returnHome" | "goToStudentEntry" },
  detail?: { key: "resultsElsewhere"; values: Record<string, number> },
): Response {
  const say = (key: keyof Catalog["notFound"], values?: Record<string, number>) => translate(locale, "notFound", key, values);
  return notFoundPage(say(what), { to: back.to, label: say(back.label) }, detail ? say(detail.key, detail.values) : say("gone"));
}

/**
 * A use-case's not_found refusal as a screen loader's not-found page with its way back (ADR 0038);
 * any other failure is thrown on as it is.
 */
export async function orNotFoundPage<T>(work: Promise<T>, back: NotFoundPage["back"]): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw notFoundPage(error.message, back);
    throw error;
  }
}
