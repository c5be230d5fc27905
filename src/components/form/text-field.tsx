import type { InputHTMLAttributes, Ref } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>, FieldFrameProps {
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
export function TextField({ inputClassName = 'input', ref, ...props }: TextFieldProps) {
  const { field, control: inputProps } = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <input ref={ref} className={controlClass(inputClassName, field.error)} {...control} {...inputProps} />
      )}
    </Field>
  );
}
