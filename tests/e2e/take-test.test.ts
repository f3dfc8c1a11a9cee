import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";

import { accessibilityTree, axNode } from "../support/ax-tree";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { focusedName } from "../support/keyboard";
import { addAdmin } from "../support/worker";

/**
 * Taking the demo test as a student would ("Results"): with
 * JavaScript, without it, through a reload and through a lost connection. Admins may take tests
 * as a preview, so each test signs in as an admin of its own: one admin has one session in
 * progress per test, and a test that fails midway must not leave the next one a session to resume.
 */
const session = browserSession();
let admin: { id: string; email: string };
beforeEach(async () => {
  admin = await addAdmin(session.worker);
  await session.signIn(admin);
});
const PHONE = { width: 390, height: 844 };

async function demoTestId(): Promise<string> {
  const row = await session.worker.d1.prepare("SELECT id FROM tests WHERE title = ?").bind("Grade 6 Math Check-in").first<{ id: string }>();
  return row!.id;
}

/**
 * A session's object writes D1 behind itself (within 5 s): until D1 has the completion, a start from
 * another browser meets the attempt as still in progress. The test waits for it.
 */
async function completionRecorded() {
  const inProgress = () =>
    session.worker.d1.prepare("SELECT count(*) AS n FROM sessions WHERE completed = 0 AND user_id = ?").bind(admin.id).first<{ n: number }>();
  await expect.poll(async () => (await inProgress())?.n, { timeout: 15_000 }).toBe(0);
}

const currentQuestionId = (page: Page) => page.locator('input[name="questionId"]').first().getAttribute("value");

/** Answers the question on screen by its type and submits it. */
async function answer(page: Page, javaScript: boolean): Promise<string> {
  const type = (await page.locator('input[name="questionType"]').getAttribute("value"))!;
  if (type === "multiple_choice" || type === "multiple_select") await page.locator('input[name="answer"]').first().check();
  else if (type === "chat") {
    await page.getByLabel("Your message").fill("I would start by comparing the two totals.");
    if (javaScript) {
      await page.getByLabel("Your message").press("Enter");
      await page.getByTestId("chat-transcript").getByText("Tutor").last().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= 2);
    } else {
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByTestId("chat-transcript").getByText("I would start by comparing the two totals.").waitFor();
    }
  } else await page.getByLabel(type === "scenario" ? "Your response" : "Your answer").fill("Each share is the total divided by the number of people.");
  await page.getByRole("button", { name: "Submit Answer" }).click();
  return type;
}

/**
 * Waits until the page shows another question than `questionId`, the results, or (without JavaScript)
 * the answer's feedback page. It waits on the page's elements, never on a function polled in the page:
 * that polls on animation frames, which a page without JavaScript may never run.
 */
async function nextScreen(page: Page, questionId: string | null): Promise<"question" | "results" | "feedback"> {
  const otherQuestion = page.locator(questionId === null ? 'input[name="questionId"]' : `input[name="questionId"]:not([value="${questionId}"])`);
  await page.locator("#results-title").or(page.locator("#feedback-heading")).or(otherQuestion).first().waitFor({ state: "attached", timeout: 15_000 });
  if (page.url().includes("/results/")) return "results";
  return (await page.locator("#feedback-heading").count()) > 0 ? "feedback" : "question";
}

async function startTest(page: Page, testId: string) {
  await page.goto(`/test/${testId}`);
  await page.getByText("Before You Begin").waitFor();
  // The tests after the start type into the question at once (Enter sends a chat message only once
  // the page is interactive); a pick made before that is covered on its own above.
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Placement Test").check();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
}

/**
 * With JavaScript the answer's feedback shows in place and stays (ADR 0042): focus is on 'Next
 * question', the page's clock (installed by the test) can run on without moving it, and Enter
 * moves on to the next question, whose heading takes focus. Returns whether feedback showed.
 */
