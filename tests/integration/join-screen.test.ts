import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, count, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { inLanguage, unmarkedTexts } from "../support/pseudo-locale";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The join screen (/join: its steps, its rules and its messages) through
 * the real Worker, as a signed-out browser: plain form posts (no JavaScript) and a fetcher's
 * `?_data=` calls. A student joins with the code, starts the class's test and gets the pass
 * that opens that session and nothing else.
 */
let worker: TestWorker;
let admin: ApiClient;
let demo: { id: string; testConfigId: string };

const INVALID_CODE = "The join code you entered is not valid. Please check and try again.";
const RESUME_REQUIRED = "You already have this test in progress. To continue on this device, enter the resume code shown on your test page.";

type Result = {
  ok: boolean;
  intent: string | null;
  toast: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  const classes = (await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[];
  demo = classes.find((schoolClass) => schoolClass.joinCode === "DEMOCLASS")!;
});
afterAll(() => worker?.dispose());

/** A browser without JavaScript: the form post answered with a redirect or the whole page. */
async function postForm(fields: Record<string, string>, jar = new CookieJar(), path = "/join") {
  const response = await worker.request(path, {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { response, status: response.status, location: response.headers.get("Location"), html: response.status === 302 ? "" : await response.text(), jar };
}

/** The same post as Remix's fetcher makes it: the action's JSON. */
async function postData(fields: Record<string, string>, jar = new CookieJar()) {
  const response = await worker.request("/join?_data=routes%2Fjoin", {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, result: (await response.json()) as Result };
}

/** Step 2, then Start Test on 'Before You Begin' (the class fixes placement): the redirect to the session's test page. */
async function joinAndStart(fields: Parameters<typeof startFields>[0], jar = new CookieJar()) {
  const joined = await postForm(startFields(fields), jar);
  if (joined.status !== 302 || joined.location?.includes("session=")) return joined;
  return postForm({ intent: "start", testMode: "placement" }, jar, joined.location!);
}

const startFields = (fields: Partial<Record<"displayName" | "studentId" | "resumeCode" | "code" | "cohortId", string>>) => ({
  intent: "start",
  code: "DEMOCLASS",
  cohortId: demo.id,
  displayName: "Ada Lovelace",
  studentId: "S-100",
  ...fields,
});

describe("step 1: the join code", () => {
  it("asks for a blank code, refuses an unknown one and an inactive class, with the product's titles", async () => {
    for (const code of ["", "   "]) {
      const { status, result } = await postData({ intent: "lookup", code });
      expect(status).toBe(400);
      expect(result).toMatchObject({
        ok: false,
        intent: "lookup",
        toast: { title: "Join code required", description: "Please enter the join code provided by your teacher." },
      });
    }
    const unknown = await postData({ intent: "lookup", code: "nope123" });
    expect(unknown.status).toBe(404);
    expect(unknown.result).toMatchObject({ ok: false, toast: { title: "Invalid code", description: INVALID_CODE }, values: { code: "nope123" } });

    const inactive = await admin.post("/api/cohorts", { name: "Closed Class", joinCode: "CLOSED1", isActive: false });
    expect(inactive.status).toBe(201);
    const closed = await postData({ intent: "lookup", code: "closed1" });
    expect(closed.status).toBe(409);
    expect(closed.result.toast).toMatchObject({ title: "Invalid code", description: "This class is no longer active" });
  });

  it("without JavaScript: shows the refusal inline and keeps the typed code", async () => {
    const { status, html } = await postForm({ intent: "lookup", code: "nope123" });
    expect(status).toBe(404);
    expect(html).toContain(INVALID_CODE);
    expect(html).toMatch(/value="NOPE123"/);
    expect(html).toContain("Join Your Class");
  });

  it("takes the code in any case to step 2, the QR code's URL", async () => {
    const { status, location } = await postForm({ intent: "lookup", code: " democlass " });
    expect(status).toBe(302);
    expect(location).toBe("/join?code=DEMOCLASS");
    const page = await (await worker.request("/join?code=democlass")).text();
    expect(page).toContain("Welcome to ");
    expect(page).toContain("Start Test");
    expect(page).toContain(`value="${demo.id}"`);
    // Back keeps the code on step 1; an unknown code in the URL stays on step 1 and says why.
    const back = await (await worker.request("/join?step=code&code=DEMOCLASS")).text();
    expect(back).toContain("Join Your Class");
    expect(back).toMatch(/value="DEMOCLASS"/);
    const unknown = await (await worker.request("/join?code=NOPE123")).text();
    expect(unknown).toContain("Join Your Class");
    expect(unknown).toContain(INVALID_CODE);
  });
});

describe("step 3: Before You Begin, and the clock starts on Start Test", () => {
  it("after joining, no session exists until the student's own Start Test", async () => {
    const browser = new CookieJar();
    const sessions = await count(worker, "sessions");
    const members = await count(worker, "cohort_members");
    const joined = await postForm(startFields({ studentId: "S-600", displayName: "Mary Somerville" }), browser);
    expect(joined.status).toBe(302);
    expect(joined.location).toBe(`/test/${demo.testConfigId}`);
    expect(await count(worker, "sessions")).toBe(sessions);
    expect(await count(worker, "cohort_members")).toBe(members);

    // The class fixes placement: no choice, its time and length, and who is starting.
    const begin = await (await worker.request(joined.location!, { jar: browser })).text();
    for (const text of ["Before You Begin", "Placement Test", "15 minutes", "Mary Somerville", "Start Test"]) expect(begin).toContain(text);
    expect(begin).toContain("Placement Test: 15 minutes, 5 to 20 questions.");
    expect(begin).not.toContain('value="diagnostic"');

    const started = await postForm({ intent: "start", testMode: "placement" }, browser, joined.location!);
    expect(started.status).toBe(302);
    const sessionId = started.location?.match(/^\/test\/[^/?]+\?session=([0-9a-f-]{36})$/)?.[1];
    expect(sessionId).toBeTruthy();
    const record = await worker.d1.prepare("select user_id, cohort_id, test_mode from sessions where id = ?").bind(sessionId).first();
    expect(record).toMatchObject({ user_id: "S-600", cohort_id: demo.id, test_mode: "placement" });
    const member = await worker.d1
      .prepare("select display_name from cohort_members where cohort_id = ? and student_id = ?")
      .bind(demo.id, "S-600")
      .first("display_name");
    expect(member).toBe("Mary Somerville");
  });

  it("Before You Begin states the student's own time with their extended time", async () => {
    const record = await admin.post("/api/students", { studentId: "S-650", givenName: "Emmy", familyName: "Noether", grade: "6" });
    expect(record.status).toBe(201);
    expect((await admin.post(`/api/cohorts/${demo.id}/roster/${record.data.id}`)).status).toBe(201);
    expect((await admin.put(`/api/students/${record.data.id}/accommodations`, { extendedTime: 1.5 })).status).toBe(200);
    const joined = await postForm(startFields({ studentId: "S-650", displayName: "Emmy Noether" }));
    expect(joined.status).toBe(302);
    const begin = await (await worker.request(joined.location!, { jar: joined.jar })).text();
    expect(begin).toContain("Placement Test: 22 minutes 30 seconds, with your extended time, 5 to 20 questions.");
    expect(begin).toContain("22 minutes 30 seconds · 5 to 20 questions");
    expect(begin).not.toContain("15 minutes");
  });

  it("Before You Begin speaks the student's language: their own time with extended time, who is starting, every text from the catalog (ADR 0045)", async () => {
    const record = await admin.post("/api/students", { studentId: "S-660", givenName: "Sofía", familyName: "Kovalévskaya", grade: "6" });
    expect((await admin.post(`/api/cohorts/${demo.id}/roster/${record.data.id}`)).status).toBe(201);
    expect((await admin.put(`/api/students/${record.data.id}/accommodations`, { extendedTime: 1.5 })).status).toBe(200);
    const joined = await postForm(startFields({ studentId: "S-660", displayName: "Sofía Kovalévskaya" }), inLanguage(undefined, "es"));
    expect(joined.status).toBe(302);
    const begin = await (await worker.request(joined.location!, { jar: inLanguage(joined.jar, "es") })).text();
    expect(begin).toContain('<html lang="es"');
    for (const text of [
      "Antes de empezar",
      "Prueba de ubicación: 22 minutos y 30 segundos, con tu tiempo adicional, de 5 a 20 preguntas.",
      "22 minutos y 30 segundos · de 5 a 20 preguntas",
      "Empiezas como",
      "(número de estudiante S-660) en",
      "Comenzar la prueba",
    ])
      expect(begin).toContain(text);
    const pseudo = await (await worker.request(joined.location!, { jar: inLanguage(joined.jar, "qps") })).text();
    // The user's content (the test's title, the student's name), and the root's toast region label (not yet in the common area).
    expect(unmarkedTexts(pseudo, ["Sofía Kovalévskaya", "Grade 6 Math Check-in"])).toEqual([]);
  });

  it("a class without a fixed mode offers both modes, and the student's choice is the session's mode", async () => {
    // The product's Cohort has a nullable testMode: a class with a test and a null mode lets the students choose.
    const created = await admin.post("/api/cohorts", { name: "Open Mode", joinCode: "OPENMODE", testConfigId: demo.testConfigId, testMode: null });
    expect(created.status).toBe(201);
    expect(created.data.testMode).toBeNull();
    const browser = new CookieJar();
    const joined = await postForm(
      { intent: "start", code: "OPENMODE", cohortId: created.data.id, displayName: "Emmy Noether", studentId: "S-700" },
      browser,
      "/join?code=OPENMODE",
    );
    expect(joined.location).toBe(`/test/${demo.testConfigId}`);
    const begin = await (await worker.request(joined.location!, { jar: browser })).text();
    for (const text of ['value="placement"', 'value="diagnostic"', "15 minutes", "25 minutes", "Before You Begin"]) expect(begin).toContain(text);

    const noMode = await postForm({ intent: "start" }, browser, joined.location!);
    expect(noMode.status).toBe(400);
    expect(noMode.html).toContain("Please choose Placement Test or Diagnostic Test.");
    const started = await postForm({ intent: "start", testMode: "diagnostic" }, browser, joined.location!);
    const sessionId = started.location?.match(/session=([0-9a-f-]{36})$/)?.[1];
    expect(await worker.d1.prepare("select test_mode from sessions where id = ?").bind(sessionId).first("test_mode")).toBe("diagnostic");
  });
});

describe("step 2: name and student ID", () => {
  it("asks for both, after trimming, and keeps what was typed", async () => {
    for (const fields of [{ displayName: "  " }, { studentId: "" }, { displayName: "", studentId: " " }]) {
      const { status, result } = await postData(startFields(fields));
      expect(status).toBe(400);
      expect(result).toMatchObject({
        ok: false,
        intent: "start",
        toast: { title: "Information required", description: "Please enter both your name and student ID." },
      });
    }
    const kept = await postForm(startFields({ studentId: " " }), new CookieJar(), "/join?code=DEMOCLASS");
    expect(kept.status).toBe(400);
    expect(kept.html).toContain("Please enter both your name and student ID.");
    expect(kept.html).toContain('value="Ada Lovelace"');
    expect(kept.html).toContain("Welcome to ");
  });

  it("never trusts the hidden class: a code that does not match it, or an unknown one, is refused", async () => {
    const before = await count(worker, "cohort_members");
    const other = await admin.post("/api/cohorts", { name: "Other Class", joinCode: "OTHER1" });
    const mismatch = await postData(startFields({ cohortId: other.data.id }));
    expect(mismatch.status).toBe(404);
    expect(mismatch.result.toast).toMatchObject({ title: "Invalid code", description: INVALID_CODE });
    expect((await postData(startFields({ code: "GHOST99" }))).status).toBe(404);
    expect(await count(worker, "cohort_members")).toBe(before);
  });

  it("registers the student, starts the class's test and gives this browser the pass for that session only", async () => {
    const browser = new CookieJar();
    const { status, location, response } = await joinAndStart({ studentId: "S-200", displayName: "Grace Hopper" }, browser);
    expect(status).toBe(302);
    const match = location?.match(/^\/test\/([^/?]+)\?session=([0-9a-f-]{36})$/);
    expect(match?.[1]).toBe(demo.testConfigId);
    const sessionId = match![2]!;
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__student_pass="))).toBe(true);
    expect(browser.get("__student_pass")).toBeTruthy();

    const member = await worker.d1
      .prepare("select display_name from cohort_members where cohort_id = ? and student_id = ?")
      .bind(demo.id, "S-200")
      .first("display_name");
    expect(member).toBe("Grace Hopper");
    const record = await worker.d1.prepare("select user_id, cohort_id, test_mode from sessions where id = ?").bind(sessionId).first();
    expect(record).toMatchObject({ user_id: "S-200", cohort_id: demo.id, test_mode: "placement" });

    expect((await apiClient(worker, browser).get(`/api/sessions/${sessionId}`)).status).toBe(200);
    expect((await apiClient(worker, new CookieJar()).get(`/api/sessions/${sessionId}`)).status).toBe(401);

    // The same browser joining again resumes its session without a code.
    const again = await postForm(startFields({ studentId: "S-200", displayName: "Grace Hopper" }), browser);
    expect(again.location).toBe(location);
  });

  it("asks another browser for the resume code, refuses a wrong one and resumes the same session with the right one", async () => {
    const first = await joinAndStart({ studentId: "S-300" });
    expect(first.status).toBe(302);
    const sessionId = new URL(first.location!, "http://localhost").searchParams.get("session")!;
    const sessions = await count(worker, "sessions");

    const laptop = new CookieJar();
    const asked = await postData(startFields({ studentId: "S-300" }), laptop);
    expect(asked.status).toBe(409);
    expect(asked.result).toMatchObject({ ok: false, intent: "start", toast: { description: RESUME_REQUIRED }, fieldErrors: { resumeCode: RESUME_REQUIRED } });
    expect(asked.result.values).toMatchObject({ displayName: "Ada Lovelace", studentId: "S-300" });
    // Without JavaScript the page shows the Resume code field with the message.
    const page = await postForm(startFields({ studentId: "S-300" }), laptop, "/join?code=DEMOCLASS");
    expect(page.status).toBe(409);
    expect(page.html).toContain("Resume code");
    expect(page.html).toContain("enter the resume code shown on your test page");

    const wrong = await postData(startFields({ studentId: "S-300", resumeCode: "ZZZZZZ" }), laptop);
    expect(wrong.status).toBe(409);
    expect(wrong.result.fieldErrors).toEqual({ resumeCode: RESUME_REQUIRED });
    expect(laptop.get("__student_pass")).toBeUndefined();
    // The API says the same, in the request's language.
    const viaApi = (language: string) =>
      worker.request("/api/sessions/start", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": language },
        body: JSON.stringify({ testConfigId: demo.testConfigId, cohortId: demo.id, userId: "S-300" }),
      });
    expect(await (await viaApi("en")).json()).toEqual({ message: RESUME_REQUIRED });
    const spanish = await viaApi("es");
    expect(spanish.status).toBe(409);
    expect(await spanish.json()).toEqual({ message: expect.stringMatching(/^Ya tienes esta prueba en curso\./) });

    const code = (await worker.d1.prepare("select resume_code from sessions where id = ?").bind(sessionId).first("resume_code")) as string;
    const resumed = await postForm(startFields({ studentId: "S-300", resumeCode: code.toLowerCase() }), laptop);
    expect(resumed.status).toBe(302);
    expect(resumed.location).toBe(first.location);
    expect(await count(worker, "sessions")).toBe(sessions);
    expect((await apiClient(worker, laptop).get(`/api/sessions/${sessionId}`)).status).toBe(200);
  });

  it("a class without a test: the student joins, gets the welcome and no session", async () => {
    const created = await admin.post("/api/cohorts", { name: "Homeroom", joinCode: "HOMEROOM" });
    expect(created.status).toBe(201);
    const sessions = await count(worker, "sessions");
    const page = await (await worker.request("/join?code=HOMEROOM")).text();
    expect(page).toContain(">Join</button>");

    const { status, result } = await postData({ intent: "start", code: "homeroom", cohortId: created.data.id, displayName: "Alan", studentId: "S-400" });
    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: true,
      intent: "start",
      toast: { title: "Welcome!", description: "You've joined Homeroom. Your teacher will share a test soon." },
    });
    expect(await count(worker, "sessions")).toBe(sessions);
    expect(await worker.d1.prepare("select count(*) as n from cohort_members where cohort_id = ?").bind(created.data.id).first("n")).toBe(1);

    const noScript = await postForm(
      { intent: "start", code: "HOMEROOM", cohortId: created.data.id, displayName: "Alan", studentId: "S-400" },
      new CookieJar(),
      "/join?code=HOMEROOM",
    );
    expect(noScript.status).toBe(200);
    expect(noScript.html).toContain("Your teacher will share a test soon.");
  });

  it("an inactive class refuses a student on step 2 too", async () => {
    const created = await admin.post("/api/cohorts", { name: "Retired", joinCode: "RETIRED1", testConfigId: demo.testConfigId });
    await admin.put(`/api/cohorts/${created.data.id}`, { name: "Retired", isActive: false });
    const { status, result } = await postData({ intent: "start", code: "RETIRED1", cohortId: created.data.id, displayName: "Ada", studentId: "S-500" });
    expect(status).toBe(409);
    expect(result.toast).toMatchObject({ title: "Invalid code", description: "This class is no longer active" });
  });
});

