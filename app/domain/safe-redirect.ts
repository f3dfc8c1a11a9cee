/**
 * Where to send someone after sign-in. Only same-site paths are allowed ("/admin/tests"),
 * never another origin ("//evil.example", "https://...") or a sign-in route that would loop.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith("/api/") || value === "/login" || value.startsWith("/login?")) return fallback;
  return value;
}
