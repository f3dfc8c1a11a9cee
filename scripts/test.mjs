#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order, stopping at the first failure.
 * build → typecheck → lint → unit → integration (Miniflare) → end-to-end (Chromium).
 * Ends with a total of tests passed and failed across the vitest layers.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const buildEnv = { ...env, NODE_ENV: "production" };
const bin = (name) => `node_modules/.bin/${name}`;
mkdirSync("test-results", { recursive: true });

const vitest = (project) => [
  bin("vitest"),
  ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=test-results/${project}.json`],
];

const steps = [
  ["build", bin("remix"), ["build"], buildEnv],
  ["bundle", bin("wrangler"), ["deploy", "--dry-run", "--outdir", "dist"], buildEnv],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), [".", "--max-warnings=0"]],
  ["unit", ...vitest("unit")],
  ["integration", ...vitest("integration")],
  // One file at a time: the quick-start test rebuilds public/build, which the others serve.
  ["e2e", vitest("e2e")[0], [...vitest("e2e")[1], "--no-file-parallelism"]],
];

const timings = [];
let failedStep = null;
for (const [name, command, args, stepEnv = env] of steps) {
  if (name === "e2e" && !existsSync(chromiumPath)) {
    console.error(
      `\nThe end-to-end tests need Chromium, which was not found at ${chromiumPath}.\n` +
        "Install Debian's Chromium with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH.",
    );
    failedStep = name;
    break;
  }
  console.log(`\n━━ ${name}: ${command} ${args.join(" ")}`);
  const startedAt = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: stepEnv });
  timings.push([name, (Date.now() - startedAt) / 1000]);
  if (result.status !== 0) {
    failedStep = name;
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
if (failedStep) console.error(`\nnpm test failed at: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
