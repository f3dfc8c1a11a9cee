import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Miniflare } from "miniflare";
import type { TestProject } from "vitest/node";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

import { createDatabase } from "~/db/client.server";
import { seedDemoData } from "~/models/seed.server";

import { applyMigrations, root } from "./worker";

/** The two databases a Worker starts from, and the folder where startWorker copies one for each Worker. */
export type DatabaseSnapshots = { migrated: string; seeded: string; copies: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseSnapshots: DatabaseSnapshots;
  }
}

/**
 * A persisted D1 is a SQLite file that syncs to disk on every write, where Miniflare's default
 * database lived in memory: on tmpfs the copies are as quick as the in-memory one was. The run's
 * folder, copies included, is removed at its end, also after a file that never stopped its Worker.
 */
const MEMORY_DIR = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

/**
 * Vitest's global setup for the integration and e2e projects: migrates (and seeds) a D1 database
 * once per run, in Miniflare's persisted form, instead of once per Worker started. Each Worker
 * then starts on a copy of its own, so files stay as isolated as before (startWorker).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(MEMORY_DIR, "ate-db-snapshots-"));
  const snapshots = { migrated: join(folder, "migrated"), seeded: join(folder, "seeded"), copies: join(folder, "copies") };
  mkdirSync(snapshots.copies);
  await Promise.all([makeSnapshot(snapshots.migrated, false), makeSnapshot(snapshots.seeded, true)]);
  project.provide("databaseSnapshots", snapshots);
  return () => rmSync(folder, { recursive: true, force: true });
}

/** A Worker of no code with the app's D1 binding, so the file Miniflare writes is the one the app's Worker reads. */
async function makeSnapshot(dir: string, seed: boolean): Promise<void> {
  const { d1Databases } = unstable_getMiniflareWorkerOptions(`${root}/wrangler.toml`).workerOptions;
  const mf = new Miniflare({ modules: true, script: "export default { fetch: () => new Response(null) }", d1Databases, d1Persist: dir });
  try {
    const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
    await applyMigrations(d1);
    if (seed) await seedDemoData(createDatabase(d1));
  } finally {
    await mf.dispose();
  }
}
