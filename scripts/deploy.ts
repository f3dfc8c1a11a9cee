/**
 * `npm run deploy`: a deployment a district's IT person can run on a fresh Cloudflare account,
 * and run again safely. It reads what the account has, plans only what is missing (the D1
 * database and its id in wrangler.toml, the job queues, the archives' R2 bucket, SESSION_SECRET), then builds, applies the
 * migrations and deploys. `npm run deploy -- --dry-run` prints the plan and changes nothing.
 * The plan itself is scripts/deploy/plan.ts (tested without the network). ADR 0023.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { stripVTControlCharacters } from "node:util";

import { type AccountState, type DeployConfig, type DeployStep, describeStep, planDeploy, readDeployConfig, withDatabaseId } from "./deploy/plan";

const dryRun = process.argv.includes("--dry-run");
const root = join(import.meta.dirname, "..");
const tomlPath = join(root, "wrangler.toml");
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");
const quiet: SpawnSyncOptions = { cwd: root, encoding: "utf8", timeout: 60_000, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } };

function wrangler(args: string[], options: SpawnSyncOptions = quiet) {
  return spawnSync(wranglerBin, args, options);
}

/** Signed in means an API token in the environment or wrangler's own login on this machine. */
function signedIn(): boolean {
  if (process.env.CLOUDFLARE_API_TOKEN) return true;
  const configHome = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config");
  return [join(configHome, ".wrangler", "config", "default.toml"), join(homedir(), ".wrangler", "config", "default.toml")].some((path) => existsSync(path));
}

function readAccount(config: DeployConfig): { account: AccountState; note: string | null } {
  if (!signedIn())
    return { account: null, note: "Not signed in to Cloudflare (run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN): the plan assumes a fresh account." };
  const databases = wrangler(["d1", "list", "--json"]);
  const queues = wrangler(["queues", "list"]);
  const buckets = wrangler(["r2", "bucket", "list"]);
  if (databases.status !== 0 || queues.status !== 0 || buckets.status !== 0) {
    return { account: null, note: "The account could not be read (offline, or the token lacks D1, Queues or R2 access): the plan assumes a fresh account." };
  }
  let parsed: { name: string; uuid: string }[];
  try {
    parsed = JSON.parse(String(databases.stdout)) as { name: string; uuid: string }[];
  } catch {
    return { account: null, note: "`wrangler d1 list --json` answered something unreadable: the plan assumes a fresh account." };
  }
  const queueText = String(queues.stdout);
  const secrets = wrangler(["secret", "list", "--name", config.workerName]);
  let secretNames: string[] = [];
  try {
    // A Worker that was never deployed has no secrets; the command then fails.
    if (secrets.status === 0) secretNames = (JSON.parse(String(secrets.stdout)) as { name: string }[]).map((secret) => secret.name);
  } catch {
    secretNames = [];
  }
  return {
    account: {
      databases: parsed.map(({ name, uuid }) => ({ name, uuid })),
      queues: config.queues.filter((queue) => new RegExp(`(^|[\\s│|])${queue}([\\s│|]|$)`, "m").test(queueText)),
      // `wrangler r2 bucket list` prints a "name:" line for each bucket (coloured on a terminal).
      buckets: config.buckets.filter((bucket) => new RegExp(`^\\s*name:\\s*${bucket}\\s*$`, "m").test(stripVTControlCharacters(String(buckets.stdout)))),
      secrets: secretNames,
    },
    note: null,
  };
}

async function secretValue(name: string): Promise<string> {
  if (process.stdin.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const typed = (await prompt.question(`Value for ${name} (at least 32 characters; press Enter to generate one): `)).trim();
    prompt.close();
    if (typed.length >= 32) return typed;
    if (typed) console.log("Too short: a generated value is used instead.");
  }
  return randomBytes(36).toString("base64url");
}

function mustSucceed(what: string, result: ReturnType<typeof spawnSync>): void {
  if (result.status !== 0) {
    console.error(`\n${what} failed (exit ${result.status ?? result.signal}). Nothing after it was run; run npm run deploy again once it is fixed.`);
    process.exit(1);
  }
}

async function execute(step: DeployStep): Promise<void> {
  const loud: SpawnSyncOptions = { cwd: root, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } };
  switch (step.kind) {
    case "create-database": {
      const created = wrangler(["d1", "create", step.name]);
      mustSucceed(`Creating the database ${step.name}`, created);
      const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(String(created.stdout))?.[1];
      if (!uuid) mustSucceed("Reading the new database's id", { ...created, status: 1 });
      writeFileSync(tomlPath, withDatabaseId(readFileSync(tomlPath, "utf8"), uuid!));
      console.log(`   database_id = "${uuid}" written to wrangler.toml`);
      return;
    }
    case "use-database-id":
      writeFileSync(tomlPath, withDatabaseId(readFileSync(tomlPath, "utf8"), step.uuid));
      return;
    case "create-queue":
      return mustSucceed(`Creating the queue ${step.name}`, wrangler(["queues", "create", step.name], loud));
    case "create-bucket":
      return mustSucceed(`Creating the R2 bucket ${step.name}`, wrangler(["r2", "bucket", "create", step.name], loud));
    case "put-secret": {
      const value = await secretValue(step.name);
      return mustSucceed(`Setting ${step.name}`, wrangler(["secret", "put", step.name], { ...quiet, input: value, stdio: ["pipe", "inherit", "inherit"] }));
    }
    case "build":
      return mustSucceed("The build", spawnSync("npm", ["run", "build"], loud));
    case "migrate":
      return mustSucceed("The migrations", wrangler(["d1", "migrations", "apply", "DB", "--remote"], loud));
    case "deploy":
      return mustSucceed("The deploy", wrangler(["deploy"], loud));
  }
}

const config = readDeployConfig(readFileSync(tomlPath, "utf8"));
const { account, note } = readAccount(config);
const steps = planDeploy(config, account);

console.log(`Deploying "${config.workerName}"${dryRun ? " (dry run: nothing is changed)" : ""}`);
if (note) console.log(`\n${note}`);
console.log("\nPlan:");
steps.forEach((step, index) => console.log(`  ${index + 1}. ${describeStep(step)}`));
console.log('\nThe Worker needs the Workers Paid plan: see README.md, "Which Cloudflare plan".');

if (dryRun) process.exit(0);
if (!account) {
  console.error("\nSign in first (npx wrangler login, or set CLOUDFLARE_API_TOKEN), then run npm run deploy again.");
  process.exit(1);
}
for (const [index, step] of steps.entries()) {
  console.log(`\n━━ ${index + 1}/${steps.length} ${describeStep(step)}`);
  await execute(step);
}
console.log("\nDeployed. Sign in as an admin and open /api/system/health to check it.");
