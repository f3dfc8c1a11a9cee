import { type AppLoadContext, json, type LoaderFunctionArgs, type TypedResponse } from "@remix-run/cloudflare";
import type { z } from "zod";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { Action, Scope, Target } from "~/domain/auth/policy";
import { renderText } from "~/domain/i18n/catalog";

import { apiError, invalidInput, methodNotAllowed, parseJsonBody } from "./api.server";
import { requireAllowed, requireUser } from "./auth.server";
import { describeFailure } from "./http-errors.server";
import { screenLocale } from "./locale.server";

/**
 * The one shape of a resource route (every /api route and the screens' JSON/CSV/SVG routes),
 * ADR 0022. In order, for every request:
 *   1. the method: one the route does not declare gets 405 with `Allow` (before anything is read,
 *      so a wrong method costs no session lookup and answers the same to everyone);
 *   2. who may call, from the policy table (`domain/auth/policy.ts`, ADR 0031): `can` names the
 *      route's [action, target] (a method may name its own), answered 401 signed out and 403 when
 *      the table says no; the handler gets the caller and the `scope` it passes to the models.
 *      "signed-in" needs only a sign-in; "anyone" leaves the rule to the handler (a student's pass);
 *   3. the query string and the JSON body, each through its zod schema: a problem is a 400
 *      naming the field, as `parseJsonBody` words it;
 *   4. the handler. It returns a Response, a value (sent as JSON, 200), or null/undefined for a
 *      record that does not exist, which becomes 404 `{ message: notFound }`. Models return
 *      null for a missing record; the route never throws a Response for one.
 * Failures thrown as DomainError get their kind's status; anything else a generic 500.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** An [action, target] pair of the policy table. */
type Permission = readonly [Action, Target];
type Who = Permission | "signed-in" | "anyone";
type CallerOf<W extends Who> = W extends "anyone" ? CurrentUser | null : CurrentUser;
type ScopeOf<W extends Who> = W extends Permission ? Scope : null;

type HandlerArgs<W extends Who, P extends string, Query, Body> = {
  request: Request;
  context: AppLoadContext;
  /** The path parameters the route names in `params`, each a non-empty string. */
  params: Record<P, string>;
  caller: CallerOf<W>;
  /** What the caller may reach, passed to every model call about classes, students and sessions. */
  scope: ScopeOf<W>;
  query: Query;
  body: Body;
};

type MethodSpec<
  W extends Who,
  P extends string,
  QuerySchema extends z.ZodTypeAny | undefined,
  BodySchema extends z.ZodTypeAny | undefined,
  Result = unknown,
> = {
  /** This method's own [action, target], when it differs from the route's (e.g. DELETE of a student). */
  can?: W extends Permission ? Permission : never;
  query?: QuerySchema;
  body?: BodySchema;
  handler: (
    args: HandlerArgs<
      W,
      P,
      QuerySchema extends z.ZodTypeAny ? z.infer<QuerySchema> : undefined,
      BodySchema extends z.ZodTypeAny ? z.infer<BodySchema> : undefined
    >,
  ) => Promise<Result>;
};

type AnySchema = z.ZodTypeAny | undefined;

/** Each method's query and body schemas are their own type parameters, so its handler sees them parsed. */
type RouteSpec<
  W extends Who,
  P extends string,
  GR,
  GQ extends AnySchema,
  GB extends AnySchema,
  OQ extends AnySchema,
  OB extends AnySchema,
  UQ extends AnySchema,
  UB extends AnySchema,
  AQ extends AnySchema,
  AB extends AnySchema,
  DQ extends AnySchema,
  DB extends AnySchema,
> = {
  can: W;
  /** The path parameters the handlers read (`["id"]` for `api.tests.$id.ts`). */
  params?: readonly P[];
  /** The message of the 404 a handler's null becomes, from NOT_FOUND (a catalog code, rendered in the request's language). */
  notFound?: string;
  GET?: MethodSpec<W, P, GQ, GB, GR>;
  POST?: MethodSpec<W, P, OQ, OB>;
  PUT?: MethodSpec<W, P, UQ, UB>;
  PATCH?: MethodSpec<W, P, AQ, AB>;
  DELETE?: MethodSpec<W, P, DQ, DB>;
};

