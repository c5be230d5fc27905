import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** What a full input says: the browser kept the first `max` characters of what was typed or pasted. */
export const lengthLimitText = (label: string, max: number) => `${label} can be at most ${max} characters.`;

/**
 * The note under an input cut at `max` (its maxLength), once it holds that many: without it a
 * paste of a longer text is silently shortened. Undefined while there is room, so nothing
 * describes the input then.
 */
export function lengthLimitNote(label: string, currentValue: string, max: number): ReactNode | undefined {
  return currentValue.length >= max ? <span role="status">{lengthLimitText(label, max)}</span> : undefined;
}

export interface BoundedTextFieldProps extends Omit<TextFieldProps, 'label' | 'maxLength' | 'max' | 'hint' | 'value'> {
  /** The field's name, in the label and in the note. */
  label: string;
  /** Shown after the label only (e.g. '(optional)'). */
  labelExtra?: ReactNode;
  /** The most characters the input takes (its maxLength). */
  limit: number;
  /** What the input holds now (react-hook-form's watch), to tell when it is full. */
  currentValue: string;
}

/** A TextField cut at `limit` characters that says so once it is full (lengthLimitNote). */
export function BoundedTextField({ label, labelExtra, limit, currentValue, ...props }: BoundedTextFieldProps) {
  return (
    <TextField
      label={
        labelExtra ? (
          <>
            {label}
            {labelExtra}
          </>
        ) : (
          label
        )
      }
      maxLength={limit}
      hint={lengthLimitNote(label, currentValue, limit)}
      hintPlacement="before-error"
      {...props}
    />
  );
}
