import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { type ApiClient, clientFor } from "../support/api";
import { accessibilityTree, type AxNode, axNode, focusedAxNode } from "../support/ax-tree";
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
    // What the screen says agrees with the warning: a minute of break left, not the minutes the break began with.
    expect(await page.getByTestId("break-screen").innerText()).toMatch(/of test time and 1 minute of break time left/);
    await saveScreenshot(page, "accommodations-break-one-minute");
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

  it("is what Chromium's accessibility tree says on every question type, and focus lands where the keyboard needs it", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const { joinCode } = await setUpAuditedTest(admin);
    const page = session.page;
    // The page's clock runs as usual; the test moves it on to reach each clock's warnings, never waits for them.
    await page.clock.install();
    await page.goto(`/join?code=${joinCode}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await tabTo(page, /^Your Name/);
    await page.keyboard.type("Ada Lopez");
    await tabTo(page, /^Student ID/);
    await page.keyboard.type("S-AX-1");
    await page.keyboard.press("Enter");
    // An in-app move to the test's page: focus on its heading, not left on <body>.
    await expect.poll(async () => pick(await focusedAxNode(page))).toEqual({ role: "heading", name: "Audited Check" });
    await tabTo(page, "Start Test");
    await page.keyboard.press("Enter");

    const types: string[] = [];
    let testClockWarned = false;
    for (let number = 1; number <= 5; number++) {
      // Each question arrives with focus on its heading.
      await expect.poll(async () => pick(await focusedAxNode(page))).toEqual({ role: "heading", name: `Question ${number}` });
      const type = (await page.locator('input[name="questionType"]').getAttribute("value"))!;
      types.push(type);
      // The chat box's code loads when a chat question first shows: its field is where focus goes next.
      if (type === "chat") await page.locator("#chat-message").waitFor();
      const timed = (await page.getByTestId("question-timer").count()) > 0;
      expect((await axNode(page, "timer", "Time left in the test")).text).toMatch(/^\d+:\d\d$/);
      if (timed) expect((await axNode(page, "timer", "Time left for this question")).text).toMatch(/^2:\d\d$/);
      expect((await axNode(page, "button", "Submit Answer")).properties.disabled).toBeUndefined();
      if (!timed && !testClockWarned) {
        // The test's clock warns politely at 5 minutes and at 1 minute; then the page's clock goes back to where it was.
        const now = await page.evaluate(() => Date.now());
        await runClockTo(page, "overall-timer", 300);
        expect(await liveRegionSaying(page, "5 minutes left in the test.")).toBe("polite");
        await runClockTo(page, "overall-timer", 60);
        expect(await liveRegionSaying(page, "1 minute left in the test.")).toBe("polite");
        await page.clock.setSystemTime(now);
        await expect.poll(() => liveRegionSaying(page, "1 minute left in the test.")).toBeUndefined();
        testClockWarned = true;
      }

      // Submitted with nothing answered: the message beside the answer, focus on the first answer field, which it describes.
      await tabTo(page, "Submit Answer", { cap: 40 });
      await page.keyboard.press("Enter");
      const required = /^Please (select|provide|have)/;
      const field = await focusedAxNode(page);
      expect(field).toMatchObject(ANSWER_FIELD[type]!);
      if (type !== "chat") expect(field).toMatchObject({ description: expect.stringMatching(/Please (select|provide)/), properties: { invalid: "true" } });
      const alerts = async () => (await accessibilityTree(page)).filter((node) => node.role === "alert").map((node) => [node.text, node.properties.live]);
      expect(await alerts()).toEqual([[expect.stringMatching(required), "assertive"]]);
      // It stays while nothing is answered, whatever time passes.
      await page.clock.fastForward(10_000);
      expect(await alerts()).toEqual([[expect.stringMatching(required), "assertive"]]);

      await answerWithKeys(page, type);
      // Answered: the message is gone and the field no longer invalid.
      expect(await alerts()).toEqual([]);
      await focusOn(page, ":focus");
      await tabTo(page, "Submit Answer", { cap: 40 });
      if (timed) {
        // A question's clock warns politely at 1 minute (it gave 2 minutes or more), 30 and 10 seconds.
        for (const [seconds, warning] of [
          [60, "1 minute left for this question."],
          [30, "30 seconds left for this question."],
          [10, "10 seconds left for this question."],
        ] as const) {
          await runClockTo(page, "question-timer", seconds);
          expect(await liveRegionSaying(page, warning)).toBe("polite");
        }
      }
      await page.keyboard.press("Enter");
      if (number === 5) break;
      // The feedback stays, read politely, with focus on the way on; Enter goes to the next question's heading (checked above).
      await expect.poll(async () => pick(await focusedAxNode(page)), { timeout: 15_000 }).toEqual({ role: "button", name: "Next question" });
      const feedback = (await accessibilityTree(page)).filter((node) => node.role === "status" && node.properties.live === "polite" && node.text.length > 0);
      expect(feedback.map((node) => node.text).join(" ")).toMatch(/Excellent!|Good effort|Keep learning|teacher/);
      // The key chosen: the tick is read as a word, not as a symbol (an aria-label on a plain span is not read).
      if (type === "multiple_choice") expect(feedback.map((node) => node.text)).toEqual([expect.stringMatching(/^Correct:\s*Excellent!/)]);
      await page.keyboard.press("Enter");
    }
    expect([...types].sort()).toEqual(["chat", "free_response", "multiple_choice", "multiple_select", "scenario"]);
    expect(testClockWarned).toBe(true);
    // The in-app move to the results: focus on their heading.
    await page.waitForURL(/\/results\//, { timeout: 15_000 });
    await expect.poll(async () => (await focusedAxNode(page))?.role).toBe("heading");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("results-title");
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
});

/** The politeness of the live region that says `text`, as the accessibility tree gives it; undefined when none says it. */
const politenessOf = async (page: Page, text: string) =>
  (await accessibilityTree(page)).find((node) => node.role === "status" && node.text.includes(text))?.properties.live;

/** Role and name: what a screen reader says first about a node. */
const pick = (node: AxNode | undefined) => (node ? { role: node.role, name: node.name } : undefined);

/** The politeness of the live region whose text is `text`, as the accessibility tree gives it. */
const liveRegionSaying = async (page: Page, text: string) =>
  (await accessibilityTree(page)).find((node) => node.properties.live !== undefined && node.text === text)?.properties.live;

/** Moves the page's clock on until the countdown in `testId` shows `seconds` left or just under (the server's clock does not move). */
async function runClockTo(page: Page, testId: string, seconds: number) {
  const shown = async () => {
    const [minutes, rest] = (await page.getByTestId(testId).locator('[role="timer"]').innerText()).split(":").map(Number);
    return minutes! * 60 + rest!;
  };
  await page.clock.fastForward((await shown()) * 1000 - seconds * 1000);
  await expect.poll(shown).toBeLessThanOrEqual(seconds);
}

/** The first answer field of each type, as the accessibility tree names it. */
const ANSWER_FIELD: Record<string, Partial<AxNode>> = {
  multiple_choice: { role: "radio", name: "A. 4" },
  multiple_select: { role: "checkbox", name: "A. 3" },
  free_response: { role: "textbox", name: "Your answer" },
  scenario: { role: "textbox", name: "Your response" },
  chat: { role: "textbox", name: "Your message" },
};

/**
 * Answers from the first answer field, where a refused submit left focus, with keys alone, and
 * checks the names and states on the way: options checked, the eliminator's name and pressed
 * state, the chat's log and focus back in the message field after a send.
 */
async function answerWithKeys(page: Page, type: string) {
  if (type === "multiple_choice" || type === "multiple_select") {
    const role = type === "multiple_choice" ? "radio" : "checkbox";
    const options = (await accessibilityTree(page)).filter((node) => node.role === role);
    expect(options.map((node) => [node.name, node.properties.checked])).toEqual(
      (type === "multiple_choice" ? ["A. 4", "B. 5", "C. 7", "D. 9"] : ["A. 3", "B. 4", "C. 5"]).map((name) => [name, "false"]),
    );
    expect((await axNode(page, "group", type === "multiple_choice" ? "Choose one answer" : "Choose every answer that applies")).role).toBe("group");
    await page.keyboard.press("Space");
    expect((await focusedAxNode(page))?.properties).toMatchObject({ checked: "true" });
    if (type === "multiple_choice") {
      await focusOn(page, ":focus");
      // The eliminator: what it shows is its name, aria-pressed its state, described by its option; focus stays on it.
      await tabTo(page, "Strike out option B");
      expect(await focusedAxNode(page)).toMatchObject({ role: "button", name: "Strike out option B", description: "5", properties: { pressed: "false" } });
      await page.keyboard.press("Enter");
      expect(await focusedAxNode(page)).toMatchObject({ role: "button", name: "Undo strike on option B", description: "5", properties: { pressed: "true" } });
      await page.keyboard.press("Enter");
      expect(await focusedAxNode(page)).toMatchObject({ name: "Strike out option B", properties: { pressed: "false" } });
    }
  } else if (type === "chat") {
    const log = await axNode(page, "log", "Conversation");
    expect(log.properties).toMatchObject({ focusable: true, live: "polite" });
    expect(log.text).toContain("What is half of 10?");
    await page.keyboard.type("Half of 10 is 5.");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= 3, undefined, { timeout: 15_000 });
    // After a send, focus is back in the message field, empty for the next message.
    await expect.poll(async () => pick(await focusedAxNode(page))).toEqual({ role: "textbox", name: "Your message" });
  } else {
    expect((await focusedAxNode(page))?.description).toContain("Up to 5,000 characters are graded.");
    await page.keyboard.type("Each table gets 3 because 12 divided by 4 is 3; brisk means quick.");
  }
}

/** One question of each type, one of them timed at 2½ minutes, a 6-minute test that shows each answer's result and feedback; a student with the eliminator. */
async function setUpAuditedTest(admin: ApiClient) {
  const questions = [];
  for (const body of [
    {
      text: "Which number is even?",
      type: "multiple_choice",
      timeLimit: 150,
      options: ["4", "5", "7", "9"].map((text, index) => ({ text, isCorrect: index === 0, score: index === 0 ? 1 : 0 })),
    },
    {
      text: "Which numbers are odd?",
      type: "multiple_select",
      options: ["3", "4", "5"].map((text) => ({ text, isCorrect: text !== "4", score: text === "4" ? 0 : 1 })),
    },
    { text: "Say what 'brisk' means.", type: "free_response", rubric: "quick, lively" },
    { text: "A class shares 12 pencils among 4 tables. Explain how many each table gets.", type: "scenario", rubric: "3 each" },
    { text: "Talk with your tutor about halves.", type: "chat", rubric: "explains halves", initialPrompt: "What is half of 10?" },
  ]) {
    const created = await admin.post("/api/questions", { difficulty: "medium", ...body });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    questions.push({ id: created.data.id });
  }
  const test = await admin.post("/api/tests", {
    title: "Audited Check",
    description: "Every kind of question",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: 6,
    diagnosticDuration: 6,
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
    questions,
  });
  expect(test.status, JSON.stringify(test.data)).toBe(201);
  const schoolClass = await admin.post("/api/cohorts", { name: "Audited Class", testConfigId: test.data.id, testMode: "placement" });
  const record = await admin.post("/api/students", { studentId: "S-AX-1", givenName: "Ada", familyName: "Lopez", grade: "6" });
  await admin.post(`/api/cohorts/${schoolClass.data.id}/roster/${record.data.id}`);
  expect((await admin.put(`/api/students/${record.data.id}/accommodations`, { eliminator: true })).status).toBe(200);
  return { joinCode: schoolClass.data.joinCode as string };
}
