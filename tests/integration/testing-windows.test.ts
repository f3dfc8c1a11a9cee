import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, clientFor, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { startWorker, type TestWorker } from "../support/worker";

/** Testing windows (docs/api.md): the API, who may call it, and the district admin's screen as plain form posts. */
let worker: TestWorker;
let admin: ApiClient;
let teacher: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let adminJar: CookieJar;
let fall: { id: string };
const ROUTE = encodeURIComponent("routes/admin.windows");
const FALL = { name: "Fall", startsOn: "2026-09-01", endsOn: "2026-10-15" };
const WINTER = { name: "Winter", startsOn: "2027-01-05", endsOn: "2027-02-10" };

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  await worker.d1
    .prepare("insert into users (id, email, first_name, last_name, role) values ('t-1', 'teacher@school.example', 'T', 'Eacher', 'teacher')")
    .run();
  ({ client: teacher } = await clientFor(worker, "teacher@school.example"));
  ({ jar: adminJar } = await clientFor(worker, "admin@example.com"));
}, 60_000);
afterAll(() => worker?.dispose());

/** The screen's action, as a page without JavaScript posts it. */
async function postScreen(fields: Record<string, string>, jar: CookieJar = adminJar) {
  const response = await worker.request(`/admin/windows?_data=${ROUTE}`, {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, result: (await response.json()) as { ok: boolean; toast: { title: string }; fieldErrors?: Record<string, string> } };
}

/** A session row that started at `startTime`: only its start matters to the windows. */
async function sessionStartingAt(startTime: number) {
  await worker.d1
    .prepare("insert into sessions (id, test_title, user_id, test_mode, start_time) values (?, 'Any test', 'S-1', 'placement', ?)")
    .bind(crypto.randomUUID(), startTime)
    .run();
}

describe("/api/windows", () => {
  it("starts empty, and any staff member may read it", async () => {
    expect(await admin.get("/api/windows")).toEqual({ status: 200, data: [] });
    expect(await teacher.get("/api/windows")).toEqual({ status: 200, data: [] });
  });

  it("lets a district admin add windows (201), listed in date order", async () => {
    const winter = await admin.post("/api/windows", { ...WINTER, name: "  Winter " });
    expect(winter).toEqual({ status: 201, data: { id: expect.any(String), ...WINTER } });
    const added = await admin.post("/api/windows", FALL);
    expect(added.status).toBe(201);
    fall = added.data;
    expect((await teacher.get("/api/windows")).data.map((window: { name: string }) => window.name)).toEqual(["Fall", "Winter"]);
    expect(await teacher.get(`/api/windows/${fall.id}`)).toEqual({ status: 200, data: { id: fall.id, ...FALL } });
  });

  it("refuses bad days and a reversed range (400, naming the field), writing nothing", async () => {
    const refusals: [unknown, string][] = [
      [{ ...FALL, name: "Spring", startsOn: "2027-02-30", endsOn: "2027-03-10" }, "startsOn: The first day must be a real date, written YYYY-MM-DD"],
      [{ ...FALL, name: "Spring", startsOn: "2027-04-01", endsOn: "April 30" }, "endsOn: The last day must be a real date, written YYYY-MM-DD"],
      [{ name: "Spring", startsOn: "2027-05-01", endsOn: "2027-04-01" }, "endsOn: The last day must be on or after the first day"],
      [{ name: " ", startsOn: "2027-04-01", endsOn: "2027-05-01" }, "name: Give the window a name"],
      [{ name: "x".repeat(41), startsOn: "2027-04-01", endsOn: "2027-05-01" }, "name: The name must be at most 40 characters"],
      [{ name: "Spring", startsOn: 20270401, endsOn: "2027-05-01" }, "startsOn: Enter the first day"],
      [{}, "name: Give the window a name"],
    ];
    for (const [body, message] of refusals) expect(await admin.post("/api/windows", body), JSON.stringify(body)).toEqual({ status: 400, data: { message } });
    for (const body of ["[]", "{oops", "null"]) expect((await admin.post("/api/windows", body)).status, body).toBe(400);
    expect((await admin.get("/api/windows")).data).toHaveLength(2);
  });

  it("refuses days that overlap another window and a name in use (409), saying which", async () => {
    expect(await admin.post("/api/windows", { name: "Late fall", startsOn: "2026-10-15", endsOn: "2026-11-30" })).toEqual({
      status: 409,
      data: { message: "These dates overlap Fall (2026-09-01 to 2026-10-15): a session must belong to one window only." },
    });
    expect(await admin.post("/api/windows", { name: "fall", startsOn: "2027-04-01", endsOn: "2027-05-01" })).toEqual({
      status: 409,
      data: { message: "There is already a testing window named fall." },
    });
    expect((await admin.get("/api/windows")).data).toHaveLength(2);
  });

  it("changes a window (its own days do not overlap it) and refuses to move it onto another", async () => {
    expect(await admin.put(`/api/windows/${fall.id}`, { ...FALL, endsOn: "2026-10-20" })).toEqual({
      status: 200,
      data: { id: fall.id, ...FALL, endsOn: "2026-10-20" },
    });
    expect((await admin.put(`/api/windows/${fall.id}`, { ...FALL, endsOn: "2027-01-05" })).status).toBe(409);
    expect((await admin.put(`/api/windows/${fall.id}`, { ...FALL, name: "Winter" })).status).toBe(409);
    expect(await admin.put(`/api/windows/${fall.id}`, { ...FALL, startsOn: "2026-11-01" })).toEqual({
      status: 400,
      data: { message: "endsOn: The last day must be on or after the first day" },
    });
    expect((await admin.put(`/api/windows/${fall.id}`, FALL)).data).toEqual({ id: fall.id, ...FALL });
  });

  it("answers 404 for an unknown window, to every method", async () => {
    const missing = { status: 404, data: { message: "Testing Window Not Found" } };
    expect(await admin.get("/api/windows/no-such-window")).toEqual(missing);
    expect(await admin.put("/api/windows/no-such-window", { name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-01" })).toEqual(missing);
    expect(await admin.delete("/api/windows/no-such-window")).toEqual(missing);
  });

  it("answers 401 signed out, 403 to a student, and 403 to a teacher who tries to change them", async () => {
    const spring = { name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-01" };
    for (const [method, path, body] of [
      ["GET", "/api/windows", undefined],
      ["POST", "/api/windows", spring],
      ["GET", `/api/windows/${fall.id}`, undefined],
      ["PUT", `/api/windows/${fall.id}`, spring],
      ["DELETE", `/api/windows/${fall.id}`, undefined],
    ] as const) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const refused = { status: 403, data: { message: "Your role does not allow this." } };
    expect(await teacher.post("/api/windows", spring)).toEqual(refused);
    expect(await teacher.put(`/api/windows/${fall.id}`, spring)).toEqual(refused);
    expect(await teacher.delete(`/api/windows/${fall.id}`)).toEqual(refused);
    expect((await admin.get(`/api/windows/${fall.id}`)).data).toEqual({ id: fall.id, ...FALL });
  });

  it("answers a JSON 405 with Allow to other methods", async () => {
    for (const [method, path, allow] of [
      ["PATCH", "/api/windows", "GET, POST"],
      ["DELETE", "/api/windows", "GET, POST"],
      ["POST", `/api/windows/${fall.id}`, "GET, PUT, DELETE"],
      ["PATCH", `/api/windows/${fall.id}`, "GET, PUT, DELETE"],
    ] as const) {
      const answer = await admin.request(method, path, method === "DELETE" ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("Allow")).toBe(allow);
      expect(answer.data.message).toMatch(/^Method not allowed\. Use /);
    }
  });

  it("deletes a window, leaving its sessions", async () => {
    const spring = await admin.post("/api/windows", { name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-01" });
    await sessionStartingAt(Date.UTC(2027, 3, 10));
    expect(await admin.delete(`/api/windows/${spring.data.id}`)).toEqual({ status: 200, data: { deleted: true } });
    expect((await admin.get(`/api/windows/${spring.data.id}`)).status).toBe(404);
    expect((await worker.d1.prepare("select count(*) as n from sessions").first<{ n: number }>())!.n).toBe(1);
  });
});

describe("the Testing Windows screen", () => {
  it("lists each window with its UTC days and the sessions that started in them, ends included", async () => {
    await sessionStartingAt(Date.UTC(2026, 8, 1, 0, 0, 0));
    await sessionStartingAt(Date.UTC(2026, 9, 15, 23, 59, 59, 999));
    await sessionStartingAt(Date.UTC(2026, 9, 16));
    await sessionStartingAt(Date.UTC(2026, 7, 31, 23, 59, 59, 999));
    const html = await (await worker.request("/admin/windows", { jar: adminJar })).text();
    const rows = [...html.matchAll(/<tr[^>]*data-testid="window-row"[^>]*>(.*?)<\/tr>/g)].map((row) => row[1]!.replace(/<[^>]+>/g, "|"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Fall\|+Sep 1, 2026 – Oct 15, 2026\|+2\|/);
    expect(rows[1]).toMatch(/Winter\|+Jan 5, 2027 – Feb 10, 2027\|+0\|/);
  });

  it("adds, edits and deletes through plain form posts, refusing beside the field", async () => {
    const added = await postScreen({ intent: "create", name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-01" });
    expect(added).toMatchObject({ status: 200, result: { ok: true, toast: { title: "Testing window added" } } });
    const spring = ((await admin.get("/api/windows")).data as { id: string; name: string }[]).find((window) => window.name === "Spring")!;
    expect(await postScreen({ intent: "update", id: spring.id, name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-20" })).toMatchObject({
      status: 200,
      result: { ok: true, toast: { title: "Testing window saved" } },
    });
    expect(await postScreen({ intent: "create", name: "Summer", startsOn: "2027-05-20", endsOn: "2027-06-30" })).toMatchObject({
      status: 409,
      result: { ok: false, fieldErrors: { startsOn: "These dates overlap Spring (2027-04-01 to 2027-05-20): a session must belong to one window only." } },
    });
    expect(await postScreen({ intent: "create", name: "Summer", startsOn: "2027-07-01", endsOn: "2027-06-30" })).toMatchObject({
      status: 400,
      result: { ok: false, fieldErrors: { endsOn: "The last day must be on or after the first day" } },
    });
    expect(await postScreen({ intent: "update", id: spring.id, name: "Winter", startsOn: "2027-04-01", endsOn: "2027-05-20" })).toMatchObject({
      status: 409,
      result: { fieldErrors: { name: "There is already a testing window named Winter." } },
    });
    expect(await postScreen({ intent: "update", id: "gone", name: "Spring", startsOn: "2027-04-01", endsOn: "2027-05-20" })).toMatchObject({ status: 404 });
    expect(await postScreen({ intent: "delete", id: spring.id })).toMatchObject({ status: 200, result: { toast: { title: "Testing window deleted" } } });
    expect(await postScreen({ intent: "delete", id: spring.id })).toMatchObject({ status: 404 });
  });

  it("renders a refusal on the page itself when posted without JavaScript", async () => {
    const response = await worker.request("/admin/windows", {
      method: "POST",
      jar: adminJar,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", name: "Fall", startsOn: "2027-08-01", endsOn: "2027-08-30" }),
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toMatch(/role="alert"[^>]*>There is already a testing window named Fall\./);
  });

  it("counts a session in the window of its day in the district's time zone, New York until an admin chooses another", async () => {
    const fallSessions = async () => {
      const html = await (await worker.request("/admin/windows", { jar: adminJar })).text();
      return html
        .match(/<tr[^>]*data-testid="window-row"[^>]*>(.*?)<\/tr>/)![1]!
        .replace(/<[^>]+>/g, "|")
        .match(/Fall\|+[^|]+\|+(\d+)\|/)![1];
    };
    // 9 PM in New York on Fall's last day: October 16 in UTC.
    await sessionStartingAt(Date.UTC(2026, 9, 16, 1, 0));
    expect(await fallSessions()).toBe("3");
    const setZone = (timeZone: string) =>
      worker.request(`/admin/privacy?_data=${encodeURIComponent("routes/admin.privacy")}`, {
        method: "POST",
        jar: adminJar,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "set-time-zone", timeZone }),
      });
    expect((await setZone("UTC")).status).toBe(200);
    expect(await fallSessions()).toBe("2");
    expect((await setZone("Pacific/Honolulu")).status).toBe(200);
    expect(await fallSessions()).toBe("3");
    const refused = await setZone("Mars/Olympus");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, fieldErrors: { timeZone: "Choose a time zone from the list" } });
    const audit = await worker.d1.prepare("select detail from audit_log where action = 'time_zone.changed' order by rowid").all<{ detail: string }>();
    expect(audit.results.map((row) => JSON.parse(row.detail))).toEqual([
      { from: "America/New_York", to: "UTC" },
      { from: "UTC", to: "Pacific/Honolulu" },
    ]);
    const privacy = await (await worker.request("/admin/privacy", { jar: adminJar })).text();
    expect(privacy).toMatch(/<option value="Pacific\/Honolulu" selected="">/);
  });

  it("is a district admin's: a teacher is refused the page and its action", async () => {
    const { jar } = await clientFor(worker, "teacher@school.example");
    expect((await worker.request("/admin/windows", { jar })).status).toBe(403);
    expect((await postScreen({ intent: "delete", id: fall.id }, jar)).status).toBe(403);
    expect((await postScreen({ intent: "delete", id: fall.id }, new CookieJar())).status).toBe(401);
  });
});
