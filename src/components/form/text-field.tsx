import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, controlClass, type FieldProps } from './field';

export interface TextFieldProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>,
    Pick<FieldProps, 'error' | 'errorClassName' | 'hint' | 'hintClassName' | 'hintPlacement'> {
  id: string;
  label: ReactNode;
  /** Extra classes beside 'field' on the wrapper. */
  fieldClassName?: string;
  /** The input's classes ('input' by default); 'is-invalid' is added while there is an error. */
  inputClassName?: string;
  /** A ref for the input (react-hook-form's register(...).ref included). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled <input className="input">: the Field every form writes for a plain typed value.
 * aria-invalid and aria-describedby given here replace the Field's, for a form that marks the
 * refused input itself and describes it by its message line.
 */
export function TextField({
  id,
  label,
  error,
  errorClassName,
  hint,
  hintClassName,
  hintPlacement,
  fieldClassName,
  inputClassName = 'input',
  ref,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      errorClassName={errorClassName}
      hint={hint}
      hintClassName={hintClassName}
      hintPlacement={hintPlacement}
      className={fieldClassName}
    >
      {(control) => <input ref={ref} className={controlClass(inputClassName, error)} {...control} {...inputProps} />}
    </Field>
  );
}
