import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CookieJar } from "../support/cookie-jar";
import { oneRosterZip } from "../support/oneroster";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** The Students screen, a student's page and a class's roster page through the real Worker. */
let worker: TestWorker;
let admin: CookieJar;
let student: CookieJar;

beforeAll(async () => {
  worker = await startWorker();
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  student = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
}, 60_000);
afterAll(() => worker?.dispose());

const STUDENTS = ["/admin/students", "routes/admin.students._index"] as const;

async function postIntent(path: string, routeId: string, body: unknown, jar = admin) {
  const response = await worker.request(`${path}?_data=${encodeURIComponent(routeId)}`, {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    result: (await response.json()) as { ok: boolean; toast: { title: string; description?: string }; data?: Record<string, unknown> },
  };
}

/** The import dialog's OneRoster post: a multipart form, as the browser sends it. */
async function postBundle(apply: "0" | "1", fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "import-oneroster");
  form.set("apply", apply);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(oneRosterZip("v1.2"))]), "roster.zip");
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const response = await worker.request(`/admin/students?index&_data=${encodeURIComponent(STUDENTS[1])}`, {
    method: "POST",
    jar: admin,
    body: await encoded.arrayBuffer(),
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
  });
  return { status: response.status, result: (await response.json()) as { ok: boolean; data: Record<string, unknown> } };
}

const page = async (path: string, jar = admin) => {
  const response = await worker.request(path, { jar });
  return { status: response.status, html: await response.text() };
};
const idOf = async (districtId: string) =>
  (await worker.d1.prepare("select id from students where district_student_id = ?").bind(districtId).first<{ id: string }>())!.id;

