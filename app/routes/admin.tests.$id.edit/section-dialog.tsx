import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { sectionSchema } from "~/domain/assessments/test-config";
import type { EditorSection } from "~/domain/assessments/test-editor";

/** Add/Edit Section: title required, time limit optional and non-negative (sectionSchema). */
export function SectionDialog({
  open,
  section,
  onClose,
  onSave,
}: {
  open: boolean;
  section: EditorSection | null;
  onClose: () => void;
  onSave: (section: EditorSection) => void;
}) {
  // The parent gives each opening its own key, so these start from the section every time.
  const [title, setTitle] = useState(section?.title ?? "");
  const [timeLimit, setTimeLimit] = useState(section?.timeLimit == null ? "" : String(section.timeLimit));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = () => {
    const parsed = sectionSchema.safeParse({ id: section?.id ?? "new", title, timeLimit });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    onSave({ id: section?.id ?? "", title: parsed.data.title, timeLimit: parsed.data.timeLimit });
  };

  return (
    <Dialog open={open} onClose={onClose} title={section ? "Edit Section" : "Add Section"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField name="sectionTitle" label="Section title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
        <FormField
          name="sectionTimeLimit"
          label="Default time limit per question (seconds, optional)"
          type="number"
          min={0}
          value={timeLimit}
          onChange={(event) => setTimeLimit(event.target.value)}
          error={errors.timeLimit}
        />
        <DialogActions onCancel={onClose} submitLabel={section ? "Save Section" : "Add Section"} />
      </form>
    </Dialog>
  );
}
