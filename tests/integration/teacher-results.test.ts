import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { plainExcerpt } from "~/domain/questions/plain-text";

import { type ApiClient, apiClient } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { gradedSession } from "../support/grading-fixtures";
import { unmarkedTexts } from "../support/pseudo-locale";
import { answerFor } from "../support/session-answers";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * A session as teachers read it (ADR 0016): the student's name wherever a teacher looks, and the
 * results in the admin shell with the teacher's figures, while the student reads plain words.
 */
let worker: TestWorker;
let adminJar: CookieJar;
let admin: ApiClient;
let demo: { classId: string; className: string; testId: string; testTitle: string };
/** Alice Smith joined the demo class as "stu-1042" and finished the demo test. */
let finished: { sessionId: string; browser: CookieJar };

const NAME = "Alice Smith";
const STUDENT_ID = "stu-1042";

/** A signed-out browser joins the demo class by name and starts the demo test. */
async function join(studentId: string, displayName: string) {
  const jar = new CookieJar();
  const browser = apiClient(worker, jar);
  expect((await browser.post("/api/cohort-members", { cohortId: demo.classId, studentId, displayName })).status).toBe(201);
  const started = await browser.post("/api/sessions/start", { testConfigId: demo.testId, testMode: "placement", userId: studentId, cohortId: demo.classId });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { jar, browser, sessionId: started.data.sessionId as string };
}

async function takeToTheEnd(browser: ApiClient, sessionId: string) {
  let question = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data.question;
  for (let step = 0; question && step < 60; step++) {
    const submitted = await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 5 });
    question = submitted.data.completed ? null : submitted.data.nextQuestion;
  }
  await browser.post(`/api/sessions/${sessionId}/complete`);
}

const html = async (path: string, jar?: CookieJar) => {
  const response = await worker.request(path, { jar });
  return { status: response.status, location: response.headers.get("Location"), html: (await response.text()).replaceAll("<!-- -->", "") };
};

