import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: CookieJar;
let student: CookieJar;
beforeAll(async () => {
  worker = await startWorker();
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  student = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
});
afterAll(() => worker?.dispose());

const json = (body: unknown) => ({
  method: "POST",
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

describe("admin-only API (POST /api/jobs/ping, GET /api/jobs/{id}, GET /api/system/health)", () => {
  it("answers 401 signed out", async () => {
    expect((await worker.request("/api/jobs/ping", json({}))).status).toBe(401);
    expect((await worker.request("/api/system/health")).status).toBe(401);
    expect((await worker.request("/api/jobs/anything")).status).toBe(401);
  });

  it("answers 403 for a student, with a JSON message", async () => {
    const response = await worker.request("/api/jobs/ping", { ...json({}), jar: student });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Your role does not allow this." });
    expect((await worker.request("/api/system/health", { jar: student })).status).toBe(403);
  });

  it("answers 400 for bad input and queues nothing", async () => {
    const before = await worker.d1.prepare("select count(*) as n from jobs").first<{ n: number }>();
    const notJson = await worker.request("/api/jobs/ping", { ...json("{not json"), jar: admin });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: "Request body must be valid JSON" });
    const tooLong = await worker.request("/api/jobs/ping", { ...json({ echo: "x".repeat(201) }), jar: admin });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toContain("echo must be at most 200 characters");
    const after = await worker.d1.prepare("select count(*) as n from jobs").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("answers 404 for an unknown job id", async () => {
    const response = await worker.request("/api/jobs/does-not-exist", { jar: admin });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Job Not Found" });
  });

  it("answers 405 for the wrong method", async () => {
    expect((await worker.request("/api/jobs/ping", { jar: admin })).status).toBe(405);
    const post = await worker.request("/api/auth/user", { method: "POST", jar: admin });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });

  it("answers JSON 404 for an unknown /api path", async () => {
    const response = await worker.request("/api/no-such-thing", { jar: admin });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });
});

describe("route sets by sign-in state", () => {
  it("shows the landing page on every path when signed out", async () => {
    for (const path of ["/", "/admin/tests", "/admin/question-bank", "/some/unknown/path"]) {
      const response = await worker.request(path);
      const html = await response.text();
      expect(html, path).toContain("Sign In to Continue");
      expect(html, path).not.toContain('data-testid="sidebar"');
    }
  });

  it("lets signed-out students reach the student paths", async () => {
    const response = await worker.request("/join");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Join Your Class");
  });

  it("shows a student the join screen outside their route set, with only the Student Menu", async () => {
    for (const path of ["/", "/admin/tests", "/no/such/page"]) {
      const html = await (await worker.request(path, { jar: student })).text();
      expect(html, path).toContain("Join Your Class");
      expect(html, path).toContain("Student Entry");
      expect(html, path).not.toContain("Manage Tests");
    }
  });

  it("gives an admin every admin screen and 'Page Not Found' for unknown paths", async () => {
    const screens = [
      "/admin/tests",
      "/admin/tests/create",
      "/admin/tests/generate",
      "/admin/tests/import",
      "/admin/sessions",
      "/admin/analytics",
      "/admin/cohorts",
      "/admin/question-bank",
      "/admin/competencies",
      "/admin/curriculums",
      "/admin/prerequisites",
    ];
    for (const path of screens) {
      expect((await worker.request(path, { jar: admin })).status, path).toBe(200);
    }
    const missing = await worker.request("/admin/definitely-not-here", { jar: admin });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page Not Found");
  });

  it("sends /admin to the dashboard and /admin/tests/{id} to its edit screen", async () => {
    expect((await worker.request("/admin", { jar: admin })).headers.get("Location")).toBe("/");
    expect((await worker.request("/admin/tests/abc", { jar: admin })).headers.get("Location")).toBe("/admin/tests/abc/edit");
  });

  it("shows the admin dashboard's stats from the database", async () => {
    const html = await (await worker.request("/", { jar: admin })).text();
    expect(html).toContain("Total Tests");
    expect(html).toContain("Avg Duration");
    expect(html).toContain("Question Types");
    expect(html).toContain("15 min");
  });
});
