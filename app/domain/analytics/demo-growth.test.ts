import { describe, expect, it } from "vitest";

import { LABEL_PRIORS } from "~/domain/adaptive/item-model";
import { windowOf } from "~/domain/growth/testing-windows";
import { attemptResults } from "~/domain/sessions/attempt";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { DEMO_COMPETENCIES, DEMO_MODULES, DEMO_PREREQUISITES } from "~/models/seed-content";
import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { demoWindows, earlierSittingDays, earlierSittings, plannedGrowth } from "./demo-growth";
import { simulateSitting } from "./simulated-sitting";
import { simulatedClass } from "./simulated-student";

/** The demo test's blueprint as the session object gets it: the seeded bank at its labels' parameters, its timers and sections. */
const template: SessionBlueprint = {
  sessionId: "template",
  testId: "demo-test",
  testTitle: "Grade 6 Math Check-in (demo class)",
  testSubject: "Mathematics",
  studentId: "template",
  cohortId: "demo-class",
  mode: "placement",
  durationSeconds: 15 * 60,
  seed: 0,
  aiModel: "gpt-4o-mini-2024-07-18",
  questions: DEMO_QUESTIONS.map((question, index) => ({
    id: `q${index}`,
    text: question.text,
    type: question.type,
    difficulty: question.difficulty,
    options: (question.options ?? []).map(({ text, isCorrect }) => ({ text, isCorrect })),
    competencyId: question.competency,
    sectionId: DEMO_COMPETENCIES.find((competency) => competency.key === question.competency)!.section,
    timeLimitSeconds: { multiple_choice: 60, multiple_select: 90, free_response: 300, scenario: 420, chat: 600 }[question.type],
    params: LABEL_PRIORS[question.difficulty],
    rubric: question.rubric ?? null,
    gradingSystemInstruction: null,
    systemInstruction: question.systemInstruction ?? null,
    initialPrompt: question.initialPrompt ?? null,
    scenarioTitle: question.metadata?.title ?? null,
  })),
  sectionOrder: ["numbers", "algebra"],
  competencies: DEMO_COMPETENCIES.map((competency) => ({ id: competency.key, name: competency.description, moduleId: competency.module })),
  modules: DEMO_MODULES.map((module) => ({ id: module.key, name: module.name })),
  prerequisites: Object.fromEntries(DEMO_PREREQUISITES.map((link) => [link.competency, [link.prerequisite]])),
  showResultDuringTest: false,
  showFeedbackDuringTest: false,
};

const TODAY = "2027-03-15";
const NOW = Date.parse(`${TODAY}T10:00:00Z`);

describe("the demo's testing windows", () => {
  it("are Fall, Winter and Spring before the day of generating, the last holding it", () => {
    const windows = demoWindows(TODAY);
    expect(windows).toEqual([
      { name: "Fall", startsOn: "2026-10-16", endsOn: "2026-11-15" },
      { name: "Winter", startsOn: "2026-12-15", endsOn: "2027-01-14" },
      { name: "Spring", startsOn: "2027-02-13", endsOn: "2027-04-14" },
    ]);
    expect(windowOf(NOW, windows, "UTC")?.name).toBe("Spring");
  });

  it("date the earlier sittings in the middle of the two latest windows that ended, filling in 60 days apart", () => {
    expect(earlierSittingDays(demoWindows(TODAY), TODAY)).toEqual(["2026-10-31", "2026-12-30"]);
    const one = [{ name: "Autumn", startsOn: "2027-01-01", endsOn: "2027-01-09" }];
    expect(earlierSittingDays(one, TODAY)).toEqual(["2026-11-06", "2027-01-05"]);
    expect(earlierSittingDays([], TODAY)).toEqual(["2026-11-15", "2027-01-14"]);
  });
});

