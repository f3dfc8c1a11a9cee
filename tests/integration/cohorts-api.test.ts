import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createClassRecord } from "~/models/classes.server";

import { type ApiClient, apiClient, count, demoClients } from "../support/api";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** Class Management's API and screen through the real Worker. */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let demoTestId: string;

const GENERATED_CODE = /^[A-HJ-NP-Z2-9]{8}$/;
const INVALID_CODE = "The join code you entered is not valid. Please check and try again.";

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  demoTestId = ((await admin.get("/api/tests")).data as { id: string }[])[0]!.id;
});
afterAll(() => worker?.dispose());

const createClass = async (body: Record<string, unknown>) => {
  const created = await admin.post("/api/cohorts", body);
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return created.data as { id: string; joinCode: string; testConfigId: string | null; testMode: string | null; isActive: boolean };
};

describe("GET and POST /api/cohorts", () => {
  it("lists the seeded class with its default test, mode and counts", async () => {
    const { status, data } = await admin.get("/api/cohorts");
    expect(status).toBe(200);
    expect(data.find((row: { joinCode: string }) => row.joinCode === "DEMOCLASS")).toMatchObject({
      name: "Demo Class",
      testConfigId: demoTestId,
      testMode: "placement",
      isActive: true,
      memberCount: 0,
      sessionCount: 0,
    });
    expect(data[0].testTitle).toEqual(expect.any(String));
  });

  it("generates an 8-character code from the unambiguous alphabet when none is given, with no test", async () => {
    for (const joinCode of [undefined, "", "   ", null]) {
      const created = await createClass({ name: " Period 1 ", joinCode });
      expect(created).toMatchObject({ name: "Period 1", testConfigId: null, testMode: null, isActive: true, memberCount: 0 });
      expect(created.joinCode).toMatch(GENERATED_CODE);
    }
  });

  it("tries another generated code when the unique index says one is taken, and gives up after five", async () => {
    const codes = ["DEMOCLASS", "DEMOCLASS", "FRESH234"];
    const created = await createClassRecord(worker.db, { name: "Lucky", joinCode: null, isActive: true }, null, () => codes.shift()!);
    expect(created.joinCode).toBe("FRESH234");
    const before = await count(worker, "cohorts");
    let attempts = 0;
    const alwaysTaken = () => {
      attempts += 1;
      return "DEMOCLASS";
    };
    const refusal = await createClassRecord(worker.db, { name: "Unlucky", joinCode: null, isActive: true }, null, alwaysTaken).catch(
      (error: Error) => `${error.message} ${String(error.cause)}`,
    );
    expect(refusal).toMatch(/UNIQUE constraint failed/);
    expect(attempts).toBe(5);
    expect(await count(worker, "cohorts")).toBe(before);
  });

  it("keeps a typed code upper-cased, and defaults the mode to placement when a test is set", async () => {
    const created = await createClass({ name: "Period 2", joinCode: " per2-math ", testConfigId: demoTestId, isActive: false });
    expect(created).toMatchObject({ joinCode: "PER2-MATH", testConfigId: demoTestId, testMode: "placement", isActive: false });
    const diagnostic = await createClass({ name: "Period 3", testConfigId: demoTestId, testMode: "diagnostic" });
    expect(diagnostic.testMode).toBe("diagnostic");
  });

  it("refuses a code another class uses (any case) with 409, and bad input with 400, writing nothing", async () => {
    const before = await count(worker, "cohorts");
    const taken = await admin.post("/api/cohorts", { name: "Copycat", joinCode: "democlass" });
    expect(taken).toEqual({ status: 409, data: { message: "That join code is already used by another class." } });
    const blank = await admin.post("/api/cohorts", { name: "  " });
    expect(blank).toEqual({ status: 400, data: { message: "name: Please enter a cohort name." } });
    expect((await admin.post("/api/cohorts", { name: "x", testConfigId: "ghost" })).data).toEqual({ message: "Unknown test" });
    expect((await admin.post("/api/cohorts", { name: "x", joinCode: "A".repeat(51) })).status).toBe(400);
    expect((await admin.post("/api/cohorts", { name: "x", testConfigId: demoTestId, testMode: "final" })).status).toBe(400);
    expect((await admin.post("/api/cohorts", "{oops")).status).toBe(400);
    expect(await count(worker, "cohorts")).toBe(before);
  });
});

