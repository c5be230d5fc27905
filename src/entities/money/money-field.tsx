import type { InputHTMLAttributes, Ref } from 'react';
import { z } from 'zod';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from '@/components/form/field';
import { parsePesos, type PesosParse } from './money';

export interface MoneyFieldProps
  extends
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'id' | 'className' | 'type' | 'inputMode' | 'aria-invalid' | 'aria-describedby'
    >,
    FieldFrameProps {
  /** The input's classes ('input' by default); 'is-invalid' is added while there is an error. */
  inputClassName?: string;
  /** Wraps the input in `<div className={wrapperClassName}>` with a ₱ sign before it. */
  wrapperClassName?: string;
  signClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A pesos input: text with the decimal keypad, never type="number" (which hands the page an empty
 * value for "1,500"). Its value stays the string typed; `pesosSchema` (or the screen's own parser)
 * reads it into integer centavos, so no float of pesos is ever handed over.
 */
export function MoneyInput({
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={32}
      placeholder="0.00"
      data-step="0.01"
      {...props}
    />
  );
}

/** A pesos field of a form: a MoneyInput with its label, hint and error, and a ₱ sign when asked. */
export function MoneyField({
  inputClassName = 'input',
  wrapperClassName,
  signClassName,
  ref,
  ...props
}: MoneyFieldProps) {
  const { field, control: inputProps } = splitFieldProps(props);
  const { error } = field;
  return (
    <Field {...field}>
      {(control) => {
        const input = (
          <MoneyInput ref={ref} className={controlClass(inputClassName, error)} {...control} {...inputProps} />
        );
        if (!wrapperClassName) return input;
        return (
          <div className={wrapperClassName}>
            <span className={signClassName} aria-hidden="true">
              ₱
            </span>
            {input}
          </div>
        );
      }}
    </Field>
  );
}

type PesosFailure = Extract<PesosParse, { ok: false }>['reason'];

/**
 * A zod schema reading a pesos string ("1,500.50") into integer centavos, with the screen's own
 * message for each way it can be refused (zero too, unless `allowZero`).
 */
export function pesosSchema(messages: Record<PesosFailure, string>, options: { allowZero?: boolean } = {}) {
  return z.string().transform((input, context): number => {
    const parsed = parsePesos(input, options);
    if (parsed.ok) return parsed.centavos;
    context.addIssue({ code: 'custom', message: messages[parsed.reason] });
    return z.NEVER;
  });
}