describe("the language switch (GET /language)", () => {
  it("keeps the choice in a cookie and sends the student back to the page they were on", async () => {
    const jar = new CookieJar();
    const response = await worker.request("/language?to=es&back=%2Fjoin%3Fcode%3DDEMOCLASS", { jar });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/join?code=DEMOCLASS");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const page = await (await worker.request("/join", { jar })).text();
    expect(page).toContain("Saltar al contenido");
    expect(page).toContain('href="/language?to=en&amp;back=%2Fjoin"');
  });

  it("speaks the browser's language on a first visit, and English to anything it does not speak", async () => {
    expect(await (await worker.request("/join", { headers: { "Accept-Language": "es-MX,es;q=0.9" } })).text()).toContain("Saltar al contenido");
    expect(await (await worker.request("/join", { headers: { "Accept-Language": "de-DE" } })).text()).toContain("Skip to content");
  });

  it("never sends the student to another site, refuses a language it does not speak (400), and takes only GET (405)", async () => {
    for (const back of ["//evil.example", "https://evil.example/", "/%2e//evil.example"]) {
      const response = await worker.request(`/language?to=en&back=${encodeURIComponent(back)}`);
      expect(response.headers.get("Location"), back).toBe("/join");
    }
    const refused = await worker.request("/language?to=fr");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("to must be en or es");
    expect((await worker.request("/language?to=es", { method: "POST" })).status).toBe(405);
  });
});

