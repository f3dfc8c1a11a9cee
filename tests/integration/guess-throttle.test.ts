import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { attemptThrottle } from "~/db/schema";
import { GUESS_ADDRESS_POLICY, RESUME_CLASS_POLICY } from "~/domain/classes/guess-throttle";

import { demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Guessing join and resume codes (ADR 0015) through the real routes: only wrong codes count, per
 * client address and (resume codes) per class; a held-back address or class gets 429 with
 * Retry-After for every code, right or wrong; a class joining from one address is never refused.
 * Each test starts with no wrong guesses counted.
 */
let worker: TestWorker;
let demo: { id: string; testConfigId: string };

beforeAll(async () => {
  worker = await startWorker();
  const { admin } = await demoClients(worker);
  const classes = (await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[];
  demo = classes.find((schoolClass) => schoolClass.joinCode === "DEMOCLASS")!;
});
// One Worker for the file; each test starts with no wrong guesses counted.
beforeEach(() => worker.d1.exec("delete from attempt_throttle"));
afterAll(() => worker?.dispose());

const SCHOOL = "203.0.113.50";
const TOO_MANY = /^Too many incorrect codes\. Please wait \d+ (second|seconds|minute|minutes) and try again\.$/;

const lookUp = (code: string, address = SCHOOL) => worker.request(`/api/cohorts/join/${code}`, { headers: { "CF-Connecting-IP": address } });

/** The join screen's step 2 as its fetcher posts it: register and start the class's test. */
function joinAndStart(studentId: string, address = SCHOOL, extra: Record<string, string> = {}, jar = new CookieJar()) {
  return worker.request("/join?_data=routes%2Fjoin", {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    body: new URLSearchParams({ intent: "start", code: "DEMOCLASS", cohortId: demo.id, displayName: `Student ${studentId}`, studentId, ...extra }),
  });
}

/** Once the app holds `key` back, stretches the hold to a minute, so what follows does not depend on the machine's speed. */
async function keepHeldBack(key: string) {
  const row = await worker.db.query.attemptThrottle.findFirst({ where: eq(attemptThrottle.key, key) });
  expect(row?.lockedUntil, `${key} was never held back`).toBeTruthy();
  await worker.db
    .update(attemptThrottle)
    .set({ lockedUntil: new Date(Date.now() + 60_000) })
    .where(eq(attemptThrottle.key, key));
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
}

describe("join codes", () => {
  it("answers the free wrong guesses from one address, then 429 with Retry-After, even for a right code; other addresses are not affected", async () => {
    const responses = await Promise.all(Array.from({ length: GUESS_ADDRESS_POLICY.freeFailures + 10 }, (_, n) => lookUp(`WRONG${n}`)));
    const statuses = responses.map((response) => response.status);
    // Counted one at a time in D1: no more wrong guesses are answered than the free ones.
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(GUESS_ADDRESS_POLICY.freeFailures);
    expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
    await keepHeldBack(`guess-address:${SCHOOL}`);

    const refused = await lookUp("ANOTHER");
    await expectTooMany(refused);
    expect(((await refused.json()) as { message: string }).message).toMatch(TOO_MANY);
    // A right code is refused too: its answer must not tell it from a wrong one.
    await expectTooMany(await lookUp("DEMOCLASS"));
    expect((await lookUp("DEMOCLASS", "198.51.100.7")).status).toBe(200);
  });

  it("never refuses a class of 35 joining in the same minute from one school address, with a few typos among them", async () => {
    const typos = await Promise.all(Array.from({ length: 5 }, (_, n) => lookUp(`DEMOCLAS${n}`)));
    expect(typos.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    const lookups = await Promise.all(Array.from({ length: 35 }, () => lookUp("democlass")));
    expect(lookups.map((response) => response.status)).toEqual(Array(35).fill(200));
    const starts = await Promise.all(Array.from({ length: 35 }, (_, n) => joinAndStart(`S-${n}`)));
    expect(starts.map((response) => response.status)).toEqual(Array(35).fill(204));
    expect(starts.every((response) => response.headers.get("X-Remix-Redirect")?.startsWith(`/test/${demo.testConfigId}`))).toBe(true);
  });

  it("on the join screen: wrong codes typed or in the URL are counted, and the screen says how long to wait", async () => {
    const typed = (code: string) =>
      worker.request("/join?_data=routes%2Fjoin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": SCHOOL },
        body: new URLSearchParams({ intent: "lookup", code }),
      });
    for (let n = 0; n < GUESS_ADDRESS_POLICY.freeFailures / 2; n++) expect((await typed(`NOPE${n}`)).status).toBe(404);
    for (let n = 0; n < GUESS_ADDRESS_POLICY.freeFailures / 2; n++) {
      const page = await worker.request(`/join?code=NOPE${n}`, { headers: { "CF-Connecting-IP": SCHOOL } });
      expect(page.status).toBe(200);
    }
    await keepHeldBack(`guess-address:${SCHOOL}`);

    const refused = await typed("DEMOCLASS");
    await expectTooMany(refused);
    const result = (await refused.json()) as { toast: { title: string; description: string } };
    expect(result.toast.title).toBe("Too many attempts");
    expect(result.toast.description).toMatch(TOO_MANY);
    const spanish = await worker.request("/join?_data=routes%2Fjoin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": SCHOOL, Cookie: "lang=es" },
      body: new URLSearchParams({ intent: "lookup", code: "DEMOCLASS" }),
    });
    expect(((await spanish.json()) as { toast: { title: string } }).toast.title).toBe("Demasiados intentos");

    // Without JavaScript (the QR code's URL): the page itself says it.
    const page = await worker.request("/join?code=DEMOCLASS", { headers: { "CF-Connecting-IP": SCHOOL } });
    await expectTooMany(page);
    expect(await page.text()).toMatch(/Too many incorrect codes\. Please wait \d+ (second|seconds|minute|minutes) and try again\./);
    await expectTooMany(await joinAndStart("S-late"));
  });
});

