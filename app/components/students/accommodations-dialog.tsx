import { type ReactNode, useRef, useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { focusFirstInvalid } from "~/components/focus-invalid";
import { FieldError } from "~/components/form-field";
import { type Accommodations, accommodationsSchema, EXTENDED_TIME, NO_ACCOMMODATIONS, OUTSIDE_ACCOMMODATIONS } from "~/domain/accommodations/accommodations";
import { ZOOM_LEVELS } from "~/domain/accommodations/student-tools";
import { fieldErrors } from "~/lib/form-errors";

type Toggle = "readAloud" | "eliminator" | "masking" | "highContrast" | "reducedChoices";

/** Each in-product support, with what it does in the student's words and whether it changes what is measured. */
const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  {
    key: "readAloud",
    label: "Read aloud",
    hint: "The browser reads the question and options aloud (Alt+R). On a reading item the session is marked non-standard.",
  },
  { key: "eliminator", label: "Answer eliminator", hint: "Strike out options, and bring them back." },
  { key: "masking", label: "Line reader", hint: "Dims the page except the lines being read." },
  { key: "highContrast", label: "High contrast", hint: "White on black; the student can switch it." },
  { key: "reducedChoices", label: "Reduced answer choices", hint: "About half the options of choice questions. Marks the session non-standard." },
];

const timeLabel = (value: Accommodations["extendedTime"]) => (value === "unlimited" ? "No time limit" : value === 1 ? "Standard time" : `×${value}`);

/**
 * Sets a student's accommodations (or several students' at once, from a class roster), with the
 * API's rules (`accommodationsSchema`, ADR 0032). `extra` adds fields of the caller's (the roster's
 * choice between the records and the class).
 */
export function AccommodationsDialog({
  title,
  initial,
  busy,
  onClose,
  onSubmit,
  extra,
  submitLabel = "Save Accommodations",
}: {
  title: string;
  initial: Accommodations | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: Accommodations) => void;
  extra?: ReactNode;
  submitLabel?: string;
}) {
  const [values, setValues] = useState<Accommodations>(initial ?? NO_ACCOMMODATIONS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const set = <Key extends keyof Accommodations>(key: Key, value: Accommodations[Key]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const parsed = accommodationsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(form.current ?? document));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} title={title}>
      <form
        ref={form}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {extra}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="accommodation-time" className="label">
              Extended time
            </label>
            <select
              id="accommodation-time"
              className="input mt-1"
              value={String(values.extendedTime)}
              onChange={(event) => set("extendedTime", event.target.value === "unlimited" ? "unlimited" : (Number(event.target.value) as 1 | 1.5 | 2))}
            >
              {EXTENDED_TIME.map((value) => (
                <option key={value} value={String(value)}>
                  {timeLabel(value)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="accommodation-zoom" className="label">
              Zoom
            </label>
            <select
              id="accommodation-zoom"
              className="input mt-1"
              value={String(values.zoom)}
              onChange={(event) => set("zoom", Number(event.target.value) as 1)}
            >
              {ZOOM_LEVELS.map((value) => (
                <option key={value} value={String(value)}>
                  {value * 100}%
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="label">Breaks</legend>
          <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="size-5" checked={values.breaks} onChange={(event) => set("breaks", event.target.checked)} />
            Pause and resume: both clocks stop during a break
          </label>
          {values.breaks ? (
            <div>
              <label htmlFor="accommodation-break-minutes" className="label">
                Most break minutes in one test
              </label>
              <input
                id="accommodation-break-minutes"
                type="number"
                inputMode="numeric"
                min={1}
                className="input mt-1 w-32"
                value={values.breakMinutes}
                aria-describedby={errors.breakMinutes ? "accommodation-break-minutes-error" : undefined}
                aria-invalid={errors.breakMinutes ? true : undefined}
                onChange={(event) => set("breakMinutes", Number(event.target.value))}
              />
              <FieldError id="accommodation-break-minutes-error" error={errors.breakMinutes} />
            </div>
          ) : null}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="label">In the test</legend>
          {TOGGLES.map(({ key, label, hint }) => (
            <label key={key} className="flex items-start gap-2 text-sm text-slate-900">
              <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={values[key]} onChange={(event) => set(key, event.target.checked)} />
              <span>
                {label} <span className="text-slate-700">· {hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="label">Given outside the product</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {Object.entries(OUTSIDE_ACCOMMODATIONS).map(([key, label]) => (
              <label key={key} className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={values.outside.includes(key as keyof typeof OUTSIDE_ACCOMMODATIONS)}
                  onChange={(event) =>
                    set(
                      "outside",
                      event.target.checked ? [...values.outside, key as keyof typeof OUTSIDE_ACCOMMODATIONS] : values.outside.filter((given) => given !== key),
                    )
                  }
                />
                {label[0]!.toUpperCase() + label.slice(1)}
              </label>
            ))}
          </div>
          <label htmlFor="accommodation-notes" className="label">
            Notes (optional)
          </label>
          <textarea
            id="accommodation-notes"
            rows={2}
            maxLength={500}
            className="input"
            value={values.notes}
            aria-describedby={errors.notes ? "accommodation-notes-error" : undefined}
            aria-invalid={errors.notes ? true : undefined}
            onChange={(event) => set("notes", event.target.value)}
          />
          <FieldError id="accommodation-notes-error" error={errors.notes} />
        </fieldset>
        <DialogActions onCancel={onClose} submitLabel={submitLabel} busy={busy} />
      </form>
    </Dialog>
  );
}
