import type { ReactNode } from 'react';

/** What a Field hands its control: the id its label points at and the ARIA links to the error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the error is `${id}-error`, the hint `${id}-hint`. */
  id: string;
  label: ReactNode;
  /** Shown under the control (role="alert") and linked by aria-describedby while set. */
  error?: string | undefined;
  /** The error line's class: 'field-error' (global.css) unless a form's layout needs its own. */
  errorClassName?: string;
  /** A standing hint under the control, always described by it. */
  hint?: ReactNode;
  hintClassName?: string;
  /** The hint's element and place: a span after the error (default), or a <p> before it. */
  hintPlacement?: 'after-error' | 'before-error';
  /** Extra classes beside 'field' on the wrapper. */
  className?: string;
  /** Whether the error line is announced (role="alert"); some screens announce a summary instead. */
  announceError?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** What a labelled control (TextField, SelectField) takes for its Field, beside the control's own props. */
export type FieldFrameProps = Pick<
  FieldProps,
  'id' | 'label' | 'error' | 'errorClassName' | 'announceError' | 'hint' | 'hintClassName' | 'hintPlacement'
> & {
  /** Extra classes beside 'field' on the wrapper. */
  fieldClassName?: string;
};

/** Splits a labelled control's props into its Field's and the control's own (the id goes to both). */
export function splitFieldProps<Props extends FieldFrameProps>({
  id,
  label,
  error,
  errorClassName,
  announceError,
  hint,
  hintClassName,
  hintPlacement,
  fieldClassName,
  ...control
}: Props) {
  const field = {
    id,
    label,
    error,
    errorClassName,
    announceError,
    hint,
    hintClassName,
    hintPlacement,
    className: fieldClassName,
  };
  return { field, control };
}

/** The class list of a control: `base`, plus 'is-invalid' while the field has an error. */
export function controlClass(base: string, error: string | undefined): string {
  return error ? `${base} is-invalid` : base;
}

/**
 * A label, its control and the control's error: the block every form repeats. The control is a
 * render prop, so it keeps its own element and attributes; Field supplies the id, aria-invalid and
 * aria-describedby (error first, then hint).
 */
export function Field({
  id,
  label,
  error,
  errorClassName = 'field-error',
  hint,
  hintClassName = 'field-hint',
  hintPlacement = 'after-error',
  className,
  announceError = true,
  children,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && hintPlacement === 'before-error' ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={errorClassName} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
      {hint && hintPlacement === 'after-error' ? (
        <span id={hintId} className={hintClassName}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