describe("PUT and DELETE /api/cohorts/{id}", () => {
  it("keeps the code when the new one is blank, and clears the test when sent as null", async () => {
    const created = await createClass({ name: "Editable", testConfigId: demoTestId, testMode: "diagnostic" });
    const renamed = await admin.put(`/api/cohorts/${created.id}`, { name: "Edited", joinCode: "", testConfigId: null, testMode: null, isActive: false });
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ id: created.id, name: "Edited", joinCode: created.joinCode, testConfigId: null, testMode: null, isActive: false });

    const recoded = await admin.put(`/api/cohorts/${created.id}`, { name: "Edited", joinCode: "new-code", testConfigId: demoTestId });
    expect(recoded.data).toMatchObject({ joinCode: "NEW-CODE", testConfigId: demoTestId, testMode: "placement", isActive: false });
    // Its own code again is no conflict.
    expect((await admin.put(`/api/cohorts/${created.id}`, { name: "Edited", joinCode: "new-code" })).status).toBe(200);
  });

  it("answers 400, 404 and 409, changing nothing", async () => {
    const created = await createClass({ name: "Stable" });
    expect((await admin.put(`/api/cohorts/${created.id}`, { name: "" })).status).toBe(400);
    expect((await admin.put(`/api/cohorts/${created.id}`, { name: "x", testConfigId: "ghost" })).data).toEqual({ message: "Unknown test" });
    const taken = await admin.put(`/api/cohorts/${created.id}`, { name: "x", joinCode: "DEMOCLASS" });
    expect(taken.status).toBe(409);
    expect((await admin.put("/api/cohorts/ghost", { name: "x" })).data).toEqual({ message: "Class Not Found" });
    expect((await admin.put("/api/cohorts/ghost", { name: "x" })).status).toBe(404);
    const list = (await admin.get("/api/cohorts")).data as { id: string; name: string; joinCode: string }[];
    expect(list.find((row) => row.id === created.id)).toMatchObject({ name: "Stable", joinCode: created.joinCode });
  });

  it("deletes a class with its members, then answers 404", async () => {
    const created = await createClass({ name: "Short-lived" });
    expect((await anonymous.post("/api/cohort-members", { cohortId: created.id, studentId: "s1", displayName: "Ada" })).status).toBe(201);
    expect((await admin.delete(`/api/cohorts/${created.id}`)).data).toEqual({ deleted: true });
    expect(await worker.d1.prepare("select count(*) as n from cohort_members where cohort_id = ?").bind(created.id).first("n")).toBe(0);
    expect((await admin.delete(`/api/cohorts/${created.id}`)).status).toBe(404);
    expect((await admin.get(`/api/cohorts/join/${created.joinCode}`)).status).toBe(404);
  });
});

