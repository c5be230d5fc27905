import { TextField, type TextFieldProps } from '@/components/form/text-field';

/**
 * A report period's From or To: a date input marked invalid while its field has an error and
 * then described by that error; otherwise by `noteId` (the form's note), when there is one.
 */
export function PeriodDateField({
  formId,
  name,
  invalid,
  noteId,
  ...input
}: Omit<TextFieldProps, 'id' | 'type' | 'name'> & {
  formId: string;
  name: 'from' | 'to';
  invalid: boolean;
  noteId?: string;
}) {
  return (
    <TextField
      id={`${formId}-${name}`}
      name={name}
      type="date"
      fieldClassName="reports-field"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${formId}-${name}-error` : noteId}
      {...input}
    />
  );
}
