/**
 * Where to send someone after sign-in. Only a path on this site is allowed ("/admin/tests"),
 * never another origin nor a sign-in route that would loop.
 *
 * Checking the raw text is not enough: a browser resolves the Location header before it
 * follows it, so "/.//evil.example", "/%2e//evil.example" or "/a/..//evil.example" all become
 * "//evil.example", which it reads as another host. So we first resolve the value the way a
 * browser will (WHATWG URL parsing: control characters dropped, "\" read as "/", dot segments
 * including "%2e" removed), then check what it became.
 */
const PROBE_ORIGIN = "https://same-site.invalid";

/** Paths that would loop back into sign-in (Remix matches routes case-insensitively). */
function isSignInOrApiPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return path === "/login" || path === "/api" || path.startsWith("/api/");
}

/** Two leading slashes (or backslashes, in any mix) make a browser read a new host. */
const STARTS_LIKE_ANOTHER_HOST = /^[/\\]{2}/;

/** What a browser does to a URL before parsing it: trims C0 controls and spaces, drops tabs and newlines, and reads "\" as "/". */
function asBrowserSees(value: string): string {
  return value
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "")
    .replace(/[\t\n\r]/g, "")
    .replace(/\\/g, "/");
}

function resolveOnProbe(value: string): URL | null {
  try {
    return new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
}

/** Decodes once, so "%2f%2f" or "%5c" cannot hide a second slash from a proxy or server that decodes. */
function decodedOnce(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  // Any control character or backslash in a return path is a trick, not a link someone followed.
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return fallback;
  const seen = asBrowserSees(value);
  if (!seen.startsWith("/") || STARTS_LIKE_ANOTHER_HOST.test(seen)) return fallback;

  const url = resolveOnProbe(seen);
  if (!url || url.origin !== PROBE_ORIGIN) return fallback;
  // After dot segments are resolved the path itself may start with "//" ("/.//evil.example").
  if (STARTS_LIKE_ANOTHER_HOST.test(url.pathname)) return fallback;
  if (STARTS_LIKE_ANOTHER_HOST.test(asBrowserSees(decodedOnce(url.pathname)))) return fallback;
  if (isSignInOrApiPath(url.pathname) || isSignInOrApiPath(decodedOnce(url.pathname))) return fallback;

  const path = `${url.pathname}${url.search}${url.hash}`;
  // The answer must itself resolve, in a browser, to this site: the final guard against a quirk missed above.
  const followed = resolveOnProbe(path);
  if (!followed || followed.origin !== PROBE_ORIGIN || followed.pathname !== url.pathname) return fallback;
  return path;
}
