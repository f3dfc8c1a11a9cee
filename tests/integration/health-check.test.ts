import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HEALTH_PROBE_SESSION_ID, selfCheckBlueprint } from "~/domain/sessions/self-check";
import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import type { CookieJar } from "../support/cookie-jar";
import { blueprintFixture } from "../support/session-fixtures";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * GET /api/system/health proves a retried answer is stored once on a real session object, and a
 * district can call it as often as it likes: every call uses the same probe object, so checks
 * leave no objects behind.
 */
let worker: TestWorker;
let admin: CookieJar;
let objectsDir: string;
let sessions: DurableObjectNamespace<TestSessionRpc>;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), "health-check-objects-"));
  worker = await startWorker({ durableObjectsDir: objectsDir });
  sessions = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(async () => {
  await worker?.dispose();
  rmSync(objectsDir, { recursive: true, force: true });
});

/** Miniflare keeps each Durable Object that has stored anything in a SQLite file named by its id (beside its own metadata.sqlite). */
const storedObjects = () =>
  readdirSync(objectsDir, { recursive: true, encoding: "utf8" })
    .map((file) => /([0-9a-f]{64})\.sqlite$/.exec(file)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort();

async function checkHealth() {
  const response = await worker.request("/api/system/health", { jar: admin });
  const body = (await response.json()) as { ok: boolean; sessionObject: { ok: boolean; detail: string } };
  return { status: response.status, ...body };
}

const healthy = { status: 200, ok: true, sessionObject: { ok: true, detail: "TestSession stored one answer for a retried submit" } };

/** The probe as the Worker addresses it. */
const probe = () => sessions.get(sessions.idFromName(HEALTH_PROBE_SESSION_ID));

describe("GET /api/system/health's session object check", () => {
  it("uses the same probe object every time: repeated checks leave no new objects behind", async () => {
    expect(await checkHealth()).toMatchObject(healthy);
    const afterFirst = storedObjects();
    expect(afterFirst).toEqual([sessions.idFromName(HEALTH_PROBE_SESSION_ID).toString()]);

    for (let check = 0; check < 3; check++) expect(await checkHealth()).toMatchObject(healthy);
    expect(storedObjects()).toEqual(afterFirst);
    // What the check stored is gone: the probe holds no session between checks.
    expect(await probe().view()).toEqual({ ok: false, reason: "not_begun" });
  });

  it("starts over when a check that stopped halfway left an answer in the probe", async () => {
    const begun = await probe().begin(selfCheckBlueprint(HEALTH_PROBE_SESSION_ID));
    if (!begun.ok) throw new Error("The probe did not begin");
    // A wrong answer to the question the check answers next: left there, the check's answer would be a repeat of it.
    await probe().submit({ questionId: begun.view.currentQuestion?.id ?? "", answer: "5", timeSpentSeconds: 1 });

    expect(await checkHealth()).toMatchObject(healthy);
  });

  it("passes for checks at the same time on the one probe", async () => {
    const checks = await Promise.all([checkHealth(), checkHealth(), checkHealth()]);
    for (const check of checks) expect(check).toMatchObject(healthy);
  });

  it("never wipes an object that holds a real session", async () => {
    const real = sessions.get(sessions.idFromName("real-session"));
    await real.begin(blueprintFixture("real-session"));
    expect(await real.selfCheck()).toMatchObject({ ok: false });
    expect(await real.view()).toMatchObject({ ok: true, view: { snapshot: { completed: false } } });
  });
});
