import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { oneRosterZip, uploadOneRoster } from "../support/oneroster";
import { unmarkedTexts } from "../support/pseudo-locale";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Identity that cannot be borrowed (ADR 0029), through the real Worker: a rostered class admits
 * only its roster, each student with their PIN or badge; wrong PINs are throttled per student;
 * a signed-in student acts only as their own record.
 */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;
let math: { id: string; name: string; joinCode: string };
let testId: string;

type Result = { ok: boolean; toast: { title: string; description?: string }; fieldErrors: Record<string, string> };

const member = (studentId: string) =>
  worker.d1
    .prepare("select m.id, m.pin, m.badge_token as badge from cohort_members m where m.cohort_id = ? and m.student_id = ?")
    .bind(math.id, studentId)
    .first<{ id: string; pin: string; badge: string }>()
    .then((row) => row!);
/** The audit log's entries of this action on this rostered student's record (ADR 0030). */
const audited = (action: string, studentId: string) =>
  worker.d1
    .prepare("select count(*) as n from audit_log a join cohort_members m on m.student_record_id = a.student_record_id where a.action = ? and m.student_id = ?")
    .bind(action, studentId)
    .first<number>("n");
const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, "0");

/** The join screen's step 2, as a browser without JavaScript posts it, from a given address. */
async function joinRostered(fields: Record<string, string>, jar = new CookieJar(), address = "203.0.113.10") {
  const response = await worker.request("/join?_data=routes%2Fjoin", {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    body: new URLSearchParams({ intent: "start-rostered", code: math.joinCode, cohortId: math.id, ...fields }),
  });
  const redirected = response.headers.get("X-Remix-Redirect");
  return { status: response.status, redirected, result: redirected ? null : ((await response.json()) as Result), jar };
}

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  expect((await uploadOneRoster(worker, adminJar, oneRosterZip("v1.1"))).status).toBe(200);
  const classes = (await admin.get("/api/cohorts")).data as { id: string; name: string; joinCode: string }[];
  math = classes.find((schoolClass) => schoolClass.name === "Math 7 - Period 2")!;
  testId = ((await admin.get("/api/tests")).data as { id: string }[])[0]!.id;
  expect((await admin.put(`/api/cohorts/${math.id}`, { name: math.name, testConfigId: testId, testMode: "placement" })).status).toBe(200);
}, 60_000);
afterAll(() => worker?.dispose());

describe("the join screen of a rostered class", () => {
  it("offers the roster's names (never their IDs) and asks for the class PIN", async () => {
    const response = await worker.request(`/join?code=${math.joinCode}`);
    const html = await response.text();
    expect(html).toContain("Choose your name and enter your class PIN");
    expect(html).toContain("Ada Okafor");
    expect(html).toContain("Class PIN");
    expect(html).not.toContain("S-2001");
    expect(html).not.toContain(`name="displayName"`);
  });

  it("admits a student on the roster with their PIN, picked by name or by typed ID, and nobody else", async () => {
    const ada = await member("S-2001");
    const picked = await joinRostered({ memberId: ada.id, pin: ada.pin });
    expect(picked.redirected).toBe(`/test/${testId}`);
    expect(picked.jar.header()).toContain("__student_pass");

    const typed = await joinRostered({ studentId: "S-2001", pin: ada.pin.replace(/(\d{3})/, "$1 ") });
    expect(typed.redirected).toBe(`/test/${testId}`);

    const wrong = await joinRostered({ memberId: ada.id, pin: wrongPin(ada.pin) });
    expect(wrong).toMatchObject({
      status: 403,
      result: { ok: false, fieldErrors: { pin: "That PIN is not right. Check the PIN on your badge, or ask your teacher." } },
    });
    expect(wrong.jar.header()).not.toContain("__student_pass");

    const stranger = await joinRostered({ studentId: "S-9999", pin: "123456" });
    expect(stranger).toMatchObject({ status: 403, result: { fieldErrors: { studentId: expect.stringContaining("not on this class's roster") } } });
    // A classmate's PIN does not open another student.
    const ben = await member("S-2002");
    expect((await joinRostered({ memberId: ada.id, pin: ben.pin === ada.pin ? wrongPin(ada.pin) : ben.pin })).status).toBe(403);

    expect((await joinRostered({ memberId: ada.id })).result).toMatchObject({ fieldErrors: { pin: "Enter your class PIN (the six digits on your badge)." } });
    expect((await joinRostered({ pin: ada.pin })).result).toMatchObject({ fieldErrors: { memberId: "Choose your name, or type your student ID." } });
    // The open class's form is refused in a rostered class: nobody joins by typing a name.
    const typedIn = await worker.request("/join?_data=routes%2Fjoin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "start", code: math.joinCode, cohortId: math.id, displayName: "Ada Okafor", studentId: "S-2001" }),
    });
    expect(typedIn.status).toBe(409);
  });

  it("holds a student back after five wrong PINs, even with the right one, until the teacher resets them", async () => {
    const carla = await member("S-2003");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await joinRostered({ memberId: carla.id, pin: wrongPin(carla.pin) }, new CookieJar(), `198.51.100.${attempt}`)).status).toBe(403);
    }
    const held = await joinRostered({ memberId: carla.id, pin: carla.pin }, new CookieJar(), "198.51.100.51");
    expect(held.status).toBe(429);
    expect(held.result!.toast.description).toMatch(/^Too many wrong PINs\. Please wait .+, or ask your teacher to reset your PIN\.$/);

    const reset = await worker.request(`/admin/cohorts/${math.id}/badges?_data=${encodeURIComponent("routes/admin.cohorts_.$id_.badges")}`, {
      method: "POST",
      jar: adminJar,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "reset-pin", memberId: carla.id }),
    });
    expect(reset.status).toBe(200);
    expect(await audited("student.pin_tries_reset", "S-2003")).toBe(1);
    expect((await joinRostered({ memberId: carla.id, pin: carla.pin }, new CookieJar(), "198.51.100.52")).redirected).toBe(`/test/${testId}`);
  });
});

