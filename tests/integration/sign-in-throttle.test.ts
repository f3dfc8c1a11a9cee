import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { attemptThrottle } from "~/db/schema";

import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Sign-in throttling (ADR 0002) through the real POST /login: growing delays per account and
 * per client address, claimed atomically before the password check, and never in the way of
 * a browser already trusted for the account. Each test starts with no attempts counted.
 */
let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker({ controllableClock: true });
});
// One Worker for the file; each test starts with no attempts counted and the real time.
beforeEach(async () => {
  await worker.d1.exec("delete from attempt_throttle");
  await worker.setClockOffset(0);
});
afterAll(() => worker?.dispose());

const admin = demoAccounts.admin;
const TOO_MANY = /Too many sign-in attempts\. Try again in (\d+) (second|seconds|minute|minutes)\./;

function signInFrom(address: string, email: string, password: string, jar?: CookieJar): Promise<Response> {
  return worker.request("/login", {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    jar,
  });
}

/** A distinct client address per attempt, so only the account's throttle is in play. */
const addressNo = (n: number) => `198.51.100.${n}`;

async function throttleRow(key: string) {
  return worker.db.query.attemptThrottle.findFirst({ where: eq(attemptThrottle.key, key) });
}

/** How long the app chose to hold `key` back after the attempt it last counted (0 when not held). */
async function delaySetFor(key: string): Promise<number> {
  const row = await throttleRow(key);
  return row?.lockedUntil ? row.lockedUntil.getTime() - row.updatedAt.getTime() : 0;
}

/**
 * Once the app has held `key` back, stretches the hold to a minute (as if the strangers kept
 * at it), so the check that follows does not depend on how fast a loaded machine runs it.
 */
async function keepHeldBack(key: string): Promise<void> {
  const row = await throttleRow(key);
  expect(row?.lockedUntil, `${key} was never held back`).not.toBeNull();
  await worker.db
    .update(attemptThrottle)
    .set({ lockedUntil: new Date(Date.now() + 60_000) })
    .where(eq(attemptThrottle.key, key));
}

const keepAccountHeldBack = (email: string) => keepHeldBack(`account:${email}`);

/** The most failures that may reach the password check in `elapsedMs`: five free, then one per expired delay (1 s, 2 s, 4 s ...). */
function mostAdmitted(freeFailures: number, elapsedMs: number): number {
  return freeFailures + Math.floor(Math.log2(elapsedMs / 1000 + 1));
}

async function announcedWait(response: Response): Promise<string> {
  expect(response.status).toBe(429);
  const match = TOO_MANY.exec(await response.text());
  expect(match).not.toBeNull();
  return `${match![1]} ${match![2]}`;
}

describe("a burst of guesses", () => {
  it("lets only the free failures reach the password check when 40 wrong passwords arrive at once", async () => {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => signInFrom(addressNo(n + 1), admin.email, `wrong-${n}`)));
    const reached = responses.filter((response) => response.status === 401).length;
    const refused = responses.filter((response) => response.status === 429).length;
    // Five free failures, plus one for each delay that ran out while the burst was still arriving.
    expect(reached).toBeGreaterThanOrEqual(5);
    expect(reached).toBeLessThanOrEqual(mostAdmitted(5, Date.now() - started));
    expect(reached + refused).toBe(40);

    // The right password from a stranger's browser is refused while the account is held back.
    await keepAccountHeldBack(admin.email);
    const right = await signInFrom(addressNo(99), admin.email, admin.password);
    expect(await announcedWait(right)).toBe("1 minute");
    expect(right.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
  });

  it("holds one address back too when all 40 come from it", async () => {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => signInFrom("203.0.113.7", `guess-${n}@example.com`, "wrong")));
    const reached = responses.filter((response) => response.status === 401).length;
    expect(reached).toBeGreaterThanOrEqual(10);
    expect(reached).toBeLessThanOrEqual(mostAdmitted(10, Date.now() - started));
  });
});

describe("delays", () => {
  it("start after five failures, grow with each further one, and are announced", async () => {
    const key = `account:${admin.email}`;
    // The Worker's clock is moved, never waited for: back to the moment of the last failure, and
    // then just past its hold, however slow the machine.
    const atOnce = async () => worker.setClockOffset(((await throttleRow(key))?.updatedAt.getTime() ?? 0) - Date.now());
    const pastTheHold = async () => worker.setClockOffset(((await throttleRow(key))?.lockedUntil?.getTime() ?? 0) - Date.now() + 1);

    const delays: number[] = [];
    for (let n = 1; n <= 5; n++) {
      expect((await signInFrom(addressNo(n), admin.email, "wrong")).status).toBe(401);
      delays.push(await delaySetFor(key));
    }
    expect(delays).toEqual([0, 0, 0, 0, 1000]);

    await atOnce();
    expect(await announcedWait(await signInFrom(addressNo(6), admin.email, "wrong"))).toBe("1 second");
    await pastTheHold();
    expect((await signInFrom(addressNo(6), admin.email, "wrong")).status).toBe(401);
    expect(await delaySetFor(key)).toBe(2000);

    await atOnce();
    expect(await announcedWait(await signInFrom(addressNo(7), admin.email, "wrong"))).toBe("2 seconds");
    await pastTheHold();
    expect((await signInFrom(addressNo(7), admin.email, "wrong")).status).toBe(401);
    expect(await delaySetFor(key)).toBe(4000);
  });

  it("are the same for an address with no account, so they do not reveal which accounts exist", async () => {
    for (let n = 1; n <= 5; n++) {
      const response = await signInFrom(addressNo(n), "ghost@example.com", "guess");
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Invalid email or password.");
    }
    expect(await delaySetFor("account:ghost@example.com")).toBe(1000);
  });

  it("start over for an account after its owner signs in", async () => {
    for (let n = 1; n <= 4; n++) expect((await signInFrom(addressNo(n), admin.email, "wrong")).status).toBe(401);
    expect((await signInFrom(addressNo(10), admin.email, admin.password)).status).toBe(302);
    expect(await throttleRow(`account:${admin.email}`)).toBeUndefined();
    for (let n = 11; n <= 15; n++) expect((await signInFrom(addressNo(n), admin.email, "wrong")).status).toBe(401);
  });
});

