#!/usr/bin/env node
/**
 * `npm start`: build, apply local migrations, seed demo data into an empty local database,
 * then serve the app in the real Workers runtime (wrangler dev / workerd) on port 8787.
 * Works with no configuration: ENVIRONMENT=development and offline defaults.
 */
import { spawn } from "node:child_process";

const port = process.env.PORT || "8787";
// Where local D1, Durable Object and queue state lives (wrangler's default folder).
const stateDir = process.env.STATE_DIR || ".wrangler/state";
const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function run(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...quietEnv, ...extraEnv } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
    child.on("error", reject);
  });
}

const bin = (name) => `node_modules/.bin/${name}`;

try {
  console.log("› Building the app");
  // A production build whatever NODE_ENV the caller has (test runners set "test").
  await run(bin("remix"), ["build"], { NODE_ENV: "production" });
  console.log("› Applying database migrations (local D1)");
  await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], { CI: "true" });
  console.log("› Seeding demo data if the database is empty");
  await run(bin("tsx"), ["scripts/seed-local.ts"], { STATE_DIR: stateDir });
} catch (error) {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
}

console.log(`› Starting the app at http://localhost:${port} (Ctrl+C to stop)\n`);
// Its own process group, so stopping npm start also stops workerd.
const server = spawn(
  bin("wrangler"),
  ["dev", "--port", port, "--ip", "127.0.0.1", "--persist-to", stateDir, "--var", "ENVIRONMENT:development", "--show-interactive-dev-session=false"],
  { stdio: "inherit", env: quietEnv, detached: true },
);
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
