import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A page route's `headers`: a rate-limited loader or action's Retry-After reaches the document
 * too (a form posted without JavaScript), not only a fetcher's JSON.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