describe("the Students screen", () => {
  it("previews a OneRoster zip from the import dialog, then imports it", async () => {
    const preview = await postBundle("0");
    expect(preview.status).toBe(200);
    // Eli Nograde, whose row has no grades, is imported too (OneRoster makes `grades` optional).
    expect(preview.result.data).toMatchObject({ applied: false, created: { classes: 2, students: 5, teachers: 1, enrollments: 7 }, recreateDeleted: false });
    expect(await worker.d1.prepare("select count(*) as n from students").first("n")).toBe(0);
    // The dialog's "Re-create them" tick reaches the import.
    expect((await postBundle("0", { recreateDeleted: "1" })).result.data).toMatchObject({ applied: false, recreateDeleted: true });
    const applied = await postBundle("1");
    expect(applied.result.data).toMatchObject({ applied: true, created: { classes: 2, students: 5 } });
    expect(await worker.d1.prepare("select count(*) as n from students").first("n")).toBe(5);
  });

  it("previews and imports a pasted roster CSV onto a class, and refuses one it cannot read", async () => {
    const classId = (await worker.d1.prepare("select id from cohorts where source_id = 'class-sci7'").first<{ id: string }>())!.id;
    const csv = "Student ID,Given Name,Family Name,Grade\nS-3001,Grace,Hopper,07\nS-3002,,Nameless,07";
    const preview = await postIntent(...STUDENTS, { intent: "import-csv", csv, cohortId: classId, apply: "0" });
    expect(preview.result.data).toMatchObject({
      applied: false,
      created: { students: 1, enrollments: 1 },
      refused: [{ line: 3, reason: "Enter the student's given name" }],
    });
    const applied = await postIntent(...STUDENTS, { intent: "import-csv", csv, cohortId: classId, apply: "1" });
    expect(applied.result.data).toMatchObject({ applied: true, created: { students: 1 } });
    const unreadable = await postIntent(...STUDENTS, { intent: "import-csv", csv: "Name\nAda", cohortId: null, apply: "0" });
    expect(unreadable).toMatchObject({
      status: 400,
      result: { ok: false, toast: { description: "CSV line 1: the header row needs a column for student ID, given name, family name, grade." } },
    });
  });

  it("adds a student by hand and refuses a taken ID beside its field", async () => {
    const values = { studentId: "S-4001", givenName: "Katherine", familyName: "Johnson", grade: "08" };
    expect((await postIntent(...STUDENTS, { intent: "create", values })).result).toMatchObject({ ok: true, toast: { title: "Student added" } });
    const again = await postIntent(...STUDENTS, { intent: "create", values });
    expect(again).toMatchObject({ status: 409, result: { ok: false, fieldErrors: { studentId: "A student with ID S-4001 already exists." } } });
  });

  it("refuses a name holding NUL or half of an emoji beside its field (400), adding no one", async () => {
    const values = { studentId: "S-4002", givenName: "Dorothy\u0000", familyName: "Vaughan\ud83d", grade: "08" };
    const unstorable = "may not contain control characters (such as NUL) or a broken character (half of an emoji)";
    expect(await postIntent(...STUDENTS, { intent: "create", values })).toMatchObject({
      status: 400,
      result: { ok: false, fieldErrors: { "values.givenName": `The given name ${unstorable}`, "values.familyName": `The family name ${unstorable}` } },
    });
    expect(await worker.d1.prepare("select count(*) as n from students where district_student_id = 'S-4002'").first("n")).toBe(0);
  });

  it("finds students by name, by class and by grade, paged in SQL, and shows no data to a student", async () => {
    const byName = await page("/admin/students?q=hopp");
    expect(byName.html).toContain("Hopper, Grace");
    expect(byName.html).not.toContain("Okafor, Ada");
    expect(byName.html).toContain("Showing 1 of 1 students");
    const mathId = (await worker.d1.prepare("select id from cohorts where source_id = 'class-math7'").first<{ id: string }>())!.id;
    const byClass = await page(`/admin/students?cohortId=${mathId}`);
    expect(byClass.html).toContain("Showing 3 of 3 students");
    const byGrade = await page("/admin/students?grade=08");
    expect(byGrade.html).toContain("Johnson, Katherine");
    expect(byGrade.html).not.toContain("Hopper, Grace");
    // A record without a grade (a OneRoster row without `grades`) shows "—", and is no grade to filter by.
    const eli = await page("/admin/students?q=nograde");
    expect(eli.html).toMatch(/Nograde, Eli[\s\S]*?<td[^>]*>—<\/td>/);
    expect(eli.html).not.toContain('<option value=""></option>');
    // Its page leaves the grade out of the title line and shows "—" in the record.
    const eliPage = (await page(`/admin/students/${await idOf("S-2005")}`)).html;
    expect(eliPage).toContain('<p class="mt-1 text-slate-700">Student ID S-2005</p>');
    expect(eliPage).toContain("<dt>Grade</dt><dd>—</dd>");
    const forStudent = await page("/admin/students?q=hopp", student);
    expect(forStudent.html).not.toContain("Hopper");
  });

  it("filters by class through a search of class names (a plain GET field), never sending every class", async () => {
    const mathId = (await worker.d1.prepare("select id from cohorts where source_id = 'class-math7'").first<{ id: string }>())!.id;
    const all = await page("/admin/students");
    expect(all.html).toMatch(/<label[^>]*for="students-class"[^>]*>Class<\/label>/);
    expect(all.html).toMatch(/<input[^>]*name="classq"[^>]*type="search"/);
    // No list of classes: neither class is named on the page, nor its id offered, until a search finds it.
    for (const name of ["Math 7 - Period 2", "Science 7 - Period 4"]) expect(all.html).not.toContain(name);
    expect(all.html).not.toContain(mathId);
    const bySearch = await page("/admin/students?classq=math%207");
    expect(bySearch.html).toContain("Showing 3 of 3 students");
    expect(bySearch.html).toContain("Math 7 - Period 2");
    expect(bySearch.html).not.toContain("Science 7 - Period 4");
    // Each match is a link narrowing the list to that one class.
    expect(bySearch.html).toContain(`cohortId=${mathId}`);
    const chosen = await page(`/admin/students?cohortId=${mathId}`);
    expect(chosen.html).toContain("Showing the roster of <strong>Math 7 - Period 2</strong>");
    const none = await page("/admin/students?classq=zzz");
    expect(none.html).toContain("No class name contains “zzz”");
    expect(none.html).toContain("No students match these filters.");
  });
});

