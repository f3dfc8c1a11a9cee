#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, stopping at the first failure.
 *   1. at once: build → typecheck → bundle, ESLint, the other lint checks (Prettier, unused exports,
 *      references), unit; none of the last three needs the build, so they run beside it (each one's
 *      output is printed whole when it ends, so the log stays readable);
 *   2. integration (Miniflare, on the bundle);
 *   3. end-to-end (Chromium), two files at a time (vitest.config.ts).
 * Ends with the time of each step and a total of tests passed and failed across the vitest layers.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const buildEnv = { ...env, NODE_ENV: "production" };
const bin = (name) => `node_modules/.bin/${name}`;
// A report left by an earlier run must not count in this one's totals.
rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

const vitest = (project, extra = []) => ({
  command: bin("vitest"),
  args: ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=test-results/${project}.json`, ...extra],
});

/** Each stage's steps run at the same time; a step with `then` runs those after it, in order. */
const stages = [
  [
    {
      // The typecheck reads the build's server module (workers/app.ts imports it), so it follows the build.
      name: "build",
      command: bin("remix"),
      args: ["build"],
      env: buildEnv,
      then: [
        { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
        { name: "bundle", command: bin("wrangler"), args: ["deploy", "--dry-run", "--outdir", "dist"], env: buildEnv },
      ],
    },
    // `npm run lint` in two halves that need nothing of each other: ESLint is most of its time.
    { name: "eslint", command: "npm", args: ["run", "--silent", "lint:eslint"] },
    { name: "lint checks", command: "npm", args: ["run", "--silent", "lint:checks"] },
    { name: "unit", ...vitest("unit") },
  ],
  [{ name: "integration", ...vitest("integration") }],
  [{ name: "e2e", ...vitest("e2e"), needsChromium: true }],
];

const timings = [];

/** Runs one step; with `buffered`, its output is held and printed whole when it ends. */
function run(step, buffered) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const header = `\n━━ ${step.name}: ${step.command} ${step.args.join(" ")}`;
    if (!buffered) console.log(header);
    const child = spawn(step.command, step.args, { env: step.env ?? env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = (Date.now() - startedAt) / 1000;
      timings.push([step.name, seconds]);
      if (buffered) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
        console.log(`   (${step.name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s)`);
      }
      resolve(code === 0);
    });
  });
}

async function runChain(step, buffered) {
  if (!(await run(step, buffered))) return step.name;
  for (const next of step.then ?? []) if (!(await run(next, buffered))) return next.name;
  return null;
}

const startedAt = Date.now();
let failedStep = null;
for (const stage of stages) {
  const missingBrowser = stage.find((step) => step.needsChromium) && !existsSync(chromiumPath);
  if (missingBrowser) {
    console.error(
      `\nThe end-to-end tests need Chromium, which was not found at ${chromiumPath}.\n` +
        "Install Debian's Chromium with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH.",
    );
    failedStep = "e2e";
    break;
  }
  const failures = (await Promise.all(stage.map((step) => runChain(step, stage.length > 1)))).filter(Boolean);
  if (failures.length > 0) {
    failedStep = failures.join(", ");
    break;
  }
}

let passed = 0;
let failed = 0;
for (const project of ["unit", "integration", "e2e"]) {
  const file = `test-results/${project}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

console.log("\n━━ timings");
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(1)} s`);
console.log(`  ${"total".padEnd(12)} ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
if (failedStep) console.error(`\nnpm test failed at: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
