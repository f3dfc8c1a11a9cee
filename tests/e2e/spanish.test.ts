import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { catalogOf } from "~/domain/i18n/catalog";
import { formatMessage } from "~/domain/i18n/format";

import { type ApiClient, clientFor } from "../support/api";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/**
 * A Spanish-speaking student's test, whole, in a real browser (ADR 0045): the join in English
 * until they choose "Español", then every page in Spanish with `<html lang="es">`, each question
 * type, the feedback, a break and the results, axe clean. Then the same walk in the pseudo-locale,
 * reading every text the browser shows (after JavaScript ran, so client-rendered states count):
 * a text without the pseudo-locale's marks did not come from the catalog.
 */
const session = browserSession();
const es = catalogOf("es");
const qps = catalogOf("qps");

const QUESTIONS = [
  {
    text: "¿Qué número es par?",
    type: "multiple_choice",
    options: ["4", "5", "7", "9"].map((text, index) => ({ text, isCorrect: index === 0, score: index === 0 ? 1 : 0 })),
  },
  {
    text: "¿Qué números son impares?",
    type: "multiple_select",
    options: ["3", "4", "5"].map((text) => ({ text, isCorrect: text !== "4", score: text === "4" ? 0 : 1 })),
  },
  { text: "¿Qué significa «rápido»?", type: "free_response", rubric: "veloz, ligero" },
  { text: "Una clase reparte 12 lápices entre 4 mesas. Explica cuántos recibe cada mesa.", type: "scenario", rubric: "3 cada una" },
  { text: "Habla con tu tutor sobre las mitades.", type: "chat", rubric: "explica las mitades", initialPrompt: "¿Cuánto es la mitad de 10?" },
];
const ANSWERS = ["Veloz quiere decir que va deprisa.", "Cada mesa recibe 3 lápices porque 12 entre 4 es 3.", "La mitad de 10 es 5."];

/** Everything a user wrote or the data holds, which the pseudo-locale leaves as it is. */
const USER_CONTENT = [
  "Prueba de fracciones",
  "Clase de español",
  "Ana López",
  ...QUESTIONS.flatMap((question) => [question.text, ...(question.options?.map((option) => option.text) ?? []), question.initialPrompt ?? ""]),
  ...ANSWERS,
];

async function setUp(admin: ApiClient, studentId: string) {
  const questions = [];
  for (const body of QUESTIONS) {
    const created = await admin.post("/api/questions", { difficulty: "medium", language: "es", ...body });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    questions.push({ id: created.data.id });
  }
  const test = await admin.post("/api/tests", {
    title: "Prueba de fracciones",
    description: "Cada tipo de pregunta",
    gradeLevel: "6",
    subject: "Math",
    language: "es",
    placementDuration: 10,
    diagnosticDuration: 10,
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
    questions,
  });
  expect(test.status, JSON.stringify(test.data)).toBe(201);
  const schoolClass = await admin.post("/api/cohorts", { name: "Clase de español", testConfigId: test.data.id, testMode: "placement" });
  const record = await admin.post("/api/students", { studentId, givenName: "Ana", familyName: "López", grade: "6" });
  await admin.post(`/api/cohorts/${schoolClass.data.id}/roster/${record.data.id}`);
  expect((await admin.put(`/api/students/${record.data.id}/accommodations`, { breaks: true, breakMinutes: 5 })).status).toBe(200);
  return schoolClass.data.joinCode as string;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Every text the page shows or names (text nodes and accessible names in attributes), as the browser has it now. */
const shownTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Screen-reader-only text counts (it is read); what no one can see or hear does not.
      if (!parent || parent.closest("script, style, [hidden]") || getComputedStyle(parent).display === "none") continue;
      texts.push(node.textContent ?? "");
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
  });

