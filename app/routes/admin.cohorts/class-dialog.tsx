import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FieldError, FormField, useFieldError } from "~/components/form-field";
import { useToast } from "~/components/toast/toast-context";
import type { TestMode } from "~/domain/adaptive/engine";
import { CLASS_NAME_REQUIRED, type ClassAccess, classCreateSchema, classUpdateSchema, DEFAULT_TEST_MODE } from "~/domain/classes/class";
import { JOIN_CODE_MAX_INPUT } from "~/domain/classes/join-codes";
import { fieldErrors } from "~/lib/form-errors";

export type EditableClass = {
  id: string;
  name: string;
  joinCode: string;
  testConfigId: string | null;
  testMode: TestMode | null;
  isActive: boolean;
  access: ClassAccess;
  aiGrading: boolean;
};

/** What the dialog sends: create omits the test fields without a test; update sends them as null. */
type ClassPayload = {
  name: string;
  joinCode: string;
  isActive: boolean;
  access: ClassAccess;
  aiGrading: boolean;
  testConfigId?: string | null;
  testMode?: TestMode | null;
};

const CLASS_NAME_REQUIRED_TOAST = { title: CLASS_NAME_REQUIRED.title, description: CLASS_NAME_REQUIRED.message, variant: "destructive" } as const;

/** "" is "Students choose": the class has a test and no fixed mode (ADR 0014). */
type FormValues = {
  name: string;
  joinCode: string;
  testConfigId: string;
  testMode: TestMode | "";
  isActive: boolean;
  access: ClassAccess;
  aiGrading: boolean;
};

function payloadOf(values: FormValues, editing: boolean): ClassPayload {
  const base = { name: values.name, joinCode: values.joinCode, isActive: values.isActive, access: values.access, aiGrading: values.aiGrading };
  if (values.testConfigId) return { ...base, testConfigId: values.testConfigId, testMode: values.testMode || null };
  return editing ? { ...base, testConfigId: null, testMode: null } : base;
}

/**
 * Create or edit a class. The join code starts blank: blank generates one on create and keeps
 * the class's own on edit. The test mode shows only once a default test is chosen.
 */
export function ClassDialog({
  initial,
  tests,
  busy,
  onClose,
  onSubmit,
}: {
  initial: EditableClass | null;
  tests: { id: string; title: string }[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (payload: ClassPayload) => void;
}) {
  const [values, setValues] = useState<FormValues>({
    name: initial?.name ?? "",
    joinCode: "",
    testConfigId: initial?.testConfigId ?? "",
    testMode: initial?.testConfigId ? (initial.testMode ?? "") : DEFAULT_TEST_MODE,
    isActive: initial?.isActive ?? true,
    access: initial?.access ?? "open",
    aiGrading: initial?.aiGrading ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { toast } = useToast();
  const set = <Key extends keyof FormValues>(key: Key, value: FormValues[Key]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const payload = payloadOf(values, initial !== null);
    const parsed = (initial ? classUpdateSchema : classCreateSchema).safeParse(payload);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error);
      setErrors(problems);
      // A missing name is titled "Name required", as a toast; the field says it too.
      if (problems.name === CLASS_NAME_REQUIRED.message) toast(CLASS_NAME_REQUIRED_TOAST);
      return;
    }
    setErrors({});
    onSubmit(payload);
  };

  return (
    <Dialog open onClose={onClose} title={initial ? "Edit Class" : "New Class"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          name="cohortName"
          field="name"
          label="Class name"
          value={values.name}
          onChange={(event) => set("name", event.target.value)}
          error={errors.name}
        />
        <JoinCodeField value={values.joinCode} savedCode={initial?.joinCode} formError={errors.joinCode} onChange={(code) => set("joinCode", code)} />
        <div>
          <label htmlFor="cohort-test" className="label">
            Default test
          </label>
          <select id="cohort-test" className="input mt-1" value={values.testConfigId} onChange={(event) => set("testConfigId", event.target.value)}>
            <option value="">No default test</option>
            {tests.map((test) => (
              <option key={test.id} value={test.id}>
                {test.title}
              </option>
            ))}
          </select>
        </div>
        {values.testConfigId ? (
          <div>
            <label htmlFor="cohort-test-mode" className="label">
              Test mode
            </label>
            <select
              id="cohort-test-mode"
              className="input mt-1"
              value={values.testMode}
              onChange={(event) => set("testMode", event.target.value as TestMode | "")}
            >
              <option value="placement">Placement (quick assessment)</option>
              <option value="diagnostic">Diagnostic (comprehensive assessment)</option>
              <option value="">Students choose</option>
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="cohort-access" className="label">
            Who can join
          </label>
          <select id="cohort-access" className="input mt-1" value={values.access} onChange={(event) => set("access", event.target.value as ClassAccess)}>
            <option value="open">Open: anyone with the code, typing a name and student ID</option>
            <option value="rostered">Rostered: only the students on the class roster</option>
          </select>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input type="checkbox" className="mt-0.5 size-4" checked={values.aiGrading} onChange={(event) => set("aiGrading", event.target.checked)} />
          <span>
            Send student answers to the AI provider
            <span className="block text-slate-700">For grading open answers and the chat tutor. Off: the offline grader and tutor only.</span>
          </span>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" className="size-4" checked={values.isActive} onChange={(event) => set("isActive", event.target.checked)} />
          Active: students can join with the code
        </label>
        <DialogActions onCancel={onClose} submitLabel={initial ? "Save Class" : "Create Class"} busy={busy} />
      </form>
    </Dialog>
  );
}

/** The join code, blank by default; inside the dialog, so a code another class holds is refused beside it. */
function JoinCodeField({ value, savedCode, formError, onChange }: { value: string; savedCode?: string; formError?: string; onChange: (code: string) => void }) {
  const { error, errorId, controlProps } = useFieldError("cohort-join-code", "joinCode", formError, "cohort-join-code-hint");
  return (
    <div>
      <label htmlFor="cohort-join-code" className="label">
        Join code
      </label>
      <input
        id="cohort-join-code"
        className="input mt-1 font-mono uppercase"
        value={value}
        maxLength={JOIN_CODE_MAX_INPUT}
        placeholder={savedCode}
        autoComplete="off"
        spellCheck={false}
        {...controlProps}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      <p id="cohort-join-code-hint" className="mt-1 text-sm text-slate-700">
        {savedCode ? `Leave blank to keep ${savedCode}` : "Leave blank to generate one"}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
