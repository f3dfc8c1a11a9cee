import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { type StudentInput, studentInputSchema, type StudentLanguage } from "~/domain/students/student";
import { fieldErrors } from "~/lib/form-errors";

/** `language` "" is "Not set": the student pages follow the browser (ADR 0045). */
type FormValues = {
  studentId: string;
  givenName: string;
  familyName: string;
  grade: string;
  email: string;
  status: "active" | "inactive";
  language: StudentLanguage | "";
};
type EditableStudent = {
  studentId: string;
  givenName: string;
  familyName: string;
  grade: string;
  email: string | null;
  status: "active" | "inactive";
  language?: StudentLanguage | null;
};

/** Add a student by hand, or edit one: the same rules as the API (`studentInputSchema`), checked here first. */
export function StudentDialog({
  initial,
  busy,
  onClose,
  onSubmit,
}: {
  initial: EditableStudent | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: StudentInput) => void;
}) {
  const [values, setValues] = useState<FormValues>({
    studentId: initial?.studentId ?? "",
    givenName: initial?.givenName ?? "",
    familyName: initial?.familyName ?? "",
    grade: initial?.grade ?? "",
    email: initial?.email ?? "",
    status: initial?.status ?? "active",
    language: initial?.language ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof FormValues, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const parsed = studentInputSchema.safeParse({ ...values, language: values.language || null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const field = (key: Exclude<keyof FormValues, "status" | "language">, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <FormField
      name={`student-${key}`}
      field={key}
      label={label}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      error={errors[key]}
      autoComplete={extra.autoComplete ?? "off"}
      type={extra.type}
    />
  );

  return (
    <Dialog open onClose={onClose} title={initial ? "Edit Student" : "Add Student"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {field("studentId", "Student ID")}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("givenName", "Given name")}
          {field("familyName", "Family name")}
        </div>
        {field("grade", "Grade")}
        {field("email", "E-mail (optional)", { type: "email" })}
        <div>
          <label htmlFor="student-status" className="label">
            Status
          </label>
          <select id="student-status" className="input mt-1" value={values.status} onChange={(event) => set("status", event.target.value)}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <div>
          <label htmlFor="student-language" className="label">
            Preferred language
          </label>
          <select
            id="student-language"
            className="input mt-1"
            value={values.language}
            onChange={(event) => set("language", event.target.value)}
            aria-describedby="student-language-hint"
          >
            <option value="">Not set</option>
            <option value="en">English</option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
          <p id="student-language-hint" className="mt-1 text-sm text-slate-600">
            The language the student pages use when the student joins a rostered class, unless their browser has chosen one.
          </p>
        </div>
        <DialogActions onCancel={onClose} submitLabel={initial ? "Save Student" : "Add Student"} busy={busy} />
      </form>
    </Dialog>
  );
}