describe("the API in a rostered class", () => {
  it("POST /api/cohort-members: 400 without a PIN, 403 off the roster or with a wrong PIN, 200 with the roster's name", async () => {
    const ada = await member("S-2001");
    const anonymous = apiClient(worker);
    const body = { cohortId: math.id, studentId: "S-2001", displayName: "Somebody Else" };
    expect((await anonymous.post("/api/cohort-members", body)).status).toBe(400);
    expect((await anonymous.post("/api/cohort-members", { ...body, pin: wrongPin(ada.pin) })).status).toBe(403);
    expect((await anonymous.post("/api/cohort-members", { ...body, studentId: "S-9999", pin: ada.pin })).status).toBe(403);
    expect(await anonymous.post("/api/cohort-members", { ...body, pin: ada.pin })).toEqual({ status: 200, data: { studentId: "S-2001" } });
    expect(await worker.d1.prepare("select display_name from cohort_members where id = ?").bind(ada.id).first("display_name")).toBe("Ada Okafor");
  });

  it("POST /api/sessions/start: refuses without the right PIN and starts with it", async () => {
    const ben = await member("S-2002");
    const anonymous = apiClient(worker);
    const body = { testConfigId: testId, testMode: "placement", userId: "S-2002", cohortId: math.id };
    expect((await anonymous.post("/api/sessions/start", body)).status).toBe(400);
    expect((await anonymous.post("/api/sessions/start", { ...body, pin: wrongPin(ben.pin) })).status).toBe(403);
    expect((await anonymous.post("/api/sessions/start", { ...body, userId: "S-9999", pin: ben.pin })).status).toBe(403);
    const started = await anonymous.post("/api/sessions/start", { ...body, pin: ben.pin });
    expect(started.status).toBe(201);
    const record = await worker.d1
      .prepare(
        "select s.student_record_id as record, st.district_student_id as id from sessions s join students st on st.id = s.student_record_id where s.id = ?",
      )
      .bind(started.data.id)
      .first();
    expect(record).toMatchObject({ id: "S-2002" });
  });
});

