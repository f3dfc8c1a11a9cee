/**
 * Seeds the LOCAL D1 database (the one `wrangler dev` uses, under .wrangler/) with demo data
 * if it is empty. It goes through wrangler's local platform proxy, so it cannot touch a
 * remote database. Demo credentials come from DEMO_* variables or the documented defaults.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { getPlatformProxy, unstable_readConfig } from "wrangler";

import { createDatabase } from "../app/db/client.server";
import { DEFAULT_DEMO_ACCOUNTS, DEMO_JOIN_CODE, type DemoAccounts, seedDemoData } from "../app/models/seed.server";

const accounts: DemoAccounts = {
  admin: {
    email: process.env.DEMO_ADMIN_EMAIL || DEFAULT_DEMO_ACCOUNTS.admin.email,
    password: process.env.DEMO_ADMIN_PASSWORD || DEFAULT_DEMO_ACCOUNTS.admin.password,
  },
  student: {
    email: process.env.DEMO_STUDENT_EMAIL || DEFAULT_DEMO_ACCOUNTS.student.email,
    password: process.env.DEMO_STUDENT_PASSWORD || DEFAULT_DEMO_ACCOUNTS.student.password,
  },
};

// The proxy gets a config with only the D1 binding: the Durable Object and queue bindings would
// make it warn that their classes are missing, which is noise for a seed.
const { name, compatibility_date, d1_databases } = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
const configDir = mkdtempSync(join(tmpdir(), "ate-seed-"));
const configPath = join(configDir, "wrangler.json");
writeFileSync(configPath, JSON.stringify({ name, compatibility_date, d1_databases }));

// `wrangler --persist-to DIR` keeps its data in DIR/v3; the proxy takes that folder itself.
const stateDir = resolve(process.env.STATE_DIR || ".wrangler/state");
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath, persist: { path: join(stateDir, "v3") } });
try {
  const seeded = await seedDemoData(createDatabase(proxy.env.DB), accounts);
  if (seeded) {
    console.log(
      [
        "",
        "Seeded the local database with demo data:",
        `  Demo admin:    ${accounts.admin.email} / ${accounts.admin.password}`,
        `  Demo student:  ${accounts.student.email} / ${accounts.student.password}`,
        `  Demo class join code: ${DEMO_JOIN_CODE}`,
        "",
      ].join("\n"),
    );
  } else {
    console.log(
      [
        "The local database already has data, so the demo seed was skipped.",
        `  Demo admin (if seeded earlier with the defaults): ${accounts.admin.email} / ${accounts.admin.password}`,
        "  To start over, stop the server and delete the state folder (.wrangler/state by default).",
      ].join("\n"),
    );
  }
} finally {
  await proxy.dispose();
  rmSync(configDir, { recursive: true, force: true });
}
