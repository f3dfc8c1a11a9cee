import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { Miniflare } from "miniflare";
import { inject } from "vitest";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

import { createDatabase, type Database } from "~/db/client.server";
import type { Env } from "~/env";
import { DEFAULT_DEMO_ACCOUNTS, seedDemoData } from "~/models/seed.server";
import { findUserByEmail } from "~/models/users.server";
import { loadConfig } from "~/services/config.server";
import { sessionStorageFor } from "~/services/session.server";

import { CookieJar } from "./cookie-jar";
import { alarmHarnessEntry } from "./durable-object-alarms";
import { EMAIL_BINDING_MODULE, type EmailStub } from "./email-stub";
import { CLOCK_PATH, clockHarnessEntry } from "./worker-clock";
import { WORKERS_AI_BINDING_MODULE, type WorkersAiStub } from "./workers-ai-stub";

/**
 * Runs the bundled Worker (dist/app.js, from `npm run build`) in Miniflare: the same workerd
 * runtime as production, with real local D1, the TestSession Durable Object and the queues,
 * all configured from wrangler.toml. Each instance has its own in-memory state. wrangler.toml's
 * Workers AI binding is left out (locally it could only proxy to Cloudflare): a test that wants
 * it passes `workersAi`, a local stub speaking the binding's interface (workers-ai-stub.ts).
 * Under vitest, its D1 database is a copy of the run's migrated (and seeded) snapshot
 * (database-snapshots.ts); the bench scripts, run outside vitest, migrate and seed in place.
 */
export const root = fileURLToPath(new URL("../..", import.meta.url));
const bundlePath = `${root}/dist/app.js`;
export const demoAccounts = DEFAULT_DEMO_ACCOUNTS;
/** The Miniflare worker whose module is the stub AI binding. */
const WORKERS_AI_STUB = "workers-ai-stub";
/** The Miniflare worker whose module is the stub e-mail binding. */
const EMAIL_STUB = "email-stub";

export type TestWorker = {
  mf: Miniflare;
  /** The HTTP origin, when started with `http: true` (for the browser). */
  origin: string;
  db: Database;
  d1: D1Database;
  request: (path: string, init?: RequestInit & { jar?: CookieJar }) => Promise<Response>;
  signIn: (email: string, password: string) => Promise<CookieJar>;
  /** Moves the Worker's clock this far ahead of real time (only with `controllableClock`). */
  setClockOffset: (offsetMs: number) => Promise<void>;
  /** A seeded user's signed session cookie, made by the app's own session code: signed in without a request. */
  sessionCookieFor: (email: string) => Promise<{ name: string; value: string }>;
  dispose: () => Promise<void>;
};

/**
 * An admin of the test's own (no password: sign in by sessionCookieFor or browserSession's signIn),
 * for a test that would otherwise leave the shared demo admin mid-way through something.
 */
export async function addAdmin(worker: TestWorker): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `admin-${id}@tests.example`;
  await worker.d1.prepare("insert into users (id, email, role, first_name) values (?, ?, 'admin', 'Test')").bind(id, email).run();
  return { id, email };
}

/** Applies the migrations in order; `which` picks some by file name (an upgrade test applies the older ones, adds data, then the rest). */
export async function applyMigrations(d1: D1Database, which: (file: string) => boolean = () => true): Promise<void> {
  const folder = `${root}/migrations`;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".sql") && which(name))
    .sort();
  for (const file of files) {
    const statements = readFileSync(`${folder}/${file}`, "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await d1.batch(statements.map((statement) => d1.prepare(statement)));
  }
}

/** The bundle, behind the entry modules of the harnesses a test asked for (each wraps the one after it). */
function harnessModules(options: { triggerableAlarms?: boolean; controllableClock?: boolean }, durableObjects: unknown) {
  const modules: { type: "ESModule"; path: string; contents?: string }[] = [{ type: "ESModule", path: bundlePath }];
  let inner = "app.js";
  if (options.triggerableAlarms) {
    modules.unshift({
      type: "ESModule",
      path: `${root}/dist/alarm-harness-entry.js`,
      contents: alarmHarnessEntry(inner, durableObjectClassNames(durableObjects)),
    });
    inner = "alarm-harness-entry.js";
  }
  if (options.controllableClock) modules.unshift({ type: "ESModule", path: `${root}/dist/clock-harness-entry.js`, contents: clockHarnessEntry(inner) });
  return modules;
}

/** A private copy of the run's snapshot for this Worker's D1, or none outside vitest (no snapshot was made). */
function copyOfSnapshot(seeded: boolean): string | undefined {
  const snapshots = process.env.VITEST ? inject("databaseSnapshots") : undefined;
  if (!snapshots) return undefined;
  const dir = mkdtempSync(join(snapshots.copies, "d1-"));
  cpSync(seeded ? snapshots.seeded : snapshots.migrated, dir, { recursive: true });
  return dir;
}

function durableObjectClassNames(bindings: unknown): string[] {
  const classNames = Object.values((bindings ?? {}) as Record<string, string | { className: string }>).map((binding) =>
    typeof binding === "string" ? binding : binding.className,
  );
  return [...new Set(classNames)];
}