describe("a signed-in student linked to a record", () => {
  it("starts only as themselves, and in their rostered class without a PIN", async () => {
    await worker.d1.prepare("update students set email = ? where district_student_id = 'S-2001'").bind(demoAccounts.student.email).run();
    const { student } = await demoClients(worker);
    const asAnother = await student.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: "S-2002", cohortId: math.id });
    expect(asAnother).toEqual({ status: 403, data: { message: "You are signed in as another student: you can start tests only as yourself." } });
    expect((await student.post("/api/sessions/start", { testConfigId: testId, userId: "S-2002" })).status).toBe(403);
    const asSelf = await student.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: "S-2001", cohortId: math.id });
    expect([200, 201]).toContain(asSelf.status);
    await worker.d1.prepare("update students set email = null where district_student_id = 'S-2001'").run();
  });

  it("is offered only themselves on the join screen, with no PIN, and cannot pick a classmate there", async () => {
    await worker.d1.prepare("update students set email = ? where district_student_id = 'S-2001'").bind(demoAccounts.student.email).run();
    const studentJar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const html = await (await worker.request(`/join?code=${math.joinCode}`, { jar: studentJar })).text();
    expect(html).toContain("You are signed in as Ada Okafor");
    expect(html).not.toContain("Ben Chen");
    expect(html).not.toContain("Class PIN");
    const [ada, ben] = [await member("S-2001"), await member("S-2002")];
    expect(await joinRostered({ memberId: ben.id }, studentJar)).toMatchObject({
      status: 403,
      result: { fieldErrors: { memberId: "You are signed in as another student: you can start tests only as yourself." } },
    });
    // Admitted with no PIN: Ada's test, started in the test above, only asks for its resume code.
    expect(await joinRostered({ memberId: ada.id }, studentJar)).toMatchObject({ status: 409, result: { fieldErrors: { resumeCode: expect.any(String) } } });
    await worker.d1.prepare("update students set email = null where district_student_id = 'S-2001'").run();
  });

  it("is never a teacher: a teacher whose e-mail is on a student's record still needs that student's PIN", async () => {
    const email = "teacher-with-a-borrowed-record@school.example";
    await worker.d1.prepare("insert into users (id, email, role) values (?, ?, 'teacher')").bind(crypto.randomUUID(), email).run();
    await worker.d1.prepare("update students set email = ? where district_student_id = 'S-2002'").bind(email).run();
    const { client: teacher, jar } = await clientFor(worker, email);
    const start = { testConfigId: testId, testMode: "placement", userId: "S-2002", cohortId: math.id };
    expect(await teacher.post("/api/sessions/start", start)).toEqual({
      status: 400,
      data: { message: "Enter your class PIN (the six digits on your badge)." },
    });
    expect((await teacher.post("/api/cohort-members", { cohortId: math.id, studentId: "S-2002", displayName: "Ben Chen" })).status).toBe(400);
    // The join screen offers the teacher the whole roster with the PIN, as it does anyone not signed in as a student.
    expect(await (await worker.request(`/join?code=${math.joinCode}`, { jar })).text()).toContain("Class PIN");
    await worker.d1.prepare("update students set email = null where district_student_id = 'S-2002'").run();
  });

  it("is never a district admin either: an admin starting or joining as a rostered student gives that student's PIN", async () => {
    const start = { testConfigId: testId, testMode: "placement", userId: "S-2002", cohortId: math.id };
    expect(await admin.post("/api/sessions/start", start)).toEqual({ status: 400, data: { message: "Enter your class PIN (the six digits on your badge)." } });
    expect((await admin.post("/api/cohort-members", { cohortId: math.id, studentId: "S-2002", displayName: "Ben Chen" })).status).toBe(400);
  });
});

describe("badges", () => {
  it("signs a student in with their badge's QR link; a new badge retires the old link and PIN", async () => {
    const dev = await member("S-2002");
    const signedIn = await worker.request(`/join/badge/${dev.badge}`);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe(`/test/${testId}`);
    expect(signedIn.headers.get("Set-Cookie")).toContain("__student_pass");

    const route = encodeURIComponent("routes/admin.cohorts_.$id_.badges");
    const renewed = await worker.request(`/admin/cohorts/${math.id}/badges?_data=${route}`, {
      method: "POST",
      jar: adminJar,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "new-badge", memberId: dev.id }),
    });
    expect(renewed.status).toBe(200);
    expect(await audited("student.badge_renewed", "S-2002")).toBe(1);
    const after = await member("S-2002");
    expect(after.badge).not.toBe(dev.badge);
    const old = await worker.request(`/join/badge/${dev.badge}`);
    expect(old.headers.get("Location")).toBe("/join");
    expect(old.headers.get("Set-Cookie")).not.toContain("__student_pass");
    expect((await worker.request(`/join/badge/not-a-badge`)).headers.get("Location")).toBe("/join");
  });

  it("asks 'Continue as Ada Okafor?' before a link from another site replaces the browser's student; a same-site open or an empty browser goes on", async () => {
    const [ada, ben] = [await member("S-2001"), await member("S-2002")];
    const jar = new CookieJar();
    expect((await worker.request(`/join/badge/${ben.badge}`, { jar })).status).toBe(302);
    const bensPass = jar.header();
    const crossSite = { "Sec-Fetch-Site": "cross-site" };

    const asked = await worker.request(`/join/badge/${ada.badge}`, { jar, headers: crossSite });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Set-Cookie") ?? "").not.toContain("__student_pass");
    expect(await asked.text()).toContain("Continue as Ada Okafor?");
    expect(jar.header()).toBe(bensPass);

    const confirmed = await worker.request(`/join/badge/${ada.badge}?_data=${encodeURIComponent("routes/join_.badge.$token")}`, {
      method: "POST",
      jar,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "continue" }),
    });
    expect(confirmed.headers.get("X-Remix-Redirect")).toBe(`/test/${testId}`);
    expect(jar.header()).not.toBe(bensPass);

    expect((await worker.request(`/join/badge/${ben.badge}`, { jar, headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(302);
    expect((await worker.request(`/join/badge/${ada.badge}`, { jar: new CookieJar(), headers: crossSite })).status).toBe(302);
  });

  it("shows the badges with their PINs to the class's teacher only", async () => {
    const ada = await member("S-2001");
    const page = await worker.request(`/admin/cohorts/${math.id}/badges`, { jar: adminJar });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Ada Okafor");
    expect(html).toContain(ada.pin);
    expect(html).toContain("<svg");

    const studentJar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const forStudent = await worker.request(`/admin/cohorts/${math.id}/badges`, { jar: studentJar });
    expect(await forStudent.text()).not.toContain(ada.pin);
    const forNobody = await worker.request(`/admin/cohorts/${math.id}/badges`);
    expect(await forNobody.text()).not.toContain(ada.pin);
    expect((await worker.request("/admin/cohorts/no-such-class/badges", { jar: adminJar })).status).toBe(404);
  });
});