/** What a GET handler's value is sent as: not a Response it built, not the null that becomes a 404. */
type JsonOf<Result> = Exclude<Result, Response | null | undefined>;

/**
 * Wraps the route: a thrown Response (the role check) is answered as it is,
 * a DomainError with its kind's status and message, anything else is logged and answered with
 * a generic 500 that never carries the error's own text.
 */
function answerFailures(handler: (args: LoaderFunctionArgs) => Promise<Response>) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const where = `${args.request.method} ${new URL(args.request.url).pathname}`;
      const { status, message, headers } = describeFailure(error, where, undefined, screenLocale(args.request));
      return apiError(status, message, headers);
    }
  };
}

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function parseQuery(request: Request, schema: z.ZodTypeAny): unknown {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return parsed.data;
  throw invalidInput(parsed.error, "errors.invalidQuery");
}

async function authorize(who: Who, request: Request, context: AppLoadContext): Promise<{ caller: CurrentUser | null; scope: Scope | null }> {
  if (who === "anyone") return { caller: null, scope: null };
  if (who === "signed-in") return { caller: await requireUser(request, context), scope: null };
  const { user, scope } = await requireAllowed(request, context, who[0], who[1]);
  return { caller: user, scope };
}

/** Builds a route module's `loader` and `action` from its methods: `export const { loader, action } = resourceRoute({...})`. */
export function resourceRoute<
  W extends Who,
  P extends string = never,
  GR = unknown,
  GQ extends AnySchema = undefined,
  GB extends AnySchema = undefined,
  OQ extends AnySchema = undefined,
  OB extends AnySchema = undefined,
  UQ extends AnySchema = undefined,
  UB extends AnySchema = undefined,
  AQ extends AnySchema = undefined,
  AB extends AnySchema = undefined,
  DQ extends AnySchema = undefined,
  DB extends AnySchema = undefined,
>(spec: RouteSpec<W, P, GR, GQ, GB, OQ, OB, UQ, UB, AQ, AB, DQ, DB>) {
  const allowed = METHODS.filter((name) => spec[name]);
  const notFoundCode = spec.notFound ?? "errors.notFound";

  const handle = answerFailures(async ({ request, context, params }: LoaderFunctionArgs) => {
    const name = request.method.toUpperCase() === "HEAD" ? "GET" : (request.method.toUpperCase() as Method);
    const methodSpec = spec[name] as MethodSpec<W, P, AnySchema, AnySchema> | undefined;
    const locale = screenLocale(request);
    if (!methodSpec) return methodNotAllowed(allowed, locale);
    const notFoundMessage = renderText(locale, notFoundCode);
    const named: Record<string, string> = {};
    for (const name of spec.params ?? []) {
      const value = params[name];
      // Remix only matches the route with every segment present; an empty one names no record.
      if (!value) return apiError(404, notFoundMessage);
      named[name] = value;
    }
    const { caller, scope } = await authorize(methodSpec.can ?? spec.can, request, context);
    const query = methodSpec.query ? parseQuery(request, methodSpec.query) : undefined;
    const body = methodSpec.body ? await parseJsonBody(request, methodSpec.body) : undefined;
    const result = await methodSpec.handler({ request, context, params: named, caller, scope, query, body } as never);
    if (result instanceof Response) return result;
    if (result === null || result === undefined) return apiError(404, notFoundMessage);
    return json(result);
  });

  // The loader is typed with what GET answers, so a screen's `useFetcher<typeof loader>()` reads it.
  return { loader: handle as (args: LoaderFunctionArgs) => Promise<TypedResponse<JsonOf<GR>>>, action: handle };
}

/** A 201 with the created record. */
export function created(value: unknown, headers?: HeadersInit): Response {
  return json(value, { status: 201, headers });
}