describe("plannedGrowth", () => {
  it("grows most students 4 to 7 points a window, with a few flat into Spring and a few dropping into Winter", () => {
    const plans = Array.from({ length: 32 }, (_, index) => plannedGrowth(index, 2026));
    const growths = plans.flat();
    expect(growths.filter(({ aim, min, max }) => aim >= 4 && aim <= 7 && min === 3.5 && max === 7.5)).toHaveLength(58);
    expect(plans.filter(([, intoSpring]) => intoSpring.min === -1 && Math.abs(intoSpring.aim) <= 0.5)).toHaveLength(4);
    expect(plans.filter(([intoWinter]) => intoWinter.aim < 0)).toHaveLength(2);
    expect(plannedGrowth(9, 2026)).toEqual(plannedGrowth(9, 2026));
  });
});

describe("earlierSittings", () => {
  const students = simulatedClass(32, 2026, 0);
  const taken = students.map((student, index) => {
    // Today's sitting as the session object takes it: the student's own seed and ability.
    const today = simulateSitting({ ...template, mode: student.mode, seed: student.seed }, { theta: student.theta, answerSeed: student.seed, startMs: NOW });
    const earlier = earlierSittings({ ...template, mode: student.mode }, student, index, {
      todayScore: today.scaleScore,
      earlierDays: earlierSittingDays(demoWindows(TODAY), TODAY),
      sessionIds: [`fall-${index}`, `winter-${index}`],
      seed: 2026,
    });
    return { today, earlier };
  });

  it("puts each earlier sitting in its window, whole and scored from its own answers", () => {
    const windows = demoWindows(TODAY);
    for (const { earlier } of taken) {
      expect(earlier.map(({ startMs }) => windowOf(startMs, windows, "UTC")?.name)).toEqual(["Fall", "Winter"]);
      for (const { blueprint, sitting, startMs } of earlier) {
        const { session } = sitting.state;
        expect(session.completedReason).toBe("stopping_rule");
        expect(windowOf(session.completedAt!, windows, "UTC")).toBe(windowOf(startMs, windows, "UTC"));
        expect(sitting.scaleScore).toBe(attemptResults(sitting.state, blueprint).scaleScore);
        expect(Object.values(sitting.state.answers).every((answer) => !answer.late)).toBe(true);
      }
    }
  });

  it("shows most students growing 3 to 8 points a window and a few flat or dropping, at the engine's SEs", () => {
    const growths = taken.flatMap(({ today, earlier: [fall, winter] }) => [
      winter.sitting.scaleScore - fall.sitting.scaleScore,
      today.scaleScore - winter.sitting.scaleScore,
    ]);
    const usual = growths.filter((growth) => growth >= 3 && growth <= 8).length;
    expect(usual, JSON.stringify(growths)).toBeGreaterThanOrEqual(growths.length * 0.75);
    expect(growths.filter((growth) => growth <= 1).length).toBeGreaterThanOrEqual(4);
    const ses = taken.flatMap(({ earlier }) => earlier.map(({ sitting, blueprint }) => attemptResults(sitting.state, blueprint).scaleScoreSE));
    expect(Math.min(...ses)).toBeGreaterThan(2.5);
    expect(Math.max(...ses)).toBeLessThan(6);
  });

  it("has one rushed sitting (effort under 0.9, its rapid guesses marked) and one non-standard sitting; the rest effortful and standard", () => {
    const earlier = taken.flatMap(({ earlier }) => earlier);
    const rushed = earlier.filter(({ sitting }) => sitting.effort < 0.9);
    expect(rushed.map(({ blueprint }) => blueprint.sessionId)).toEqual(["winter-5"]);
    expect(rushed[0]!.sitting.rapidGuesses.length).toBeGreaterThan(3);
    const nonStandard = earlier.filter(({ sitting, blueprint }) => attemptResults(sitting.state, blueprint).nonStandardReasons.length > 0);
    expect(nonStandard.map(({ blueprint }) => blueprint.sessionId)).toEqual(["fall-12"]);
    expect(earlier.filter(({ sitting }) => sitting.effort === 1)).toHaveLength(earlier.length - 1);
  });
});