describe("a student's preferred language (ADR 0045)", () => {
  it("speaks the record's language after a PIN or badge identifies them, never over a language the browser chose", async () => {
    await worker.d1.prepare("update students set language = 'es' where district_student_id in ('S-2002', 'S-2003')").run();
    const [ben, carla] = [await member("S-2002"), await member("S-2003")];
    const address = "203.0.113.77";

    const fresh = await joinRostered({ memberId: carla.id, pin: carla.pin }, new CookieJar(), address);
    expect(fresh.redirected, JSON.stringify(fresh.result)).toBe(`/test/${testId}`);
    expect(fresh.jar.get("lang")).toBe("es");
    expect(await (await worker.request("/join", { jar: fresh.jar })).text()).toContain('<html lang="es">');

    const chosen = new CookieJar();
    chosen.set("lang", "en");
    expect((await joinRostered({ memberId: carla.id, pin: carla.pin }, chosen, address)).redirected).toBe(`/test/${testId}`);
    expect(chosen.get("lang")).toBe("en");

    // Ben's test is in progress (started above): identified, he is asked for his resume code in his language.
    const resuming = await joinRostered({ memberId: ben.id, pin: ben.pin }, new CookieJar(), address);
    expect(resuming).toMatchObject({ status: 409, result: { toast: { title: "Prueba en curso" } } });
    expect(resuming.jar.get("lang")).toBe("es");

    const badge = await worker.request(`/join/badge/${carla.badge}`);
    expect(badge.headers.get("Set-Cookie")).toContain("lang=es;");

    // Before anyone is identified the browser decides: a wrong PIN is refused in its language.
    const refusedInSpanish = await worker.request("/join?_data=routes%2Fjoin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address, Cookie: "lang=es" },
      body: new URLSearchParams({ intent: "start-rostered", code: math.joinCode, cohortId: math.id, memberId: ben.id, pin: wrongPin(ben.pin) }),
    });
    expect(((await refusedInSpanish.json()) as Result).fieldErrors).toEqual({
      pin: "Ese PIN no es correcto. Revisa el PIN de tu credencial o pregúntale a tu maestro.",
    });
    await worker.d1.prepare("update students set language = null where district_student_id in ('S-2002', 'S-2003')").run();
  });

  it("shows no text outside the catalog in the pseudo-locale: the PIN step and the badge's 'Continue as …?'", async () => {
    const names = (await worker.d1.prepare("select display_name as name from cohort_members where cohort_id = ?").bind(math.id).all<{ name: string }>())
      .results;
    // "Notifications" is the toast region's label, which every page has (outside the join's catalog areas).
    const allowed = [math.name, "Notifications", ...names.map((row) => row.name)];
    const pinStep = await (await worker.request(`/join?code=${math.joinCode}`, { headers: { Cookie: "lang=qps" } })).text();
    expect(unmarkedTexts(pinStep, allowed)).toEqual([]);
    const [ada, ben] = [await member("S-2001"), await member("S-2002")];
    const holder = new CookieJar();
    await worker.request(`/join/badge/${ben.badge}`, { jar: holder });
    holder.set("lang", "qps");
    const asked = await worker.request(`/join/badge/${ada.badge}`, { jar: holder, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(asked.status).toBe(200);
    expect(unmarkedTexts(await asked.text(), allowed)).toEqual([]);
  });
});
