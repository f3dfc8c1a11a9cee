import { describe, expect, it } from "vitest";

import { LOW_CONFIDENCE } from "~/domain/ai/confidence";

import { answerGrade } from "./answer-feedback";
import { AWAITING_TEACHER, studentGrade } from "./answer-rules";
import { applyModelGrade, applyTeacherGrade, attemptResults, type AttemptState, finish, startAttempt, submit } from "./attempt";
import type { SessionBlueprint, SessionQuestion } from "./blueprint";
import { resultsPageData } from "./results-page-data";
import { awaitingTeacherNote } from "./results-words";
import { gradingOf, modelGradeRequest, offlineGradeLog } from "./scoring";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "./self-check";
import { gradingResultJson, sessionJson } from "./session-api";
import { archiveDueAt } from "./session-archive";
import { sessionView, submitResult } from "./session-view";

/** An open question with nothing to compare an answer with: the offline grader's confidence is 0. */
const unrubricked: SessionQuestion = twoPlusTwoQuestion("open", {
  text: "Explain how plants make their food.",
  type: "free_response",
  options: [],
  difficulty: "medium",
  competencyId: "c1",
  params: { a: 1, b: 0 },
  rubric: null,
});
const rubricked: SessionQuestion = { ...unrubricked, rubric: { referenceAnswer: "Plants use sunlight to turn water and carbon dioxide into sugar." } };

const blueprint = (question: SessionQuestion): SessionBlueprint =>
  selfCheckBlueprint("s1", {
    testId: "t1",
    testTitle: "Plants",
    studentId: "student",
    durationSeconds: 600,
    seed: 5,
    questions: [question],
    competencies: [{ id: "c1", name: "Explains photosynthesis", moduleId: "m1" }],
    modules: [{ id: "m1", name: "Plants" }],
  });

const T0 = 1_000_000;
const ANSWER = "Plants use sunlight to make sugar from water and carbon dioxide.";

function answered(question: SessionQuestion, modelWillGrade: boolean) {
  const bp = blueprint(question);
  const outcome = submit(startAttempt(bp, T0), bp, { questionId: "open", answer: ANSWER, timeSpentSeconds: 20 }, T0 + 20_000, modelWillGrade);
  if (outcome.kind !== "recorded") throw new Error(outcome.kind);
  return { bp, outcome, state: outcome.state };
}

const view = (state: AttemptState, bp: SessionBlueprint) => sessionView(state, bp, T0 + 30_000);

describe("the state of an open answer's grade", () => {
  it("is provisional while a model will grade, awaits the teacher below LOW_CONFIDENCE, and is final when sure", () => {
    expect(gradingOf(0, { modelWillGrade: true })).toBe("provisional");
    expect(gradingOf(0, { modelWillGrade: false })).toBe("review");
    expect(gradingOf(LOW_CONFIDENCE - 0.01, { modelWillGrade: false })).toBe("review");
    expect(gradingOf(LOW_CONFIDENCE, { modelWillGrade: false })).toBe("final");
    expect(gradingOf(undefined, { modelWillGrade: false })).toBe("final");
  });
});