describe("resume codes", () => {
  const startWithCode = (studentId: string, resumeCode: string, address: string) =>
    worker.request("/api/sessions/start", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
      body: JSON.stringify({ testConfigId: demo.testConfigId, testMode: "placement", userId: studentId, cohortId: demo.id, resumeCode }),
    });

  /** A session of `studentId` in the demo class, started on one browser; another browser must give its resume code. */
  async function sessionInProgress(studentId: string) {
    const first = await startWithCode(studentId, "", "192.0.2.1");
    expect(first.status).toBe(201);
    return ((await first.json()) as { resumeCode: string }).resumeCode;
  }

  it("limits wrong resume codes per address, counted with wrong join codes, through the API and the join screen alike", async () => {
    const code = await sessionInProgress("S-500");
    const half = GUESS_ADDRESS_POLICY.freeFailures / 2;
    expect(half).toBeLessThan(RESUME_CLASS_POLICY.freeFailures);
    for (let n = 0; n < half; n++) expect((await lookUp(`WRONG${n}`)).status).toBe(404);
    const statuses: number[] = [];
    for (let n = 0; n < half; n++) {
      const response =
        n % 2 ? await startWithCode("S-500", `ZZZZ${n % 10}${n % 7}`, SCHOOL) : await joinAndStart("S-500", SCHOOL, { resumeCode: `YYYY${n % 10}${n % 7}` });
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([409]));
    await keepHeldBack(`guess-address:${SCHOOL}`);
    await expectTooMany(await startWithCode("S-500", "QQQQQQ", SCHOOL));
    // The right code is refused as well while the address is held back.
    await expectTooMany(await startWithCode("S-500", code, SCHOOL));
    const screen = await joinAndStart("S-500", SCHOOL, { resumeCode: code });
    await expectTooMany(screen);
    expect(((await screen.json()) as { toast: { description: string } }).toast.description).toMatch(TOO_MANY);
  });

  it("limits wrong resume codes against one class from many addresses", async () => {
    const code = await sessionInProgress("S-600");
    for (let n = 0; n < RESUME_CLASS_POLICY.freeFailures; n++) {
      expect((await startWithCode("S-600", `ZZZZZ${n % 10}`, `198.51.100.${n + 1}`)).status).toBe(409);
    }
    await keepHeldBack(`resume-class:${demo.id}`);
    await expectTooMany(await startWithCode("S-600", "QQQQQQ", "198.51.100.200"));
    await expectTooMany(await startWithCode("S-600", code, "198.51.100.201"));
  });

  it("does not count the right code, nor a start that gives no code", async () => {
    const code = await sessionInProgress("S-700");
    for (let n = 0; n < GUESS_ADDRESS_POLICY.freeFailures + 5; n++) {
      expect((await startWithCode("S-700", "", SCHOOL)).status).toBe(409);
    }
    expect((await startWithCode("S-700", code, SCHOOL)).status).toBe(200);
    expect(await worker.db.query.attemptThrottle.findFirst({ where: eq(attemptThrottle.key, `guess-address:${SCHOOL}`) })).toBeUndefined();
  });
});

describe("the sign-in throttle", () => {
  it("says when to come back in Retry-After", async () => {
    let response: Response | undefined;
    for (let n = 0; n < 10 && response?.status !== 429; n++) {
      response = await worker.request("/login", {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-in", email: demoAccounts.admin.email, password: `wrong-${n}` }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `192.0.2.${n + 10}` },
      });
    }
    await expectTooMany(response!);
  });
});

describe("old throttle rows", () => {
  it("are purged when attempts are counted; recent ones and ones still holding back stay", async () => {
    const hoursAgo = (hours: number) => Date.now() - hours * 3_600_000;
    const row = (key: string, updatedAt: number, lockedUntil: number | null) => ({
      key,
      failures: 3,
      lockedUntil: lockedUntil === null ? null : new Date(lockedUntil),
      createdAt: new Date(updatedAt),
      updatedAt: new Date(updatedAt),
    });
    await worker.db
      .insert(attemptThrottle)
      .values([
        row("guess-address:old", hoursAgo(3), null),
        row("account:old@example.com", hoursAgo(2), hoursAgo(2) + 300_000),
        row("guess-address:recent", hoursAgo(0.1), null),
        row("resume-class:held", hoursAgo(2), Date.now() + 60_000),
      ]);
    expect((await lookUp("NOSUCH1")).status).toBe(404);
    const keys = (await worker.db.select({ key: attemptThrottle.key }).from(attemptThrottle)).map((kept) => kept.key);
    expect(keys).toEqual(expect.arrayContaining([`guess-address:${SCHOOL}`, "guess-address:recent", "resume-class:held"]));
    expect(keys).not.toContain("guess-address:old");
    expect(keys).not.toContain("account:old@example.com");
  });
});