describe("the join pages in Spanish (ADR 0045)", () => {
  const inLanguage = (lang: string) => ({ headers: { Cookie: `lang=${lang}` } });

  it("speaks Spanish on both steps with the cookie or the browser's Accept-Language, <html lang> following", async () => {
    const step1 = await (await worker.request("/join", inLanguage("es"))).text();
    expect(step1).toContain('<html lang="es">');
    expect(step1).toContain("Únete a tu clase");
    expect(step1).toContain("Código de la clase");
    expect(step1).toContain("<title>Únete a tu clase · Adaptive Testing Engine</title>");
    const step2 = await (await worker.request("/join?code=DEMOCLASS", { headers: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" } })).text();
    expect(step2).toContain('<html lang="es">');
    expect(step2).toContain("Te damos la bienvenida a ");
    expect(step2).toContain("Ingresa tu nombre y tu número de estudiante para comenzar tu prueba.");
    expect(step2).toContain("Comenzar la prueba");
    expect(step2).not.toContain("Start Test");
  });

  it("refuses in Spanish: an unknown code, a blank name, and the same refusal inline without JavaScript", async () => {
    const lookup = await worker.request("/join?_data=routes%2Fjoin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=es" },
      body: new URLSearchParams({ intent: "lookup", code: "nope123" }),
    });
    expect(lookup.status).toBe(404);
    expect(((await lookup.json()) as Result).toast).toMatchObject({
      title: "Código no válido",
      description: "El código de la clase que ingresaste no es válido. Revísalo y vuelve a intentarlo.",
    });
    const blank = await worker.request("/join?_data=routes%2Fjoin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es" },
      body: new URLSearchParams(startFields({ displayName: " " })),
    });
    expect(((await blank.json()) as Result).toast).toMatchObject({ title: "Falta información", description: "Ingresa tu nombre y tu número de estudiante." });
    // What the fields refuse past their length or for characters that cannot be stored, beside the field, in Spanish; English as it was.
    const refused = async (fields: Record<string, string>, language: string) => {
      const response = await worker.request("/join?_data=routes%2Fjoin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": language },
        body: new URLSearchParams(fields),
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as Result).fieldErrors;
    };
    expect(await refused(startFields({ displayName: "A".repeat(101) }), "es")).toEqual({
      displayName: "Tu nombre y tu número de estudiante pueden tener como máximo 100 caracteres cada uno",
    });
    expect(await refused(startFields({ displayName: "A".repeat(101) }), "en")).toEqual({
      displayName: "Your name and student ID must each be at most 100 characters",
    });
    expect(await refused(startFields({ studentId: "S-\u0000" }), "es")).toEqual({
      studentId: "Tu nombre y tu número de estudiante no pueden tener caracteres de control (como NUL) ni un carácter incompleto (la mitad de un emoji)",
    });
    expect(await refused({ intent: "lookup", code: "A".repeat(51) }, "es")).toEqual({ code: "El código de la clase puede tener como máximo 50 caracteres" });
    expect(await refused(startFields({ resumeCode: "ABCDEFGHIJK" }), "es")).toEqual({
      resumeCode: expect.stringMatching(/^El código para continuar tiene \d+ caracteres$/),
    });
    const inline = await (await worker.request("/join?code=NOPE123", inLanguage("es"))).text();
    expect(inline).toContain("El código de la clase que ingresaste no es válido.");
  });

  it("says in Spanish that it cannot run what was sent: an unknown action, a body that is not a form, a form it cannot read", async () => {
    const send = async (type: string, body: string) => {
      const response = await worker.request("/join?_data=routes%2Fjoin", { method: "POST", headers: { "Content-Type": type, Cookie: "lang=es" }, body });
      expect(response.status).toBe(400);
      return ((await response.json()) as Result).toast.description;
    };
    expect(await send("application/x-www-form-urlencoded", "intent=explode")).toBe("Acción desconocida.");
    expect(await send("text/plain", "intent=lookup&code=DEMOCLASS")).toBe("Envía el formulario como datos de formulario o JSON.");
    expect(await send("multipart/form-data; boundary=cut", "--cut\r\nnot a part")).toBe("No se pudo leer el formulario.");
  });

  it("shows a signed-in student the join screen at / and at the role gate in their language", async () => {
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    jar.set("lang", "es");
    const home = await (await worker.request("/", { jar })).text();
    expect(home).toContain('<html lang="es">');
    expect(home).toContain("Únete a tu clase");
    const gate = await (await worker.request("/admin/students", { jar })).text();
    expect(gate).toContain('<html lang="es">');
    expect(gate).toContain("Ingresa el código de la clase que te dio tu maestro.");
    // The join screen is the page, so its title is the join screen's, in their language, at the role gate and at an unknown address alike.
    expect(gate).toContain("<title>Únete a tu clase · Adaptive Testing Engine</title>");
    const unknown = await (await worker.request("/no/such/page", { jar })).text();
    expect(unknown).toContain('<html lang="es">');
    expect(unknown).toContain("<title>Únete a tu clase · Adaptive Testing Engine</title>");
  });

  it("at an unknown address: the landing page in English for a signed-out visitor, 'Page Not Found' in English for staff, whatever the browser speaks", async () => {
    const visitor = await worker.request("/no/such/page", { headers: { "Accept-Language": "es", Cookie: "lang=es" } });
    const landing = await visitor.text();
    expect(landing).toContain('<html lang="en">');
    expect(landing).toContain("Sign In to Continue");
    expect(landing).toContain("<title>Adaptive Testing Engine</title>");
    const staff = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    staff.set("lang", "es");
    const missing = await worker.request("/no/such/page", { jar: staff, headers: { "Accept-Language": "es" } });
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Page Not Found · Adaptive Testing Engine</title>");
    expect(html).toContain("The page you are looking for does not exist or has moved.");
    expect(html).toContain("Go to Home");
    expect(html).not.toContain("Página no encontrada");
  });

  it("shows no text outside the catalog in the pseudo-locale, on step 1, step 2 and a refusal", async () => {
    const className = ((await admin.get("/api/cohorts")).data as { id: string; name: string }[]).find((schoolClass) => schoolClass.id === demo.id)!.name;
    for (const path of ["/join", "/join?code=DEMOCLASS", "/join?code=NOPE123"]) {
      const html = await (await worker.request(path, inLanguage("qps"))).text();
      // The toast region's label, which every page has, is the root's (the common area).
      expect(unmarkedTexts(html, [className]), path).toEqual([]);
    }
  });
});
