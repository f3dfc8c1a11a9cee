import { useMemo, useState } from "react";

import { QUESTION_TYPE_LABELS } from "~/components/assessments/question-label";
import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { rubricReading } from "~/domain/ai/offline-grader/reading";
import { CONTENT_LANGUAGE_LABELS, CONTENT_LANGUAGES, type ContentLanguage } from "~/domain/questions/content-language";
import {
  CHOICE_TYPES,
  type OptionInput,
  parseRubricText,
  QUESTION_FORM_DEFAULTS,
  questionCompetenciesSchema,
  questionSchema,
} from "~/domain/questions/question";
import { ANSWER_CONTROLS, DIFFICULTIES, type Difficulty, OPTION_RULES, QUESTION_TYPES, type QuestionType } from "~/domain/questions/question-types";
import { fieldErrors } from "~/lib/form-errors";

import { type CompetencyOption, CompetencyPicker } from "./competency-picker";
import { OptionsEditor } from "./options-editor";
import { RubricField } from "./rubric-field";
import { RubricReadingPanel } from "./rubric-reading-panel";

export type QuestionFormValue = {
  text: string;
  type: QuestionType;
  difficulty: Difficulty;
  language: ContentLanguage;
  options: OptionInput[];
  rubric: string | Record<string, unknown> | null;
  gradingSystemInstruction: string | null;
  systemInstruction: string | null;
  initialPrompt: string | null;
  timeLimit: number | null;
  metadata: { title?: string; measuresReading?: boolean };
  competencies: string[];
  primaryCompetency: string | null;
};

const EMPTY_QUESTION: QuestionFormValue = {
  ...QUESTION_FORM_DEFAULTS,
  options: QUESTION_FORM_DEFAULTS.options.map((option) => ({ ...option })),
  rubric: null,
  gradingSystemInstruction: null,
  systemInstruction: null,
  initialPrompt: null,
  timeLimit: null,
  metadata: {},
  primaryCompetency: null,
};

export type QuestionSubmission = { question: ReturnType<typeof questionSchema.parse>; competencies: string[]; primaryCompetency: string };

/**
 * The New/Edit Question dialog for all five types. The parent remounts it (a new `key`) on
 * every opening, so closing always resets it to the product's defaults.
 */
