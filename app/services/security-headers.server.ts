/**
 * Security headers for every response the Worker produces: pages, JSON, redirects, errors and
 * the edge's own refusals (ADR 0005 explains each directive).
 * Static assets are answered by the assets layer and get their headers (nosniff; a year's caching
 * for the fingerprinted files under /build) from public/_headers.
 */

/** A fresh, unguessable nonce per request for Remix's and React's inline scripts. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Inline scripts must carry this request's nonce; bundles come from /build on our origin.
    // No 'strict-dynamic': Remix's <link rel="modulepreload"> tags carry no nonce and would be refused.
    `script-src 'self' 'nonce-${nonce}'`,
    // Stylesheets from our origin, or inline with the nonce (student pages inline the app's own
    // stylesheet to paint sooner); style *attributes* are allowed because sanitized question HTML
    // and a few components use them, and an attribute cannot run script.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // Profile pictures come from the identity provider over https (any host: districts differ).
    "img-src 'self' https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HSTS asks browsers to use https only; sent outside development (local dev is plain http). */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export function securityHeaders(options: { nonce: string; isDevelopment: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options.nonce),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Everything the Worker answers is per-user or per-request; nothing may be stored.
    "Cache-Control": "no-store",
    ...(options.isDevelopment ? {} : { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY }),
  };
}

/** Returns the response with the headers set (on a copy, since some responses' headers are immutable). */
export function withSecurityHeaders(response: Response, options: { nonce: string; isDevelopment: boolean }): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(options))) secured.headers.set(name, value);
  return secured;
}
