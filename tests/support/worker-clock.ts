/**
 * A clock a test can move forward: workerd has no fake timers, so, as durable-object-alarms.ts
 * wraps the bundle for alarms, the test harness wraps it once more with an entry module whose
 * `Date.now` runs ahead by an offset the test sets. The Worker and its Durable Objects share one
 * isolate in Miniflare, so both read the moved clock. Production code carries nothing of this:
 * the wrapper exists only in the Miniflare instance a test starts with `controllableClock`.
 */
export const CLOCK_PATH = "/__harness/clock";

/** The entry module that re-exports `bundleModule` with a movable `Date.now`. */
export function clockHarnessEntry(bundleModule: string): string {
  return [
    `import * as bundle from "./${bundleModule}";`,
    `export * from "./${bundleModule}";`,
    "const realNow = Date.now.bind(Date);",
    "let offsetMs = 0;",
    "Date.now = () => realNow() + offsetMs;",
    "export default {",
    "  ...bundle.default,",
    "  fetch(request, env, ctx) {",
    "    const url = new URL(request.url);",
    `    if (url.pathname !== "${CLOCK_PATH}") return bundle.default.fetch(request, env, ctx);`,
    '    offsetMs = Number(url.searchParams.get("offsetMs")) || 0;',
    "    return new Response(String(offsetMs));",
    "  },",
    "};",
  ].join("\n");
}
