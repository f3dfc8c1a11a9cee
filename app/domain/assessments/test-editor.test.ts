import { describe, expect, it } from "vitest";

import { editorReducer, type EditorState, secondsFromInput, toUpdatePayload } from "./test-editor";

const base: EditorState = {
  details: {
    title: "T",
    description: "D",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: 15,
    diagnosticDuration: 25,
    showFeedback: true,
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
    showResultAfterTest: true,
    showFeedbackAfterTest: true,
    feedbackDisplay: "until_next",
    aiModel: "gpt-5-2025-08-07",
    language: "en",
  },
  sections: [
    { id: "s1", title: "One", timeLimit: null },
    { id: "s2", title: "Two", timeLimit: 60 },
  ],
  questions: [
    { id: "q1", sectionId: "s1", timeLimit: null },
    { id: "q2", sectionId: "s2", timeLimit: 30 },
  ],
  perQuestionTimerDefaults: { free_response: 300 },
};

describe("editorReducer", () => {
  it("deletes a section and leaves its questions in the test, unassigned", () => {
    const next = editorReducer(base, { type: "deleteSection", id: "s1" });
    expect(next.sections.map((section) => section.id)).toEqual(["s2"]);
    expect(next.questions).toEqual([
      { id: "q1", sectionId: null, timeLimit: null },
      { id: "q2", sectionId: "s2", timeLimit: 30 },
    ]);
  });

  it("moves a section up, but never the first one", () => {
    expect(editorReducer(base, { type: "moveSectionUp", id: "s2" }).sections.map((s) => s.id)).toEqual(["s2", "s1"]);
    expect(editorReducer(base, { type: "moveSectionUp", id: "s1" })).toBe(base);
  });

  it("adds only questions not already in the test, unassigned and without override", () => {
    const next = editorReducer(base, { type: "addQuestions", ids: ["q2", "q3"] });
    expect(next.questions.map((question) => question.id)).toEqual(["q1", "q2", "q3"]);
    expect(next.questions[2]).toEqual({ id: "q3", sectionId: null, timeLimit: null });
  });

  it("edits a section, a question's section and its time-limit override", () => {
    let next = editorReducer(base, { type: "editSection", id: "s1", title: "Renamed", timeLimit: 90 });
    next = editorReducer(next, { type: "setQuestionSection", id: "q2", sectionId: null });
    next = editorReducer(next, { type: "setQuestionTimeLimit", id: "q1", timeLimit: 45 });
    expect(next.sections[0]).toEqual({ id: "s1", title: "Renamed", timeLimit: 90 });
    expect(next.questions).toEqual([
      { id: "q1", sectionId: "s1", timeLimit: 45 },
      { id: "q2", sectionId: null, timeLimit: 30 },
    ]);
  });

  it("sets and clears per-type timer defaults", () => {
    let next = editorReducer(base, { type: "setTimerDefault", questionType: "chat", seconds: 600 });
    next = editorReducer(next, { type: "setTimerDefault", questionType: "free_response", seconds: null });
    expect(next.perQuestionTimerDefaults).toEqual({ chat: 600 });
  });

  it("never changes the state it was given (nothing is saved until Save Changes)", () => {
    const snapshot = JSON.stringify(base);
    editorReducer(base, { type: "removeQuestion", id: "q1" });
    editorReducer(base, { type: "setDetail", field: "title", value: "New" });
    expect(JSON.stringify(base)).toBe(snapshot);
  });
});

describe("secondsFromInput and toUpdatePayload", () => {
  it("reads blank as no limit and numbers as whole seconds", () => {
    expect(secondsFromInput("")).toBeNull();
    expect(secondsFromInput("  ")).toBeNull();
    expect(secondsFromInput("90")).toBe(90);
    expect(secondsFromInput("12.7")).toBe(12);
  });

  it("builds the PUT body with details, sections, questions and timer defaults", () => {
    const payload = toUpdatePayload(base);
    expect(payload.title).toBe("T");
    expect(payload.sections).toHaveLength(2);
    expect(payload.questions).toHaveLength(2);
    expect(payload.perQuestionTimerDefaults).toEqual({ free_response: 300 });
  });
});
