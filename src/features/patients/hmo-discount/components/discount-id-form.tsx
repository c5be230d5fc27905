import { useId, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { LoadingState } from '@/components/states/states';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureText } from '../../model/failure-text';
import { useDiscountId, useSaveDiscountId } from '../api/discount-id';
import { discountIdSchema, type DiscountIdFields } from '../coverage-forms';
import { COVERAGE_TEXT } from '../messages';

const TYPE_OPTIONS = [
  { value: '', label: COVERAGE_TEXT.discountTypes.none },
  { value: 'senior_citizen', label: COVERAGE_TEXT.discountTypes.senior_citizen },
  { value: 'pwd', label: COVERAGE_TEXT.discountTypes.pwd },
];

/** The patient's senior citizen (RA 9994) or PWD (RA 10754) ID: the type, and its number with it. */
export function DiscountIdForm({ clinicId, patientId }: { clinicId: number; patientId: number }) {
  const stored = useDiscountId(clinicId, patientId);
  if (stored.isPending) return <LoadingState label={COVERAGE_TEXT.cardsLoading} />;
  if (stored.isError) return <FormMessage message={failureText(stored.error, COVERAGE_TEXT.discountFailed)} />;
  return <DiscountIdEditor clinicId={clinicId} patientId={patientId} stored={stored.data} />;
}

function DiscountIdEditor({
  clinicId,
  patientId,
  stored,
}: {
  clinicId: number;
  patientId: number;
  stored: DiscountIdFields;
}) {
  const formId = useId();
  const save = useSaveDiscountId(clinicId, patientId);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const form = useZodForm(discountIdSchema, {
    defaultValues: { type: stored.discount_id_type ?? '', number: stored.discount_id_number ?? '' },
  });
  const type = form.watch('type');

  const submit = form.handleSubmit(async (fields) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync(fields);
      if (saved === ALREADY_PENDING) return;
      form.reset({ type: saved.discount_id_type ?? '', number: saved.discount_id_number ?? '' });
      setMessage({ tone: 'success', text: COVERAGE_TEXT.discountSaved });
    } catch (error) {
      setMessage(failureText(error, COVERAGE_TEXT.discountFailed));
    }
  });

  return (
    <section className="coverage-section" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="coverage-title">
        {COVERAGE_TEXT.discountTitle}
      </h3>
      <form className="coverage-discount" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          id={`${formId}-type`}
          label={COVERAGE_TEXT.discountType}
          options={TYPE_OPTIONS}
          {...form.register('type')}
        />
        <TextField
          id={`${formId}-number`}
          label={COVERAGE_TEXT.discountNumber}
          error={form.formState.errors.number?.message}
          disabled={type === ''}
          maxLength={50}
          autoComplete="off"
          {...form.register('number')}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? COVERAGE_TEXT.discountSaving : COVERAGE_TEXT.discountSave}
        </button>
      </form>
      <FormMessage message={message} />
    </section>
  );
}
