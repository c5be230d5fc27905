import { FormModal } from '@/components/form/form-modal';
import { TextField } from '@/components/form/text-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { refusalTextOf } from '@/lib/refusal-text';
import type { Hmo } from '../api/get-hmos';
import { useSaveHmo } from '../api/save-hmo';
import { EMPTY_HMO_FORM, hmoFormSchema } from '../hmo-forms';
import { HMO_TEXT } from '../messages';

/** Add an HMO, or edit one (name, claim deadline, annual limit, active). */
export function HmoFormModal({ clinicId, hmo, onClose }: { clinicId: number; hmo: Hmo | null; onClose: () => void }) {
  const save = useSaveHmo(clinicId, hmo?.id ?? null);
  const toast = useToast();
  const form = useZodForm(hmoFormSchema, {
    defaultValues: hmo
      ? { name: hmo.name, deadline: String(hmo.claim_deadline_days), limit: hmo.annual_limit ?? '', active: hmo.active }
      : EMPTY_HMO_FORM,
  });
  const errors = form.formState.errors;
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: save.isPending,
    send: (fields) => save.mutateAsync(fields),
    onSent: (saved) => {
      toast(HMO_TEXT.saved(saved.name), { tone: 'success' });
      onClose();
    },
    failureLog: 'saving an HMO',
    failureMessage: (error) => ({ tone: 'error', text: HMO_TEXT.saveFailed, detail: refusalTextOf(error) }),
  });

  return (
    <FormModal
      {...formProps}
      formClassName="hmo-form"
      title={hmo ? HMO_TEXT.editTitle(hmo.name) : HMO_TEXT.addTitle}
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