export function QuestionDialog({
  open,
  initial,
  competencies,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  initial: QuestionFormValue | null;
  competencies: CompetencyOption[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (submission: QuestionSubmission) => void;
}) {
  const [value, setValue] = useState<QuestionFormValue>(initial ?? EMPTY_QUESTION);
  const [timeLimitText, setTimeLimitText] = useState(value.timeLimit == null ? "" : String(value.timeLimit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <Key extends keyof QuestionFormValue>(key: Key, next: QuestionFormValue[Key]) => setValue((current) => ({ ...current, [key]: next }));
  const isChoice = CHOICE_TYPES.includes(value.type);
  const isOpen = !isChoice;
  // The rubric as it is being typed (the field saves it only on blur), so the grader's reading
  // follows each keystroke; JSON that does not parse yet keeps the last good value's reading.
  const [rubricDraft, setRubricDraft] = useState<string | null>(null);
  const reading = useMemo(() => {
    if (!isOpen) return null;
    const parsed = rubricDraft === null ? null : parseRubricText(rubricDraft);
    return rubricReading(parsed?.ok ? parsed.value : value.rubric, value.text);
  }, [isOpen, rubricDraft, value.rubric, value.text]);

  const submit = () => {
    const question = questionSchema.safeParse({ ...value, options: isChoice ? value.options : [], timeLimit: timeLimitText });
    const links = questionCompetenciesSchema.safeParse({ competencies: value.competencies, primaryCompetency: value.primaryCompetency ?? undefined });
    const problems = { ...(question.success ? {} : fieldErrors(question.error)), ...(links.success ? {} : fieldErrors(links.error)) };
    setErrors(problems);
    if (!question.success || !links.success) return;
    onSubmit({ question: question.data, ...links.data });
  };

  const textArea = (key: "gradingSystemInstruction" | "systemInstruction" | "initialPrompt", label: string) => (
    <div>
      <label htmlFor={key} className="label">
        {label}
      </label>
      <textarea id={key} rows={3} className="input mt-1" value={value[key] ?? ""} onChange={(event) => set(key, event.target.value)} />
    </div>
  );

  return (
    <Dialog open={open} onClose={onClose} title={initial ? "Edit Question" : "New Question"} wide>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor="question-text" className="label">
            Question text
          </label>
          <textarea
            id="question-text"
            rows={4}
            className="input mt-1"
            value={value.text}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby="question-text-help"
            onChange={(event) => set("text", event.target.value)}
          />
          <p id="question-text-help" className={`mt-1 text-sm ${errors.text ? "text-red-700" : "text-slate-600"}`}>
            {errors.text ?? "Basic formatting is allowed: p, strong, em, u, lists, headings."}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <div>
            <label htmlFor="question-type" className="label">
              Type
            </label>
            <select id="question-type" className="input mt-1" value={value.type} onChange={(event) => set("type", event.target.value as QuestionType)}>
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {QUESTION_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="question-difficulty" className="label">
              Difficulty
            </label>
            <select
              id="question-difficulty"
              className="input mt-1"
              value={value.difficulty}
              onChange={(event) => set("difficulty", event.target.value as Difficulty)}
            >
              {DIFFICULTIES.map((difficulty) => (
                <option key={difficulty} value={difficulty}>
                  {difficulty}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="question-language" className="label">
              Language
            </label>
            <select
              id="question-language"
              className="input mt-1"
              value={value.language}
              onChange={(event) => set("language", event.target.value as ContentLanguage)}
            >
              {CONTENT_LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {CONTENT_LANGUAGE_LABELS[language]}
                </option>
              ))}
            </select>
          </div>
          <FormField
            name="questionTimeLimit"
            label="Time limit (seconds)"
            type="number"
            min={0}
            value={timeLimitText}
            onChange={(event) => setTimeLimitText(event.target.value)}
            error={errors.timeLimit}
          />
        </div>
        {ANSWER_CONTROLS[value.type] === "response" ? (
          <FormField
            name="scenarioTitle"
            label="Scenario title"
            value={value.metadata.title ?? ""}
            onChange={(event) => set("metadata", { ...value.metadata, title: event.target.value })}
          />
        ) : null}
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0"
            checked={value.metadata.measuresReading === true}
            onChange={(event) => set("metadata", { ...value.metadata, measuresReading: event.target.checked })}
          />
          <span>
            Measures reading <span className="text-slate-700">· reading it aloud to a student (an accommodation) makes their session non-standard</span>
          </span>
        </label>
        {isChoice ? (
          <OptionsEditor
            options={value.options}
            onChange={(options) => set("options", options)}
            single={OPTION_RULES[value.type] === "one correct"}
            error={errors.options}
          />
        ) : null}
        {isOpen ? <RubricField value={value.rubric} onChange={(rubric) => set("rubric", rubric)} onEdit={setRubricDraft} /> : null}
        {reading ? <RubricReadingPanel reading={reading} /> : null}
        {isOpen ? textArea("gradingSystemInstruction", "Grading system instruction") : null}
        {ANSWER_CONTROLS[value.type] === "chat" ? textArea("systemInstruction", "System instruction (for the AI partner)") : null}
        {ANSWER_CONTROLS[value.type] === "chat" ? textArea("initialPrompt", "Initial prompt") : null}
        <CompetencyPicker
          competencies={competencies}
          selected={value.competencies}
          primary={value.primaryCompetency}
          onChange={(selected, primary) => setValue((current) => ({ ...current, competencies: selected, primaryCompetency: primary }))}
          error={errors.competencies}
        />
        <DialogActions onCancel={onClose} submitLabel={busy ? "Saving..." : initial ? "Save Question" : "Create Question"} busy={busy} />
      </form>
    </Dialog>
  );
}
