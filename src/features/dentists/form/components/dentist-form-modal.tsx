import { useId } from 'react';
import { firstErrorMessage } from '@/components/form/first-error-message';
import { FormModal } from '@/components/form/form-modal';
import { BoundedTextField } from '@/components/form/length-limit';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import type { Dentist } from '../../model/api/get-dentists';
import { dentistFormSchema } from '../api/dentist-form.schema';
import { DENTIST_LIMITS, dentistFormValuesOf } from '../dentist-form';
import { DENTIST_FORM_TEXT } from '../messages';
import { useDentistSubmission } from './use-dentist-submission';

/**
 * Add Dentist and Edit Dentist. The modal stays open on a failure with everything the user typed;
 * on success the screen closes it and shows the header message.
 */
export function DentistFormModal({
  clinicId,
  dentist,
  onClose,
  onSaved,
}: {
  clinicId: number;
  /** The dentist to edit; absent for Add. */
  dentist?: Dentist;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const mode = dentist ? 'edit' : 'add';
  const formId = useId();
  const form = useZodForm(dentistFormSchema(mode), { defaultValues: dentistFormValuesOf(dentist) });
  const { message, setMessage, pending, submit } = useDentistSubmission(clinicId, dentist, {
    onSaved,
    replaceValues: (values) => {
      for (const key of ['name', 'email', 'phone', 'isActive'] as const) form.setValue(key, values[key]);
    },
  });
  const refused = firstErrorMessage(form.formState.errors);

  return (
    <FormModal
      formId={formId}
      title={mode === 'add' ? DENTIST_FORM_TEXT.addTitle : DENTIST_FORM_TEXT.editTitle}
      onClose={onClose}
      onSubmit={form.handleSubmit(
        (input) => submit(form.getValues(), input),
        () => setMessage(null),
      )}
      pending={pending}
    >
      <BoundedTextField
        id={`${formId}-name`}
        label="Name"
        type="text"
        autoComplete="off"
        limit={DENTIST_LIMITS.name}
        currentValue={form.watch('name')}
        {...form.register('name')}
      />
      <TextField
        id={`${formId}-email`}
        label="Email"
        type="email"
        autoComplete="off"
        spellCheck={false}
        {...form.register('email')}
      />
      <TextField id={`${formId}-phone`} label="Phone" type="tel" autoComplete="off" {...form.register('phone')} />
      <label className="checkbox-field">
        <input type="checkbox" {...form.register('isActive')} />
        Active
      </label>
      <FormMessage message={refused ? { tone: 'error', text: refused } : message} />
    </FormModal>
  );
}
