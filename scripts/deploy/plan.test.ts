import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { type DeployConfig, PLACEHOLDER_DATABASE_ID, planDeploy, readDeployConfig, withDatabaseId } from "./plan";

const root = join(import.meta.dirname, "..", "..");
const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
const config: DeployConfig = readDeployConfig(toml);
const kinds = (steps: ReturnType<typeof planDeploy>) => steps.map((step) => ("name" in step ? `${step.kind} ${step.name}` : step.kind));

describe("the deploy plan", () => {
  it("reads what wrangler.toml asks for: the Worker, the database with its placeholder id, both queues, the archives' and the imports' buckets, the session secret", () => {
    expect(config).toEqual({
      workerName: "adaptive-testing-engine",
      databaseName: "adaptive-testing-engine",
      databaseId: PLACEHOLDER_DATABASE_ID,
      queues: ["ate-jobs", "ate-jobs-dlq"],
      buckets: ["ate-session-archives", "ate-roster-imports"],
      requiredSecrets: ["SESSION_SECRET"],
    });
  });

  it("on a fresh (or unreadable) account creates everything, then builds, migrates and deploys", () => {
    expect(kinds(planDeploy(config, null))).toEqual([
      "create-database adaptive-testing-engine",
      "create-queue ate-jobs",
      "create-queue ate-jobs-dlq",
      "create-bucket ate-session-archives",
      "create-bucket ate-roster-imports",
      "put-secret SESSION_SECRET",
      "build",
      "migrate",
      "deploy",
    ]);
  });

  it("run again on a set-up account only builds, migrates and deploys", () => {
    const uuid = "0f6f8c52-2a55-4f1b-9d7e-6d7a3c1c2b11";
    const account = {
      databases: [{ name: config.databaseName, uuid }],
      queues: ["ate-jobs", "ate-jobs-dlq"],
      buckets: ["ate-session-archives", "ate-roster-imports"],
      secrets: ["SESSION_SECRET"],
    };
    expect(kinds(planDeploy({ ...config, databaseId: uuid }, account))).toEqual(["build", "migrate", "deploy"]);
  });

  it("on a half set-up account does only what is missing, and takes an existing database's id instead of creating another", () => {
    const uuid = "0f6f8c52-2a55-4f1b-9d7e-6d7a3c1c2b11";
    const account = {
      databases: [
        { name: "other", uuid: "x" },
        { name: config.databaseName, uuid },
      ],
      queues: ["ate-jobs"],
      buckets: [],
      secrets: [],
    };
    const steps = planDeploy(config, account);
    expect(steps[0]).toEqual({ kind: "use-database-id", name: config.databaseName, uuid });
    expect(kinds(steps).slice(1)).toEqual([
      "create-queue ate-jobs-dlq",
      "create-bucket ate-session-archives",
      "create-bucket ate-roster-imports",
      "put-secret SESSION_SECRET",
      "build",
      "migrate",
      "deploy",
    ]);
  });

  it("asks for the identity provider's secret too when OIDC is configured", () => {
    expect(readDeployConfig(toml.replace(/^OIDC_ISSUER = ""/m, 'OIDC_ISSUER = "https://accounts.google.com"')).requiredSecrets).toEqual([
      "SESSION_SECRET",
      "OIDC_CLIENT_SECRET",
    ]);
  });

  it("writes a database id into wrangler.toml and changes nothing else", () => {
    const written = withDatabaseId(toml, "0f6f8c52-2a55-4f1b-9d7e-6d7a3c1c2b11");
    expect(readDeployConfig(written).databaseId).toBe("0f6f8c52-2a55-4f1b-9d7e-6d7a3c1c2b11");
    expect(written.replace("0f6f8c52-2a55-4f1b-9d7e-6d7a3c1c2b11", PLACEHOLDER_DATABASE_ID)).toBe(toml);
  });
});

describe("npm run deploy -- --dry-run", () => {
  it("prints the whole plan on a machine that is not signed in, without the network, and changes nothing", () => {
    const home = mkdtempSync(join(tmpdir(), "ate-deploy-"));
    const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), CLOUDFLARE_API_TOKEN: "" };
    const run = spawnSync(join(root, "node_modules", ".bin", "tsx"), ["scripts/deploy.ts", "--dry-run"], { cwd: root, env, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Not signed in to Cloudflare");
    for (const line of [
      "wrangler d1 create adaptive-testing-engine",
      "wrangler queues create ate-jobs",
      "wrangler queues create ate-jobs-dlq",
      "wrangler r2 bucket create ate-session-archives",
      "wrangler secret put SESSION_SECRET",
      "npm run build",
      "wrangler d1 migrations apply DB --remote",
      "wrangler deploy",
    ]) {
      expect(run.stdout).toContain(line);
    }
    expect(readFileSync(join(root, "wrangler.toml"), "utf8")).toBe(toml);
  });
});
