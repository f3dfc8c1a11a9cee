import { FormField } from "~/components/form-field";
import { DEFAULT_DIAGNOSTIC_DURATION, DEFAULT_PLACEMENT_DURATION, MAX_DURATION, MIN_DURATION } from "~/domain/assessments/test-config";
import type { EditorDetails } from "~/domain/assessments/test-editor";
import { CONTENT_LANGUAGE_LABELS, CONTENT_LANGUAGES, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { FEEDBACK_DISPLAY_CHOICES } from "~/domain/sessions/feedback-display";

type TestDetailsValues = Pick<
  EditorDetails,
  "title" | "description" | "gradeLevel" | "subject" | "placementDuration" | "diagnosticDuration" | "feedbackDisplay" | "language"
>;

export const EMPTY_TEST_DETAILS: TestDetailsValues = {
  title: "",
  description: "",
  gradeLevel: "",
  subject: "",
  placementDuration: DEFAULT_PLACEMENT_DURATION,
  diagnosticDuration: DEFAULT_DIAGNOSTIC_DURATION,
  feedbackDisplay: "until_next",
  language: DEFAULT_CONTENT_LANGUAGE,
};

/**
 * The test form's fields, shared by Create New Test and the edit screen's
 * Basic Info tab. Uncontrolled with `defaultValues`, or controlled through `onChange`.
 */
export function TestDetailsFields({
  values,
  errors = {},
  onChange,
}: {
  values: TestDetailsValues;
  errors?: Record<string, string>;
  onChange?: (field: keyof TestDetailsValues, value: string) => void;
}) {
  const bind = (field: keyof TestDetailsValues) =>
    onChange
      ? { value: values[field], onChange: (event: { target: { value: string } }) => onChange(field, event.target.value) }
      : { defaultValue: values[field] };
  return (
    <div className="space-y-4">
      <FormField name="title" label="Title" required error={errors.title} {...bind("title")} />
      <div>
        <label htmlFor="description" className="label">
          Description
        </label>
        <textarea
          id="description"
          name="description"
          rows={3}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "description-error" : undefined}
          className="input mt-1"
          {...bind("description")}
        />
        {errors.description ? (
          <p id="description-error" className="mt-1 text-sm text-red-700">
            {errors.description}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="gradeLevel" label="Grade Level" required error={errors.gradeLevel} {...bind("gradeLevel")} />
        <FormField name="subject" label="Subject" required error={errors.subject} {...bind("subject")} />
      </div>
      <div>
        {/* The language the test's questions are written in (ADR 0044); new questions made for it take it. */}
        <label htmlFor="test-language" className="label">
          Language
        </label>
        <select id="test-language" name="language" className="input mt-1 sm:w-1/2" {...bind("language")}>
          {CONTENT_LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {CONTENT_LANGUAGE_LABELS[language]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="placementDuration"
          label="Placement Duration (minutes)"
          type="number"
          min={MIN_DURATION}
          max={MAX_DURATION}
          required
          error={errors.placementDuration}
          {...bind("placementDuration")}
        />
        <FormField
          name="diagnosticDuration"
          label="Diagnostic Duration (minutes)"
          type="number"
          min={MIN_DURATION}
          max={MAX_DURATION}
          required
          error={errors.diagnosticDuration}
          {...bind("diagnosticDuration")}
        />
      </div>
      <fieldset aria-describedby={errors.feedbackDisplay ? "feedbackDisplay-error" : undefined}>
        <legend className="label">Answer feedback during the test</legend>
        <div className="mt-2 space-y-2">
          {FEEDBACK_DISPLAY_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="feedbackDisplay"
                value={choice.value}
                className="size-4"
                {...(onChange
                  ? { checked: values.feedbackDisplay === choice.value, onChange: () => onChange("feedbackDisplay", choice.value) }
                  : { defaultChecked: values.feedbackDisplay === choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {errors.feedbackDisplay ? (
          <p id="feedbackDisplay-error" className="mt-1 text-sm text-red-700">
            {errors.feedbackDisplay}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
