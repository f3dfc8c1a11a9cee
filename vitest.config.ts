import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Three layers (CONTRIBUTING.md): pure unit tests beside the code, integration tests that run the
 * bundled Worker in Miniflare (real D1, Durable Object, queues), and Chromium end-to-end tests.
 * Integration and e2e need `npm run build` first (scripts/test.mjs does it).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
          // Pure modules: no unit test mocks a module or leaves a global changed, so one worker's files
          // share their loaded modules instead of importing the app again per file. 114 s to 45 s (36 s to 11 s of CPU).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Migrates and seeds D1 once per run; each Worker starts on its own copy (tests/support/worker.ts).
          globalSetup: ["tests/support/database-snapshots.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time even on 2 cores (the default would be one): a file spends most of its
          // time starting its Miniflare and waiting on workerd, not on the CPU. 346 s to 210 s here.
          maxWorkers: 2,
          // Each worker keeps the modules it loaded (Miniflare, the support code) from one file to the
          // next; every file still starts its own Worker and database (tests/support/worker.ts). 310 s to 206 s.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/database-snapshots.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each worker with its one Chromium (tests/support/browser.ts): a file
          // waits on its Worker and its browser much of the time. The quick-start test builds in a copy
          // of the project, so nothing another file serves changes under it.
          maxWorkers: 2,
          // Each worker keeps its loaded modules (playwright-core, the support code, the shared
          // Chromium) from one file to the next: a file then starts in a moment. 444 s to 379 s.
          isolate: false,
        },
      },
    ],
  },
});