async function continueFromFeedback(page: Page, questionId: string | null, first: boolean): Promise<boolean> {
  await page.waitForFunction(
    (previous) =>
      document.querySelector('[data-testid="answer-feedback"]') !== null ||
      location.pathname.startsWith("/results/") ||
      (document.querySelector('input[name="questionId"]') as HTMLInputElement | null)?.value !== previous,
    questionId,
    { timeout: 15_000 },
  );
  if ((await page.getByTestId("answer-feedback").count()) === 0) return false;
  await expect.poll(() => focusedName(page)).toBe("Next question");
  if (first) {
    // Nothing takes it away: 10 s of the page's clock later it is still there, focus still on the way on.
    await page.clock.fastForward(10_000);
    expect(await page.getByTestId("answer-feedback").count()).toBe(1);
    expect(await focusedName(page)).toBe("Next question");
    // The panel is a status region in the accessibility tree (read politely), its text the result.
    const statuses = (await accessibilityTree(page)).filter((node) => node.role === "status" && /Excellent!|Good effort|Keep learning/.test(node.text));
    expect(statuses.map((node) => node.properties.live)).toEqual(["polite"]);
    // The first answer is saved: the resume line counts it (its page data was read before it).
    expect(await page.getByTestId("resume-code").innerText()).toContain("1 answered so far.");
    await saveScreenshot(page, "take-test-feedback-desktop");
  }
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (previous) =>
      (document.querySelector('input[name="questionId"]') as HTMLInputElement | null)?.value !== previous || location.pathname.startsWith("/results/"),
    questionId,
    {
      timeout: 15_000,
    },
  );
  if (!page.url().includes("/results/")) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("question-heading");
  return true;
}

/** Answers every question; returns the types asked, how many feedback pages came between them and how many feedback panels showed in place. */
async function takeToTheEnd(page: Page, javaScript: boolean) {
  const types = new Set<string>();
  let feedbackPages = 0;
  let feedbackPanels = 0;
  for (let step = 0; step < 60; step++) {
    const id = await currentQuestionId(page);
    types.add(await answer(page, javaScript));
    if (javaScript && (await continueFromFeedback(page, id, feedbackPanels === 0))) feedbackPanels++;
    let next = await nextScreen(page, id);
    if (next === "feedback") {
      // Without JavaScript the feedback is a page of its own; 'Next question' moves on.
      await page
        .getByTestId("answer-feedback")
        .getByText(/Excellent!|Good effort|Keep learning/)
        .waitFor();
      if (feedbackPages++ === 0) await saveScreenshot(page, "take-test-nojs-feedback-phone");
      await page.getByRole("button", { name: "Next question" }).click();
      next = await nextScreen(page, id);
      expect(next).not.toBe("feedback");
    }
    if (next === "results") return { types, feedbackPages, feedbackPanels };
  }
  throw new Error("The test did not end within 60 questions");
}