describe("a student's page", () => {
  it("shows the record, the classes and the tests taken, and edits the record", async () => {
    const id = await idOf("S-2001");
    const { status, html } = await page(`/admin/students/${id}`);
    expect(status).toBe(200);
    expect(html).toContain("Ada Okafor");
    expect(html).toContain("Math 7 - Period 2");
    expect(html).toContain("No tests yet.");
    const route = "routes/admin.students.$id";
    const edited = await postIntent(`/admin/students/${id}`, route, {
      intent: "update",
      values: { studentId: "S-2001", givenName: "Adaeze", familyName: "Okafor", grade: "07" },
    });
    expect(edited.result).toMatchObject({ ok: true, toast: { title: "Student updated" } });
    expect(await worker.d1.prepare("select display_name from cohort_members where student_id = 'S-2001' limit 1").first("display_name")).toBe("Adaeze Okafor");
  });

  it("deletes a student and says what was erased on the page it goes back to, in English", async () => {
    const created = await postIntent(...STUDENTS, { intent: "create", values: { studentId: "S-9901", givenName: "Gone", familyName: "Soon", grade: "07" } });
    expect(created.result.ok).toBe(true);
    const id = await idOf("S-9901");
    const deleted = await worker.request(`/admin/students/${id}`, {
      method: "POST",
      jar: admin,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es" },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(deleted.headers.get("Location")).toBe("/admin/students");
    const { html } = await page("/admin/students");
    expect(html).toContain("Student deleted");
    expect(html).toContain("Erased with 0 sessions, 0 answers, 0 model grading logs, 0 grade overrides, 0 class memberships.");
  });

  it("answers 404 with the way back for a student that does not exist", async () => {
    const { status, html } = await page("/admin/students/no-such-student");
    expect(status).toBe(404);
    expect(html).toContain("Student Not Found");
    expect(html).toContain("Back to Students");
  });
});

describe("a class's roster page", () => {
  it("lists the roster and teachers, adds a student to it and takes one off", async () => {
    const classId = (await worker.d1.prepare("select id from cohorts where source_id = 'class-math7'").first<{ id: string }>())!.id;
    const before = await page(`/admin/cohorts/${classId}`);
    expect(before.html).toContain("Rostered: only the students on the roster can join");
    expect(before.html).toContain("Marta Rivera");
    const route = "routes/admin.cohorts_.$id";
    const katherine = await idOf("S-4001");
    // The roster page's search reads the Students screen's own loader, as its fetcher does.
    const found = await worker.request(`/admin/students?index&q=johnson&_data=${encodeURIComponent(STUDENTS[1])}`, { jar: admin });
    expect(((await found.json()) as { students: { id: string }[] }).students.map((row) => row.id)).toEqual([katherine]);
    expect((await postIntent(`/admin/cohorts/${classId}`, route, { intent: "enroll", studentId: katherine })).result).toMatchObject({ ok: true });
    expect((await page(`/admin/cohorts/${classId}`)).html).toContain("Johnson, Katherine");
    expect((await postIntent(`/admin/cohorts/${classId}`, route, { intent: "unenroll", studentId: katherine })).result).toMatchObject({ ok: true });
    const again = await postIntent(`/admin/cohorts/${classId}`, route, { intent: "unenroll", studentId: katherine });
    expect(again).toMatchObject({ status: 404, result: { ok: false, toast: { description: "That Student Is Not On This Class's Roster" } } });
    expect((await postIntent(`/admin/cohorts/${classId}`, route, { intent: "enroll", studentId: "nobody" })).status).toBe(404);
    expect((await page("/admin/cohorts/no-such-class")).status).toBe(404);
  });
});
