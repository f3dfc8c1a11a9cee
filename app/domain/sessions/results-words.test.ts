import { describe, expect, it } from "vitest";

import { earlyEndNote } from "./early-end-note";
import type { ResultsPageData } from "./results-page-data";
import { awaitingTeacherNote, resultsCards, studentResultsWords, studentScaleSentence } from "./results-words";
import { formatTimeSpent } from "./time-spent";

const answer = (overrides: Partial<ResultsPageData["answers"][number]> = {}): ResultsPageData["answers"][number] => ({
  id: "q1",
  text: "2 + 2?",
  type: "multiple_choice",
  pointsEarned: 1,
  maxPoints: 1,
  wasCorrect: true,
  timeSpentSeconds: 90,
  gradingScore: null,
  feedback: null,
  provisional: false,
  awaitingTeacher: false,
  reviewedByTeacher: false,
  late: false,
  ...overrides,
});

const data = {
  testTitle: "Matemáticas 5",
  mode: "diagnostic",
  completedReason: "time_up",
  totalScore: 84.6,
  scaleScore: 204.6,
  scaleScoreSE: 3.1,
  gradingPending: 1,
  awaitingTeacher: 2,
  competencies: [
    ["Fractions", "mastered"],
    ["Decimals", "not_mastered"],
  ],
  modules: [["Geometry", "Recommended"]],
  answers: [
    answer(),
    answer({ id: "q2", pointsEarned: 2.5, maxPoints: 3, timeSpentSeconds: 1, gradingScore: 83.4 }),
    answer({ id: "q3", awaitingTeacher: true, maxPoints: 2 }),
  ],
} as unknown as ResultsPageData;

describe("the results pages' sentences", () => {
  it("are the English the pages always said, by default", () => {
    const cards = resultsCards(data, "en");
    expect(cards).toMatchObject({
      percent: "85%",
      band: "Strong result",
      gradingPending: "1 answer is still being graded. Refresh this page in a minute to see the final grade.",
    });
    expect(cards.skills.map((skill) => skill.word)).toEqual(["Mastered", "Working towards it"]);
    expect(cards.answers.map((said) => said.points)).toEqual(["1 of 1 point", "2.5 of 3 points", "Worth 2 points"]);
    expect(cards.answers[1]).toMatchObject({
      mark: "✓ Correct",
      timeSpent: "Time spent: 1 second",
      gradingScore: { before: "Grading score: ", score: 83, after: "/100" },
      barLabel: "Question 2 points",
    });
    // An answer awaiting its teacher has no mark, not even in the page's data.
    expect(cards.answers[2]!.mark).toBeNull();
    expect(JSON.stringify(cards)).not.toContain("Incorrect");
    expect(studentResultsWords(data, "en")).toMatchObject({
      heading: "Your Results",
      retake: "Retake Test",
      pageTitle: "Results · Matemáticas 5 · Adaptive Testing Engine",
      mode: "Diagnostic Test",
      ended: "finished when time ran out",
      scale: "Scale score 205 (very likely between 199 and 211). The higher the number, the harder the questions you can answer.",
      awaiting: "2 answers are waiting for your teacher to check. Your score may change when they do.",
    });
  });

  it("speak Spanish to a Spanish-speaking student, with Spanish plurals", () => {
    const cards = resultsCards(data, "es");
    expect(cards).toMatchObject({ band: "Muy buen resultado", gradingPending: expect.stringMatching(/^Todavía se está calificando 1 respuesta\./) });
    expect(cards.skills.map((skill) => skill.word)).toEqual(["Dominada", "En progreso"]);
    expect(cards.modules).toEqual([{ name: "Geometry", mastered: false, word: "Recomendado" }]);
    expect(cards.answers.map((said) => said.points)).toEqual(["1 de 1 punto", "2.5 de 3 puntos", "Vale 2 puntos"]);
    expect(cards.answers[0]!.timeSpent).toBe("Tiempo dedicado: 1.5 minutos");
    expect(studentScaleSentence(204.6, 3.1, "es")).toBe(
      "Puntuación en escala: 205 (muy probablemente entre 199 y 211). Cuanto más alto el número, más difíciles son las preguntas que puedes responder.",
    );
    expect(awaitingTeacherNote(1, "es")).toMatch(/^1 respuesta espera la revisión de tu maestro\./);
    expect(studentResultsWords(data, "es")).toMatchObject({ mode: "Prueba diagnóstica", ended: "terminó cuando se acabó el tiempo" });
    expect(formatTimeSpent(1, "es")).toBe("1 segundo");
    expect(earlyEndNote({ completedReason: "submitted", questionsAnswered: 1, questionsNotAnswered: 4 }, "es")).toMatch(
      /^Terminaste esta prueba antes de tiempo, después de 1 pregunta\./,
    );
  });
});