export async function startWorker(
  options: {
    vars?: Record<string, string>;
    seed?: boolean;
    http?: boolean;
    /** Lets the test run Durable Object alarms at once (see durable-object-alarms.ts). */
    triggerableAlarms?: boolean;
    /** Lets the test move the Worker's clock forward (see worker-clock.ts). */
    controllableClock?: boolean;
    /** Keeps Durable Object storage in this folder (one file per object), for tests that count objects. */
    durableObjectsDir?: string;
    /** Binds `AI` to this stub of the Workers AI binding. */
    workersAi?: WorkersAiStub;
    /** Binds `EMAIL` to this stub of the send_email binding (email-stub.ts). */
    email?: EmailStub;
  } = {},
): Promise<TestWorker> {
  if (!existsSync(bundlePath)) throw new Error("dist/app.js is missing: run `npm run build` first.");
  // `ai` would be wrangler's proxy to Cloudflare's Workers AI, which needs a login.
  const { ai: _remoteAi, ...workerOptions } = unstable_getMiniflareWorkerOptions(`${root}/wrangler.toml`).workerOptions;
  const bindings = { ...workerOptions.bindings, ENVIRONMENT: "development", ...options.vars };
  const app = {
    ...workerOptions,
    // Queue batches are delivered quickly in tests.
    queueConsumers: Object.fromEntries(
      Object.entries(workerOptions.queueConsumers ?? {}).map(([name, consumer]) => [name, { ...consumer, maxBatchTimeout: 0.1 }]),
    ),
    modulesRoot: `${root}/dist`,
    modules: harnessModules(options, workerOptions.durableObjects),
    bindings,
    wrappedBindings: {
      ...(options.workersAi ? { AI: { scriptName: WORKERS_AI_STUB } } : {}),
      ...(options.email ? { EMAIL: { scriptName: EMAIL_STUB } } : {}),
    },
  };
  const seeded = options.seed !== false;
  const d1Dir = copyOfSnapshot(seeded);
  const shared = {
    ...(d1Dir ? { d1Persist: d1Dir } : {}),
    ...(options.durableObjectsDir ? { durableObjectsPersist: options.durableObjectsDir } : {}),
    ...(options.http ? { host: "127.0.0.1", port: 0 } : {}),
  };
  // Each stub binding is a worker of its own whose module hands the calls to this process.
  const stubWorker = (name: string, contents: string, stub: { handle: (request: Request) => Promise<Response> }) => ({
    name,
    modules: [{ type: "ESModule", path: `${root}/dist/${name}.js`, contents }],
    serviceBindings: { STUB: (request: Request) => stub.handle(request) },
  });
  const stubs = [
    ...(options.workersAi ? [stubWorker(WORKERS_AI_STUB, WORKERS_AI_BINDING_MODULE, options.workersAi)] : []),
    ...(options.email ? [stubWorker(EMAIL_STUB, EMAIL_BINDING_MODULE, options.email)] : []),
  ];
  const mf = new Miniflare((stubs.length ? { ...shared, workers: [app, ...stubs] } : { ...shared, ...app }) as ConstructorParameters<typeof Miniflare>[0]);
  const url = await mf.ready;
  const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
  const db = createDatabase(d1);
  if (!d1Dir) {
    await applyMigrations(d1);
    if (seeded) await seedDemoData(db);
  }

  const origin = url.origin;
  // Miniflare's dispose waits for every response still streaming: one whose body a test never
  // read (it looked at the headers) would hold it until the garbage collector cancelled the body.
  const responses: Response[] = [];
  const request: TestWorker["request"] = async (path, init = {}) => {
    const { jar, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (jar) headers.set("Cookie", jar.header());
    const response = (await mf.dispatchFetch(new URL(path, "http://localhost").toString(), {
      redirect: "manual",
      ...rest,
      headers,
    } as never)) as unknown as Response;
    jar?.absorb(response);
    responses.push(response);
    return response;
  };

  const signIn = async (email: string, password: string) => {
    const jar = new CookieJar();
    const response = await request("/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", email, password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      jar,
    });
    if (response.status !== 302) throw new Error(`Sign-in as ${email} failed with ${response.status}`);
    return jar;
  };

  const sessionCookieFor = async (email: string) => {
    // The Worker's own configuration, so the cookie is signed with the secret the Worker checks
    // (read when needed: a test of a broken configuration never asks for a cookie).
    const sessionStorage = sessionStorageFor(loadConfig(bindings as Partial<Env>));
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No user ${email} in the test database`);
    const session = await sessionStorage.getSession();
    session.set("userId", user.id);
    const [nameAndValue = ""] = (await sessionStorage.commitSession(session)).split(";");
    const separator = nameAndValue.indexOf("=");
    return { name: nameAndValue.slice(0, separator), value: nameAndValue.slice(separator + 1) };
  };

  const setClockOffset = async (offsetMs: number) => {
    if (!options.controllableClock) throw new Error("Start the worker with controllableClock to move its clock");
    const response = await request(`${CLOCK_PATH}?offsetMs=${offsetMs}`);
    if (!response.ok) throw new Error(`Moving the clock failed with ${response.status}`);
  };

  const dispose = async () => {
    await Promise.all(responses.map((response) => (response.bodyUsed ? undefined : response.body?.cancel().catch(() => undefined))));
    await mf.dispose();
    if (d1Dir) rmSync(d1Dir, { recursive: true, force: true });
  };

  return { mf, origin, db, d1, request, signIn, setClockOffset, sessionCookieFor, dispose };
}