describe("taking a test", () => {
  it("starts with the mode a student picked while Before You Begin's code was still on its way", { timeout: 60_000 }, async () => {
    const { page } = session;
    // Hold the screen's code back until the pick is made, as a slow connection would.
    let release!: () => void;
    const codeHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/mode-selection-[^/]+\.js$/, async (route) => {
      await codeHeld;
      await route.continue();
    });
    await page.goto(`/test/${await demoTestId()}`);
    await waitForHydration(page);
    await page.getByLabel("Placement Test").check();
    release();
    const start = page.getByRole("button", { name: "Start Test" });
    // Once the code has come and the screen is interactive, the pick still counts.
    await page.waitForLoadState("networkidle");
    await expect(start.isEnabled()).resolves.toBe(true);
    await start.click();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
  });

  it("takes the demo test to the end with JavaScript, and sees the results", { timeout: 240_000 }, async () => {
    const { page } = session;
    const testId = await demoTestId();
    // Real time, except where the test runs the page's clock on while the feedback shows (continueFromFeedback).
    await page.clock.install();
    await page.goto(`/test/${testId}`);
    // Once the page is interactive, Start Test waits for a mode (without JavaScript the server asks for one).
    await page.locator("button:disabled", { hasText: "Start Test" }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "take-test-modes-desktop");
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, "take-test-modes-phone");
    await page.getByLabel("Placement Test").check();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("question-heading");
    await expect(page.getByTestId("resume-code").innerText()).resolves.toMatch(/Resume code: \S+/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "take-test-question-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, "take-test-question-desktop");

    // Nothing chosen is refused with its message, before anything is sent.
    const type = await page.locator('input[name="questionType"]').getAttribute("value");
    const id = await currentQuestionId(page);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    const missing = page.locator("#answer-error");
    await missing.getByText(type === "multiple_select" ? "Please select at least one answer before submitting." : /Please (select|provide|have)/).waitFor();
    expect(await currentQuestionId(page)).toBe(id);
    // Beside the answer, announced, tied to the first answer field, which has focus; it stays until there is an answer.
    expect(await missing.getAttribute("role")).toBe("alert");
    const focused = await page.evaluate(() => {
      const element = document.activeElement!;
      return { name: element.getAttribute("name"), invalid: element.getAttribute("aria-invalid"), describedBy: element.getAttribute("aria-describedby") };
    });
    expect(focused).toMatchObject({
      name: type === "chat" ? "message" : "answer",
      ...(type === "chat" ? {} : { invalid: "true", describedBy: expect.stringContaining("answer-error") }),
    });
    await page.clock.fastForward(10_000);
    expect(await missing.count()).toBe(1);

    const { types, feedbackPages, feedbackPanels } = await takeToTheEnd(page, true);
    expect(types.size).toBeGreaterThanOrEqual(2);
    // The demo test shows results during the test: in place with JavaScript, never as a page of its own.
    expect(feedbackPages).toBe(0);
    expect(feedbackPanels).toBeGreaterThan(3);
    await page.getByText("Overall score").waitFor();
    await expect(page.getByTestId("scale-score").innerText()).resolves.toMatch(/Scale score \d+ \(very likely between \d+ and \d+/);
    for (const link of ["Return Home", "Review AI Grading", "Retake Test"]) await page.getByRole("link", { name: link }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "results-desktop");
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, "results-phone");
    await completionRecorded();
  });

  it("moves on after SPEC's 3 seconds on a test with the timed feedback, unless the student stays on it (ADR 0042)", { timeout: 120_000 }, async () => {
    const { page } = session;
    // A copy of three of the demo test's choice questions, with the timed display.
    const testId = crypto.randomUUID();
    const choices = await session.worker.d1
      .prepare(
        "SELECT question_id AS id FROM test_questions tq JOIN questions q ON q.id = tq.question_id WHERE tq.test_id = ? AND q.type = 'multiple_choice' LIMIT 3",
      )
      .bind(await demoTestId())
      .all<{ id: string }>();
    await session.worker.d1.batch([
      session.worker.d1
        .prepare(
          "INSERT INTO tests (id, title, description, grade_level, subject, feedback_display) VALUES (?, 'Timed feedback', 'Choices', '6', 'Mathematics', 'timed')",
        )
        .bind(testId),
      ...choices.results.map((row, position) =>
        session.worker.d1
          .prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, ?)")
          .bind(crypto.randomUUID(), testId, row.id, position),
      ),
    ]);
    await page.clock.install();
    await startTest(page, testId);

    // The panel shows with the way to keep it focused, and says politely when it moves on.
    const first = await currentQuestionId(page);
    await answer(page, true);
    await page.getByTestId("answer-feedback").waitFor();
    await expect.poll(() => focusedName(page)).toBe("Stay on this feedback");
    const statuses = (await accessibilityTree(page)).filter((node) => node.role === "status" && node.text.includes("The next question comes in 3 seconds."));
    expect(statuses.map((node) => node.properties.live)).toEqual(["polite"]);
    await saveScreenshot(page, "take-test-timed-feedback-desktop");
    await page.clock.fastForward(2_500);
    expect(await page.getByTestId("answer-feedback").count()).toBe(1);
    // At 3 s of the page's clock the next question comes by itself, its heading focused.
    await page.clock.fastForward(600);
    await page.locator(`input[name="questionId"]:not([value="${first}"])`).waitFor({ state: "attached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("question-heading");

    // "Stay on this feedback" keeps it: then "Next question" has focus, and nothing moves it on.
    const second = await currentQuestionId(page);
    await answer(page, true);
    await expect.poll(() => focusedName(page)).toBe("Stay on this feedback");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("Next question");
    await page.clock.fastForward(10_000);
    expect(await page.getByTestId("answer-feedback").count()).toBe(1);
    expect(await page.getByTestId("answer-feedback").innerText()).not.toContain("The next question comes in");
    expect(await focusedName(page)).toBe("Next question");
    await saveScreenshot(page, "take-test-timed-feedback-stayed-desktop");
    await page.keyboard.press("Enter");
    await page.locator(`input[name="questionId"]:not([value="${second}"])`).waitFor({ state: "attached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("question-heading");
  });

  it("takes the demo test to the end without JavaScript, in placement and then in diagnostic mode", { timeout: 240_000 }, async () => {
    const testId = await demoTestId();
    const context = await session.browser.newContext({ baseURL: session.worker.origin, javaScriptEnabled: false, viewport: PHONE });
    try {
      await context.addCookies([{ ...(await session.worker.sessionCookieFor(admin.email)), url: session.worker.origin, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      await page.goto(`/test/${testId}`);
      // Without JavaScript the server asks for the mode.
      await page.getByRole("button", { name: "Start Test" }).click();
      await page.getByText("Please choose Placement Test or Diagnostic Test.").waitFor();
      await page.getByLabel("Placement Test").check();
      await page.getByRole("button", { name: "Start Test" }).click();
      await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
      // A missing answer's message comes back inline.
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /Please (select|provide|have)/ })
        .waitFor();
      await saveScreenshot(page, "take-test-nojs-missing-answer-phone");
      // The demo test shows results and feedback during the test: a feedback page after each answer but the last.
      const placement = await takeToTheEnd(page, false);
      expect(placement.feedbackPages).toBeGreaterThan(0);
      await page.getByText("Overall score").waitFor();

      // The comprehensive mode: every competency covered, then the results.
      await page.goto(`/test/${testId}`);
      await page.getByLabel("Diagnostic Test").check();
      await page.getByRole("button", { name: "Start Test" }).click();
      await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
      await takeToTheEnd(page, false);
      await page.getByText("Overall score").waitFor();
      await page.getByText("Diagnostic Test").first().waitFor();
      await completionRecorded();
    } finally {
      await context.close();
    }
  });

  it("submits a question when its own time runs out, and holds a chat with Enter to send", { timeout: 120_000 }, async () => {
    const { page } = session;
    const demoId = await demoTestId();
    const d1 = session.worker.d1;
    const pick = (type: string) =>
      d1
        .prepare("SELECT q.id FROM questions q JOIN test_questions tq ON tq.question_id = q.id WHERE tq.test_id = ? AND q.type = ? LIMIT 1")
        .bind(demoId, type)
        .first<{ id: string }>();
    const [choice, chat] = await Promise.all([pick("multiple_choice"), pick("chat")]);
    const testId = crypto.randomUUID();
    await d1.batch([
      d1
        .prepare(
          "INSERT INTO tests (id, title, description, grade_level, subject, show_result_during_test, show_feedback_during_test) VALUES (?, 'Quick Check', 'Timers and chat', '6', 'Mathematics', 0, 0)",
        )
        .bind(testId),
      d1
        .prepare("INSERT INTO test_questions (id, test_id, question_id, position, time_limit) VALUES (?, ?, ?, 0, 4)")
        .bind(crypto.randomUUID(), testId, choice!.id),
      d1.prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, 1)").bind(crypto.randomUUID(), testId, chat!.id),
    ]);
    await page.goto(`/test/${testId}`);
    await page.getByLabel("Diagnostic Test").check();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
    // Nothing chosen: at expiry the question goes in as it stands, and the next one appears.
    const chosenFirst = (await page.locator('input[name="questionType"]').getAttribute("value")) !== "chat";
    if (chosenFirst) {
      await page.getByText("Question Time Expired", { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByRole("heading", { name: /^Question 2/ }).waitFor({ timeout: 10_000 });
    }
    const message = page.getByLabel("Your message");
    const lines = page.getByTestId("chat-transcript").locator("li");
    const before = await lines.count();
    await message.press("Enter");
    await page.waitForTimeout(300);
    // A blank message is not sent.
    await expect(lines.count()).resolves.toBe(before);
    await message.fill("First line");
    await message.press("Shift+Enter");
    await message.pressSequentially("second line");
    await expect(message.inputValue()).resolves.toBe("First line\nsecond line");
    await message.press("Enter");
    await page.getByTestId("chat-transcript").locator("li", { hasText: "second line" }).waitFor();
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= count + 1, before);
    await expect(message.inputValue()).resolves.toBe("");
    // Sent with the button too, focus comes back to the message field; the conversation is a focusable, named log.
    await message.fill("Third line");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("chat-transcript").locator("li", { hasText: "Third line" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("chat-message");
    expect((await axNode(page, "log", "Conversation")).properties).toMatchObject({ focusable: true, live: "polite" });
    const id = await currentQuestionId(page);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    const next = await nextScreen(page, id);
    if (next === "question") {
      await page.getByText("Question Time Expired", { exact: true }).waitFor({ timeout: 10_000 });
      await page.waitForURL("**/results/**", { timeout: 15_000 });
    }
    await page.getByText("Overall score").waitFor();
  });

  it("keeps the newest chat message in view as the conversation grows past the chat box", { timeout: 120_000 }, async () => {
    const { page } = session;
    const d1 = session.worker.d1;
    const chat = await d1
      .prepare("SELECT q.id FROM questions q JOIN test_questions tq ON tq.question_id = q.id WHERE tq.test_id = ? AND q.type = 'chat' LIMIT 1")
      .bind(await demoTestId())
      .first<{ id: string }>();
    const testId = crypto.randomUUID();
    await d1.batch([
      d1
        .prepare("INSERT INTO tests (id, title, description, grade_level, subject) VALUES (?, 'Chat Only', 'One conversation', '6', 'Mathematics')")
        .bind(testId),
      d1.prepare("INSERT INTO test_questions (id, test_id, question_id, position) VALUES (?, ?, ?, 0)").bind(crypto.randomUUID(), testId, chat!.id),
    ]);
    await startTest(page, testId);
    const transcript = page.getByTestId("chat-transcript");
    const message = page.getByLabel("Your message");
    for (let exchange = 1; exchange <= 4; exchange++) {
      const text = `Exchange ${exchange}: I would split the total into equal parts, then check each part by adding them back together to see that nothing is lost.`;
      await message.fill(text);
      await message.press("Enter");
      await page.waitForFunction((count) => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= count, 2 * exchange + 1);
    }
    // The conversation is taller than its box, and the box shows its end: the tutor's newest reply.
    const box = await transcript.evaluate((list) => {
      const last = list.querySelector("li:last-of-type")!.getBoundingClientRect();
      const area = list.getBoundingClientRect();
      return { overflows: list.scrollHeight > list.clientHeight, lastVisible: last.bottom <= area.bottom + 1 && last.top >= area.top - 1 };
    });
    expect(box).toEqual({ overflows: true, lastVisible: true });
    await saveScreenshot(page, "take-test-chat-scrolled-desktop");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.waitForURL("**/results/**", { timeout: 15_000 });
  });

  it("resumes at the same question and time after a reload, and keeps an answer through a lost connection", { timeout: 120_000 }, async () => {
    const { page, context } = session;
    const testId = await demoTestId();
    await startTest(page, testId);
    const id = await currentQuestionId(page);
    await page.waitForTimeout(2_000);
    const clock = async () => {
      const [minutes, seconds] = (await page.getByTestId("overall-timer").locator('[role="timer"]').innerText()).split(":").map(Number);
      return minutes! * 60 + seconds!;
    };
    const before = await clock();
    const reloadStarted = Date.now();
    await page.reload();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
    expect(await currentQuestionId(page)).toBe(id);
    // The clock goes on from where it was: it lost no more than the reload's own time (however
    // slow the machine), and did not start again (a second either way for the display's rounding).
    const lost = before - (await clock());
    expect(lost).toBeGreaterThanOrEqual(-1);
    expect(lost).toBeLessThanOrEqual(Math.ceil((Date.now() - reloadStarted) / 1000) + 1);

    // Offline: the answer waits on this device, then goes when the network is back.
    const type = (await page.locator('input[name="questionType"]').getAttribute("value"))!;
    await context.setOffline(true);
    if (type === "chat") {
      // The tutor needs the network: answer it first, then go offline for the submit.
      await context.setOffline(false);
    }
    await answer(page, true).catch(async (error: unknown) => {
      await context.setOffline(false);
      throw error;
    });
    if (type !== "chat") {
      await page
        .getByTestId("save-status")
        .getByText(/Waiting for the network/)
        .waitFor();
      const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("pendingAnswer:")).length);
      expect(kept).toBe(1);
      await saveScreenshot(page, "take-test-offline-desktop");
      await context.setOffline(false);
    }
    // The demo test shows the answer's result, which stays until the student moves on (ADR 0042).
    await page.getByRole("button", { name: "Next question" }).click();
    expect(await nextScreen(page, id)).toBe("question");
    await expect(page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("pendingAnswer:")).length)).resolves.toBe(0);
  });
});
