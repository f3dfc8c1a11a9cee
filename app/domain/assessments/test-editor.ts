import type { QuestionType } from "~/domain/questions/question-types";
import type { FeedbackDisplay } from "~/domain/sessions/feedback-display";

/**
 * The edit screen's working copy of a test (nothing is
 * saved until Save Changes). A pure reducer, so every editing rule is unit-tested here.
 */
export type EditorSection = { id: string; title: string; timeLimit: number | null };
type EditorPlacement = { id: string; sectionId: string | null; timeLimit: number | null };
export type EditorDetails = {
  title: string;
  description: string;
  gradeLevel: string;
  subject: string;
  placementDuration: number | string;
  diagnosticDuration: number | string;
  showFeedback: boolean;
  showResultDuringTest: boolean;
  showFeedbackDuringTest: boolean;
  showResultAfterTest: boolean;
  showFeedbackAfterTest: boolean;
  feedbackDisplay: FeedbackDisplay;
  aiModel: string;
  /** "en" or "es" (ADR 0044); the select offers only those, the schema refuses the rest. */
  language: string;
};

export type EditorState = {
  details: EditorDetails;
  sections: EditorSection[];
  questions: EditorPlacement[];
  perQuestionTimerDefaults: Partial<Record<QuestionType, number>>;
};

export type EditorAction =
  | { type: "setDetail"; field: keyof EditorDetails; value: string | boolean }
  | { type: "addSection"; section: EditorSection }
  | { type: "editSection"; id: string; title: string; timeLimit: number | null }
  | { type: "deleteSection"; id: string }
  | { type: "moveSectionUp"; id: string }
  | { type: "addQuestions"; ids: string[] }
  | { type: "removeQuestion"; id: string }
  | { type: "setQuestionSection"; id: string; sectionId: string | null }
  | { type: "setQuestionTimeLimit"; id: string; timeLimit: number | null }
  | { type: "setTimerDefault"; questionType: QuestionType; seconds: number | null };

/** Section ids are made in the browser ("generated client-side unique id"). */
export function newSectionId(): string {
  return `section-${crypto.randomUUID()}`;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "setDetail":
      return { ...state, details: { ...state.details, [action.field]: action.value } };
    case "addSection":
      return { ...state, sections: [...state.sections, action.section] };
    case "editSection":
      return {
        ...state,
        sections: state.sections.map((section) => (section.id === action.id ? { ...section, title: action.title, timeLimit: action.timeLimit } : section)),
      };
    case "deleteSection":
      // Its questions stay in the test, unassigned.
      return {
        ...state,
        sections: state.sections.filter((section) => section.id !== action.id),
        questions: state.questions.map((question) => (question.sectionId === action.id ? { ...question, sectionId: null } : question)),
      };
    case "moveSectionUp": {
      const index = state.sections.findIndex((section) => section.id === action.id);
      if (index <= 0) return state; // the first section cannot move up
      const sections = [...state.sections];
      [sections[index - 1], sections[index]] = [sections[index]!, sections[index - 1]!];
      return { ...state, sections };
    }
    case "addQuestions": {
      const present = new Set(state.questions.map((question) => question.id));
      const added = action.ids.filter((id) => !present.has(id)).map((id) => ({ id, sectionId: null, timeLimit: null }));
      return { ...state, questions: [...state.questions, ...added] };
    }
    case "removeQuestion":
      return { ...state, questions: state.questions.filter((question) => question.id !== action.id) };
    case "setQuestionSection":
      return {
        ...state,
        questions: state.questions.map((question) => (question.id === action.id ? { ...question, sectionId: action.sectionId } : question)),
      };
    case "setQuestionTimeLimit":
      return {
        ...state,
        questions: state.questions.map((question) => (question.id === action.id ? { ...question, timeLimit: action.timeLimit } : question)),
      };
    case "setTimerDefault": {
      const perQuestionTimerDefaults = { ...state.perQuestionTimerDefaults };
      if (action.seconds === null) delete perQuestionTimerDefaults[action.questionType];
      else perQuestionTimerDefaults[action.questionType] = action.seconds;
      return { ...state, perQuestionTimerDefaults };
    }
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

/** Blank is none; anything else a whole number of seconds (the schema refuses negatives). */
export function secondsFromInput(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

/** The PUT /api/tests/{id} payload (validated by testUpdateSchema on the server). */
export function toUpdatePayload(state: EditorState) {
  return {
    ...state.details,
    sections: state.sections,
    questions: state.questions,
    perQuestionTimerDefaults: state.perQuestionTimerDefaults,
  };
}
