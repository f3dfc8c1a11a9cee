/**
 * Why a rule refused a request. Domain and model code throw these by kind; the HTTP status is
 * chosen once, at the edge (`httpStatusOf` in services/http-errors.server.ts), so the same rule
 * answers 404 to the API and "Session Not Found" to a screen without knowing either.
 * The message is written for the person who sent the request and is shown as it is, or it is a
 * catalog code ("join.invalidCode") with its `values`, which the edge renders in the request's
 * language (ADR 0045).
 */
export type FailureKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  /** Well-formed, but its content could not be used (pasted test content no format reads). */
  | "unprocessable"
  /** A service the request depends on failed (the AI provider). */
  | "upstream";

export class DomainError extends Error {
  override name = "DomainError";
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The request field the failure is about ("joinCode"), so a form can show it beside that field. */
    readonly field?: string,
    /** The values a catalog code's message names. */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** The title a screen shows over a rate limit's message: a catalog code, rendered in the request's language. */
export const RATE_LIMITED_TITLE = "actions.tooManyAttempts";

/** A refusal to try again later: the edge answers 429 with `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  override name = "RateLimitedError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
  }
}

/** The values a catalog code's message names ("refusals.unknownQuestion" and its `ids`). */
type Values = Record<string, string | number>;

export const invalid = (message: string, field?: string, values?: Values) => new DomainError("invalid", message, field, values);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, field?: string, values?: Values) => new DomainError("conflict", message, field, values);
export const unprocessable = (message: string) => new DomainError("unprocessable", message);
export const upstream = (message: string) => new DomainError("upstream", message);

/** The value, or a not_found failure when a model found nothing to read, change or delete. */
export function found<T>(value: T | null | undefined | false, message: string): T {
  if (value === null || value === undefined || value === false) throw notFound(message);
  return value;
}
