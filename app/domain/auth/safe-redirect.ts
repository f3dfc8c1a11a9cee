/**
 * Where to send someone after sign-in. Only a path on this site is allowed ("/admin/tests"),
 * never another origin ("//evil.example", "https://...", "/\t/evil.example", which browsers
 * read as "//evil.example") nor a sign-in route that would loop.
 */
const PROBE_ORIGIN = "https://same-site.invalid";

export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines and treat "\" as "/", so refuse them outright.
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (url.pathname.startsWith("/api/") || url.pathname.replace(/\/+$/, "") === "/login") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
