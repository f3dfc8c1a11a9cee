import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CookieJar } from "../support/cookie-jar";
import { inLanguage, unmarkedTexts, visibleTexts } from "../support/pseudo-locale";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Take a Test and Results through the real Worker as a browser without
 * JavaScript would use them: plain form posts, redirects, and the the product's messages inline.
 */
let worker: TestWorker;
let admin: CookieJar;
let testId: string;

beforeAll(async () => {
  worker = await startWorker();
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const row = await worker.d1.prepare("SELECT id FROM tests WHERE title = ?").bind("Grade 6 Math Check-in").first<{ id: string }>();
  testId = row!.id;
});
afterAll(() => worker?.dispose());

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function hidden(html: string, name: string): string | null {
  const match = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
  return match ? decode(match[1]!) : null;
}

function options(html: string): string[] {
  return [...html.matchAll(/type="(?:radio|checkbox)" name="answer" value="([^"]*)"/g)].map((match) => decode(match[1]!));
}

async function post(path: string, fields: [string, string][], jar: CookieJar = admin) {
  const response = await worker.request(path, {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

async function page(path: string, jar: CookieJar = admin) {
  const response = await worker.request(path, { jar });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

const MISSING: Record<string, string> = {
  multiple_choice: "Please select an answer before submitting.",
  multiple_select: "Please select at least one answer before submitting.",
  free_response: "Please provide an answer before submitting.",
  scenario: "Please provide a detailed response to this scenario before submitting.",
  chat: "Please have at least one exchange with the AI before submitting.",
};

describe("Take a Test", () => {
  it("shows the mode selection with each mode's minutes and the four notes", async () => {
    const { status, html } = await page(`/test/${testId}`);
    expect(status).toBe(200);
    for (const text of ["Grade 6 Math Check-in", "Placement Test", "Diagnostic Test", "15 minutes", "25 minutes", "Before You Begin", "Start Test"])
      expect(html).toContain(text);
    expect(html.match(/<li>/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    // What to expect: each mode's time and its most questions, and when the clock starts.
    expect(html).toContain("Placement Test: 15 minutes, 5 to 20 questions.");
    expect(html).toContain("Diagnostic Test: 25 minutes, 20 questions.");
    expect(html).toContain("The clock starts when you press Start Test.");
  });

  it("shows Before You Begin in Spanish for the lang cookie or Accept-Language, and every text of it from the catalog (ADR 0045)", async () => {
    const spanish = await page(`/test/${testId}`, inLanguage(admin, "es"));
    expect(spanish.status).toBe(200);
    expect(spanish.html).toContain('<html lang="es"');
    for (const text of [
      "Antes de empezar",
      "Elige un modo",
      "Prueba de ubicación: 15 minutos, de 5 a 20 preguntas.",
      "Prueba diagnóstica: 25 minutos, 20 preguntas.",
      "El reloj de la prueba empieza cuando presionas Comenzar la prueba.",
      "Comenzar la prueba",
    ])
      expect(spanish.html).toContain(text);
    expect(spanish.html).not.toContain("Before You Begin");
    const byBrowser = await worker.request(`/test/${testId}`, { jar: admin, headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" } });
    expect(await byBrowser.text()).toContain("Antes de empezar");

    // Start Test without a mode (no JavaScript): the refusal in Spanish too.
    const noMode = await post(`/test/${testId}`, [["intent", "start"]], inLanguage(admin, "es"));
    expect(noMode.status).toBe(400);
    expect(noMode.html).toContain("Elige Prueba de ubicación o Prueba diagnóstica.");

    // As a visitor who has not joined (the way to join instead of Start Test) and as a signed-in user (Start Test).
    for (const jar of [new CookieJar(), admin]) {
      const pseudo = await page(`/test/${testId}`, inLanguage(jar, "qps"));
      // The user's content; the toast region's label is the root's (the common area), marked like the rest.
      expect(unmarkedTexts(pseudo.html, ["Grade 6 Math Check-in", "Demo Admin"])).toEqual([]);
    }
  });

  it("answers 'Test Not Found' with Return Home for a missing test", async () => {
    const { status, html } = await page("/test/no-such-test");
    expect(status).toBe(404);
    expect(html).toContain("Test Not Found");
    expect(html).toContain("Return Home");
    const spanish = await page("/test/no-such-test", inLanguage(admin, "es"));
    expect(spanish.status).toBe(404);
    expect(spanish.html).toContain("No se encontró la prueba");
    expect(spanish.html).toContain("No existe o se eliminó.");
    expect(spanish.html).toContain("Volver al inicio");
    expect(spanish.html).not.toContain("Test Not Found");
    // The page's language and title follow its words; English stays as it was.
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain("<title>No se encontró la prueba · Adaptive Testing Engine</title>");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Test Not Found · Adaptive Testing Engine</title>");
  });

  it("asks for a mode, and sends a signed-out visitor to the join page", async () => {
    const noMode = await post(`/test/${testId}`, [["intent", "start"]]);
    expect(noMode.status).toBe(400);
    expect(noMode.html).toContain("Please choose Placement Test or Diagnostic Test.");
    const stranger = await post(
      `/test/${testId}`,
      [
        ["intent", "start"],
        ["testMode", "placement"],
      ],
      new CookieJar(),
    );
    expect(stranger.status).toBe(401);
    expect(stranger.html).toContain("Student Entry");
  });

  it("serves a question from the session object alone: the title and resume code it began with, whatever D1 says now", async () => {
    const started = await post(`/test/${testId}`, [
      ["intent", "start"],
      ["testMode", "diagnostic"],
    ]);
    expect(started.status).toBe(302);
    const sessionId = decodeURIComponent(started.location!.split("session=")[1]!);
    const row = await worker.d1.prepare("SELECT resume_code AS code FROM sessions WHERE id = ?").bind(sessionId).first<{ code: string }>();
    expect(row?.code).toBeTruthy();
    await worker.d1.batch([
      worker.d1.prepare("UPDATE sessions SET resume_code = NULL WHERE id = ?").bind(sessionId),
      worker.d1.prepare("UPDATE tests SET title = ? WHERE id = ?").bind("Renamed Mid-Session", testId),
    ]);
    try {
      const question = await page(started.location!);
      expect(question.status).toBe(200);
      expect(question.html).toContain(row!.code);
      expect(question.html).toContain("<title>Grade 6 Math Check-in");
      expect(question.html).not.toContain("Renamed Mid-Session");
    } finally {
      await worker.d1.prepare("UPDATE tests SET title = ? WHERE id = ?").bind("Grade 6 Math Check-in", testId).run();
      await post(started.location!, [
        ["intent", "complete"],
        ["sessionId", sessionId],
      ]);
    }
  });

  it("takes the demo test to the end with plain forms: the types the engine asks, the product's messages, an expired question's empty answer, then the results", async () => {
    const started = await post(`/test/${testId}`, [
      ["intent", "start"],
      ["testMode", "placement"],
    ]);
    expect(started.status).toBe(302);
    const location = started.location!;
    expect(location).toMatch(new RegExp(`^/test/${testId}\\?session=`));
    const sessionId = decodeURIComponent(location.split("session=")[1]!);
    expect(admin.get("__student_pass")).toBeTruthy();

    const seen = new Set<string>();
    const missingChecked = new Set<string>();
    let resultsPath: string | null = null;
    for (let step = 0; step < 60 && !resultsPath; step++) {
      const current = await page(location);
      if (current.status === 302) {
        resultsPath = current.location;
        break;
      }
      expect(current.status).toBe(200);
      expect(current.html).toContain("Resume code:");
      const questionId = hidden(current.html, "questionId")!;
      const questionType = hidden(current.html, "questionType")!;
      expect(questionId).toBeTruthy();
      seen.add(questionType);
      const base: [string, string][] = [
        ["intent", "submit"],
        ["sessionId", sessionId],
        ["questionId", questionId],
        ["questionType", questionType],
        ["shownAt", String(Date.now() - 5000)],
      ];
      if (!missingChecked.has(questionType)) {
        missingChecked.add(questionType);
        const missing = await post(location, base);
        expect(missing.status).toBe(400);
        expect(missing.html).toContain(MISSING[questionType]);
      }
      if (step === 0) {
        const wrong = await post(location, [
          ["intent", "submit"],
          ["sessionId", sessionId],
          ["questionId", "not-the-current-question"],
          ["questionType", "free_response"],
          ["answer", "x"],
        ]);
        expect(wrong.status).toBe(409);
        expect(wrong.html).toMatch(/not the (current )?question|current question/i);
      }
      const answer: [string, string][] = [];
      if (questionType === "multiple_choice" || questionType === "multiple_select") answer.push(["answer", options(current.html)[0]!]);
      else if (questionType === "chat") {
        const chat = await post(location, [
          ["intent", "chat"],
          ["sessionId", sessionId],
          ["questionId", questionId],
          ["message", "I think we should compare the totals first."],
        ]);
        expect(chat.status).toBe(302);
        const after = await page(location);
        expect(after.html).toContain("I think we should compare the totals first.");
      } else answer.push(["answer", "Because the total is shared equally, each gets the same part."]);
      // A question whose own timer ran out goes in as it stands, even empty.
      const submitted = await post(location, step === 1 ? [...base, ["autoSubmit", "1"]] : [...base, ...answer]);
      expect(submitted.status).toBe(302);
      if (submitted.location?.startsWith("/results/")) resultsPath = submitted.location;
    }
    expect(resultsPath).toBe(`/results/${sessionId}`);
    expect(seen.size).toBeGreaterThanOrEqual(2);

    // A completed session's test page goes to its results.
    const again = await page(location);
    expect(again.status).toBe(302);
    expect(again.location).toBe(`/results/${sessionId}`);

    const results = await page(resultsPath!);
    expect(results.status).toBe(200);
    for (const text of [
      "Your Results",
      "Overall score",
      "Scale score",
      "Your Answers",
      "Module Recommendations",
      "Return Home",
      "Review AI Grading",
      "Retake Test",
      "Time spent:",
    ])
      expect(results.html).toContain(text);
    expect(results.html).toContain(`/test/${testId}`);
    // Answers of a few seconds read in seconds, not "0 minutes".
    expect(results.html).toMatch(/Time spent: (<!-- -->)?\d+ seconds?/);
    expect(results.html).toContain(`/admin/ai-grading/${sessionId}`);
    expect(results.html).toMatch(/Mastered|Working towards it|Not assessed/);

    // Somebody else's browser learns nothing about the session.
    const stranger = new CookieJar();
    const strangerResults = await page(resultsPath!, stranger);
    expect(strangerResults.status).toBe(404);
    expect(strangerResults.html).toContain("Session Not Found");
    expect(strangerResults.html).toContain("Results open on the device that took the test");
    expect(strangerResults.html).not.toContain("Your Answers");
    const strangerTest = await page(location, stranger);
    expect(strangerTest.status).toBe(200);
    expect(strangerTest.html).toContain("not open on this device");
    expect(strangerTest.html).not.toContain("Resume code:");
  });

  it("takes scenario and chat questions with plain forms: the title, the conversation, the product's messages", async () => {
    // A two-question test made of the demo's open questions, so both types are certainly asked.
    const open = await worker.d1
      .prepare(
        "SELECT q.id, q.type FROM questions q JOIN test_questions tq ON tq.question_id = q.id WHERE tq.test_id = ? AND q.type IN ('scenario', 'chat') ORDER BY q.type",
      )
      .bind(testId)
      .all<{ id: string; type: string }>();
    const picked = ["chat", "scenario"].map((type) => open.results.find((row) => row.type === type)!);
    const openTestId = crypto.randomUUID();
    await worker.d1.batch([
      worker.d1
        .prepare("INSERT INTO tests (id, title, description, grade_level, subject) VALUES (?, 'Open Questions', 'Scenario and chat', '6', 'Mathematics')")
        .bind(openTestId),
      ...picked.map((row, position) =>
        worker.d1
          .prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, ?)")
          .bind(crypto.randomUUID(), openTestId, row.id, position),
      ),
    ]);
    const started = await post(`/test/${openTestId}`, [
      ["intent", "start"],
      ["testMode", "diagnostic"],
    ]);
    expect(started.status).toBe(302);
    const location = started.location!;
    const sessionId = decodeURIComponent(location.split("session=")[1]!);
    const seen: string[] = [];
    for (let step = 0; step < 4; step++) {
      const current = await page(location);
      if (current.status === 302) break;
      const questionId = hidden(current.html, "questionId")!;
      const questionType = hidden(current.html, "questionType")!;
      seen.push(questionType);
      const base: [string, string][] = [
        ["intent", "submit"],
        ["sessionId", sessionId],
        ["questionId", questionId],
        ["questionType", questionType],
      ];
      const missing = await post(location, base);
      expect(missing.status).toBe(400);
      expect(missing.html).toContain(MISSING[questionType]);
      if (questionType === "chat") {
        expect(current.html).toContain("Your message");
        const chat = await post(location, [
          ["intent", "chat"],
          ["sessionId", sessionId],
          ["questionId", questionId],
          ["message", "Can I split the total first?"],
        ]);
        expect(chat.status).toBe(302);
        const after = await page(location);
        expect(after.html).toContain("Can I split the total first?");
        expect(after.html).toContain("Tutor");
        const submitted = await post(location, base);
        expect(submitted.status).toBe(302);
      } else {
        expect(current.html).toContain("Up to 5,000 characters are graded");
        expect(current.html).toContain("Your response");
        const submitted = await post(location, [...base, ["answer", "I would add the costs, then divide by the number of students."]]);
        expect(submitted.status).toBe(302);
      }
    }
    expect(seen.sort()).toEqual(["chat", "scenario"]);
    const results = await page(`/results/${sessionId}`);
    expect(results.status).toBe(200);
    expect(results.html).toContain("Your Answers");
  });

  it("shows an answer's feedback as a page with 'Next question' when the test shows it, and goes straight on when it does not", async () => {
    const choices = await worker.d1
      .prepare(
        "SELECT q.id FROM questions q JOIN test_questions tq ON tq.question_id = q.id WHERE tq.test_id = ? AND q.type = 'multiple_choice' ORDER BY q.id LIMIT 3",
      )
      .bind(testId)
      .all<{ id: string }>();
    async function choiceTest(title: string, shows: boolean) {
      const id = crypto.randomUUID();
      const flag = shows ? 1 : 0;
      await worker.d1.batch([
        worker.d1
          .prepare(
            "INSERT INTO tests (id, title, description, grade_level, subject, show_result_during_test, show_feedback_during_test) VALUES (?, ?, 'Choices', '6', 'Mathematics', ?, ?)",
          )
          .bind(id, title, flag, flag),
        ...choices.results.map((row, position) =>
          worker.d1
            .prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, ?)")
            .bind(crypto.randomUUID(), id, row.id, position),
        ),
      ]);
      const started = await post(`/test/${id}`, [
        ["intent", "start"],
        ["testMode", "diagnostic"],
      ]);
      expect(started.status).toBe(302);
      return { id, location: started.location!, sessionId: decodeURIComponent(started.location!.split("session=")[1]!) };
    }
    async function answerFirst(location: string, sessionId: string) {
      const current = await page(location);
      expect(current.html).toMatch(/Question (<!-- -->)?1</);
      const questionId = hidden(current.html, "questionId")!;
      const submitted = await post(location, [
        ["intent", "submit"],
        ["sessionId", sessionId],
        ["questionId", questionId],
        ["questionType", "multiple_choice"],
        ["answer", options(current.html)[0]!],
      ]);
      expect(submitted.status).toBe(302);
      return { questionId, next: submitted.location! };
    }

    const shown = await choiceTest("Feedback Shown", true);
    const first = await answerFirst(shown.location, shown.sessionId);
    const feedback = await page(first.next);
    expect(feedback.status).toBe(200);
    expect(feedback.html).toMatch(/Excellent!|Good effort|Keep learning/);
    expect(feedback.html).toContain("Next question");
    // The answered question is not asked again, and the next one waits for the button.
    expect(hidden(feedback.html, "questionId")).toBeNull();
    const nextForm = feedback.html.match(/<form[^>]*action="([^"]+)"[^>]*>(?:(?!<\/form>)[\s\S])*Next question/);
    expect(nextForm).not.toBeNull();
    const nextPath = `${decode(nextForm![1]!)}?session=${encodeURIComponent(hidden(feedback.html, "session")!)}`;
    const second = await page(nextPath);
    expect(second.status).toBe(200);
    expect(second.html).toMatch(/Question (<!-- -->)?2</);
    expect(hidden(second.html, "questionId")).not.toBe(first.questionId);

    const quiet = await choiceTest("Feedback Hidden", false);
    const straight = await answerFirst(quiet.location, quiet.sessionId);
    expect(straight.next).toBe(quiet.location);
    const after = await page(straight.next);
    expect(after.html).toMatch(/Question (<!-- -->)?2</);
    expect(after.html).not.toContain("Next question");
  });

  it("speaks the browser's language on the question page, its missing-answer message and the feedback page; the pseudo-locale marks every text", async () => {
    const choices = await worker.d1
      .prepare(
        "SELECT q.id FROM questions q JOIN test_questions tq ON tq.question_id = q.id WHERE tq.test_id = ? AND q.type = 'multiple_choice' ORDER BY q.id LIMIT 3",
      )
      .bind(testId)
      .all<{ id: string }>();
    const id = crypto.randomUUID();
    await worker.d1.batch([
      worker.d1
        .prepare(
          "INSERT INTO tests (id, title, description, grade_level, subject, show_result_during_test, show_feedback_during_test) VALUES (?, 'Prueba en español', 'Choices', '6', 'Mathematics', 1, 1)",
        )
        .bind(id),
      ...choices.results.map((row, position) =>
        worker.d1
          .prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, ?)")
          .bind(crypto.randomUUID(), id, row.id, position),
      ),
    ]);
    const browser = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const started = await post(
      `/test/${id}`,
      [
        ["intent", "start"],
        ["testMode", "diagnostic"],
      ],
      browser,
    );
    const location = started.location!;
    const sessionId = decodeURIComponent(location.split("session=")[1]!);

    // The first visit's language comes from Accept-Language.
    const response = await worker.request(location, { jar: browser, headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" } });
    const question = await response.text();
    expect(question).toContain('<html lang="es"');
    for (const text of [
      "Pregunta 1",
      "Elige una respuesta",
      "Enviar respuesta",
      "Tiempo restante:",
      "Código para continuar:",
      "Llevas 0 preguntas respondidas.",
    ])
      expect(question).toContain(text);
    expect(question).not.toContain("Submit Answer");

    browser.set("lang", "es");
    const questionId = hidden(question, "questionId")!;
    const base: [string, string][] = [
      ["intent", "submit"],
      ["sessionId", sessionId],
      ["questionId", questionId],
      ["questionType", "multiple_choice"],
    ];
    const missing = await post(location, base, browser);
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Elige una respuesta antes de enviar.");
    const tooLong = await post(location, [...base, ["answer", "x".repeat(20_001)]], browser);
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("Tu respuesta puede tener como máximo 20000 caracteres");

    const answered = await post(location, [...base, ["answer", options(question)[0]!]], browser);
    const feedback = await page(answered.location!, browser);
    expect(feedback.html).toContain('<html lang="es"');
    expect(feedback.html).toContain("Pregunta 1: tu respuesta está guardada");
    expect(feedback.html).toContain("Siguiente pregunta");
    expect(feedback.html).toMatch(/¡Excelente!|Buen esfuerzo|Sigue aprendiendo/);

    browser.set("lang", "qps");
    // The signed-in user's name is user content; the toast region's name is the root's (the common area).
    const code = await worker.d1.prepare("SELECT resume_code AS code FROM sessions WHERE id = ?").bind(sessionId).first<{ code: string }>();
    // The answered question's options are user content too: the feedback may quote them ("10 times").
    const optionTexts: string[] = [];
    for (const row of choices.results) {
      const stored = await worker.d1.prepare("SELECT options FROM questions WHERE id = ?").bind(row.id).first<{ options: string | null }>();
      for (const option of JSON.parse(stored?.options ?? "[]") as { text: string }[]) optionTexts.push(option.text);
    }
    const outside = ["Demo Admin", code!.code, ...optionTexts];
    expect(unmarkedTexts((await page(answered.location!, browser)).html, outside)).toEqual([]);
    const next = (await page(location, browser)).html;
    expect(next).toContain('data-testid="question-text"');
    const text = next.match(/data-testid="question-text"[^>]*>([\s\S]*?)<\/div>/)![1]!;
    expect(unmarkedTexts(next, [...outside, ...visibleTexts(text), ...options(next)])).toEqual([]);
  });

  it("answers 'Session Not Found' for an unknown session", async () => {
    const { status, html } = await page("/results/no-such-session");
    expect(status).toBe(404);
    expect(html).toContain("Session Not Found");
    const spanish = await page("/results/no-such-session", inLanguage(admin, "es"));
    expect(spanish.status).toBe(404);
    expect(spanish.html).toContain("No se encontró la sesión");
    expect(spanish.html).toContain("Volver al inicio");
    expect(spanish.html).not.toContain("Session Not Found");
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain("<title>No se encontró la sesión · Adaptive Testing Engine</title>");
    // A browser that may not read it, signed out, with Accept-Language only.
    const visitor = await worker.request("/results/no-such-session", { headers: { "Accept-Language": "es" } });
    const elsewhere = await visitor.text();
    expect(elsewhere).toContain('<html lang="es">');
    expect(elsewhere).toContain("Ir a la entrada de estudiantes");
  });
});