describe("GET /api/cohorts/join/{joinCode} (public)", () => {
  it("finds a class signed out, in any case, revealing only what the join screen needs", async () => {
    for (const code of ["DEMOCLASS", "democlass", "%20DemoClass%20"]) {
      const { status, data } = await anonymous.get(`/api/cohorts/join/${code}`);
      expect({ code, status }).toEqual({ code, status: 200 });
      expect(Object.keys(data).sort()).toEqual(["access", "id", "isActive", "name", "testConfigId", "testMode"]);
      expect(data).toMatchObject({ name: "Demo Class", isActive: true, testConfigId: demoTestId, testMode: "placement" });
    }
    expect((await student.get("/api/cohorts/join/DEMOCLASS")).status).toBe(200);
  });

  it("answers 404 with the join screen's words for an unknown code, and 400 for an impossible one", async () => {
    expect(await anonymous.get("/api/cohorts/join/NOPE1234")).toEqual({ status: 404, data: { message: INVALID_CODE } });
    const long = await anonymous.get(`/api/cohorts/join/${"A".repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.data.message).toBe("The join code must be at most 50 characters");
    expect((await anonymous.get("/api/cohorts/join/%20%20")).status).toBe(400);
    expect((await anonymous.post("/api/cohorts/join/DEMOCLASS", {})).status).toBe(405);
  });

  it("still finds an inactive class, saying so, so the join screen can explain", async () => {
    const inactive = await createClass({ name: "Closed", isActive: false });
    expect((await anonymous.get(`/api/cohorts/join/${inactive.joinCode.toLowerCase()}`)).data).toMatchObject({ id: inactive.id, isActive: false });
  });
});

describe("POST /api/cohort-members (public)", () => {
  it("registers a signed-out student, once per student id, answering only the student id", async () => {
    const schoolClass = await createClass({ name: "Registering" });
    const first = await anonymous.post("/api/cohort-members", { cohortId: schoolClass.id, studentId: " S-42 ", displayName: " Ada " });
    expect(first).toEqual({ status: 201, data: { studentId: "S-42" } });
    const again = await anonymous.post("/api/cohort-members", { cohortId: schoolClass.id, studentId: "S-42", displayName: "Ada L." });
    expect(again).toEqual({ status: 200, data: { studentId: "S-42" } });
    const rows = await worker.d1.prepare("select display_name from cohort_members where cohort_id = ?").bind(schoolClass.id).all();
    expect(rows.results).toEqual([{ display_name: "Ada L." }]);
    const listed = (await admin.get("/api/cohorts")).data.find((row: { id: string }) => row.id === schoolClass.id);
    expect(listed.memberCount).toBe(1);
  });

  it("answers 400 for missing or over-long fields, 404 for an unknown class, 409 for an inactive one", async () => {
    const before = await count(worker, "cohort_members");
    const message = "Please enter both your name and student ID.";
    expect((await anonymous.post("/api/cohort-members", { cohortId: "x", studentId: "  ", displayName: "Ada" })).data.message).toBe(`studentId: ${message}`);
    expect((await anonymous.post("/api/cohort-members", { cohortId: "x", studentId: "s" })).status).toBe(400);
    expect((await anonymous.post("/api/cohort-members", { cohortId: "x", studentId: "s".repeat(101), displayName: "Ada" })).status).toBe(400);
    expect(await anonymous.post("/api/cohort-members", { cohortId: "ghost", studentId: "s", displayName: "Ada" })).toEqual({
      status: 404,
      data: { message: "Class Not Found" },
    });
    const closed = await createClass({ name: "Closed for members", isActive: false });
    expect(await anonymous.post("/api/cohort-members", { cohortId: closed.id, studentId: "s", displayName: "Ada" })).toEqual({
      status: 409,
      data: { message: "This class is no longer active" },
    });
    expect((await anonymous.get("/api/cohort-members")).status).toBe(405);
    expect(await count(worker, "cohort_members")).toBe(before);
  });
});

describe("who may call", () => {
  it("answers 401 signed out and 403 to a student on every admin route, changing nothing", async () => {
    const target = await createClass({ name: "Guarded" });
    const before = await count(worker, "cohorts");
    const calls = (client: ApiClient) => [
      client.get("/api/cohorts"),
      client.post("/api/cohorts", { name: "Intruder" }),
      client.put(`/api/cohorts/${target.id}`, { name: "Renamed" }),
      client.delete(`/api/cohorts/${target.id}`),
    ];
    expect((await Promise.all(calls(anonymous))).map((call) => call.status)).toEqual([401, 401, 401, 401]);
    expect((await Promise.all(calls(student))).map((call) => call.status)).toEqual([403, 403, 403, 403]);
    expect(await count(worker, "cohorts")).toBe(before);
  });
});

describe("the Class Management screen", () => {
  const postIntent = async (body: unknown) => {
    const response = await worker.request("/admin/cohorts?_data=routes%2Fadmin.cohorts", {
      method: "POST",
      jar: await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password),
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, result: (await response.json()) as { ok: boolean; toast: { title: string; description?: string } } };
  };

  it("creates, refuses and deletes with the product's toasts", async () => {
    const created = await postIntent({ intent: "create", values: { name: "From the screen", joinCode: "screen-1" } });
    expect(created).toEqual({ status: 200, result: expect.objectContaining({ ok: true, toast: { title: "Cohort created" } }) });
    const blank = await postIntent({ intent: "create", values: { name: "" } });
    expect(blank.status).toBe(400);
    expect(blank.result.toast).toMatchObject({ title: "Name required", description: "Please enter a cohort name." });
    const unknown = await postIntent({ intent: "update", id: "ghost", values: { name: "x" } });
    expect(unknown.status).toBe(404);
    expect(unknown.result.toast).toMatchObject({ description: "Class Not Found" });
    const id = ((await admin.get("/api/cohorts")).data as { id: string; joinCode: string }[]).find((row) => row.joinCode === "SCREEN-1")!.id;
    expect((await postIntent({ intent: "delete", id })).result.toast).toEqual({ title: "Cohort deleted" });
  });

  it("serves each class's QR code as an SVG to admins only", async () => {
    const schoolClass = await createClass({ name: "Scan me" });
    const adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const qr = await worker.request(`/admin/cohorts/${schoolClass.id}/qr`, { jar: adminJar });
    expect(qr.status).toBe(200);
    expect(qr.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await qr.text()).toMatch(/^<svg[^>]*width="400"/);
    expect((await worker.request("/admin/cohorts/ghost/qr", { jar: adminJar })).status).toBe(404);
    expect((await worker.request(`/admin/cohorts/${schoolClass.id}/qr`)).status).toBe(401);
  });

  it("gives the page the product's own origin for join links", async () => {
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const page = await (await worker.request("/admin/cohorts?_data=routes%2Fadmin.cohorts", { jar })).json();
    expect(page).toMatchObject({ joinOrigin: "http://localhost" });
  });
});

describe("with APP_ORIGIN set", () => {
  it("builds join links on that origin, whatever host served the page", async () => {
    const configured = await startWorker({ vars: { APP_ORIGIN: "https://tests.school.example" } });
    try {
      const jar = await configured.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      const page = await (await configured.request("/admin/cohorts?_data=routes%2Fadmin.cohorts", { jar })).json();
      expect(page).toMatchObject({ joinOrigin: "https://tests.school.example" });
      expect((await apiClient(configured).get("/api/cohorts/join/DEMOCLASS")).status).toBe(200);
    } finally {
      await configured.dispose();
    }
  });
});
