import { useState } from 'react';
import { FormModal } from '@/components/form/form-modal';
import { TextField } from '@/components/form/text-field';
import { NOT_SENT, useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { getHmo, type Hmo } from '../api/get-hmos';
import { useAddHmo, useUpdateHmo } from '../api/save-hmo';
import { EMPTY_HMO_FORM, hmoFormSchema, hmoFormValuesOf, storedHmoFieldsOf, type HmoFields } from '../hmo-forms';
import { HMO_TEXT } from '../messages';
import { hmoSaveFailure, saveHmoEdit } from '../save-hmo-edit';

/**
 * Add an HMO, or edit one (name, claim deadline, annual limit, active). Edit writes only while
 * the HMO is stored as the form last saw it (docs/adr/0023-concurrent-edits.md): after a save made
 * elsewhere meanwhile the form shows that save's values where this user changed nothing, keeps
 * what was typed, and says so.
 */
export function HmoFormModal({ clinicId, hmo, onClose }: { clinicId: number; hmo: Hmo | null; onClose: () => void }) {
  const add = useAddHmo(clinicId);
  const update = useUpdateHmo(clinicId);
  const toast = useToast();
  const form = useZodForm(hmoFormSchema, { defaultValues: hmo ? hmoFormValuesOf(hmo) : EMPTY_HMO_FORM });
  // Edit: the HMO as stored when the form opened (or was last brought up to date); a save only goes
  // through while the database still holds it.
  const [opened, setOpened] = useState<HmoFields | null>(() => (hmo ? storedHmoFieldsOf(hmo) : null));
  const errors = form.formState.errors;
  const { formId, formProps, message, setFailure } = useFormSubmission(form, {
    pending: add.isPending || update.isPending,
    send: async (fields) => {
      if (!hmo || !opened) return add.mutateAsync(fields);
      const hmoId = hmo.id;
      const outcome = await saveHmoEdit(
        { typed: form.getValues(), fields, opened },
        {
          write: (written, stored) => update.mutateAsync({ hmoId, fields: written, opened: stored }),
          readCurrent: () => getHmo(clinicId, hmoId),
        },
      );
      switch (outcome.type) {
        case 'saved':
          return outcome.row;
        case 'already-pending':
          return NOT_SENT;
        case 'changed-meanwhile':
          form.reset(outcome.values, { keepDefaultValues: true });
          setOpened(outcome.opened);
          setFailure(outcome.message);
          return NOT_SENT;
        case 'failed':
          throw outcome.error;
      }
    },
    onSent: (saved) => {
      toast(HMO_TEXT.saved(saved.name), { tone: 'success' });
      onClose();
    },
    failureLog: 'saving an HMO',
    failureMessage: hmoSaveFailure,
  });

  return (
    <FormModal
      {...formProps}
      // The name as last read: a rename saved elsewhere meanwhile retitles the form with the values.
      title={opened ? HMO_TEXT.editTitle(opened.name) : HMO_TEXT.addTitle}
      onClose={onClose}
      submitLabel={HMO_TEXT.save}
      pendingLabel={HMO_TEXT.saving}
    >
      <TextField
        id={`${formId}-name`}
        label={HMO_TEXT.name}
        maxLength={100}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        id={`${formId}-deadline`}
        label={HMO_TEXT.deadline}
        inputMode="numeric"
        hint={HMO_TEXT.deadlineHint}
        error={errors.deadline?.message}
        {...form.register('deadline')}
      />
      <TextField
        id={`${formId}-limit`}
        label={HMO_TEXT.limit}
        inputMode="decimal"
        autoComplete="off"
        error={errors.limit?.message}
        {...form.register('limit')}
      />
      <label className="hmo-active-field">
        <input type="checkbox" {...form.register('active')} /> {HMO_TEXT.activeLabel}
      </label>
      <FormMessage message={message} />
    </FormModal>
  );
}
