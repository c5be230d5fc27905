import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { USERS_TEXT } from '../messages';

/** A user's Name input, in Add User and Edit User alike. */
export function UserNameField({ formId, ...registered }: UseFormRegisterReturn & { formId: string }) {
  return (
    <TextField
      id={`${formId}-name`}
      label={USERS_TEXT.fields.name}
      type="text"
      autoComplete="off"
      maxLength={200}
      {...registered}
    />
  );
}