/** The shown texts with a word that neither the catalog (marked ⟦…⟧) nor the user content accounts for. */
async function unmarked(page: Page, allowances: readonly string[]): Promise<string[]> {
  // Words only: a one-character answer ("4") taken out of a code would leave letters behind.
  const allowed = allowances.filter((text) => text.trim().length > 1).sort((a, b) => b.length - a.length);
  return (await shownTexts(page)).filter((text) => {
    let rest = text;
    for (let previous = ""; previous !== rest;) {
      previous = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    // A resume code is data ("RAHZ8A"), not a word.
    rest = rest.replace(/\b[A-Z0-9]{6}\b/g, " ");
    for (const user of allowed) rest = rest.split(user).join(" ");
    return /\p{L}{2}/u.test(rest);
  });
}

/** Answers the question on screen, whichever type it is; returns its type. */
async function answer(page: Page, t: typeof es, index: { free: number }): Promise<string> {
  const type = (await page.locator('input[name="questionType"]').getAttribute("value"))!;
  if (type === "multiple_choice" || type === "multiple_select") {
    await page.locator('input[name="answer"]').first().check();
  } else if (type === "chat") {
    await page.locator("#chat-message").waitFor();
    await page.locator("#chat-message").fill(ANSWERS[2]!);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-transcript"] li').length >= 3, undefined, { timeout: 15_000 });
  } else {
    await page.locator('textarea[name="answer"]').fill(ANSWERS[index.free++]!);
  }
  await page.getByRole("button", { name: t.test.submitAnswer }).click();
  return type;
}

/** The walk from the join code to the results, in the catalog `t`, with a check at each page. */
async function walk(page: Page, joinCode: string, studentId: string, t: typeof es, check: (where: string) => Promise<void>) {
  await page.goto(`/join?code=${joinCode}`);
  await page.getByLabel(t.join.studentId).waitFor();
  await check("join");
  await page.getByLabel(t.join.yourName).fill("Ana López");
  await page.getByLabel(t.join.studentId).fill(studentId);
  await page.keyboard.press("Enter");
  // Before You Begin: the test's own page, headed by its title.
  await page.waitForURL(/\/test\//, { timeout: 15_000 });
  await page.getByRole("heading", { name: "Prueba de fracciones" }).waitFor();
  await page.getByRole("button", { name: t.start.startTest }).waitFor();
  await check("before you begin");
  await page.getByRole("button", { name: t.start.startTest }).click();

  const types: string[] = [];
  const index = { free: 0 };
  for (let number = 1; number <= QUESTIONS.length; number++) {
    const heading = formatMessage("es-US", t.test.questionHeading, { number });
    await page.getByRole("heading", { name: heading }).waitFor({ timeout: 15_000 });
    if (number === 1) {
      await check("question");
      // A break: the break screen in the page's language, then back to the same question.
      await page.getByRole("button", { name: t.tools.takeBreak }).click();
      await page.getByRole("heading", { name: t.breaks.heading }).waitFor();
      await check("break");
      await page.getByRole("button", { name: t.breaks.resume }).click();
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    types.push(await answer(page, t, index));
    if (number === QUESTIONS.length) break;
    await page.getByRole("button", { name: t.feedback.nextQuestion }).waitFor({ timeout: 15_000 });
    if (number === 1) await check("feedback");
    await page.getByRole("button", { name: t.feedback.nextQuestion }).click();
  }
  expect([...types].sort()).toEqual(["chat", "free_response", "multiple_choice", "multiple_select", "scenario"]);
  await page.waitForURL(/\/results\//, { timeout: 15_000 });
  await page.getByRole("heading", { name: t.results.heading }).waitFor();
  await check("results");
}

describe("a Spanish-speaking student", () => {
  it("chooses Español on the join page and takes a whole test in Spanish: every page lang=es, axe clean", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const joinCode = await setUp(admin, "S-ES-1");
    const page = session.page;
    // English first (the browser asks for English), then the student's choice.
    await page.goto(`/join?code=${joinCode}`);
    expect(await htmlLang(page)).toBe("en");
    await page.getByRole("link", { name: catalogOf("en").common.switchLanguageName }).click();
    await page.getByLabel(es.join.studentId).waitFor();

    await walk(page, joinCode, "S-ES-1", es, async (where) => {
      expect(await htmlLang(page), where).toBe("es");
      expect(await seriousAccessibilityViolations(page), where).toEqual([]);
      await saveScreenshot(page, `spanish-${where.replaceAll(" ", "-")}`);
    });
  });

  it("shows no text that bypasses the catalog on any student page, after JavaScript ran (pseudo-locale)", async () => {
    const { client: admin } = await clientFor(session.worker, demoAccounts.admin.email);
    const joinCode = await setUp(admin, "S-QPS-1");
    const page = session.page;
    await session.context.addCookies([{ name: "lang", value: "qps", url: session.worker.origin }]);
    const found: Record<string, string[]> = {};
    await walk(page, joinCode, "S-QPS-1", qps, async (where) => {
      // The product's name and the class's join code are names, not words.
      const texts = await unmarked(page, [...USER_CONTENT, joinCode, "Adaptive Testing Engine", "Adaptive Testing"]);
      if (texts.length) found[where] = texts;
      // The check reads the page: the catalog's words are there, marked, and so is what the student typed or read.
      expect(
        (await shownTexts(page)).some((text) => text.includes("⟦")),
        where,
      ).toBe(true);
      if (where === "question")
        expect((await unmarked(page, [joinCode, "Adaptive Testing Engine"])).some((text) => QUESTIONS.some((question) => text.includes(question.text)))).toBe(
          true,
        );
    });
    expect(found).toEqual({});
  });
});
