import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { fieldErrors } from "~/lib/form-errors";

export type CurriculumValues = { name: string; description: string | null; gradeLevel: string | null; subject: string | null };

/** Create or edit a curriculum: name required ('Name is required'), the rest optional. */
export function CurriculumDialog({
  initial,
  busy,
  onClose,
  onSubmit,
}: {
  initial: CurriculumValues | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: CurriculumValues) => void;
}) {
  const [values, setValues] = useState<CurriculumValues>(initial ?? { name: "", description: null, gradeLevel: null, subject: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof CurriculumValues, value: string) => setValues((current) => ({ ...current, [key]: value }));
  return (
    <Dialog open onClose={onClose} title={initial ? "Edit Curriculum" : "New Curriculum"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = curriculumSchema.safeParse(values);
          if (!parsed.success) return setErrors(fieldErrors(parsed.error));
          onSubmit(values);
        }}
      >
        <FormField name="curriculumName" label="Name" value={values.name} onChange={(event) => set("name", event.target.value)} error={errors.name} />
        <div>
          <label htmlFor="curriculum-description" className="label">
            Description (optional)
          </label>
          <textarea
            id="curriculum-description"
            rows={3}
            className="input mt-1"
            value={values.description ?? ""}
            onChange={(event) => set("description", event.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="curriculumGrade"
            label="Grade level (optional)"
            value={values.gradeLevel ?? ""}
            onChange={(event) => set("gradeLevel", event.target.value)}
          />
          <FormField
            name="curriculumSubject"
            label="Subject (optional)"
            value={values.subject ?? ""}
            onChange={(event) => set("subject", event.target.value)}
          />
        </div>
        <DialogActions onCancel={onClose} submitLabel={initial ? "Save Curriculum" : "Create Curriculum"} busy={busy} />
      </form>
    </Dialog>
  );
}
