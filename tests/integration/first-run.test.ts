import { afterEach, describe, expect, it } from "vitest";

import { CookieJar } from "../support/cookie-jar";
import { startWorker, type TestWorker } from "../support/worker";

/** A fresh deployment with the built-in sign-in: its first account becomes the admin. */
let worker: TestWorker | undefined;
afterEach(async () => {
  await worker?.dispose();
  worker = undefined;
});

const setup = (fields: Record<string, string>, jar?: CookieJar) =>
  worker!.request("/login", {
    method: "POST",
    body: new URLSearchParams({ intent: "setup", firstName: "Rosa", lastName: "Parks", ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    jar,
  });

const userCount = async () => (await worker!.d1.prepare("select count(*) as n from users").first<{ n: number }>())?.n;

describe("first-run setup", () => {
  it("offers to create the first admin, validates it, and signs the new admin in", async () => {
    worker = await startWorker({ seed: false });
    expect(await (await worker.request("/login")).text()).toContain("Set up the first admin");

    const mismatch = await setup({ email: "rosa@district.example", password: "a-long-password", confirmPassword: "different" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await setup({ email: "rosa@district.example", password: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    expect(await userCount()).toBe(0);

    const jar = new CookieJar();
    const created = await setup({ email: "Rosa@District.example", password: "a-long-password", confirmPassword: "a-long-password" }, jar);
    expect(created.status).toBe(302);
    const user = (await (await worker.request("/api/auth/user", { jar })).json()) as Record<string, string>;
    expect(user).toMatchObject({ role: "admin", email: "rosa@district.example", firstName: "Rosa" });

    const again = await setup({ email: "intruder@example.com", password: "another-password", confirmPassword: "another-password" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already set up");
    expect(await userCount()).toBe(1);
    expect(await (await worker.request("/login")).text()).not.toContain("Set up the first admin");
  });

  it("only accepts an ADMIN_EMAILS address when that list is set", async () => {
    worker = await startWorker({ seed: false, vars: { ADMIN_EMAILS: "it@district.example" } });
    const refused = await setup({ email: "someone@example.com", password: "a-long-password", confirmPassword: "a-long-password" });
    expect(refused.status).toBe(403);
    expect(await userCount()).toBe(0);
    const accepted = await setup({ email: "it@district.example", password: "a-long-password", confirmPassword: "a-long-password" });
    expect(accepted.status).toBe(302);
  });
});
