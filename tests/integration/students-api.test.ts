import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients, teacherClient, waitForJob } from "../support/api";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** Student records and class rosters through the real Worker: /api/students and /api/cohorts/{id}/roster. */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
}, 60_000);
afterAll(() => worker?.dispose());

const ada = { studentId: "S-1001", givenName: "Ada", familyName: "Lovelace", grade: "6", email: "Ada@school.org" };
const alan = { studentId: "S-1002", givenName: "Alan", familyName: "Turing", grade: "7" };
const count = async (sql: string, ...values: string[]) =>
  (await worker.d1
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

describe("student records", () => {
  let adaId: string;
  let alanId: string;

  beforeAll(async () => {
    const created = await admin.post("/api/students", ada);
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    adaId = created.data.id;
    alanId = (await admin.post("/api/students", alan)).data.id;
  });

  it("creates a record with our id beside the district's student ID, and reads it back", async () => {
    const { status, data } = await admin.get(`/api/students/${adaId}`);
    expect(status).toBe(200);
    expect(data).toEqual({
      id: adaId,
      studentId: "S-1001",
      givenName: "Ada",
      familyName: "Lovelace",
      grade: "6",
      email: "ada@school.org",
      status: "active",
      language: null,
      accommodations: expect.objectContaining({ extendedTime: 1, breaks: false, readAloud: false }),
      classes: [],
      sessions: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(adaId).not.toBe("S-1001");
  });

  it("refuses a second record with the same district ID or e-mail (409, naming it), and bad input (400), creating nothing", async () => {
    const before = await count("select count(*) as n from students");
    expect(await admin.post("/api/students", { ...alan, studentId: "S-1001" })).toEqual({
      status: 409,
      data: { message: "A student with ID S-1001 already exists." },
    });
    expect(await admin.post("/api/students", { ...alan, studentId: "S-2000", email: "ADA@school.org" })).toEqual({
      status: 409,
      data: { message: "Another student already has the e-mail address ada@school.org." },
    });
    const blank = await admin.post("/api/students", { ...alan, studentId: "S-2001", givenName: " " });
    expect(blank.status).toBe(400);
    expect(blank.data.message).toContain("Enter the student's given name");
    expect((await admin.post("/api/students", "{oops")).status).toBe(400);
    expect((await admin.post("/api/students", [])).status).toBe(400);
    // NUL and half of a surrogate pair would be stored as U+FFFD and read back as something else.
    const unstorable = "may not contain control characters (such as NUL) or a broken character (half of an emoji)";
    expect(await admin.post("/api/students", { ...alan, studentId: "S-2002", givenName: "Al\u0000an" })).toEqual({
      status: 400,
      data: { message: `givenName: The given name ${unstorable}` },
    });
    expect(await admin.post("/api/students", { ...alan, studentId: "S-2002", familyName: "Turing\ud83d" })).toEqual({
      status: 400,
      data: { message: `familyName: The family name ${unstorable}` },
    });
    expect(await admin.post("/api/cohorts", { name: "Math\u001b[2J" })).toEqual({ status: 400, data: { message: `name: The name ${unstorable}` } });
    expect(await count("select count(*) as n from students")).toBe(before);
  });

  it("updates the whole record, and refuses taking another student's ID", async () => {
    const updated = await admin.put(`/api/students/${alanId}`, { ...alan, grade: "8", status: "inactive" });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id: alanId, grade: "8", status: "inactive" });
    expect((await admin.put(`/api/students/${alanId}`, { ...alan, studentId: "S-1001" })).status).toBe(409);
    expect((await admin.get(`/api/students/${alanId}`)).data.studentId).toBe("S-1002");
  });

  it("lists by family name, finds by any part of a name or ID, filters by grade, and pages", async () => {
    const all = await admin.get("/api/students");
    expect(all.status).toBe(200);
    expect(all.data).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(all.data.students.map((row: { familyName: string }) => row.familyName)).toEqual(["Lovelace", "Turing"]);
    for (const q of ["ada", "Ada Love", "Lovelace Ada", "1001", "S-10"]) {
      const found = (await admin.get(`/api/students?q=${encodeURIComponent(q)}`)).data;
      expect(
        found.students.map((row: { id: string }) => row.id),
        q,
      ).toContain(adaId);
    }
    expect((await admin.get("/api/students?q=Turing")).data.students.map((row: { id: string }) => row.id)).toEqual([alanId]);
    // % and _ are searched literally.
    expect((await admin.get(`/api/students?q=${encodeURIComponent("%")}`)).data.total).toBe(0);
    expect((await admin.get("/api/students?grade=6")).data.students.map((row: { id: string }) => row.id)).toEqual([adaId]);
    expect((await admin.get("/api/students?page=2")).data).toMatchObject({ students: [], total: 2, page: 2 });
    expect((await admin.get("/api/students?page=0")).status).toBe(400);
    expect((await admin.get("/api/students?sort=name")).status).toBe(400);
  });

  it("keeps a preferred language of en or es (null: not set), kept by a PUT without it; any other is a 400", async () => {
    const created = await admin.post("/api/students", { ...alan, studentId: "S-1090", language: "es" });
    expect(created).toMatchObject({ status: 201, data: { language: "es" } });
    const id = created.data.id as string;
    expect((await admin.put(`/api/students/${id}`, { ...alan, studentId: "S-1090", grade: "8" })).data).toMatchObject({ grade: "8", language: "es" });
    expect((await admin.put(`/api/students/${id}`, { ...alan, studentId: "S-1090", language: null })).data.language).toBeNull();
    for (const language of ["fr", "Spanish", 1]) {
      expect(await admin.post("/api/students", { ...alan, studentId: "S-1091", language })).toEqual({
        status: 400,
        data: { message: "language: language must be en or es (or null for not set)" },
      });
    }
    expect((await admin.put(`/api/students/${id}`, { ...alan, studentId: "S-1090", language: "de" })).status).toBe(400);
    expect((await admin.get(`/api/students/${id}`)).data.language).toBeNull();
    await admin.delete(`/api/students/${id}`);
  });

  it("answers 404 for a student that does not exist, 401 signed out, 403 to a student, 405 otherwise", async () => {
    expect(await admin.get("/api/students/no-such-student")).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect((await admin.put("/api/students/no-such-student", alan)).status).toBe(404);
    expect((await anonymous.get("/api/students")).status).toBe(401);
    expect((await anonymous.post("/api/students", ada)).status).toBe(401);
    expect((await student.get("/api/students")).status).toBe(403);
    expect((await student.get(`/api/students/${adaId}`)).status).toBe(403);
    expect((await admin.delete("/api/students")).status).toBe(405);
  });

  describe("a class's roster", () => {
    let classId: string;

    beforeAll(async () => {
      classId = (await admin.post("/api/cohorts", { name: `Roster class ${crypto.randomUUID().slice(0, 6)}` })).data.id;
    });

    it("puts a student on the roster as a class member with their ID and name (201, then 200 again), and takes them off", async () => {
      const added = await admin.post(`/api/cohorts/${classId}/roster/${adaId}`);
      expect(added).toEqual({ status: 201, data: { cohortId: classId, studentId: adaId, added: true } });
      expect((await admin.post(`/api/cohorts/${classId}/roster/${adaId}`)).status).toBe(200);
      expect((await admin.get(`/api/cohorts/${classId}/roster`)).data.map((row: { id: string }) => row.id)).toEqual([adaId]);
      expect(
        await count("select count(*) as n from cohort_members where cohort_id = ? and student_id = 'S-1001' and display_name = 'Ada Lovelace'", classId),
      ).toBe(1);
      expect((await admin.get(`/api/students/${adaId}`)).data.classes).toEqual([{ id: classId, name: expect.stringMatching(/^Roster class/) }]);
      expect((await admin.get(`/api/students?cohortId=${classId}`)).data.students.map((row: { id: string }) => row.id)).toEqual([adaId]);

      expect(await admin.delete(`/api/cohorts/${classId}/roster/${adaId}`)).toEqual({ status: 200, data: { removed: true } });
      expect((await admin.get(`/api/cohorts/${classId}/roster`)).data).toEqual([]);
      expect(await admin.delete(`/api/cohorts/${classId}/roster/${adaId}`)).toEqual({
        status: 404,
        data: { message: "That Student Is Not On This Class's Roster" },
      });
    });

    it("links a member who had typed the student's ID at join, instead of adding a second", async () => {
      await worker.d1
        .prepare("insert into cohort_members (id, cohort_id, student_id, display_name) values (?, ?, 'S-1002', 'alan t')")
        .bind(crypto.randomUUID(), classId)
        .run();
      expect((await admin.post(`/api/cohorts/${classId}/roster/${alanId}`)).status).toBe(201);
      expect(await count("select count(*) as n from cohort_members where cohort_id = ? and student_id = 'S-1002'", classId)).toBe(1);
      expect((await admin.get(`/api/cohorts/${classId}/roster`)).data.map((row: { id: string }) => row.id)).toEqual([alanId]);
    });

    it("renames the class member when the record's name changes", async () => {
      await admin.put(`/api/students/${alanId}`, { ...alan, givenName: "Alan M." });
      expect(await count("select count(*) as n from cohort_members where cohort_id = ? and display_name = 'Alan M. Turing'", classId)).toBe(1);
    });

    it("makes a session started in the class under a rostered student's ID that student's, and no one else's", async () => {
      const tests = (await admin.get("/api/tests")).data as { id: string; title: string }[];
      const testConfigId = tests.find((test) => test.title === "Grade 6 Math Check-in")!.id;
      await admin.put(`/api/cohorts/${classId}`, { name: "Roster class with a test", testConfigId, testMode: "placement" });
      await admin.post(`/api/cohorts/${classId}/roster/${adaId}`);
      const start = (userId: string) => admin.post("/api/sessions/start", { testConfigId, testMode: "placement", userId, cohortId: classId });
      const rostered = await start("S-1001");
      expect(rostered.status, JSON.stringify(rostered.data)).toBe(201);
      const typed = await start("S-9999");
      expect(typed.status).toBe(201);

      const { sessions } = (await admin.get(`/api/students/${adaId}`)).data;
      expect(sessions).toEqual([
        {
          id: rostered.data.sessionId,
          testConfigId,
          testTitle: "Grade 6 Math Check-in",
          testMode: "placement",
          cohortId: classId,
          startTime: expect.any(String),
          completed: false,
          totalScore: null,
          scaleScore: null,
          nonStandard: false,
        },
      ]);
      const linked = await worker.d1
        .prepare("select student_record_id as record from sessions where id = ?")
        .bind(typed.data.sessionId)
        .first<{ record: string | null }>();
      expect(linked!.record).toBeNull();
    });

    it("answers 404 naming what is missing, and refuses other callers", async () => {
      expect(await admin.post(`/api/cohorts/no-such-class/roster/${adaId}`)).toEqual({ status: 404, data: { message: "Class Not Found" } });
      expect(await admin.post(`/api/cohorts/${classId}/roster/no-such-student`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
      expect(await admin.get("/api/cohorts/no-such-class/roster")).toEqual({ status: 404, data: { message: "Class Not Found" } });
      expect((await anonymous.get(`/api/cohorts/${classId}/roster`)).status).toBe(401);
      expect((await student.post(`/api/cohorts/${classId}/roster/${adaId}`)).status).toBe(403);
      expect((await admin.put(`/api/cohorts/${classId}/roster/${adaId}`, {})).status).toBe(405);
    });
  });
});

describe("POST /api/students/import (a simple roster CSV)", () => {
  const csv = [
    "Student ID,Given Name,Family Name,Grade,Email",
    "C-1,Grace,Hopper,5,grace@school.org",
    "C-2,Katherine,Johnson,5,",
    "C 3,Bad,Id,5,",
    "C-4,Mary,Jackson,5,ada@school.org",
  ].join("\n");
  let classId: string;

  beforeAll(async () => {
    classId = (await admin.post("/api/cohorts", { name: `Imported class ${crypto.randomUUID().slice(0, 6)}` })).data.id;
  });

  it("previews what it would do, with each refused line and why, and writes nothing", async () => {
    const before = await count("select count(*) as n from students");
    const preview = await admin.post("/api/students/import?dryRun=1", { csv, cohortId: classId });
    expect(preview.status, JSON.stringify(preview.data)).toBe(200);
    expect(preview.data).toEqual({
      applied: false,
      created: { students: 2, enrollments: 2 },
      updated: { students: 0 },
      unchanged: { students: 0, enrollments: 0 },
      refused: [
        { line: 4, reason: "A student ID may hold only letters, digits, dots, dashes and underscores" },
        // Which record holds the e-mail is never said.
        { line: 5, reason: "Another student already has the e-mail address ada@school.org." },
      ],
    });
    expect(await count("select count(*) as n from students")).toBe(before);
  });

  it("applies it onto the class's roster, and a second import of the same file changes nothing", async () => {
    const applied = await admin.post("/api/students/import", { csv, cohortId: classId });
    expect(applied.data).toMatchObject({ applied: true, created: { students: 2, enrollments: 2 } });
    expect((await admin.get(`/api/cohorts/${classId}/roster`)).data.map((row: { studentId: string }) => row.studentId)).toEqual(["C-1", "C-2"]);
    const again = await admin.post("/api/students/import", { csv, cohortId: classId });
    expect(again.data).toMatchObject({ created: { students: 0, enrollments: 0 }, updated: { students: 0 }, unchanged: { students: 2, enrollments: 2 } });
    const regraded = await admin.post("/api/students/import", { csv: csv.replace("C-2,Katherine,Johnson,5", "C-2,Katherine,Johnson,6"), cohortId: classId });
    expect(regraded.data).toMatchObject({ updated: { students: 1 }, unchanged: { students: 1, enrollments: 2 } });
    expect((await admin.get("/api/students?q=C-2")).data.students[0].grade).toBe("6");
  });

  it("refuses in the preview a second row with an e-mail in any case, and the apply meets the same refusal instead of a 500", async () => {
    const twins = "student id,given name,family name,grade,email\nD-1,Tess,Twin,6,Twin@school.org\nD-2,Tom,Twin,6,TWIN@School.org\nD-3,Ann,Ng,6,";
    const preview = await admin.post("/api/students/import?dryRun=1", { csv: twins });
    expect(preview.data).toMatchObject({
      created: { students: 2 },
      refused: [{ line: 3, reason: "The e-mail address twin@school.org is already on line 2." }],
    });
    const applied = await admin.post("/api/students/import", { csv: twins });
    expect(applied.status).toBe(200);
    expect(applied.data).toMatchObject({ applied: true, created: { students: 2 }, refused: preview.data.refused });
    expect(await count("select count(*) as n from students where district_student_id in ('D-1', 'D-2', 'D-3')")).toBe(2);
  });

  it("reads a Language column into the records' language, refusing a value it does not know with its line", async () => {
    const languages = "Student ID,Given Name,Family Name,Grade,Language\nL-1,Lupe,Diaz,4,Español\nL-2,Lee,Park,4,en\nL-3,Lia,Roy,4,Klingon";
    const preview = await admin.post("/api/students/import?dryRun=1", { csv: languages });
    expect(preview.data).toMatchObject({
      created: { students: 2 },
      refused: [{ line: 4, reason: 'The language "Klingon" is not one the student pages speak: write English or Spanish (en or es), or leave it blank.' }],
    });
    expect((await admin.post("/api/students/import", { csv: languages })).data).toMatchObject({ applied: true, created: { students: 2 } });
    const stored = await worker.d1.prepare("select district_student_id as id, language from students where district_student_id like 'L-%' order by 1").all();
    expect(stored.results).toEqual([
      { id: "L-1", language: "es" },
      { id: "L-2", language: "en" },
    ]);
    // A file without the column leaves each record's language as it is.
    const without = await admin.post("/api/students/import", { csv: "Student ID,Given Name,Family Name,Grade\nL-1,Lupe,Diaz,5" });
    expect(without.data).toMatchObject({ updated: { students: 1 } });
    expect(await worker.d1.prepare("select language from students where district_student_id = 'L-1'").first("language")).toBe("es");
  });

  it("says each refused line's reason, and why a CSV cannot be read, in the language the client asks for", async () => {
    const { jar } = await clientFor(worker, demoAccounts.admin.email);
    const spanish = apiClient(worker, jar, { "Accept-Language": "es" });
    const languages = "Student ID,Given Name,Family Name,Grade,Language\nE-1,Eva,Diaz,4,Klingon\nE-1,Eva,Diaz,4,es";
    expect((await spanish.post("/api/students/import?dryRun=1", { csv: languages })).data.refused).toEqual([
      { line: 2, reason: "El idioma «Klingon» no es uno de los que usan las páginas del estudiante: escriba English o Spanish (en o es), o déjelo en blanco." },
    ]);
    const twice = "Student ID,Given Name,Family Name,Grade\nE-1,Eva,Diaz,4\nE-1,Eva,Diaz,4";
    expect((await spanish.post("/api/students/import?dryRun=1", { csv: twice })).data.refused).toEqual([
      { line: 3, reason: "El número de estudiante E-1 ya está en la línea 2." },
    ]);
    expect((await admin.post("/api/students/import?dryRun=1", { csv: twice })).data.refused).toEqual([
      { line: 3, reason: "Student ID E-1 is already on line 2." },
    ]);
    expect(await spanish.post("/api/students/import", { csv: "name,grade\nAda,6" })).toEqual({
      status: 400,
      data: { message: "Línea 1 del CSV: a la fila de encabezado le falta una columna para student ID, given name, family name." },
    });
  });

  it("refuses a CSV it cannot read (400, saying why), an unknown class (404), and other callers", async () => {
    expect(await admin.post("/api/students/import", { csv: "name,grade\nAda,6" })).toEqual({
      status: 400,
      data: { message: "CSV line 1: the header row needs a column for student ID, given name, family name." },
    });
    expect((await admin.post("/api/students/import", {})).status).toBe(400);
    expect((await admin.post("/api/students/import?dryRun=maybe", { csv })).status).toBe(400);
    expect(await admin.post("/api/students/import", { csv, cohortId: "no-such-class" })).toEqual({ status: 404, data: { message: "Class Not Found" } });
    expect((await anonymous.post("/api/students/import", { csv })).status).toBe(401);
    expect((await student.post("/api/students/import", { csv })).status).toBe(403);
    expect((await admin.get("/api/students/import")).status).toBe(405);
  });
});

describe("a teacher's imports and enrollments touch only the students of their classes (ADR 0029)", () => {
  let teacherA: ApiClient;
  let teacherB: ApiClient;
  let teacherBJar: Awaited<ReturnType<typeof clientFor>>["jar"];
  let classA: string;
  let classA2: string;
  let classB: string;
  let okaforId: string;
  const okafor = "S-1003,Ada,Okafor,6,ada.okafor@school.org";
  const header = "Student ID,Given Name,Family Name,Grade,Email";
  const outside = { line: 2, reason: "S-1003 belongs to a student outside your classes: ask a district admin to add them" };
  const record = () => worker.d1.prepare("select given_name, family_name, email from students where id = ?").bind(okaforId).first();
  const audits = (action: string, recordId: string) =>
    worker.d1
      .prepare("select actor_email as actor, subject, detail from audit_log where action = ? and student_record_id = ? order by at, rowid")
      .bind(action, recordId)
      .all<{ actor: string; subject: string | null; detail: string | null }>()
      .then(({ results }) => results.map((row) => ({ ...row, detail: row.detail ? JSON.parse(row.detail) : null })));

  const addTeacher = (email: string) => teacherClient(worker, email);

  beforeAll(async () => {
    teacherA = (await addTeacher("teacher-a@school.example")).client;
    ({ client: teacherB, jar: teacherBJar } = await addTeacher("teacher-b@school.example"));
    classA = (await teacherA.post("/api/cohorts", { name: "A's Period 1" })).data.id;
    classA2 = (await teacherA.post("/api/cohorts", { name: "A's Period 2" })).data.id;
    classB = (await teacherB.post("/api/cohorts", { name: "B's Period 1" })).data.id;
    const imported = await teacherA.post("/api/students/import", { csv: `${header}\n${okafor}`, cohortId: classA });
    expect(imported.data).toMatchObject({ created: { students: 1, enrollments: 1 } });
    okaforId = (await teacherA.get("/api/students?q=S-1003")).data.students[0].id;
  });

  it("refuses another teacher's student in the dry run and the apply alike, changing and telling nothing of them", async () => {
    const before = await record();
    for (const row of [okafor, "S-1003,Mallory,Taken,6,teacher-b@school.example"]) {
      const csv = `${header}\n${row}\nS-3001,Nia,New,6,`;
      const expected = {
        created: { students: 1, enrollments: 1 },
        updated: { students: 0 },
        unchanged: { students: 0, enrollments: 0 },
        refused: [outside],
      };
      expect((await teacherB.post("/api/students/import?dryRun=1", { csv, cohortId: classB })).data).toEqual({ applied: false, ...expected });
      const applied = await teacherB.post("/api/students/import", { csv: csv.replace("S-3001", `S-3${row.length}`), cohortId: classB });
      expect(applied.data).toEqual({ applied: true, ...expected });
    }
    expect(await record()).toEqual(before);
    expect(await count("select count(*) as n from cohort_members where student_record_id = ? and cohort_id = ?", okaforId, classB)).toBe(0);
    expect((await teacherB.get(`/api/students/${okaforId}`)).status).toBe(404);
  });

  it("refuses an e-mail in use without naming who holds it", async () => {
    const csv = `${header}\nS-3100,Eve,Else,6,ada.okafor@school.org`;
    const preview = await teacherB.post("/api/students/import?dryRun=1", { csv, cohortId: classB });
    expect(preview.data.refused).toEqual([{ line: 2, reason: "Another student already has the e-mail address ada.okafor@school.org." }]);
  });

  it("refuses (404) enrolling another teacher's student through the API and the class screen, changing nothing", async () => {
    const members = await count("select count(*) as n from cohort_members");
    expect(await teacherB.post(`/api/cohorts/${classB}/roster/${okaforId}`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
    const screen = await worker.request(`/admin/cohorts/${classB}?_data=${encodeURIComponent("routes/admin.cohorts_.$id")}`, {
      method: "POST",
      jar: teacherBJar,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "enroll", studentId: okaforId }),
    });
    expect(screen.status).toBe(404);
    expect(await count("select count(*) as n from cohort_members")).toBe(members);
  });

  it("lets a teacher put a record they just added onto their class; another teacher cannot take it", async () => {
    const added = await teacherA.post("/api/students", { studentId: "S-3500", givenName: "Noor", familyName: "New", grade: "6" });
    expect(added.status).toBe(201);
    // On no roster yet: another teacher's enrollment is refused as any record outside their classes is.
    expect(await teacherB.post(`/api/cohorts/${classB}/roster/${added.data.id}`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect((await teacherA.post(`/api/cohorts/${classA}/roster/${added.data.id}`)).status).toBe(201);
    expect((await teacherA.get(`/api/students/${added.data.id}`)).data.classes).toEqual([expect.objectContaining({ id: classA })]);
  });

  it("lets a teacher update and enroll their own students, and audits each identity change on the record", async () => {
    const updated = await teacherA.post("/api/students/import", { csv: `${header}\n${okafor.replace("ada.okafor@", "a.okafor@")}`, cohortId: classA });
    expect(updated.data).toMatchObject({ updated: { students: 1 }, unchanged: { enrollments: 1 }, refused: [] });
    expect((await teacherA.post(`/api/cohorts/${classA2}/roster/${okaforId}`)).status).toBe(201);
    expect((await teacherA.delete(`/api/cohorts/${classA2}/roster/${okaforId}`)).status).toBe(200);
    const edit = await admin.put(`/api/students/${okaforId}`, {
      studentId: "S-1003",
      givenName: "Ada",
      familyName: "Okafor",
      grade: "6",
      email: "ada.o@school.org",
    });
    expect(edit.status).toBe(200);

    expect(await audits("student.created", okaforId)).toEqual([{ actor: "teacher-a@school.example", subject: `class:${classA}`, detail: { via: "csv" } }]);
    expect(await audits("student.updated", okaforId)).toEqual([
      {
        actor: "teacher-a@school.example",
        subject: `class:${classA}`,
        detail: { emailBefore: "ada.okafor@school.org", emailAfter: "a.okafor@school.org", via: "csv" },
      },
      { actor: demoAccounts.admin.email, subject: null, detail: { emailBefore: "a.okafor@school.org", emailAfter: "ada.o@school.org" } },
    ]);
    expect(await audits("student.enrolled", okaforId)).toEqual([
      { actor: "teacher-a@school.example", subject: `class:${classA}`, detail: { via: "csv" } },
      { actor: "teacher-a@school.example", subject: `class:${classA2}`, detail: null },
    ]);
    expect(await audits("student.unenrolled", okaforId)).toEqual([{ actor: "teacher-a@school.example", subject: `class:${classA2}`, detail: null }]);
  });
});

describe("POST /api/students/import larger than one request should write", () => {
  it("answers 202 with the job, which writes it in parts and answers what the preview said, applied", async () => {
    const classId = (await admin.post("/api/cohorts", { name: `Large import ${crypto.randomUUID().slice(0, 6)}` })).data.id as string;
    // 200 students onto a class: four statements a student and the summary, 801, two parts of at most 600 (ADR 0047).
    const csv = ["Student ID,Given Name,Family Name,Grade", ...Array.from({ length: 200 }, (_, index) => `BIG-${index},Given${index},Family${index},5`)].join(
      "\n",
    );
    const preview = await admin.post("/api/students/import?dryRun=1", { csv, cohortId: classId });
    expect(preview.data).toMatchObject({ created: { students: 200, enrollments: 200 }, refused: [] });

    const queued = await admin.post("/api/students/import", { csv, cohortId: classId });
    expect(queued.status, JSON.stringify(queued.data)).toBe(202);
    const jobId = queued.data.jobId as string;
    expect(queued.data).toEqual({ jobId, status: "pending", poll: `/api/jobs/${jobId}` });
    expect((await waitForJob(admin, jobId)).at(-1)).toMatchObject({
      status: "succeeded",
      progress: { done: 801, total: 801 },
      result: { ...preview.data, applied: true },
    });

    expect(await count("select count(*) as n from cohort_members where cohort_id = ? and student_record_id is not null", classId)).toBe(200);
    expect(
      await count(
        "select count(*) as n from audit_log where action = 'student.created' and student_record_id in (select id from students where district_student_id like 'BIG-%')",
      ),
    ).toBe(200);
    expect(await count("select count(*) as n from job_parts where job_id = ?", jobId)).toBe(0);
  }, 60_000);
});

describe("student search on its indexes (ADR 0049)", () => {
  const found = async (q: string) =>
    ((await admin.get(`/api/students?q=${encodeURIComponent(q)}`)).data.students as { studentId: string }[]).map((row) => row.studentId).sort();

  it("finds by the start of either name order or of the ID or its number; ASCII case folded, accents as typed, wildcards literal", async () => {
    for (const record of [
      { studentId: "QX-77001", givenName: "Émile", familyName: "Ørsted", grade: "5" },
      { studentId: "QX-77002", givenName: "Zoë", familyName: "de la Cruz", grade: "5" },
      { studentId: "qx_77003", givenName: "Nils", familyName: "O'Brien", grade: "5" },
    ])
      expect((await admin.post("/api/students", record)).status).toBe(201);
    expect(await found("QX-77")).toEqual(["QX-77001", "QX-77002"]);
    expect(await found("qx-7700")).toEqual(["QX-77001", "QX-77002"]);
    expect(await found("77003")).toEqual(["qx_77003"]);
    expect(await found("Zoë de")).toEqual(["QX-77002"]);
    expect(await found("DE LA CRUZ Z")).toEqual(["QX-77002"]);
    expect(await found("o'brien")).toEqual(["qx_77003"]);
    // Only ASCII letters fold, as SQLite's LIKE always folded them: É matches É, not é or E.
    expect(await found("ÉMILE")).toEqual(["QX-77001"]);
    expect(await found("émile")).toEqual([]);
    expect(await found("Emile")).toEqual([]);
    expect(await found("ØRSTED É")).toEqual(["QX-77001"]);
    expect(await found("ørsted")).toEqual([]);
    // % and _ are characters, not wildcards.
    expect(await found("qx_")).toEqual(["qx_77003"]);
    expect(await found("QX%")).toEqual([]);
  });
});

describe("a search that finds more than 1,000 students (ADR 0049)", () => {
  type Listed = { students: { studentId: string }[]; total: number; totalIsAtLeast: boolean };
  const FAMILIES = ["Qzabo", "qzara", "QZEN", "Qz de la Cruz", "Qz"];
  const GIVEN = ["Ada", "bea", "Qzia", "Carl", "dan", "Ed"];
  // 1,100 students, family names all starting "qz" in any case (one with spaces), some given names
  // too, IDs starting "T9-": the two paths a broad search reads its page by.
  const seeded = Array.from({ length: 1100 }, (_, index) => ({
    studentId: `T9-${String((index * 7919) % 1100).padStart(4, "0")}`,
    givenName: GIVEN[index % GIVEN.length]!,
    familyName: FAMILIES[Math.floor(index / GIVEN.length) % FAMILIES.length]!,
  }));
  /** The list's order: family name then given name as one text, ASCII letters folded (all are ASCII here), then the ID. */
  const listOrder = (rows: typeof seeded) =>
    [...rows]
      .map((row) => ({ key: `${row.familyName} ${row.givenName}`.toLowerCase(), id: row.studentId }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((row) => row.id);
  const list = async (query: string) => (await admin.get(`/api/students?${query}`)).data as Listed;

  beforeAll(async () => {
    const statements = [];
    for (let first = 0; first < seeded.length; first += 20) {
      const rows = seeded.slice(first, first + 20);
      statements.push(
        worker.d1
          .prepare(`insert into students (id, district_student_id, given_name, family_name, grade) values ${rows.map(() => "(?, ?, ?, ?, '4')").join(", ")}`)
          .bind(...rows.flatMap((row) => [`capped-${row.studentId}`, row.studentId, row.givenName, row.familyName])),
      );
    }
    await worker.d1.batch(statements);
  });

  it("counts to 1,000 and says more, while every page is in the list's order and the last ones are reached", async () => {
    // "qz": every family name (the list's own index), and a given name; "t9-": every ID, read through the list's index.
    for (const term of ["qz", "t9-"]) {
      const expected = listOrder(seeded);
      const first = await list(`q=${term}`);
      expect(first).toMatchObject({ total: 1001, totalIsAtLeast: true, page: 1, pageSize: 50 });
      expect(first.students.map((row) => row.studentId)).toEqual(expected.slice(0, 50));
      expect((await list(`q=${term}&page=2`)).students.map((row) => row.studentId)).toEqual(expected.slice(50, 100));
      // Past the cap, a full page says there is at least one more; the last page counts exactly; past it, nothing.
      const page21 = await list(`q=${term}&page=21`);
      expect(page21).toMatchObject({ total: 1051, totalIsAtLeast: true });
      expect(page21.students.map((row) => row.studentId)).toEqual(expected.slice(1000, 1050));
      const last = await list(`q=${term}&page=22`);
      expect(last).toMatchObject({ total: 1100, totalIsAtLeast: false });
      expect(last.students.map((row) => row.studentId)).toEqual(expected.slice(1050));
      expect(await list(`q=${term}&page=23`)).toMatchObject({ students: [], totalIsAtLeast: true });
    }
    // At most 1,000 found: counted exactly, in the same order.
    const narrow = seeded.filter((row) => /^qza/i.test(row.familyName) || /^qza/i.test(row.givenName));
    const found = await list("q=QZA");
    expect(found).toMatchObject({ total: narrow.length, totalIsAtLeast: false });
    expect(found.students.map((row) => row.studentId)).toEqual(listOrder(narrow).slice(0, 50));
    expect(await list("")).toMatchObject({ total: 1001, totalIsAtLeast: true });
  });

  it("the Students screen says more than 1,000 match, and pages on", async () => {
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const html = await (await worker.request("/admin/students?q=qz", { jar })).text();
    expect(html).toContain("More than 1,000 students match: type more of the name or ID to narrow the list.");
    expect(html).toContain("Showing 50 of more than 1,000 students");
    expect(html).toContain("Page 1 of 21 or more");
    expect(html).toMatch(/href="[^"]*\?q=qz&amp;page=2"/);
    const narrow = await (await worker.request("/admin/students?q=qzab", { jar })).text();
    expect(narrow).not.toContain("More than 1,000");
    expect(narrow).toMatch(/Showing 50 of \d+ students/);
  });
});
