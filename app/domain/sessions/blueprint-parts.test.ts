import { describe, expect, it } from "vitest";

import { STORED_QUESTION_TEXT_CHARS } from "~/domain/content-limits";

import { blueprintSchema, type SessionBlueprint, type SessionQuestion } from "./blueprint";
import { isBlueprintHead, joinBlueprint, PART_CHARS, splitBlueprint } from "./blueprint-parts";

const question = (id: string, text: string): SessionQuestion => ({
  id,
  text,
  type: "free_response",
  difficulty: "medium",
  options: [],
  competencyId: null,
  sectionId: null,
  timeLimitSeconds: null,
  params: { a: 1, b: 0 },
  rubric: null,
  gradingSystemInstruction: null,
  systemInstruction: null,
  initialPrompt: null,
  scenarioTitle: null,
});

const blueprintWith = (questions: SessionQuestion[]): SessionBlueprint => ({
  sessionId: "s",
  testId: "t",
  testTitle: "T",
  testSubject: null,
  studentId: "student",
  cohortId: null,
  mode: "placement",
  durationSeconds: 900,
  seed: 1,
  aiModel: "m",
  questions,
  sectionOrder: [],
  competencies: [],
  modules: [],
  prerequisites: {},
  showResultDuringTest: true,
  showFeedbackDuringTest: true,
});

describe("splitBlueprint", () => {
  it("keeps a small test in one part and gives back the same blueprint", () => {
    const blueprint = blueprintWith([question("q1", "One"), question("q2", "Two")]);
    const { head, parts } = splitBlueprint(blueprint);
    expect(parts).toHaveLength(1);
    expect(head.questionParts).toBe(1);
    expect(head).not.toHaveProperty("questions");
    expect(joinBlueprint(head, parts)).toEqual(blueprint);
  });

  it("spreads long questions over parts of at most PART_CHARS, in order", () => {
    const questions = Array.from({ length: 30 }, (_, n) => question(`q${n}`, `${n}:${"&amp;".repeat(20_000)}`));
    const blueprint = blueprintWith(questions);
    const { head, parts } = splitBlueprint(blueprint);
    expect(parts.length).toBeGreaterThan(1);
    expect(head.questionParts).toBe(parts.length);
    for (const part of parts) expect(JSON.stringify(part).length).toBeLessThanOrEqual(PART_CHARS + part.length + 2);
    expect(joinBlueprint(head, parts)).toEqual(blueprint);
    expect(blueprintSchema.safeParse(joinBlueprint(head, parts)).success).toBe(true);
  });

  it("gives a question longer than a part a part of its own rather than dropping it", () => {
    const huge = question("big", "x".repeat(STORED_QUESTION_TEXT_CHARS));
    const { parts } = splitBlueprint(blueprintWith([question("a", "A"), huge, question("b", "B")]), 50_000);
    expect(parts.map((part) => part.map((entry) => entry.id))).toEqual([["a"], ["big"], ["b"]]);
  });
});

describe("isBlueprintHead", () => {
  it("tells a head stored in parts from a blueprint stored whole", () => {
    const blueprint = blueprintWith([question("q1", "One")]);
    expect(isBlueprintHead(splitBlueprint(blueprint).head)).toBe(true);
    expect(isBlueprintHead(blueprint)).toBe(false);
  });
});
