import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { competencySchema, moduleSchema } from "~/domain/curriculum/curriculum";
import { fieldErrors } from "~/lib/form-errors";

export type CompetencyValues = { description: string; moduleId: string | null; gradeLevel: string | null; subject: string | null };

/**
 * Create or edit a competency. Module, grade level and subject are optional; a new module can
 * be created on the spot (it is saved when the competency is).
 */
export function CompetencyDialog({
  initial,
  modules,
  busy,
  onClose,
  onSubmit,
}: {
  initial: (CompetencyValues & { id: string }) | null;
  modules: { id: string; name: string }[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: CompetencyValues & { newModuleName?: string }) => void;
}) {
  const [values, setValues] = useState<CompetencyValues>(initial ?? { description: "", moduleId: null, gradeLevel: null, subject: null });
  const [newModule, setNewModule] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof CompetencyValues, value: string) => setValues((current) => ({ ...current, [key]: value || null }));

  const submit = () => {
    const parsed = competencySchema.safeParse(values);
    const module = newModule === null ? null : moduleSchema.safeParse({ name: newModule });
    const problems = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(module && !module.success ? { newModule: module.error.issues[0]!.message } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    onSubmit({ ...values, ...(module?.success ? { newModuleName: module.data.name, moduleId: null } : {}) });
  };

  return (
    <Dialog open onClose={onClose} title={initial ? "Edit Competency" : "New Competency"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          name="description"
          label="Description"
          value={values.description}
          onChange={(event) => set("description", event.target.value)}
          error={errors.description}
        />
        {newModule === null ? (
          <div>
            <label htmlFor="competency-module" className="label">
              Module (optional)
            </label>
            <div className="mt-1 flex gap-2">
              <select id="competency-module" className="input" value={values.moduleId ?? ""} onChange={(event) => set("moduleId", event.target.value)}>
                <option value="">No module</option>
                {modules.map((module) => (
                  <option key={module.id} value={module.id}>
                    {module.name}
                  </option>
                ))}
              </select>
              <button type="button" className="btn-outline shrink-0" onClick={() => setNewModule("")}>
                New module
              </button>
            </div>
          </div>
        ) : (
          <div className="flex items-end gap-2">
            <FormField
              className="flex-1"
              name="newModule"
              field="newModuleName"
              label="New module name"
              value={newModule}
              onChange={(event) => setNewModule(event.target.value)}
              error={errors.newModule}
            />
            <button type="button" className="btn-ghost mb-0.5" onClick={() => setNewModule(null)}>
              Use an existing module
            </button>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="gradeLevel"
            label="Grade level (optional)"
            value={values.gradeLevel ?? ""}
            onChange={(event) => set("gradeLevel", event.target.value)}
          />
          <FormField name="subject" label="Subject (optional)" value={values.subject ?? ""} onChange={(event) => set("subject", event.target.value)} />
        </div>
        <DialogActions onCancel={onClose} submitLabel={initial ? "Save Competency" : "Create Competency"} busy={busy} />
      </form>
    </Dialog>
  );
}
