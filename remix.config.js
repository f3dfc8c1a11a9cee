/**
 * Remix v2 classic compiler, targeting Cloudflare Workers.
 * The server build is an ES module with bare imports left in place: wrangler bundles it
 * together with the Worker entry in workers/app.ts (bundling every server dependency here
 * breaks packages whose Node entry points do not run in workerd).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverBuildPath: "build/server/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: false,
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
