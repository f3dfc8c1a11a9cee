import { describe, expect, it } from "vitest";

import { type EngineBank, nextEngineStep, startEngine, type TestMode, updateEngine } from "~/domain/adaptive/engine";
import { LABEL_PRIORS } from "~/domain/adaptive/item-model";
import { mulberry32 } from "~/domain/adaptive/random";
import { questionSchema } from "~/domain/questions/question";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";
import { sanitizeQuestionHtml } from "~/domain/questions/sanitize-html";

import { DEMO_COMPETENCIES, DEMO_MODULES, DEMO_PREREQUISITES } from "./seed-content";
import { DEMO_QUESTIONS } from "./seed-questions";

/**
 * The demo class's test is worth adapting. At least 40 questions across at least
 * 4 competencies in 2 modules with prerequisites, every type present, difficulties spread.
 */
const open = DEMO_QUESTIONS.filter((question) => question.type !== "multiple_choice" && question.type !== "multiple_select");
const countBy = <T>(items: readonly T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe("the demo content", () => {
  it("has at least 40 questions over at least 4 competencies in exactly 2 modules", () => {
    expect(DEMO_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(DEMO_COMPETENCIES.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_MODULES).toHaveLength(2);
    expect(new Set(DEMO_COMPETENCIES.map((competency) => competency.module))).toEqual(new Set(DEMO_MODULES.map((module) => module.key)));
    expect(new Set(DEMO_MODULES.map((module) => module.name)).size).toBe(DEMO_MODULES.length);
    expect(new Set(DEMO_COMPETENCIES.map((competency) => competency.key)).size).toBe(DEMO_COMPETENCIES.length);
    expect(new Set(DEMO_COMPETENCIES.map((competency) => competency.description)).size).toBe(DEMO_COMPETENCIES.length);
  });

  it("links every question to a known competency, and every competency has questions", () => {
    const keys = new Set(DEMO_COMPETENCIES.map((competency) => competency.key));
    for (const question of DEMO_QUESTIONS) expect(keys.has(question.competency), question.text).toBe(true);
    expect(new Set(DEMO_QUESTIONS.map((question) => question.competency))).toEqual(keys);
  });

  it("has prerequisites between known competencies, with no loop", () => {
    const keys = new Set(DEMO_COMPETENCIES.map((competency) => competency.key));
    expect(DEMO_PREREQUISITES.length).toBeGreaterThan(0);
    for (const link of DEMO_PREREQUISITES) {
      expect(keys.has(link.competency) && keys.has(link.prerequisite)).toBe(true);
      expect(link.competency).not.toBe(link.prerequisite);
    }
    expect(new Set(DEMO_PREREQUISITES.map((link) => `${link.competency}>${link.prerequisite}`)).size).toBe(DEMO_PREREQUISITES.length);
    // Kahn's algorithm: every competency can be ordered after its prerequisites.
    const remaining = new Set(keys);
    let progressed = true;
    while (progressed) {
      progressed = false;
      for (const key of remaining) {
        if (DEMO_PREREQUISITES.every((link) => link.competency !== key || !remaining.has(link.prerequisite))) {
          remaining.delete(key);
          progressed = true;
        }
      }
    }
    expect([...remaining]).toEqual([]);
  });

  it("has every question type, mostly the instantly scored choice types", () => {
    const types = countBy(DEMO_QUESTIONS, (question) => question.type);
    expect(Object.keys(types).sort()).toEqual([...QUESTION_TYPES].sort());
    expect((types.multiple_choice ?? 0) + (types.multiple_select ?? 0)).toBeGreaterThan(DEMO_QUESTIONS.length / 2);
  });

  it("spreads difficulties: each is at least a quarter of the bank, and every competency has every difficulty", () => {
    const difficulties = countBy(DEMO_QUESTIONS, (question) => question.difficulty);
    for (const difficulty of DIFFICULTIES) expect(difficulties[difficulty] ?? 0).toBeGreaterThanOrEqual(DEMO_QUESTIONS.length / 4);
    for (const competency of DEMO_COMPETENCIES) {
      const own = countBy(
        DEMO_QUESTIONS.filter((question) => question.competency === competency.key),
        (question) => question.difficulty,
      );
      for (const difficulty of DIFFICULTIES) expect(own[difficulty] ?? 0, `${competency.key} ${difficulty}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("has distinct question texts, already within the sanitizer's allow-list", () => {
    expect(new Set(DEMO_QUESTIONS.map((question) => question.text)).size).toBe(DEMO_QUESTIONS.length);
    for (const question of DEMO_QUESTIONS) expect(sanitizeQuestionHtml(question.text)).toBe(question.text);
  });

  it("gives every multiple choice question exactly one correct option, and every multiple select at least one, with distinct texts", () => {
    for (const question of DEMO_QUESTIONS.filter((question) => question.type === "multiple_choice" || question.type === "multiple_select")) {
      const options = question.options ?? [];
      const correct = options.filter((option) => option.isCorrect);
      expect(options.length, question.text).toBeGreaterThanOrEqual(3);
      expect(new Set(options.map((option) => option.text)).size, question.text).toBe(options.length);
      if (question.type === "multiple_choice") expect(correct, question.text).toHaveLength(1);
      else {
        expect(correct.length, question.text).toBeGreaterThanOrEqual(1);
        expect(correct.length, question.text).toBeLessThan(options.length);
      }
      for (const option of options) expect(option.score, option.text).toBe(option.isCorrect ? 1 : 0);
    }
  });

  it("gives every open question a rubric with a reference answer and key points, and no options", () => {
    expect(open.length).toBeGreaterThan(0);
    for (const question of open) {
      expect(question.options ?? [], question.text).toEqual([]);
      expect(question.rubric?.referenceAnswer.trim(), question.text).toBeTruthy();
      expect(question.rubric?.keyPoints.length, question.text).toBeGreaterThanOrEqual(2);
    }
  });

  it("titles every scenario, and gives every chat a system instruction and an opening prompt", () => {
    for (const question of DEMO_QUESTIONS.filter((question) => question.type === "scenario"))
      expect(question.metadata?.title?.trim(), question.text).toBeTruthy();
    for (const question of DEMO_QUESTIONS.filter((question) => question.type === "chat")) {
      expect(question.systemInstruction?.trim(), question.text).toBeTruthy();
      expect(question.initialPrompt?.trim(), question.text).toBeTruthy();
    }
  });

  it("passes the question form's own validation, question by question", () => {
    for (const question of DEMO_QUESTIONS) {
      const parsed = questionSchema.safeParse(question);
      expect(parsed.success ? "valid" : parsed.error.issues.map((issue) => issue.message).join("; "), question.text).toBe("valid");
    }
  });

  it("gives a diagnostic at least as many questions as a placement, and every competency its 3", () => {
    const bank: EngineBank = {
      items: DEMO_QUESTIONS.map((question, index) => ({ id: `q${index}`, params: LABEL_PRIORS[question.difficulty], competencyId: question.competency })),
      prerequisites: Object.fromEntries(
        DEMO_COMPETENCIES.map((competency) => [
          competency.key,
          DEMO_PREREQUISITES.filter((link) => link.competency === competency.key).map((link) => link.prerequisite),
        ]),
      ),
    };
    const run = (mode: TestMode, seed: number, skill: number) => {
      const random = mulberry32(seed);
      let state = startEngine(seed, { mode });
      for (let step = nextEngineStep(state, bank); "question" in step; step = nextEngineStep(state, bank)) {
        state = updateEngine(state, {
          questionId: step.question.id,
          score: random() < skill ? 1 : 0,
          params: step.question.params,
          competencyId: step.question.competencyId,
        });
      }
      return state.answers;
    };
    for (const skill of [0.2, 0.5, 0.9]) {
      const placement = run("placement", 11, skill);
      const diagnostic = run("diagnostic", 11, skill);
      expect(diagnostic.length).toBeGreaterThanOrEqual(placement.length);
      for (const competency of DEMO_COMPETENCIES)
        expect(diagnostic.filter((answer) => answer.competencyId === competency.key).length).toBeGreaterThanOrEqual(3);
    }
  });
});