/** The text of the element with this test id (its first line of markup), without tags. */
const textOf = (page: string, testId: string) => page.match(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</p>`))?.[1]?.replace(/<[^>]+>/g, "") ?? null;

beforeAll(async () => {
  worker = await startWorker();
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  admin = apiClient(worker, adminJar);
  const row = await worker.d1
    .prepare(
      "select c.id as classId, c.name as className, t.id as testId, t.title as testTitle from cohorts c join tests t on t.id = c.test_config_id where c.join_code = 'DEMOCLASS'",
    )
    .first<typeof demo>();
  demo = row!;
  const alice = await join(STUDENT_ID, NAME);
  await takeToTheEnd(alice.browser, alice.sessionId);
  finished = { sessionId: alice.sessionId, browser: alice.jar };
}, 120_000);
afterAll(() => worker?.dispose());

describe("a teacher opening a student's results", () => {
  it("is sent from /results/{id} to the teacher's results", async () => {
    const opened = await html(`/results/${finished.sessionId}`, adminJar);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`/admin/results/${finished.sessionId}`);
  });

  it("sees the admin shell, the student's name and ID, the class, the test and the standard error figures", async () => {
    const { status, html: page } = await html(`/admin/results/${finished.sessionId}`, adminJar);
    expect(status).toBe(200);
    expect(page).toContain('data-testid="sidebar"');
    expect(page).toContain(`Results: ${NAME}`);
    expect(page).not.toContain("Your Results");
    for (const text of [
      STUDENT_ID,
      demo.className,
      demo.testTitle,
      "Placement Test",
      "Overall score",
      "Module Recommendations",
      "Back to Test Sessions",
      "Review AI Grading",
    ]) {
      expect(page).toContain(text);
    }
    expect(textOf(page, "scale-score")).toMatch(/^Scale score \d+, standard error [\d.]+: 95% range \d+–\d+ \(±1\.96 standard errors\)\.$/);
    expect(page).not.toContain("Retake Test");
    expect(page).not.toContain("Taken in Spanish");
  });

  it("reads that a session of a Spanish test was taken in Spanish (ADR 0044)", async () => {
    const { sessionId } = await gradedSession(admin, { language: "es" });
    const { html: page } = await html(`/admin/results/${sessionId}`, adminJar);
    expect(page).toMatch(/Placement Test · Taken in Spanish/);
  });

  it("sees a session in progress as its results so far, and Session Not Found for an unknown one", async () => {
    const started = await join("stu-2001", "Ben Okafor");
    const live = await html(`/admin/results/${started.sessionId}`, adminJar);
    expect(live.status).toBe(200);
    expect(live.html).toContain("Results: Ben Okafor");
    expect(live.html).toContain("In progress: results so far");
    const unknown = await html("/admin/results/no-such-session", adminJar);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Session Not Found");
    expect(unknown.html).toContain('data-testid="sidebar"');
  });

  it("is for admins only", async () => {
    const studentJar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    for (const jar of [studentJar, finished.browser, undefined]) {
      expect((await html(`/admin/results/${finished.sessionId}`, jar)).html).not.toContain(`Results: ${NAME}`);
    }
  });
});

describe("the student's own results", () => {
  it("speak plain words: the scale score and its likely range, no standard error, no admin shell", async () => {
    const { status, html: page } = await html(`/results/${finished.sessionId}`, finished.browser);
    expect(status).toBe(200);
    expect(page).toContain("Your Results");
    expect(textOf(page, "scale-score")).toMatch(
      /^Scale score \d+ \(very likely between \d+ and \d+\)\. The higher the number, the harder the questions you can answer\.$/,
    );
    const visibleText = page.replace(/<(style|script)\b[\s\S]*?<\/\1>/g, "").replace(/<[^>]+>/g, " ");
    expect(visibleText.match(/.{0,60}(standard error|±|95%|confidence).{0,20}/i)?.[0] ?? null).toBeNull();
    expect(page).not.toContain('data-testid="sidebar"');
  });

  it("are what an admin previewing in this browser sees too", async () => {
    const previewJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    previewJar.absorb(new Response(null, { headers: { "Set-Cookie": `__student_pass=${finished.browser.get("__student_pass")}; Path=/` } }));
    const { status, html: page } = await html(`/results/${finished.sessionId}`, previewJar);
    expect(status).toBe(200);
    expect(page).toContain("Your Results");
    expect(page).toContain("Review AI Grading");
  });
});

describe("the student's own results in their language", () => {
  /** The finished browser's results page with a language cookie or an Accept-Language header. */
  const inLanguage = async (headers: Record<string, string>) => {
    const cookie = [finished.browser.header(), headers.Cookie].filter(Boolean).join("; ");
    const response = await worker.request(`/results/${finished.sessionId}`, { headers: { ...headers, Cookie: cookie } });
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };

  it('are in Spanish, with <html lang="es">, for a browser that chose Spanish or asks for it first', async () => {
    for (const headers of [{ Cookie: "lang=es" }, { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" }] as Record<string, string>[]) {
      const { status, html: page } = await inLanguage(headers);
      expect(status).toBe(200);
      expect(page).toMatch(/<html lang="es"/);
      expect(page).toContain("<title>Resultados · ");
      expect(page).toContain("Tus resultados");
      expect(page).toContain("Volver a tomar la prueba");
      expect(page).not.toContain("Your Results");
      expect(textOf(page, "scale-score")).toMatch(
        /^Puntuación en escala: \d+ \(muy probablemente entre \d+ y \d+\)\. Cuanto más alto el número, más difíciles son las preguntas que puedes responder\.$/,
      );
      expect(page).toMatch(/Tiempo dedicado: \d+ segundos/);
      // The switch back to English, a plain link.
      expect(page).toContain(`href="/language?to=en&amp;back=${encodeURIComponent(`/results/${finished.sessionId}`)}"`);
    }
  });

  it("take every visible text from the catalog (the pseudo-locale marks them all)", async () => {
    const { status, html: page } = await inLanguage({ Cookie: "lang=qps" });
    expect(status).toBe(200);
    const session = (await apiClient(worker, finished.browser).get(`/api/sessions/${finished.sessionId}`)).data;
    const answers = Object.values(session.answers as Record<string, { questionText: string; feedback: string | null }>);
    const userTexts = [
      demo.testTitle,
      ...answers.flatMap((answer) => [plainExcerpt(answer.questionText), answer.feedback ?? ""]),
      ...Object.keys(session.competenciesStatus),
      ...Object.keys(session.moduleRecommendations),
    ];
    // The root's toast region is named by the root, not by this page (its label is not in the catalog yet).
    expect(unmarkedTexts(page, [...userTexts, "Notifications"])).toEqual([]);
    expect(page).toContain("⟦Ýöür Réšültš");
  });
});

describe("the student's name in the other teacher views", () => {
  it("GET /api/sessions/{id} gives studentName, null for a session without a class", async () => {
    const { data } = await admin.get(`/api/sessions/${finished.sessionId}`);
    expect(data).toMatchObject({ userId: STUDENT_ID, studentName: NAME, cohortId: demo.classId });
    const alone = await admin.post("/api/sessions/start", { testConfigId: demo.testId, testMode: "placement", userId: "api-only" });
    expect(alone.status).toBe(201);
    expect((await admin.get(`/api/sessions/${alone.data.sessionId}`)).data).toMatchObject({ userId: "api-only", studentName: null });
  });

  it("the AI Grading Review names the student", async () => {
    const { status, html: page } = await html(`/admin/ai-grading/${finished.sessionId}`, adminJar);
    expect(status).toBe(200);
    expect(page).toContain(`${NAME} (${STUDENT_ID})`);
  });

  it("Cohort Analytics' student tables name the student", async () => {
    const { html: page } = await html(`/admin/analytics?cohortId=${demo.classId}&testConfigId=${demo.testId}`, adminJar);
    expect(page).toContain(NAME);
    expect(page).toContain(STUDENT_ID);
  });
});