describe("an answer its grader was unsure of", () => {
  it("awaits the teacher when the offline grader had nothing to compare it with, and its log is written for the review page", () => {
    const { state, outcome } = answered(unrubricked, false);
    expect(state.answers.open).toMatchObject({ grading: "review", gradingScore: 0 });
    const log = offlineGradeLog(outcome.question, outcome.answer, outcome.offline);
    expect(log).toMatchObject({ result: { confidence: 0 } });
  });

  it("awaits the teacher for an answer to a Spanish question, which the English-only offline grader cannot read, unless a model grades it (ADR 0044)", () => {
    // The same answer and rubric: sure in English, unsure when the question is Spanish.
    expect(answered(rubricked, false).state.answers.open!.grading).toBe("final");
    const spanish = { ...rubricked, language: "es" as const };
    const { state, outcome } = answered(spanish, false);
    expect(state.answers.open!.grading).toBe("review");
    expect(offlineGradeLog(outcome.question, outcome.answer, outcome.offline)).toMatchObject({ question: { language: "es" }, result: { confidence: 0.2 } });
    const modelled = answered(spanish, true);
    expect(modelled.state.answers.open!.grading).toBe("provisional");
    expect(modelGradeRequest(modelled.outcome.question, modelled.outcome.answer, modelled.bp)?.question.language).toBe("es");
  });

  it("counts in the total and the engine meanwhile, and the results count it as awaiting the teacher", () => {
    const { state, bp } = answered(unrubricked, false);
    const results = attemptResults(state, bp);
    expect(results).toMatchObject({ awaitingTeacher: 1, gradingPending: 0, totalScore: 0 });
    expect(state.engine.answers).toMatchObject([{ questionId: "open", score: 0 }]);
  });

  it("tells the student no mark: no score, correctness, points, feedback, strengths or improvements, in every shape they read", () => {
    const { state, bp, outcome } = answered(unrubricked, false);
    const noMark = { score: null, wasCorrect: null, feedback: null, grading: "review" };
    expect(studentGrade(state.answers.open!)).toEqual(noMark);
    expect(answerGrade(view(state, bp), "open")).toEqual(noMark);

    const submitted = submitResult(outcome, bp, T0 + 20_000);
    if (!submitted.ok) throw new Error(submitted.reason);
    expect(gradingResultJson(submitted.answer)).toMatchObject({
      score: null,
      isCorrect: null,
      pointsEarned: null,
      feedback: null,
      strengths: [],
      improvements: [],
      grading: "review",
    });

    const json = sessionJson(view(finish(state, T0 + 25_000), bp));
    expect(json.answers.open).toMatchObject({ grading: "review", wasCorrect: null, gradingScore: null, pointsEarned: null, feedback: null });
    expect(json.scores.open).toEqual({ score: null, feedback: null, strengths: [], improvements: [] });
    expect(json.awaitingTeacher).toBe(1);

    const page = resultsPageData(view(finish(state, T0 + 25_000), bp));
    expect(page.answers[0]).toMatchObject({ awaitingTeacher: true, wasCorrect: null, gradingScore: null, pointsEarned: null, feedback: null });
    expect(page.awaitingTeacher).toBe(1);
    expect(AWAITING_TEACHER).toBe("Your teacher will check this answer");
    expect(awaitingTeacherNote(2)).toMatch(/^2 answers are waiting for your teacher/);
  });

  it("awaits the teacher when the model's grade is unsure, and is final when it is sure", () => {
    const { state, bp } = answered(rubricked, true);
    expect(state.answers.open!.grading).toBe("provisional");
    const grade = { score: 40, feedback: "Partly.", strengths: [], improvements: [] };
    expect(applyModelGrade(state, bp, "open", { ...grade, confidence: 0.3 }).answers.open).toMatchObject({ grading: "review", gradingScore: 40 });
    expect(applyModelGrade(state, bp, "open", { ...grade, confidence: 0.9 }).answers.open).toMatchObject({ grading: "final", gradingScore: 40 });
    expect(applyModelGrade(state, bp, "open", grade).answers.open!.grading).toBe("final");
  });

  it("takes the teacher's grade: score, total and the student's grade follow, with none of the unsure grader's words", () => {
    const { state, bp } = answered(unrubricked, false);
    const graded = applyTeacherGrade(finish(state, T0 + 25_000), bp, "open", 90);
    if (!graded.ok) throw new Error(graded.message);
    expect(graded.state.answers.open).toMatchObject({
      grading: "teacher",
      gradingScore: 90,
      wasCorrect: true,
      feedback: null,
      strengths: [],
      improvements: [],
    });
    const results = attemptResults(graded.state, bp);
    expect(results.awaitingTeacher).toBe(0);
    expect(results.totalScore).toBe(90);
    expect(answerGrade(view(graded.state, bp), "open")).toEqual({ score: 90, wasCorrect: true, feedback: null, grading: "final" });
  });

  it("does not hold the session's archive: a teacher may take days", () => {
    const { state } = answered(unrubricked, false);
    const finished = finish(state, T0 + 25_000);
    expect(finished.answers.open!.grading).toBe("review");
    expect(archiveDueAt(finished, false, 1000)).toBe(finished.session.completedAt! + 1000);
  });
});
