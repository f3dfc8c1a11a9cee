#!/usr/bin/env node
/**
 * The empty Worker of `npm run load`, served the way `npm start` serves the app: `npm start`'s
 * front door (scripts/local-front.mjs) on PORT relaying to `wrangler dev` on a loopback port, so
 * the two sides of the ratio pay for the same relay and the same runtime. WORK_DIR holds the
 * throwaway wrangler.toml and state; MAIN is the one-file Worker (scripts/load/empty-worker.js).
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

import { startFront } from "../local-front.mjs";

const port = process.env.PORT;
const dir = process.env.WORK_DIR;
const main = resolve(process.env.MAIN || "scripts/load/empty-worker.js");
if (!port || !dir) {
  console.error("usage: PORT=8791 WORK_DIR=/tmp/dir node scripts/load/serve-empty.mjs");
  process.exit(2);
}

writeFileSync(join(dir, "wrangler.toml"), `name = "load-empty-worker"\nmain = ${JSON.stringify(main)}\ncompatibility_date = "2025-09-01"\nno_bundle = true\n`);

const upstreamPort = await new Promise((done, failed) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => done(String(free)));
  });
  probe.on("error", failed);
});
startFront({ host: "127.0.0.1", port, upstreamPort });

const wrangler = resolve("node_modules/.bin/wrangler");
const child = spawn(
  wrangler,
  ["dev", "--port", upstreamPort, "--ip", "127.0.0.1", "--persist-to", join(dir, "state"), "--show-interactive-dev-session=false"],
  {
    cwd: dir,
    stdio: "inherit",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    detached: true,
  },
);
child.on("exit", (code) => process.exit(code ?? 0));
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
