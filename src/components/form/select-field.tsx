import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'>, FieldFrameProps {
  options: readonly (string | SelectOption)[];
  /** The select's classes ('input' by default); 'is-invalid' is added while there is an error. */
  selectClassName?: string;
  /** A first option with value '' (e.g. 'Select a dentist'). */
  placeholder?: ReactNode;
  /** A ref for the select (react-hook-form's register(...).ref included). */
  ref?: React.Ref<HTMLSelectElement>;
}

/**
 * A labelled <select className="input"> of plain values or {value, label} options. aria-invalid
 * and aria-describedby given here replace the Field's, as TextField's do.
 */
export function SelectField({ options, selectClassName = 'input', placeholder, ref, ...props }: SelectFieldProps) {
  const { field, control: selectProps } = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <select ref={ref} className={controlClass(selectClassName, field.error)} {...control} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const {
              value,
              label: text,
              disabled,
            } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value} disabled={disabled}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
