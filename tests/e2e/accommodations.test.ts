import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { type ApiClient, clientFor } from "../support/api";
import { accessibilityTree, axNode } from "../support/ax-tree";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { focusedName, focusOn, press, tabTo } from "../support/keyboard";
import { sidewaysOverflow } from "../support/reflow";
import { demoAccounts } from "../support/worker";

/**
 * A student with accommodations (ADR 0032) takes a whole test, one question of every type, with
 * the keyboard alone: extended time on the clock, high contrast and zoom from their record, read
 * aloud by its shortcut, the line reader, striking an option out and back, and a break that hides
 * the question until Resume. axe runs on the accommodated question and on the break screen.
 */
const session = browserSession();

/** The browser's speech synthesis, recorded: what was read aloud, in order (headless Chromium has no voices). */
const RECORD_SPEECH = () => {
  const spoken: string[] = [];
  (window as unknown as { spoken: string[] }).spoken = spoken;
  Object.defineProperty(window, "speechSynthesis", {
    value: {
      speak(utterance: SpeechSynthesisUtterance) {
        spoken.push(utterance.text);
        setTimeout(() => utterance.onstart?.(new Event("start") as SpeechSynthesisEvent), 0);
        setTimeout(() => utterance.onend?.(new Event("end") as SpeechSynthesisEvent), 400);
      },
      cancel() {},
    },
  });
};

/**
 * Speech synthesis with the device's voices stubbed (`voices` in the page lists them), recording
 * each utterance's text, language and the voice chosen for it. The utterance is stubbed too: a real
 * one takes only the browser's own voice objects.
 */
const STUB_VOICES = () => {
  const page = window as unknown as { voices: { lang: string; name: string }[]; utterances: { text: string; lang: string; voice: string | null }[] };
  page.voices = ["en-US", "es-ES", "es-MX", "es-US"].map((lang) => ({ lang, name: `Voice ${lang}` }));
  page.utterances = [];
  const listeners: (() => void)[] = [];
  class Utterance {
    lang = "";
    voice: { lang: string } | null = null;
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance });
  Object.defineProperty(window, "speechSynthesis", {
    value: {
      getVoices: () => page.voices,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener() {},
      // The test changes the device's voices and tells the page, as a browser does when its voices load.
      changeVoices(langs: string[]) {
        page.voices = langs.map((lang) => ({ lang, name: `Voice ${lang}` }));
        listeners.forEach((listener) => listener());
      },
      speak(utterance: Utterance) {
        page.utterances.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.lang ?? null });
        setTimeout(() => utterance.onend?.(), 0);
      },
      cancel() {},
    },
  });
};

async function setUp(admin: ApiClient) {
  const bodies = [
    {
      text: "Which number is even?",
      type: "multiple_choice",
      timeLimit: 60,
      options: ["4", "5", "7", "9"].map((text, index) => ({ text, isCorrect: index === 0, score: index === 0 ? 1 : 0 })),
    },
    {
      text: "Which numbers are odd?",
      type: "multiple_select",
      options: ["3", "4", "5"].map((text) => ({ text, isCorrect: text !== "4", score: text === "4" ? 0 : 1 })),
    },
    { text: "Read the sentence and say what 'brisk' means.", type: "free_response", rubric: "quick, lively", metadata: { measuresReading: true } },
    { text: "A class shares 12 pencils among 4 tables. Explain how many each table gets.", type: "scenario", rubric: "3 each, 12 divided by 4" },
    { text: "Talk with your tutor about halves.", type: "chat", rubric: "explains halves", initialPrompt: "What is half of 10?" },
  ];
  const questions = [];
  for (const body of bodies) {
    const created = await admin.post("/api/questions", { difficulty: "medium", ...body });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    questions.push({ id: created.data.id });
  }
  const test = await admin.post("/api/tests", {
    title: "Accommodated Check",
    description: "Five kinds of question",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: 10,
    diagnosticDuration: 10,
    showResultDuringTest: false,
    showFeedbackDuringTest: false,
    questions,
  });
  expect(test.status, JSON.stringify(test.data)).toBe(201);
  const schoolClass = await admin.post("/api/cohorts", { name: "Accommodations Class", testConfigId: test.data.id, testMode: "placement" });
  const record = await admin.post("/api/students", { studentId: "S-ACC-1", givenName: "Rosa", familyName: "Park", grade: "6" });
  await admin.post(`/api/cohorts/${schoolClass.data.id}/roster/${record.data.id}`);
  const saved = await admin.put(`/api/students/${record.data.id}/accommodations`, {
    extendedTime: 1.5,
    breaks: true,
    breakMinutes: 10,
    readAloud: true,
    eliminator: true,
    masking: true,
    highContrast: true,
    zoom: 1.25,
  });
  expect(saved.status).toBe(200);
  return { joinCode: schoolClass.data.joinCode as string };
}

