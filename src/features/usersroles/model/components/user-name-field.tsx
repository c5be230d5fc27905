import type { UseFormRegisterReturn } from 'react-hook-form';
import { NAME_MAX_LENGTH } from '@common/contract/limits';
import { BoundedTextField } from '@/components/form/length-limit';
import { USERS_TEXT } from '../messages';

/** A user's Name input, in Add User and Edit User alike: cut at the column's length, saying so. */
export function UserNameField({
  formId,
  currentValue,
  ...registered
}: UseFormRegisterReturn & { formId: string; currentValue: string }) {
  return (
    <BoundedTextField
      id={`${formId}-name`}
      label={USERS_TEXT.fields.name}
      type="text"
      autoComplete="off"
      limit={NAME_MAX_LENGTH}
      currentValue={currentValue}
      {...registered}
    />
  );
}
