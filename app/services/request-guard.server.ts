import { type Catalog, translate } from "~/domain/i18n/catalog";
import { joinBytes } from "~/lib/bytes";

import { screenLocale } from "./locale.server";

/**
 * The checks every request passes before Remix sees it (ADR 0005):
 * OPTIONS answered at the edge, GET/HEAD bodies dropped, state-changing requests only from the
 * app's own origin, JSON APIs only with a JSON content type, and a cap on body size.
 * Pure apart from reading the body; workers/app.ts runs it first and headers are added after.
 */

/** The largest request body the app accepts. Question HTML and imports are far below this. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The routes that take a file upload (a roster bundle): sent as multipart form data, up to
 * MAX_UPLOAD_BYTES. Every other route keeps the 1 MiB cap, and every other /api route JSON.
 */
const UPLOAD_PATHS = new Set(["/api/roster/oneroster", "/admin/students"]);
// A district of 100,000 students zips to 6 MB made up (`npm run bench:import`) and, with real names
// and more columns, perhaps two or three times that (an estimate): such a bundle is kept in R2 and
// read by the queue in parts (ADR 0050), never held whole as text.
export const MAX_UPLOAD_BYTES = 40 * 1024 * 1024;

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

type GuardOutcome = { request: Request } | { response: Response };

/**
 * Runs every check in order; answers the first failure itself, or passes on a request Remix can
 * handle (rebuilt when its body had to be dropped or was read to measure it).
 */
export async function guardRequest(request: Request, appOrigin: string | null): Promise<GuardOutcome> {
  const method = request.method.toUpperCase();
  // Remix would run the route's loader for OPTIONS; nothing here needs CORS, so a plain answer
  // (with no Access-Control-Allow-* headers, which also fails any cross-origin preflight).
  if (method === "OPTIONS") return { response: new Response(null, { status: 204, headers: { Allow: ALLOWED_METHODS } }) };
  if (method === "GET" || method === "HEAD") return { request: withoutBody(request) };

  const pathname = new URL(request.url).pathname;
  const isApi = isApiPath(pathname);
  if (isCrossOriginRequest(request, appOrigin)) {
    return { response: refusal(request, isApi, 403, "crossOrigin") };
  }
  const isUpload = UPLOAD_PATHS.has(pathname);
  const limit = isUpload ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
  const declaredLength = Number(request.headers.get("Content-Length") ?? "0");
  if (declaredLength > limit) {
    await discardBody(request.body?.getReader() ?? null);
    return { response: tooLarge(request, isApi, limit) };
  }
  const body = await readBodyWithin(request, limit);
  if (body === "too-large") return { response: tooLarge(request, isApi, limit) };
  if (body === "unreadable") return { response: refusal(request, isApi, 400, "bodyUnreadable") };
  if (isApi && isUpload && !isMultipart(request.headers.get("Content-Type"))) {
    return { response: refusal(request, true, 415, "uploadNotMultipart") };
  }
  if (isApi && !isUpload && body.byteLength > 0 && !isJsonContentType(request.headers.get("Content-Type"))) {
    return { response: refusal(request, true, 415, "bodyNotJson") };
  }
  return { request: rebuild(request, body.byteLength > 0 ? body : null) };
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * True when a browser tells us the request came from another origin. Browsers send
 * Sec-Fetch-Site on every request (and Origin on every non-GET one), so a forged form on a
 * sibling subdomain, another port or another site is caught. A request with neither header
 * comes from a non-browser client (curl, a district's integration, the tests); it carries no
 * ambient cookie a third party could ride on, so it passes.
 */
export function isCrossOriginRequest(request: Request, appOrigin: string | null): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite.toLowerCase() !== "same-origin") return true;
  return hasForeignOrigin(request, appOrigin);
}

/**
 * True when another site started this request (a link, an image, a form on it). Unlike
 * isCrossOriginRequest, "none" (an address typed or bookmarked by the user) counts as the user's own.
 */
export function isStartedByAnotherSite(request: Request, appOrigin: string | null): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site")?.toLowerCase();
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  return hasForeignOrigin(request, appOrigin);
}

/** An Origin header naming anything but the app (`null`, from sandboxed frames, included). */
function hasForeignOrigin(request: Request, appOrigin: string | null): boolean {
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== (appOrigin ?? new URL(request.url).origin);
}

/** application/json, application/<anything>+json, with or without parameters such as charset. */
export function isJsonContentType(contentType: string | null): boolean {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

function isMultipart(contentType: string | null): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/**
 * workerd refuses to copy a GET or HEAD request that carries a body, which made Remix answer 500
 * to any such request. A body means nothing on these methods, so the request is rebuilt without it.
 */
function withoutBody(request: Request): Request {
  return request.body === null ? request : rebuild(request, null);
}

/** A copy of the request with `body` (already read, or dropped) in place of its stream. */
function rebuild(request: Request, body: Uint8Array<ArrayBuffer> | null): Request {
  const headers = new Headers(request.headers);
  headers.delete("Transfer-Encoding");
  if (body === null) headers.delete("Content-Length");
  else headers.set("Content-Length", String(body.byteLength));
  // A dropped GET body takes its type with it; a POST keeps its type even when empty (an empty
  // form still parses as an empty form).
  if (body === null && (request.method === "GET" || request.method === "HEAD")) headers.delete("Content-Type");
  return new Request(request.url, { method: request.method, headers, body, redirect: request.redirect, signal: request.signal });
}

/** Reads the body, counting bytes as they stream in, and stops as soon as it passes `limit`. */
async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too-large" | "unreadable"> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    // A client that drops the connection mid-body is answered (if anyone listens), not a 500.
    const chunk = await reader.read().catch(() => null);
    if (chunk === null) return "unreadable";
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await discardBody(reader);
      return "too-large";
    }
    chunks.push(value);
  }
  return joinBytes(chunks, total);
}

/**
 * How much of a refused body is read and thrown away before the 413 is sent. A client (a browser
 * uploading a file, undici) that is still writing when the server answers and closes sees a
 * connection reset instead of the 413 and its message; reading the rest first, as web servers'
 * "lingering close" does, lets the answer arrive. Past this many bytes the connection is dropped.
 */
const MAX_DISCARDED_BYTES = 32 * 1024 * 1024;

/** Reads and drops the rest of a refused body, up to MAX_DISCARDED_BYTES, without keeping it. */
async function discardBody(reader: ReadableStreamDefaultReader<Uint8Array> | null): Promise<void> {
  if (reader === null) return;
  let discarded = 0;
  while (discarded <= MAX_DISCARDED_BYTES) {
    const chunk = await reader.read().catch(() => null);
    if (chunk === null || chunk.done) return;
    discarded += chunk.value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
}

function tooLarge(request: Request, isApi: boolean, limit: number): Response {
  return refusal(request, isApi, 413, "bodyTooLarge", { mebibytes: limit / 1024 / 1024 });
}

/**
 * JSON `{ message }` for the API (its one error shape), in the request's language; a small HTML
 * page for screens, in English as the page around it (ADR 0045).
 */
function refusal(request: Request, isApi: boolean, status: number, key: keyof Catalog["errors"], values?: Record<string, number>): Response {
  const message = translate(isApi ? screenLocale(request) : "en", "errors", key, values);
  if (isApi) {
    return new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
  }
  return new Response(plainPage("Request refused", message), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * A page with no scripts or styles, for answers given outside the app's screens. `trustedHtml`
 * is markup written in this codebase (never user input), placed before the link home.
 */
export function plainPage(title: string, message: string, trustedHtml = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${trustedHtml}<p><a href="/">Go to Home</a></p></main></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
