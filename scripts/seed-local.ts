/**
 * Seeds the LOCAL D1 database (the one `wrangler dev` uses, under .wrangler/) with demo data
 * if it is empty. It goes through wrangler's local platform proxy, so it cannot touch a
 * remote database. Demo credentials come from DEMO_* variables or the documented defaults.
 */
import { getPlatformProxy } from "wrangler";

import { createDatabase } from "../app/db/client.server";
import { DEFAULT_DEMO_ACCOUNTS, DEMO_JOIN_CODE, seedDemoData, type DemoAccounts } from "../app/models/seed.server";

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

// `wrangler --persist-to DIR` keeps its data in DIR/v3; the proxy takes that folder itself.
const stateDir = process.env.STATE_DIR || ".wrangler/state";
const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: `${stateDir}/v3` } });
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
    console.log("Local database already has data; demo seed skipped.");
  }
} finally {
  await proxy.dispose();
}
