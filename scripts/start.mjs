#!/usr/bin/env node
/**
 * `npm start`: build, apply local migrations, seed demo data into an empty local database,
 * then serve the app in the real Workers runtime (wrangler dev / workerd) on port 8787
 * (PORT), on this machine only unless HOST says otherwise.
 * Works with no configuration: ENVIRONMENT=development and offline defaults. It serves
 * wrangler.local.toml, wrangler.toml without the Workers AI binding, so it needs no Cloudflare
 * login and grades offline (scripts/local-wrangler-config.mjs).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { networkInterfaces } from "node:os";

import { startFront } from "./local-front.mjs";
import { writeLocalWranglerConfig } from "./local-wrangler-config.mjs";

const port = process.env.PORT || "8787";
// 127.0.0.1 keeps the local server to this machine; HOST=0.0.0.0 lets a phone on the same
// network open it (and read a class's QR code, which holds the address the teacher's page uses).
const host = process.env.HOST || "127.0.0.1";
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

const localConfig = writeLocalWranglerConfig();

try {
  console.log("› Building the app");
  // A production build whatever NODE_ENV the caller has (test runners set "test").
  await run(bin("remix"), ["build"], { NODE_ENV: "production" });
  console.log("› Applying database migrations (local D1)");
  await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "--config", localConfig], { CI: "true" });
  console.log("› Seeding demo data if the database is empty");
  await run(bin("tsx"), ["scripts/seed-local.ts"], { STATE_DIR: stateDir });
} catch (error) {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
}

/** The addresses another device on the network can use, when the server listens beyond loopback. */
function networkAddresses() {
  if (host !== "0.0.0.0") return host === "127.0.0.1" || host === "localhost" ? [] : [host];
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry.address);
}

console.log(`› Starting the app at http://localhost:${port} (Ctrl+C to stop)`);
for (const address of networkAddresses()) {
  console.log(`  On your network: http://${address}:${port} (open it there so class QR codes hold this address)`);
}
console.log("  The first page takes a few seconds while the Workers runtime warms up.\n");
// wrangler dev exits on one failed request to "/" between its proxy and the Worker (a burst of
// new connections can cause one): cloudflare/workers-sdk#4562, #15317. The state is on disk,
// so start it again when it exits with an error after having run a while (not at startup).
const RESTART_AFTER_MS = 15_000;
/** A port the system has free, for wrangler dev behind the front door (local-front.mjs). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(String(free)));
    });
    probe.on("error", reject);
  });
// wrangler dev listens on loopback only; the public port is the front door's, which sets
// CF-Connecting-IP from the socket so a client cannot choose its own throttle address.
const upstreamPort = await freePort();
startFront({ host, port, upstreamPort });
let server;
let stopping = false;
function serve() {
  const startedAt = Date.now();
  // Its own process group, so stopping npm start also stops workerd.
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--config",
      localConfig,
      "--port",
      upstreamPort,
      "--ip",
      "127.0.0.1",
      "--persist-to",
      stateDir,
      "--var",
      "ENVIRONMENT:development",
      "--show-interactive-dev-session=false",
      // `npm run load -- --profile` reads the Worker's CPU profile through wrangler's inspector.
      ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
    ],
    { stdio: "inherit", env: quietEnv, detached: true },
  );
  server = child;
  child.on("exit", (code) => {
    // Stopped, killed by a signal, or failing at startup: exit as before.
    if (stopping || !code || Date.now() - startedAt < RESTART_AFTER_MS) process.exit(code ?? 0);
    // Its workerd children may outlive it; the port must be free again.
    killGroup(child.pid, "SIGKILL");
    console.error(`\n› wrangler dev exited with code ${code}; restarting it (a known wrangler dev bug, see scripts/start.mjs)\n`);
    setTimeout(() => (stopping ? process.exit(0) : serve()), 1_000);
  });
}
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
const stop = () => {
  stopping = true;
  killGroup(server.pid, "SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
serve();
