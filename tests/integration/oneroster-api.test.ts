import { readFileSync } from "node:fs";
import { join } from "node:path";

import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, type JobAnswer, waitForJob } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { oneRosterZip, postOneRoster, syntheticOneRoster, syntheticOneRosterZip, uploadOneRoster } from "../support/oneroster";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";
import { ratioDeflate, rawZip, repeatedByteDeflate } from "../support/zip-bombs";

/** POST /api/roster/oneroster through the real Worker: a district's OneRoster CSV bundle, previewed, applied, applied again, then a delta. */
let worker: TestWorker;
let adminJar: CookieJar;
let studentJar: CookieJar;
let admin: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  studentJar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
  admin = apiClient(worker, adminJar);
}, 60_000);
afterAll(() => worker?.dispose());

/** A query's rows in `on`'s D1 (this file's Worker unless another is named). */
const rowsIn =
  (on: () => TestWorker) =>
  async (sql: string, ...values: string[]) =>
    (
      await on()
        .d1.prepare(sql)
        .bind(...values)
        .all()
    ).results;
const rows = rowsIn(() => worker);
const tableSizes = async () =>
  rows(
    "select (select count(*) from cohorts) as classes, (select count(*) from students) as students, (select count(*) from cohort_members) as members, (select count(*) from cohort_teachers) as teachers, (select count(*) from users) as accounts",
  );
const none = { classes: 0, students: 0, enrollments: 0, teachers: 0 };
const refusedInFirstBundle = [{ file: "enrollments.csv", line: 9, reason: "Enrollment skipped: class class-art7 is not in classes.csv or an earlier import." }];
const nothingDeleted = { notes: [], notesTotal: 0, deletedOnRequest: [], recreateDeleted: false };