describe("one address guessing at many accounts", () => {
  it("is held back across accounts, while other addresses are not", async () => {
    for (let n = 1; n <= 10; n++) {
      expect((await signInFrom("203.0.113.50", `guess-${n}@example.com`, "wrong")).status).toBe(401);
    }
    expect(await delaySetFor("address:203.0.113.50")).toBe(1000);
    await keepHeldBack("address:203.0.113.50");
    expect(await announcedWait(await signInFrom("203.0.113.50", "guess-11@example.com", "wrong"))).toBe("1 minute");
    expect(await announcedWait(await signInFrom("203.0.113.50", admin.email, admin.password))).toBe("1 minute");
    expect((await signInFrom("203.0.113.51", "guess-11@example.com", "wrong")).status).toBe(401);
  });

  it("cannot reset its count by signing in to its own account between guesses", async () => {
    for (let n = 1; n <= 8; n++) {
      expect((await signInFrom("203.0.113.60", `guess-${n}@example.com`, "wrong")).status).toBe(401);
    }
    expect((await signInFrom("203.0.113.60", demoAccounts.student.email, demoAccounts.student.password)).status).toBe(302);
    expect((await throttleRow("address:203.0.113.60"))?.failures).toBe(8);
    expect((await signInFrom("203.0.113.60", "guess-9@example.com", "wrong")).status).toBe(401);
    expect((await signInFrom("203.0.113.60", "guess-10@example.com", "wrong")).status).toBe(401);
    expect(await delaySetFor("address:203.0.113.60")).toBe(1000);
  });
});

describe("the account's owner", () => {
  it("still signs in from a browser that signed in before, while strangers hold the account back", async () => {
    const ownBrowser = new CookieJar();
    expect((await signInFrom("192.0.2.10", admin.email, admin.password, ownBrowser)).status).toBe(302);
    expect(ownBrowser.get("__trusted_device")).toBeDefined();
    ownBrowser.absorb(await worker.request("/api/logout", { jar: ownBrowser }));

    for (let n = 1; n <= 8; n++) await signInFrom(addressNo(n), admin.email, "wrong");
    await keepAccountHeldBack(admin.email);
    expect((await signInFrom(addressNo(20), admin.email, admin.password)).status).toBe(429);

    // Same trusted browser, even from the attackers' own address.
    const response = await signInFrom(addressNo(1), admin.email, admin.password, ownBrowser);
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
  });

  it("still signs in from a browser that holds a valid session for the account", async () => {
    const signedIn = await worker.signIn(admin.email, admin.password);
    const sessionOnly = new CookieJar();
    sessionOnly.absorb(new Response(null, { headers: { "Set-Cookie": `__session=${signedIn.get("__session")}; Path=/` } }));
    for (let n = 1; n <= 8; n++) await signInFrom(addressNo(n), admin.email, "wrong");
    const response = await signInFrom(addressNo(30), admin.email, admin.password, sessionOnly);
    // A real sign-in (a fresh session cookie), not the sign-in page sending a signed-in browser home.
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
  });

  it("gets no pass for other accounts from a trusted browser", async () => {
    const ownBrowser = new CookieJar();
    expect((await signInFrom("192.0.2.10", admin.email, admin.password, ownBrowser)).status).toBe(302);
    // Signed out, so the sign-in page answers rather than sending a signed-in browser home.
    ownBrowser.absorb(await worker.request("/api/logout", { jar: ownBrowser }));
    for (let n = 1; n <= 8; n++) await signInFrom(addressNo(n), demoAccounts.student.email, "wrong");
    await keepAccountHeldBack(demoAccounts.student.email);
    const refused = await signInFrom("192.0.2.10", demoAccounts.student.email, demoAccounts.student.password, ownBrowser);
    expect(await announcedWait(refused)).toBe("1 minute");
  });

  it("gets the trusted-device cookie signed, HttpOnly, SameSite=Lax and only for /login", async () => {
    const response = await signInFrom("192.0.2.10", admin.email, admin.password);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__trusted_device="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/login/i);
    expect(cookie).not.toContain(admin.email);
  });

  it("gets no pass from a forged trusted-device cookie", async () => {
    const forged = new CookieJar();
    const value = btoa(JSON.stringify({ deviceId: crypto.randomUUID(), accountHashes: ["x"] }));
    forged.absorb(new Response(null, { headers: { "Set-Cookie": `__trusted_device=${value}; Path=/login` } }));
    for (let n = 1; n <= 8; n++) await signInFrom(addressNo(n), admin.email, "wrong");
    await keepAccountHeldBack(admin.email);
    expect((await signInFrom(addressNo(40), admin.email, admin.password, forged)).status).toBe(429);
  });
});
