import type { InputHTMLAttributes } from "react";

import { useDialogFieldError } from "./dialog-failure";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  /** An error to show under the field and announce with it. */
  error?: string;
  /** The field's path in the payload, when it differs from `name`: in a dialog, the server's error for it shows too. */
  field?: string;
};

/**
 * The error of a control (the form's own, or the server's inside a dialog) and the attributes
 * that tie it to the control for screen readers. `describedBy` lists ids the control is described
 * by anyway (a hint).
 */
export function useFieldError(id: string, field: string, formError?: string, describedBy?: string) {
  const serverError = useDialogFieldError(field);
  const error = formError ?? serverError;
  const errorId = `${id}-error`;
  const ids = [describedBy, error ? errorId : undefined].filter(Boolean).join(" ");
  return { error, errorId, controlProps: { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } };
}

/** A field's error under it, with the id its control is described by. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** A labelled text input whose error is tied to it for screen readers. */
export function FormField({ name, label, error: formError, field = name, id = name, className, ...input }: Props) {
  const { error, errorId, controlProps } = useFieldError(id, field, formError);
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name={name} {...controlProps} className="input mt-1" {...input} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