describe("importing a OneRoster bundle", () => {
  beforeAll(async () => {
    // Carla was added by hand before the district rostered: the import adopts her record.
    expect((await admin.post("/api/students", { studentId: "S-2003", givenName: "Carla", familyName: "Lopez, Jr.", grade: "07" })).status).toBe(201);
  });

  it("previews a 1.1 bundle with ?dryRun=1: what it would create, with each refused row's file and line, and writes nothing", async () => {
    const before = await tableSizes();
    const { status, data } = await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"), "?dryRun=1");
    expect(status).toBe(200);
    expect(data).toEqual({
      applied: false,
      // Eli Nograde has no grades: OneRoster makes them optional, so he is imported with a blank grade.
      created: { classes: 2, students: 4, enrollments: 7, teachers: 1 },
      updated: { ...none, students: 1 },
      unchanged: none,
      removed: { enrollments: 0 },
      refused: refusedInFirstBundle,
      refusedTotal: 1,
      ...nothingDeleted,
    });
    expect(await tableSizes()).toEqual(before);
  });

  it("says each refused row's reason in the language the client asks for, and in English on the Students screen", async () => {
    const inSpanish = { "Accept-Language": "es" };
    const preview = await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"), "?dryRun=1", {}, inSpanish);
    expect(preview.data.refused).toEqual([
      { file: "enrollments.csv", line: 9, reason: "Inscripción omitida: la clase class-art7 no está en classes.csv ni en una importación anterior." },
    ]);
    const notAZip = await uploadOneRoster(worker, adminJar, "not a zip", "?dryRun=1", {}, inSpanish);
    expect(notAZip).toEqual({
      status: 400,
      data: { message: "El archivo no es un archivo zip que se pueda leer. Suba el paquete CSV de OneRoster como archivo .zip." },
    });
    // A staff screen's own calls read English, whatever the browser prefers.
    const onTheScreen = { ...inSpanish, Referer: "http://localhost/admin/students" };
    expect((await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"), "?dryRun=1", {}, onTheScreen)).data.refused).toEqual(refusedInFirstBundle);
  });

  it("applies it in one go: rostered classes found by sourcedId, their rosters, and their teacher's account", async () => {
    const { status, data } = await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"));
    expect(status).toBe(200);
    expect(data).toMatchObject({ applied: true, created: { classes: 2, students: 4, enrollments: 7, teachers: 1 }, refused: refusedInFirstBundle });

    const classes = await rows("select id, name, access, source_id, is_active from cohorts where source_id is not null order by name");
    expect(classes).toEqual([
      { id: expect.any(String), name: "Math 7 - Period 2", access: "rostered", source_id: "class-math7", is_active: 1 },
      { id: expect.any(String), name: "Science 7 - Period 4", access: "rostered", source_id: "class-sci7", is_active: 1 },
    ]);
    const roster = await admin.get(`/api/cohorts/${classes[0]!.id}/roster`);
    expect(roster.data.map((student: { studentId: string; familyName: string }) => `${student.studentId} ${student.familyName}`)).toEqual([
      "S-2002 Chen",
      "S-2003 Lopez, Jr.",
      "S-2001 Okafor",
    ]);
    expect(await rows("select count(*) as n from students where district_student_id = 'S-2003'")).toEqual([{ n: 1 }]);
    expect(await rows("select status from students where district_student_id = 'S-2004'")).toEqual([{ status: "inactive" }]);
    expect(await rows("select grade from students where district_student_id = 'S-2005'")).toEqual([{ grade: "" }]);
    expect(await rows("select email, first_name, last_name, role, password_hash from users where source_id = 'user-t1'")).toEqual([
      { email: "mrivera@riverside.example", first_name: "Marta", last_name: "Rivera", role: "teacher", password_hash: null },
    ]);
    expect(await rows("select c.name from cohort_teachers t join cohorts c on c.id = t.cohort_id order by c.name")).toEqual([
      { name: "Math 7 - Period 2" },
      { name: "Science 7 - Period 4" },
    ]);
    // The administrator in the bundle is nobody the product keeps.
    expect(await rows("select count(*) as n from users where email = 'pat@riverside.example'")).toEqual([{ n: 0 }]);
  });

  it("changes nothing when the same bundle comes again, as 1.1 or as 1.2", async () => {
    const before = await tableSizes();
    for (const version of ["v1.1", "v1.2"] as const) {
      const { status, data } = await uploadOneRoster(worker, adminJar, oneRosterZip(version));
      expect(status).toBe(200);
      expect(data).toMatchObject({
        created: none,
        updated: none,
        unchanged: { classes: 2, students: 5, enrollments: 7, teachers: 1 },
        removed: { enrollments: 0 },
      });
    }
    expect(await tableSizes()).toEqual(before);
  });

  it("applies a delta bundle: a changed grade, a new student enrolled, and a tobedeleted enrollment removed (the student stays)", async () => {
    const { status, data } = await uploadOneRoster(worker, adminJar, oneRosterZip("delta"));
    expect(status).toBe(200);
    expect(data).toEqual({
      applied: true,
      created: { ...none, students: 1, enrollments: 1 },
      updated: { ...none, students: 1 },
      unchanged: { ...none, enrollments: 2 },
      removed: { enrollments: 1 },
      refused: [],
      refusedTotal: 0,
      ...nothingDeleted,
    });
    expect(await rows("select grade from students where district_student_id = 'S-2002'")).toEqual([{ grade: "08" }]);
    const math = await rows(
      "select m.student_id from cohort_members m join cohorts c on c.id = m.cohort_id where c.source_id = 'class-math7' order by m.student_id",
    );
    expect(math).toEqual([{ student_id: "S-2001" }, { student_id: "S-2002" }]);
    const science = await rows(
      "select m.student_id from cohort_members m join cohorts c on c.id = m.cohort_id where c.source_id = 'class-sci7' order by m.student_id",
    );
    expect(science).toEqual([{ student_id: "S-2001" }, { student_id: "S-2004" }, { student_id: "S-2006" }]);
    expect(await rows("select count(*) as n from students where district_student_id = 'S-2003'")).toEqual([{ n: 1 }]);
  });
});

/**
 * Bundles shaped like the public ones other projects write (our own rows in their shapes, see
 * app/domain/students/oneroster.test.ts): the Moodle enrolment plugin's fixtures
 * (catalyst/moodle-enrol_oneroster, a 1.2 bundle and a minimal 1.1 one) and a test platform's import
 * sample (oat-sa/oneroster-import). Before, each imported 0 of its 3 students.
 */
describe("exports as real systems write them", () => {
  it("imports every student of each, with a note for each identifier replaced and each skipped enrollment naming its cause", async () => {
    const moodle12 = await uploadOneRoster(worker, adminJar, oneRosterZip("moodle-1.2"), "?dryRun=1");
    expect(moodle12).toMatchObject({ status: 200, data: { created: { students: 3, teachers: 2, classes: 1, enrollments: 4 }, notes: [] } });
    expect(moodle12.data.refused).toEqual([
      { file: "enrollments.csv", line: 5, reason: "Enrollment skipped: user usr-910-300 is a teacher in users.csv line 4." },
      { file: "enrollments.csv", line: 7, reason: "Enrollment skipped: class cls-910-geo is marked tobedeleted in classes.csv line 3." },
      { file: "enrollments.csv", line: 8, reason: "Enrollment skipped: class cls-910-geo is marked tobedeleted in classes.csv line 3." },
    ]);

    const minimal = await uploadOneRoster(worker, adminJar, oneRosterZip("moodle-1.1-minimal"), "?dryRun=1");
    expect(minimal).toMatchObject({ status: 200, data: { created: { students: 3, classes: 2, enrollments: 3 } } });
    expect(minimal.data.refused).toEqual([
      { file: "users.csv", line: 2, reason: "A teacher needs a valid e-mail address to sign in." },
      { file: "enrollments.csv", line: 2, reason: "Enrollment skipped: user usr-510-1 was refused in users.csv line 2." },
    ]);

    const platform = await uploadOneRoster(worker, adminJar, oneRosterZip("platform-1.1"));
    expect(platform).toMatchObject({ status: 200, data: { applied: true, created: { students: 3, classes: 2, enrollments: 4 }, refused: [] } });
    expect(platform.data.notes).toEqual([
      { file: "users.csv", line: 2, note: expect.stringContaining('The identifier "candidate number 1" cannot be a student ID') },
      { file: "users.csv", line: 3, note: expect.stringContaining('The identifier "candidate number 2" cannot be a student ID') },
    ]);
    expect(await rows("select district_student_id, grade from students where source_id like 'cand-%' order by source_id")).toEqual([
      { district_student_id: "cand-01", grade: "" },
      { district_student_id: "cand-02", grade: "" },
      { district_student_id: "cand-03", grade: "" },
    ]);
  });
});

describe("a student deleted on request", () => {
  it("stays deleted: the import lists them and skips them unless asked to re-create them, and only keyed hashes are kept", async () => {
    const zip = oneRosterZip("platform-1.1");
    const id = String((await rows("select id from students where source_id = 'cand-02'"))[0]!.id);
    expect((await admin.delete(`/api/students/${id}`)).status).toBe(200);
    const kept = await rows("select * from deleted_students");
    expect(kept).toEqual([
      {
        id: expect.any(String),
        source_id_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        district_id_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        deleted_at: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(kept)).not.toMatch(/cand-02|Harju|Aino/);

    const deletedOnRequest = [{ file: "users.csv", line: 3, deletedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }];
    const skipped = { reason: "Enrollment skipped: student cand-02 (users.csv line 3) was deleted on request and is not re-created." };
    const preview = await uploadOneRoster(worker, adminJar, zip, "?dryRun=1");
    expect(preview).toMatchObject({ status: 200, data: { created: { students: 0 }, deletedOnRequest, recreateDeleted: false } });
    expect(preview.data.refused).toEqual([{ file: "enrollments.csv", line: 4, ...skipped }]);
    // Applied without the tick, the student stays deleted.
    expect(await uploadOneRoster(worker, adminJar, zip)).toMatchObject({ status: 200, data: { applied: true, created: { students: 0 }, deletedOnRequest } });
    expect(await rows("select count(*) as n from students where source_id = 'cand-02'")).toEqual([{ n: 0 }]);

    expect(await uploadOneRoster(worker, adminJar, zip, "", { recreateDeleted: "maybe" })).toEqual({
      status: 400,
      data: { message: "recreateDeleted must be true or false" },
    });
    const recreated = await uploadOneRoster(worker, adminJar, zip, "", { recreateDeleted: "true" });
    expect(recreated).toMatchObject({ status: 200, data: { created: { students: 1, enrollments: 1 }, refused: [], recreateDeleted: true } });
    const back = await rows(
      "select s.district_student_id, a.detail from students s join audit_log a on a.student_record_id = s.id and a.action = 'student.created' where s.source_id = 'cand-02'",
    );
    expect(back).toEqual([{ district_student_id: "cand-02", detail: JSON.stringify({ recreatedAfterDeletion: true, via: "oneroster" }) }]);
  });
});

describe("what the import refuses", () => {
  it("answers 400 that says why for no file, a file that is not a zip, and a zip without a manifest, writing nothing", async () => {
    const before = await tableSizes();
    expect(await uploadOneRoster(worker, adminJar, null)).toEqual({ status: 400, data: { message: "Choose the OneRoster zip to import." } });
    expect(await uploadOneRoster(worker, adminJar, "sourcedId,status\n")).toEqual({
      status: 400,
      data: { message: "The file is not a zip archive that can be read. Upload the OneRoster CSV bundle as a .zip file." },
    });
    expect(await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1", { "manifest.csv": null }))).toEqual({
      status: 400,
      data: { message: "The zip has no manifest.csv: export the roster from your student information system as a OneRoster CSV bundle." },
    });
    expect(await uploadOneRoster(worker, adminJar, oneRosterZip("v1.2", { "roles.csv": null }))).toEqual({
      status: 400,
      data: { message: "manifest.csv lists roles.csv as bulk, but the zip does not have it." },
    });
    expect((await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"), "?dryRun=maybe")).status).toBe(400);
    expect(await tableSizes()).toEqual(before);
  });

  it("never changes an account's role: a teacher row with a student account's e-mail is refused, in the preview and the apply", async () => {
    const users = readFileSync(join(__dirname, "../fixtures/oneroster/v1.1/users.csv"), "utf8");
    const zip = oneRosterZip("v1.1", { "users.csv": `${users}user-t9,,,true,org-1,teacher,sstudent,,Sam,Student,,T-900,${demoAccounts.student.email},,,,,\n` });
    const refusal = {
      file: "users.csv",
      line: 9,
      reason: `${demoAccounts.student.email} is a student's account: an import never changes an account's role. A district admin can change it on Accounts & Roles.`,
    };
    for (const query of ["?dryRun=1", ""]) {
      const { status, data } = await uploadOneRoster(worker, adminJar, zip, query);
      expect(status).toBe(200);
      expect(data.refused).toContainEqual(refusal);
    }
    expect(await rows("select role from users where email = ?", demoAccounts.student.email)).toEqual([{ role: "student" }]);
  });

  it("audits each student it creates and enrolls on their record, and keeps e-mails out of its summary", async () => {
    const entries = await rows(
      "select a.action, a.subject, a.detail from audit_log a join students s on s.id = a.student_record_id where s.district_student_id = 'S-2002' and a.action like 'student.%' order by a.at, a.rowid",
    );
    expect(entries).toContainEqual({
      action: "student.created",
      subject: "oneroster:1.1",
      detail: JSON.stringify({ via: "oneroster" }),
    });
    expect(entries.filter((entry) => entry.action === "student.enrolled").length).toBeGreaterThan(0);
    const summaries = await rows("select detail from audit_log where action = 'roster.imported'");
    for (const summary of summaries) expect(String(summary.detail)).not.toContain("@");
  });

  it("refuses a zip bomb, a header that lies about a size, too much inflated in all and too many files, naming the limit", async () => {
    const before = await tableSizes();
    const refusal = (message: string) => ({ status: 400, data: { message } });
    // 4 MB that inflates to 640 MB (160 to 1), declared honestly: stopped once past the ratio.
    const bomb = rawZip([{ name: "roster/users.csv", data: repeatedByteDeflate(310_000), declaredSize: 259 + 2_064 * 310_000 }]);
    expect(await uploadOneRoster(worker, adminJar, bomb)).toEqual(
      refusal("users.csv inflates to more than 100 times its compressed size, the most a file may."),
    );
    // 0.4 MB compressed 50 to 1, whose headers say 1 kB: stopped at 20 MB inflated, whatever was declared.
    const lying = rawZip([{ name: "users.csv", data: ratioDeflate(200, 50, 1_400), declaredSize: 1_000 }]);
    expect(await uploadOneRoster(worker, adminJar, lying)).toEqual(refusal("users.csv inflates to more than 20 MB; a file may hold at most 20 MB."));
    // Four files of 13 MB, each within its own limit, from 1 MB, whose headers say 1 kB each (honest
    // ones would have the queue read them in parts, ADR 0050).
    const thirteen = ratioDeflate(125, 50, 1_400);
    const many = rawZip(["manifest.csv", "classes.csv", "users.csv", "enrollments.csv"].map((name) => ({ name, data: thirteen, declaredSize: 1_000 })));
    expect(await uploadOneRoster(worker, adminJar, many)).toEqual(refusal("The files inflate to more than 30 MB; together they may hold at most 30 MB."));
    const crowded = rawZip(Array.from({ length: 101 }, (_, index) => ({ name: `notes-${index}.txt`, data: new Uint8Array(), method: 0 as const })));
    expect(await uploadOneRoster(worker, adminJar, crowded)).toEqual(refusal("The zip holds more than 100 files; it may hold at most 100."));
    expect(await uploadOneRoster(worker, adminJar, crowded, "", {}, { "Accept-Language": "es" })).toEqual(
      refusal("El zip contiene más de 100 archivos; puede contener como máximo 100."),
    );
    expect(await tableSizes()).toEqual(before);
  });

  it("refuses a file of more than 50,000 rows at the row past the limit", async () => {
    const users = `sourcedId,role,givenName,familyName,identifier,grades\n${Array.from({ length: 50_001 }, (_, index) => `u${index},student,A,B,S${index},07`).join("\n")}`;
    expect(await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1", { "users.csv": users }), "?dryRun=1")).toEqual({
      status: 400,
      data: { message: "users.csv has more than 50000 rows; a bundle may have at most 50000 a file." },
    });
  });

  it("refuses in the preview every e-mail the apply could not store, so the apply meets the same refusals instead of a 500", async () => {
    const users = [
      "sourcedId,role,givenName,familyName,identifier,grades,email",
      "user-x1,student,Tess,Twin,S-2101,07,Twin@students.riverside.example",
      "user-x2,student,Tom,Twin,S-2102,07,twin@STUDENTS.riverside.example",
      "user-x3,student,Bo,Chen,S-2103,07,bchen@students.riverside.example",
      "user-x8,teacher,Ana,One,,,dup@riverside.example",
      "user-x9,teacher,Ana,Two,,,DUP@riverside.example",
    ].join("\n");
    const bundle = oneRosterZip("v1.1", { "users.csv": users, "enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n" });
    const refused = [
      { file: "users.csv", line: 3, reason: "The e-mail address twin@students.riverside.example is already on line 2." },
      // Ben Chen (S-2002) has it; the refusal does not say so.
      { file: "users.csv", line: 4, reason: "Another student already has the e-mail address bchen@students.riverside.example." },
      { file: "users.csv", line: 6, reason: "The e-mail address dup@riverside.example is already on line 5." },
    ];
    const preview = await uploadOneRoster(worker, adminJar, bundle, "?dryRun=1");
    expect(preview).toMatchObject({ status: 200, data: { created: { students: 1, teachers: 1 }, refused } });
    const applied = await uploadOneRoster(worker, adminJar, bundle);
    expect(applied).toMatchObject({ status: 200, data: { applied: true, created: { students: 1, teachers: 1 }, refused } });
    expect(await rows("select district_student_id from students where district_student_id like 'S-21%'")).toEqual([{ district_student_id: "S-2101" }]);
  });

  it("refuses in the preview a new student ID that a walk-in typed in one of the student's classes, which the apply could not store", async () => {
    // Ada (S-2001) is also on an open class's roster, where a walk-in typed S-2001-B at join.
    const adaId = String((await rows("select id from students where source_id = 'user-s1'"))[0]!.id);
    const openClass = (await admin.post("/api/cohorts", { name: "Open study hall" })).data.id as string;
    expect((await admin.post(`/api/cohorts/${openClass}/roster/${adaId}`)).status).toBe(201);
    const walkIn = await worker.request("/api/cohort-members", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cohortId: openClass, studentId: "S-2001-B", displayName: "Walk In" }),
    });
    expect(walkIn.status).toBe(201);
    const users = "sourcedId,role,givenName,familyName,identifier,grades,email\nuser-s1,student,Ada,Okafor-Reyes,S-2001-B,07,";
    const bundle = oneRosterZip("v1.1", { "users.csv": users, "enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n" });
    const refused = [{ file: "users.csv", line: 2, reason: "Student ID S-2001-B is already taken in one of this student's classes." }];
    expect(await uploadOneRoster(worker, adminJar, bundle, "?dryRun=1")).toMatchObject({ status: 200, data: { updated: { students: 0 }, refused } });
    expect(await uploadOneRoster(worker, adminJar, bundle)).toMatchObject({ status: 200, data: { applied: true, refused } });
    expect(await rows("select district_student_id, family_name from students where id = ?", adaId)).toEqual([
      { district_student_id: "S-2001", family_name: "Okafor" },
    ]);
  });

  it("is for district admins: 401 signed out, 403 for a student, 415 for JSON, 405 for GET", async () => {
    expect((await uploadOneRoster(worker, undefined, oneRosterZip("v1.1"))).status).toBe(401);
    expect((await uploadOneRoster(worker, studentJar, oneRosterZip("v1.1"))).status).toBe(403);
    expect((await admin.post("/api/roster/oneroster", {})).status).toBe(415);
    expect((await admin.get("/api/roster/oneroster")).status).toBe(405);
  });
});

describe("an import larger than one request should write", () => {
  // 150 students in two classes each: 457 changes, three parts of at most 200 (ADR 0047).
  const bundle = (prefix: string) => syntheticOneRosterZip({ students: 150, classesPerStudent: 2, classSize: 100, prefix });
  const changes = 3 + 1 + 3 + 150 + 300;
  const jobOf = async (jobId: string) => (await admin.get(`/api/jobs/${jobId}`)).data as JobAnswer & { attempts: number };
  const audited = async (action: string, prefix: string) =>
    rows(
      "select count(*) as n, count(distinct student_record_id) as records from audit_log where action = ? and student_record_id in (select id from students where source_id like ?)",
      action,
      `${prefix}-s%`,
    );
  const stagedParts = async (jobId: string) => rows("select count(*) as n from job_parts where job_id = ?", jobId);

  it("answers 202 with the job, writes it in parts with its progress, and the job's result is the preview's answer, applied", async () => {
    const preview = await uploadOneRoster(worker, adminJar, bundle("big"), "?dryRun=1");
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ created: { classes: 3, students: 150, enrollments: 303, teachers: 1 }, refused: [] });

    const queued = await uploadOneRoster(worker, adminJar, bundle("big"));
    expect(queued.status).toBe(202);
    const jobId = queued.data.jobId as string;
    expect(queued.data).toEqual({ jobId, status: "pending", poll: `/api/jobs/${jobId}` });

    const views = await waitForJob(admin, jobId);
    const finished = views.at(-1)!;
    expect(finished).toMatchObject({ status: "succeeded", progress: { done: changes, total: changes } });
    expect(finished.result).toEqual({ ...preview.data, applied: true });
    // Polling may miss a figure, never reorder one: each seen is a whole part's end, rising.
    for (const [index, view] of views.entries()) {
      expect([0, 200, 400, changes], JSON.stringify(views)).toContain(view.progress!.done);
      if (index > 0) expect(view.progress!.done).toBeGreaterThanOrEqual(views[index - 1]!.progress!.done);
    }
    expect(await rows("select count(*) as n from students where source_id like 'big-s%'")).toEqual([{ n: 150 }]);
    expect(await rows("select count(*) as n from cohort_members m join cohorts c on c.id = m.cohort_id where c.source_id like 'big-c%'")).toEqual([{ n: 300 }]);
    expect(
      await rows(
        "select count(*) as n from audit_log where action = 'roster.imported' and subject = 'oneroster:1.2' and json_extract(detail, '$.created.students') = 150",
      ),
    ).toEqual([{ n: 1 }]);
    expect(await stagedParts(jobId)).toEqual([{ n: 0 }]);

    // The same bundle again plans no change: answered at once, as a small import is.
    const again = await uploadOneRoster(worker, adminJar, bundle("big"));
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ applied: true, created: none, unchanged: { classes: 3, students: 150, enrollments: 303, teachers: 1 } });
  }, 120_000);

  it("retries a part whose write failed, and writes a part delivered twice once", async () => {
    // The last part fails (one of its enrollments cannot be written) until the trigger is dropped.
    await worker.d1
      .prepare(
        "create trigger fail_one_enrollment before insert on cohort_members when new.student_id = 'RETRY-000149' begin select raise(abort, 'simulated failure'); end",
      )
      .run();
    const queued = await uploadOneRoster(worker, adminJar, bundle("retry"));
    expect(queued.status).toBe(202);
    const jobId = queued.data.jobId as string;
    // Each delivery of a part counts an attempt on the job: parts 0, 1 and 2 are three.
    const failedAfter = async (attempts: number) => {
      let job = await jobOf(jobId);
      for (const deadline = Date.now() + 60_000; !(job.attempts >= attempts && job.error?.includes("simulated failure")); job = await jobOf(jobId)) {
        if (Date.now() > deadline) throw new Error(`The last part never failed: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return job;
    };
    const held = await failedAfter(3);
    // The failed part's batch left nothing: the first two parts are written (157 changes before the enrollments), the third is not.
    expect(held).toMatchObject({ status: "queued", progress: { done: 400, total: changes } });
    expect(await rows("select count(*) as n from cohort_members where student_id like 'RETRY-%'")).toEqual([{ n: 400 - 157 }]);
    expect(await stagedParts(jobId)).toEqual([{ n: 3 }]);

    // Part 1 again, already written: it writes nothing (its enrollments, written twice, would be
    // audited twice) and runs on to part 2, which fails as well (attempts 4 and 5).
    const queue = await worker.mf.getQueueProducer<{ jobId: string; part: number }>("JOBS");
    await queue.send({ jobId, part: 1 });
    await failedAfter(5);
    // The queue retries both failed deliveries of part 2 a few seconds later: one writes it, the other finds it written.
    await worker.d1.prepare("drop trigger fail_one_enrollment").run();

    expect((await waitForJob(admin, jobId)).at(-1)).toMatchObject({
      status: "succeeded",
      progress: { done: changes, total: changes },
      result: { applied: true },
    });
    expect(await rows("select count(*) as n from students where source_id like 'retry-s%'")).toEqual([{ n: 150 }]);
    expect(await audited("student.created", "retry")).toEqual([{ n: 150, records: 150 }]);
    expect(await audited("student.enrolled", "retry")).toEqual([{ n: 300, records: 150 }]);
    expect(await rows("select count(*) as n from cohort_members m join cohorts c on c.id = m.cohort_id where c.source_id like 'retry-c%'")).toEqual([
      { n: 300 },
    ]);
    // One summary an import: the earlier test's and this one's.
    expect(await rows("select count(*) as n from audit_log where action = 'roster.imported' and json_extract(detail, '$.created.students') = 150")).toEqual([
      { n: 2 },
    ]);
    expect(await stagedParts(jobId)).toEqual([{ n: 0 }]);
  }, 120_000);

  it("keeps a job's answer inside a D1 row however many rows are refused: the first 1,000 and the total, and every one as CSV from the preview", async () => {
    // 20,000 enrollments of a class the district never sent: about 2.6 MB of refusals, past D1's 2 MB a value.
    const files = syntheticOneRoster({ students: 150, classesPerStudent: 2, classSize: 100, prefix: "stray" });
    const strays = Array.from({ length: 20_000 }, (_, index) => `stray-e-x${index},active,,stray-gone,org-1,stray-s${index % 150},student,false,,`);
    const enrollments = `${files["enrollments.csv"]}\n${strays.join("\n")}`;
    const zip = zipSync(Object.fromEntries(Object.entries({ ...files, "enrollments.csv": enrollments }).map(([name, text]) => [name, strToU8(text)])));
    const firstStray = files["enrollments.csv"]!.split("\n").length + 1;
    const strayRefusal = (line: number) => ({
      file: "enrollments.csv",
      line,
      reason: "Enrollment skipped: class stray-gone is not in classes.csv or an earlier import.",
    });

    const queued = await uploadOneRoster(worker, adminJar, zip);
    expect(queued.status, JSON.stringify(queued.data)).toBe(202);
    const finished = (await waitForJob(admin, queued.data.jobId as string)).at(-1)!;
    expect(finished).toMatchObject({ status: "succeeded", result: { applied: true, created: { students: 150, enrollments: 303 }, refusedTotal: 20_000 } });
    const { refused } = finished.result as { refused: unknown[] };
    expect(refused).toHaveLength(1_000);
    expect(refused[0]).toEqual(strayRefusal(firstStray));
    expect(refused[999]).toEqual(strayRefusal(firstStray + 999));
    expect(await rows("select count(*) as n from students where source_id like 'stray-s%'")).toEqual([{ n: 150 }]);
    expect(
      await rows(
        "select count(*) as n from audit_log where action = 'roster.imported' and json_extract(detail, '$.refused') = 20000 and json_extract(detail, '$.created.students') = 150",
      ),
    ).toEqual([{ n: 1 }]);

    // Every refused row, from the preview of the same bundle, as a spreadsheet opens it.
    const csv = await postOneRoster(worker, adminJar, zip, "?dryRun=1&refused=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toHaveLength(20_001);
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="oneroster-refused-rows.csv"');
    // text() drops the byte-order mark the file begins with.
    expect(lines[0]).toBe("file,line,reason");
    expect(lines[1]).toBe(`enrollments.csv,${firstStray},Enrollment skipped: class stray-gone is not in classes.csv or an earlier import.`);
    expect(lines[20_000]).toBe(`enrollments.csv,${firstStray + 19_999},Enrollment skipped: class stray-gone is not in classes.csv or an earlier import.`);
  }, 120_000);
});

describe("a bundle too large for one request, read and planned by the queue in parts", () => {
  // The same Worker with lower limits: any bundle past 1 KB is read in parts of 40 people (ADR 0050).
  let parts: TestWorker;
  let partsJar: CookieJar;
  let partsAdmin: ApiClient;
  beforeAll(async () => {
    parts = await startWorker({ vars: { ROSTER_IN_PARTS_ABOVE_BYTES: "1000", ROSTER_USERS_PER_PART: "40" } });
    partsJar = await parts.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    partsAdmin = apiClient(parts, partsJar);
  }, 60_000);
  afterAll(() => parts?.dispose());

  const partsRows = rowsIn(() => parts);
  const kept = async () => (await (await parts.mf.getR2Bucket("IMPORTS")).list()).objects.length;

  /**
   * 150 students in two classes each (about 6 parts), with what a plan must see across parts: the
   * same e-mail on lines 3 and 140 (the later refused against the earlier), a user listed twice
   * (its later row wins), an enrollment of a class never sent, and one of a user never sent.
   */
  const awkward = (prefix: string) => {
    const files = syntheticOneRoster({ students: 150, classesPerStudent: 2, classSize: 100, prefix });
    const users = files["users.csv"]!.split("\n");
    const emailOf = (line: string) => line.split(",")[14]!;
    users[139] = users[139]!.replace(emailOf(users[139]!), emailOf(users[2]!));
    users.push(users[60]!.replace(",Given", ",Renamed"));
    const enrollments = `${files["enrollments.csv"]}\n${prefix}-e-x1,active,,${prefix}-gone,org-1,${prefix}-s5,student,false,,\n${prefix}-e-x2,active,,${prefix}-c0,org-1,${prefix}-nobody,student,false,,`;
    const changed = { ...files, "users.csv": users.join("\n"), "enrollments.csv": enrollments };
    return zipSync(Object.fromEntries(Object.entries(changed).map(([name, text]) => [name, strToU8(text)])));
  };
  const partsQueue = () => parts.mf.getQueueProducer<{ jobId: string; part: number }>("JOBS");

  it("previews and applies in parts with progress in people, answering what a one-piece import answers, and keeps nothing after", async () => {
    const zip = awkward("parts");
    // The Worker with the usual limits reads the same bundle in one request: the answer to match.
    const onePiece = await uploadOneRoster(worker, adminJar, zip, "?dryRun=1");
    expect(onePiece.status).toBe(200);
    // Refused: the second e-mail, its two enrollments, the class never sent and the user never sent.
    expect(onePiece.data).toMatchObject({ created: { classes: 3, students: 149, teachers: 1 }, refusedTotal: 5 });

    const preview = await uploadOneRoster(parts, partsJar, zip, "?dryRun=1");
    expect(preview.status, JSON.stringify(preview.data)).toBe(202);
    const previewed = await waitForJob(partsAdmin, preview.data.jobId as string);
    expect(previewed.at(-1)).toMatchObject({ status: "succeeded", result: onePiece.data });
    expect(await partsRows("select count(*) as n from students where source_id like 'parts-%'")).toEqual([{ n: 0 }]);

    const queued = await uploadOneRoster(parts, partsJar, zip);
    expect(queued.status).toBe(202);
    const views = await waitForJob(partsAdmin, queued.data.jobId as string);
    const people = 150 + 1 + 1;
    expect(views.at(-1)).toMatchObject({ status: "succeeded", progress: { done: people, total: people, of: "people" } });
    expect(views.at(-1)!.result).toEqual({ ...(onePiece.data as object), applied: true });
    // Progress rises a part at a time, from reading the bundle (no total yet) to every person.
    for (const [index, view] of views.entries()) if (index > 0) expect(view.progress!.done).toBeGreaterThanOrEqual(views[index - 1]!.progress!.done);
    expect(views.some((view) => view.progress!.done > 0 && view.progress!.done < people)).toBe(true);

    expect(await partsRows("select count(*) as n from students where source_id like 'parts-s%'")).toEqual([{ n: 149 }]);
    expect(await partsRows("select given_name as name from students where source_id = 'parts-s58'")).toEqual([{ name: "Renamed58" }]);
    expect(await partsRows("select count(*) as n from cohort_members m join cohorts c on c.id = m.cohort_id where c.source_id like 'parts-c%'")).toEqual([
      { n: 298 },
    ]);
    expect(
      await partsRows("select count(*) as n from audit_log where action = 'roster.imported' and json_extract(detail, '$.created.students') = 149"),
    ).toEqual([{ n: 1 }]);
    expect(await kept()).toBe(0);

    // The same bundle again: every part plans no change.
    const again = await uploadOneRoster(parts, partsJar, zip);
    const unchanged = (await waitForJob(partsAdmin, again.data.jobId as string)).at(-1)!;
    expect(unchanged.result).toMatchObject({ applied: true, created: none, updated: none, unchanged: { classes: 3, students: 149, teachers: 1 } });
  }, 120_000);

  it("writes a part delivered twice once, and a part whose write failed when the queue retries it", async () => {
    // Student 149 is in the last part: its enrollment fails until the trigger is dropped.
    await parts.d1
      .prepare(
        "create trigger fail_one before insert on cohort_members when new.student_id = 'AGAIN-000149' begin select raise(abort, 'simulated failure'); end",
      )
      .run();
    const queued = await uploadOneRoster(parts, partsJar, syntheticOneRosterZip({ students: 150, classesPerStudent: 2, classSize: 100, prefix: "again" }));
    const jobId = queued.data.jobId as string;
    const job = async () => (await partsAdmin.get(`/api/jobs/${jobId}`)).data as JobAnswer & { attempts: number };
    for (let view = await job(); !view.error?.includes("simulated failure"); view = await job()) await new Promise((resolve) => setTimeout(resolve, 50));
    // The first part's plan again, long written: its plan is kept and its batches are marked
    // written, so it writes nothing more, and the messages it queues run on to the failing batch.
    await (await partsQueue()).send({ jobId, part: 1 });
    await parts.d1.prepare("drop trigger fail_one").run();

    const finished = (await waitForJob(partsAdmin, jobId)).at(-1)!;
    // The figures are those each part planned the first time, not a second delivery's "unchanged".
    expect(finished).toMatchObject({ status: "succeeded", result: { applied: true, created: { classes: 3, students: 150, enrollments: 303, teachers: 1 } } });
    const audited = async (action: string) =>
      partsRows(
        "select count(*) as n, count(distinct student_record_id) as records from audit_log where action = ? and student_record_id in (select id from students where source_id like 'again-s%')",
        action,
      );
    expect(await audited("student.created")).toEqual([{ n: 150, records: 150 }]);
    expect(await audited("student.enrolled")).toEqual([{ n: 300, records: 150 }]);
    expect(await kept()).toBe(0);
  }, 120_000);

  it("records the answer with the import's last writes: a last step that failed runs again and still finds its bundle", async () => {
    // The job's success fails once: the last step's writes (its audit summary, its answer) go with it.
    await parts.d1
      .prepare(
        "create trigger fail_success before update of status on jobs when new.status = 'succeeded' and json_extract(old.input, '$.kind') = 'roster_bundle' begin select raise(abort, 'simulated failure'); end",
      )
      .run();
    const queued = await uploadOneRoster(parts, partsJar, syntheticOneRosterZip({ students: 60, prefix: "last" }));
    const jobId = queued.data.jobId as string;
    const job = async () => (await partsAdmin.get(`/api/jobs/${jobId}`)).data as JobAnswer;
    // Until the last step has failed once (or the job has ended, which the assertions below catch).
    for (let view = await job(); !view.error && view.status !== "failed" && view.status !== "succeeded"; view = await job())
      await new Promise((resolve) => setTimeout(resolve, 50));
    const summaries = () =>
      partsRows("select count(*) as n from audit_log where action = 'roster.imported' and json_extract(detail, '$.created.students') = 60");
    expect(await summaries()).toEqual([{ n: 0 }]);
    expect(await kept()).toBeGreaterThan(0);
    await parts.d1.prepare("drop trigger fail_success").run();

    const finished = (await waitForJob(partsAdmin, jobId)).at(-1)!;
    expect(finished).toMatchObject({ status: "succeeded", result: { applied: true, created: { students: 60 } } });
    expect(await partsRows("select count(*) as n from students where source_id like 'last-s%'")).toEqual([{ n: 60 }]);
    expect(await summaries()).toEqual([{ n: 1 }]);
    expect(await kept()).toBe(0);
  }, 120_000);

  it("keeps every refused row past the 1,000 the answer lists, as CSV for district admins only", async () => {
    const files = syntheticOneRoster({ students: 150, classesPerStudent: 2, classSize: 100, prefix: "many" });
    const strays = Array.from({ length: 1_200 }, (_, index) => `many-e-x${index},active,,many-gone,org-1,many-s${index % 150},student,false,,`);
    const firstStray = files["enrollments.csv"]!.split("\n").length + 1;
    const zip = zipSync(
      Object.fromEntries(
        Object.entries({ ...files, "enrollments.csv": `${files["enrollments.csv"]}\n${strays.join("\n")}` }).map(([name, text]) => [name, strToU8(text)]),
      ),
    );
    const queued = await uploadOneRoster(parts, partsJar, zip, "?dryRun=1");
    const jobId = queued.data.jobId as string;
    const { result } = (await waitForJob(partsAdmin, jobId)).at(-1)! as { result: { refused: unknown[]; refusedTotal: number; refusedRows: string } };
    expect([result.refused.length, result.refusedTotal, result.refusedRows]).toEqual([1_000, 1_200, `/api/jobs/${jobId}/refused`]);

    const csv = await parts.request(result.refusedRows, { jar: partsJar });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="oneroster-refused-rows.csv"');
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toHaveLength(1_201);
    const reason = "Enrollment skipped: class many-gone is not in classes.csv or an earlier import.";
    expect([lines[1], lines[1_200]]).toEqual([`enrollments.csv,${firstStray},${reason}`, `enrollments.csv,${firstStray + 1_199},${reason}`]);

    // Signed out and a student (a teacher's 403 is in teacher-scope.test.ts); an unknown job.
    expect((await parts.request(result.refusedRows)).status).toBe(401);
    const studentOfParts = await parts.signIn(demoAccounts.student.email, demoAccounts.student.password);
    expect((await parts.request(result.refusedRows, { jar: studentOfParts })).status).toBe(403);
    expect((await parts.request(`/api/jobs/${crypto.randomUUID()}/refused`, { jar: partsJar })).status).toBe(404);
  }, 120_000);

  it("fails the job saying why for a bundle it cannot read, writes nothing, and refuses the refused-rows download it cannot make", async () => {
    const files = syntheticOneRoster({ students: 60, prefix: "broken" });
    const noNames = files["users.csv"]!.replace("givenName", "firstName");
    const zip = zipSync(Object.fromEntries(Object.entries({ ...files, "users.csv": noNames }).map(([name, text]) => [name, strToU8(text)])));
    const queued = await uploadOneRoster(parts, partsJar, zip);
    expect(queued.status).toBe(202);
    expect((await waitForJob(partsAdmin, queued.data.jobId as string)).at(-1)).toMatchObject({
      status: "failed",
      error: "users.csv line 1: the header row has no givenName column.",
    });
    expect(await partsRows("select count(*) as n from cohorts where source_id like 'broken-%'")).toEqual([{ n: 0 }]);
    // A job that failed kept no rows to download.
    expect((await parts.request(`/api/jobs/${queued.data.jobId as string}/refused`, { jar: partsJar })).status).toBe(404);
    expect(await kept()).toBe(0);

    const csv = await uploadOneRoster(parts, partsJar, syntheticOneRosterZip({ students: 60, prefix: "listed" }), "?dryRun=1&refused=csv");
    expect(csv.status).toBe(400);
    expect(JSON.stringify(csv.data)).toContain("checked in parts");
  }, 120_000);
});