/** Answers the question on screen with keys only, by its type. */
async function answerByKeyboard(page: Page): Promise<string> {
  const type = (await page.locator('input[name="questionType"]').getAttribute("value"))!;
  await focusOn(page, "#question-heading");
  if (type === "multiple_choice" || type === "multiple_select") {
    await tabTo(page, /^A\. (4|3)$/, { cap: 40 });
    // The first option (its letter is part of its name, as in "Strike out option A"): Space checks it.
    await page.keyboard.press("Space");
  } else if (type === "chat") {
    await tabTo(page, /Your message/, { cap: 40 });
    await page.keyboard.type("Half of 10 is 5 because 10 split in two equal parts is 5.");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= 2, undefined, { timeout: 15_000 });
  } else {
    await tabTo(page, type === "scenario" ? "Your response" : "Your answer", { cap: 40 });
    await page.keyboard.type("Each table gets 3 because 12 divided by 4 is 3; brisk means quick.");
  }
  await tabTo(page, "Submit Answer", { cap: 40 });
  await page.keyboard.press("Enter");
  return type;
}

describe("a student with accommodations", () => {
  it("takes a whole test with the keyboard, using every accommodation the record gives", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const { joinCode } = await setUp(admin);
    const page = session.page;
    await session.context.addInitScript(RECORD_SPEECH);

    // The page's clock runs as usual until the break below moves it on.
    await page.clock.install();
    await page.goto(`/join?code=${joinCode}`);
    // The page puts focus on its heading once its JavaScript runs: keys are pressed from there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await tabTo(page, /^Your Name/);
    await page.keyboard.type("Rosa Park");
    await tabTo(page, /^Student ID/);
    await page.keyboard.type("S-ACC-1");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Before You Begin" }).waitFor();
    await tabTo(page, "Start Test");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();

    // Extended time ×1.5 on a 10-minute test; the record's high contrast and zoom from the server.
    const clock = await page.getByTestId("overall-timer").innerText();
    expect(Number(/(\d+):\d\d/.exec(clock)![1])).toBeGreaterThanOrEqual(14);
    const view = page.getByTestId("accommodated-view");
    expect(await view.getAttribute("class")).toContain("high-contrast");
    expect(await view.evaluate((element) => getComputedStyle(element).zoom)).toBe("1.25");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "accommodations-question");
    // The test's clock is a named timer, and its warnings come through a polite live region.
    expect((await axNode(page, "timer", "Time left in the test")).text).toMatch(/^\d+:\d\d$/);
    const warnings = await page.getByTestId("timer-announcement").getAttribute("aria-live");
    expect(warnings).toBe("polite");

    // Read aloud by its shortcut: the question, then each option, each outlined while read.
    await page.keyboard.press("Alt+r");
    await page.locator(".reading-now").first().waitFor();
    // The heading, the question, then each option (a choice question's): every part the card marks.
    const parts = await page.locator("[data-read]").count();
    expect(parts).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length)).toBe(parts);
    const questionText = (await page.getByTestId("question-text").innerText()).trim();
    expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.slice(0, 2))).toEqual([
      expect.stringMatching(/^Question 1/),
      questionText,
    ]);

    // The line reader, switched on from the toolbar.
    await focusOn(page, "#question-heading");
    await tabTo(page, "Line Reader", { back: true });
    await page.keyboard.press("Space");
    await page.getByTestId("line-reader").waitFor({ state: "attached" });

    // Strike an option out, and bring it back, when the question is a choice question.
    // What it shows is its name in the accessibility tree (WCAG 2.5.3); aria-pressed is its state.
    if ((await page.getByRole("button", { name: "Strike out option B" }).count()) > 0) {
      expect((await axNode(page, "button", "Strike out option B")).properties.pressed).toBe("false");
      await tabTo(page, "Strike out option B");
      await page.keyboard.press("Enter");
      expect(await page.locator(".struck-out").count()).toBe(1);
      expect(await focusedName(page)).toBe("Undo strike on option B");
      expect((await axNode(page, "button", "Undo strike on option B")).properties.pressed).toBe("true");
      await page.keyboard.press("Enter");
      expect(await page.locator(".struck-out").count()).toBe(0);
    }

    // The student's own display: zoom in and out, and high contrast off and on again, by key.
    await focusOn(page, "#question-heading");
    await tabTo(page, "Zoom In", { back: true });
    await page.keyboard.press("Enter");
    expect(await view.evaluate((element) => getComputedStyle(element).zoom)).toBe("1.5");
    await tabTo(page, "High Contrast", { back: true });
    await page.keyboard.press("Enter");
    expect((await view.getAttribute("class")) ?? "").not.toContain("high-contrast");
    await page.keyboard.press("Enter");
    expect(await view.getAttribute("class")).toContain("high-contrast");
    // At 150 % on a 390 px phone the question still reflows: nothing reaches past the screen's edge.
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await sidewaysOverflow(page, 390)).offenders).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "accommodations-phone-zoomed");
    // At 200 % on a 320 px screen too: the strike-out buttons wrap below their options instead of running off.
    // Zoom In to its largest keeps focus, and says it can go no further.
    await page.getByRole("button", { name: "Zoom In" }).focus();
    await page.keyboard.press("Enter");
    expect(await focusedName(page)).toBe("Zoom In");
    expect((await axNode(page, "button", "Zoom In")).properties.disabled).toBe(true);
    await page.setViewportSize({ width: 320, height: 844 });
    expect(await view.evaluate((element) => getComputedStyle(element).zoom)).toBe("2");
    expect((await sidewaysOverflow(page, 320)).offenders).toEqual([]);
    await saveScreenshot(page, "accommodations-320-zoomed-200");
    await page.getByRole("button", { name: "Zoom Out" }).click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // A break: the page holds nothing of the question and its clocks stop until Resume, which brings it back.
    await focusOn(page, "#question-heading");
    await tabTo(page, "Take a Break", { back: true });
    await page.keyboard.press("Enter");
    await page.getByTestId("break-screen").waitFor();
    await expect.poll(() => focusedName(page)).toBe("Your test is paused");
    expect(await page.locator('#question-heading, [data-testid="question-text"], input[name="answer"], textarea[name="answer"]').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "accommodations-break");
    const stop = await press(page, "Tab");
    expect(stop).toEqual({ name: "Resume Test", problem: null });
    await page.keyboard.press("Enter");
    await page.getByTestId("break-screen").waitFor({ state: "detached" });
    await page.locator("#question-heading").waitFor();

    // A break left to run out: told politely at a minute left, then the question is back as the server restarts the clock.
    await page.getByRole("button", { name: "Take a Break" }).click();
    await page.getByTestId("break-screen").waitFor();
    await page.clock.fastForward("09:05");
    await expect.poll(() => politenessOf(page, "Your break ends in 1 minute")).toBe("polite");
    expect(await page.getByTestId("break-screen").count()).toBe(1);
    await page.clock.fastForward("01:10");
    await page.getByTestId("break-screen").waitFor({ state: "detached" });
    await page.locator("#question-heading").waitFor();
    await expect.poll(() => politenessOf(page, "Your break is over: the clock is running")).toBe("polite");
    await saveScreenshot(page, "accommodations-break-over");

    const types = new Set<string>();
    for (let step = 0; step < 6 && !page.url().includes("/results/"); step++) {
      const questionId = await page.locator('input[name="questionId"]').first().getAttribute("value");
      types.add(await answerByKeyboard(page));
      await page.waitForFunction(
        (previous) =>
          location.pathname.startsWith("/results/") ||
          ((document.querySelector('input[name="questionId"]') as HTMLInputElement | null)?.value ?? previous) !== previous,
        questionId,
        { timeout: 20_000 },
      );
    }
    await page.waitForURL(/\/results\//);
    expect([...types].sort()).toEqual(["chat", "free_response", "multiple_choice", "multiple_select", "scenario"]);

    // Read aloud on a reading item: the session says it is non-standard, and why.
    const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
    const record = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(record).toMatchObject({ completed: true, nonStandard: true, nonStandardReasons: ["read aloud on a reading item"] });
    expect(record.accommodations).toMatchObject({ extendedTime: 1.5, readAloud: true });
  });

  it("lets a teacher set them on a student's page, and for a class from its roster", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const schoolClass = (await admin.post("/api/cohorts", { name: "Roster Accommodations", testConfigId: null })).data;
    const ids: string[] = [];
    for (const [studentId, givenName] of [
      ["S-ACC-2", "Lena"],
      ["S-ACC-3", "Omar"],
    ]) {
      const record = await admin.post("/api/students", { studentId, givenName, familyName: "Diaz", grade: "5" });
      await admin.post(`/api/cohorts/${schoolClass.id}/roster/${record.data.id}`);
      ids.push(record.data.id);
    }
    await session.signIn(demoAccounts.admin);
    const page = session.page;

    await page.goto(`/admin/students/${ids[0]}`);
    expect(await page.getByTestId("student-accommodations").innerText()).toBe("None");
    await page.getByRole("button", { name: "Edit Accommodations" }).click();
    const dialog = page.getByRole("dialog", { name: "Accommodations for Lena Diaz" });
    await dialog.getByLabel("Extended time").selectOption("2");
    await dialog.getByLabel(/^Pause and resume/).check();
    await dialog.getByLabel("Most break minutes in one test").fill("15");
    await dialog.getByLabel(/^Read aloud/).check();
    await dialog.getByLabel("Scribe").check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save Accommodations" }).click();
    await page.getByTestId("toast").filter({ hasText: "Accommodations saved" }).waitFor();
    await expect
      .poll(() => page.getByTestId("student-accommodations").innerText())
      .toBe("extended time ×2, breaks (up to 15 min), read aloud, scribe (outside the product)");

    await page.goto(`/admin/cohorts/${schoolClass.id}`);
    await page.getByLabel("Select all").check();
    await page.getByRole("button", { name: "Set Accommodations (2)" }).click();
    const bulk = page.getByRole("dialog", { name: "Accommodations for 2 students" });
    await bulk.getByLabel("In Roster Accommodations only").check();
    await bulk.getByLabel(/^Reduced answer choices/).check();
    await bulk.getByRole("button", { name: "Save Accommodations" }).click();
    await page.getByTestId("toast").filter({ hasText: "2 students updated." }).waitFor();
    await expect
      .poll(() => page.getByTestId("roster-accommodations").allInnerTexts())
      .toEqual(["reduced answer choices\nSet for this class", "reduced answer choices\nSet for this class"]);
    await saveScreenshot(page, "accommodations-roster");
    // The records keep their own: Lena's still has extended time everywhere else.
    expect((await admin.get(`/api/students/${ids[0]}/accommodations`)).data.accommodations).toMatchObject({ extendedTime: 2, reducedChoices: false });
  });

  it("reads a Spanish question in a US Spanish voice, and says plainly when the device has no Spanish voice (ADR 0044)", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const options = ["4", "5"].map((text, index) => ({ text, isCorrect: index === 0, score: index === 0 ? 1 : 0 }));
    const question = await admin.post("/api/questions", { text: "¿Qué número es par?", type: "multiple_choice", language: "es", options });
    const test = await admin.post("/api/tests", {
      ...{ title: "Prueba en español", description: "Una pregunta", gradeLevel: "6", subject: "Math", language: "es" },
      questions: [{ id: question.data.id }],
    });
    const schoolClass = await admin.post("/api/cohorts", { name: "Clase en español", testConfigId: test.data.id, testMode: "placement" });
    const record = await admin.post("/api/students", { studentId: "S-ACC-ES", givenName: "Ana", familyName: "Ruiz", grade: "6" });
    await admin.post(`/api/cohorts/${schoolClass.data.id}/roster/${record.data.id}`);
    await admin.put(`/api/students/${record.data.id}/accommodations`, { readAloud: true });
    const page = session.page;
    await session.context.addInitScript(STUB_VOICES);

    await page.goto(`/join?code=${schoolClass.data.joinCode}`);
    await page.getByLabel(/^Your Name/).fill("Ana Ruiz");
    await page.getByLabel(/^Student ID/).fill("S-ACC-ES");
    await page.getByLabel(/^Student ID/).press("Enter");
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
    // The question's text and options carry its language; the page's own words stay English.
    expect(await page.getByTestId("question-text").getAttribute("lang")).toBe("es");
    expect(await page.locator("#option-0").getAttribute("lang")).toBe("es");
    expect(await page.locator("#question-heading").getAttribute("lang")).toBeNull();

    await page.getByRole("button", { name: /^Read Aloud/ }).click();
    const utterances = () => page.evaluate(() => (window as unknown as { utterances: { text: string; lang: string; voice: string | null }[] }).utterances);
    await expect.poll(async () => (await utterances()).length).toBe(4);
    expect(await utterances()).toEqual([
      { text: expect.stringMatching(/^Question 1/), lang: "en", voice: null },
      { text: "¿Qué número es par?", lang: "es", voice: "es-US" },
      { text: "4", lang: "es", voice: "es-US" },
      { text: "5", lang: "es", voice: "es-US" },
    ]);
    expect(await page.getByText(/no Spanish voice/).count()).toBe(0);

    await page.evaluate(() => (window.speechSynthesis as unknown as { changeVoices(langs: string[]): void }).changeVoices(["en-US", "fr-FR"]));
    await page.getByText("This device has no Spanish voice, so it cannot read this question aloud.").waitFor();
  });
});

/** The politeness of the live region that says `text`, as the accessibility tree gives it; undefined when none says it. */
const politenessOf = async (page: Page, text: string) =>
  (await accessibilityTree(page)).find((node) => node.role === "status" && node.text.includes(text))?.properties.live;
