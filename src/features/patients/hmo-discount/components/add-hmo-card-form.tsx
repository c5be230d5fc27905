import { useId, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { failureText } from '../../model/failure-text';
import { useActiveHmos } from '../api/get-active-hmos';
import { useAddHmoCard } from '../api/hmo-cards';
import { CARD_LIMITS, cardFormSchema, EMPTY_CARD_FORM } from '../coverage-forms';
import { COVERAGE_TEXT } from '../messages';

type CardInput = keyof typeof EMPTY_CARD_FORM;

/** Adds a card: an HMO the clinic accepts, the member number, and optionally company, dates and a note. */
export function AddHmoCardForm({ clinicId, patientId }: { clinicId: number; patientId: number }) {
  const formId = useId();
  const hmos = useActiveHmos(clinicId);
  const add = useAddHmoCard(clinicId, patientId);
  const form = useZodForm(cardFormSchema, { defaultValues: EMPTY_CARD_FORM });
  const errors = form.formState.errors;
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const submit = form.handleSubmit(async (card) => {
    setMessage(null);
    try {
      const added = await add.mutateAsync(card);
      if (added === ALREADY_PENDING) return;
      form.reset(EMPTY_CARD_FORM);
      setMessage({ tone: 'success', text: COVERAGE_TEXT.added });
    } catch (error) {
      setMessage(failureText(error, COVERAGE_TEXT.addFailed));
    }
  });

  const text = (name: CardInput, label: string, props: { type?: string; max?: number } = {}) => (
    <TextField
      id={`${formId}-${name}`}
      label={label}
      type={props.type ?? 'text'}
      maxLength={props.max}
      autoComplete="off"
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  const options = (hmos.data ?? []).map((hmo) => ({ value: String(hmo.id), label: hmo.name }));
  return (
    <form className="coverage-add-card" aria-label={COVERAGE_TEXT.addTitle} noValidate onSubmit={(e) => void submit(e)}>
      <h4 className="coverage-subtitle">{COVERAGE_TEXT.addTitle}</h4>
      {hmos.data && options.length === 0 ? <p className="section-note">{COVERAGE_TEXT.noHmos}</p> : null}
      <div className="coverage-grid">
        <SelectField
          id={`${formId}-hmo`}
          label={COVERAGE_TEXT.hmo}
          placeholder={COVERAGE_TEXT.hmoPlaceholder}
          options={options}
          error={errors.hmoId?.message}
          {...form.register('hmoId')}
        />
        {text('member', COVERAGE_TEXT.member, { max: CARD_LIMITS.member })}
        {text('company', COVERAGE_TEXT.company, { max: CARD_LIMITS.company })}
        {text('validFrom', COVERAGE_TEXT.validFrom, { type: 'date' })}
        {text('validUntil', COVERAGE_TEXT.validUntil, { type: 'date' })}
        {text('note', COVERAGE_TEXT.note, { max: CARD_LIMITS.note })}
      </div>
      <FormMessage message={message} />
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? COVERAGE_TEXT.adding : COVERAGE_TEXT.add}
      </button>
    </form>
  );
}
