import { useState } from 'react';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { formatPesos, parsePesos } from '@/entities/money';
import type { Surface } from '../../model/chart-summary';
import { SurfaceChoices } from '../../model/components/surface-choices';
import { chartFailureText } from '../../model/failure-text';
import { CHART_TEXT, CONDITION_LABELS } from '../../model/messages';
import { PLAN_TEXT } from '../../model/plan-messages';
import { usePlanProcedures, type PlanProcedure } from '../api/get-plan-procedures';
import { usePlanTreatment } from '../api/plan-treatment';
import { PHASES, planTreatmentSchema } from '../plan-treatment-form';

const priceLabel = (price: string) => {
  const parsed = parsePesos(price);
  return parsed.ok ? formatPesos(parsed.centavos) : formatPesos(0);
};

const procedureLabel = (procedure: PlanProcedure) =>
  `${procedure.categoryName ? `${procedure.categoryName}: ` : ''}${procedure.name} — ${priceLabel(procedure.price)}`;

/**
 * Plan treatment on tooth N: a procedure of the price list, the surfaces (prefilled from the chart
 * entry it was opened from), the phase, and what it charts (the procedure's chart condition unless
 * changed). The database plans the item at the procedure's price and charts it as planned, at once.
 */
export function PlanTreatmentModal({
  clinicId,
  patientId,
  tooth,
  surfaces,
  onClose,
  onSaved,
}: {
  clinicId: number;
  patientId: number;
  tooth: number;
  surfaces: readonly Surface[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const procedures = usePlanProcedures(clinicId);
  const form = useZodForm(planTreatmentSchema(tooth), {
    // No condition until a procedure gives one or the dentist chooses: a default would chart a
    // procedure that charts nothing of itself (a veneer, a cleaning) as that default.
    defaultValues: { procedureId: '', surfaces: [...surfaces], condition: '', phase: '1', note: '' },
  });
  const plan = usePlanTreatment(clinicId, patientId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: plan.isPending,
    send: (input) => plan.mutateAsync(input),
    onSent: () => onSaved(PLAN_TEXT.saved(tooth)),
    failureLog: 'planning treatment',
    failureMessage: (error) => ({ tone: 'error', text: PLAN_TEXT.saveFailed, detail: chartFailureText(error) }),
  });
  // The condition the last chosen procedure set, so that switching to one without a condition
  // clears it (a crown must not stay for a cleaning) but keeps one the dentist chose.
  const [conditionFromProcedure, setConditionFromProcedure] = useState<string | null>(null);
  const procedureField = form.register('procedureId', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = procedures.data?.find((procedure) => String(procedure.id) === event.target.value);
      if (chosen?.chartCondition) {
        form.setValue('condition', chosen.chartCondition, { shouldValidate: form.formState.isSubmitted });
        setConditionFromProcedure(chosen.chartCondition);
      } else if (form.getValues('condition') === conditionFromProcedure) {
        form.setValue('condition', '');
        setConditionFromProcedure(null);
      }
    },
  });

  return (
    <FormModal {...formProps} title={PLAN_TEXT.modalTitle(tooth)} submitLabel={PLAN_TEXT.save} onClose={onClose}>
      <SelectField
        id={`${formId}-procedure`}
        label={PLAN_TEXT.procedure}
        placeholder={procedures.isPending ? PLAN_TEXT.loading : PLAN_TEXT.choose}
        options={(procedures.data ?? []).map((procedure) => ({
          value: String(procedure.id),
          label: procedureLabel(procedure),
        }))}
        error={form.formState.errors.procedureId?.message}
        {...procedureField}
      />
      <SurfaceChoices tooth={tooth} register={form.register('surfaces')} />
      <SelectField
        id={`${formId}-condition`}
        label={CHART_TEXT.condition}
        hint={PLAN_TEXT.conditionHint}
        placeholder={PLAN_TEXT.chooseCondition}
        options={Object.entries(CONDITION_LABELS).map(([value, label]) => ({ value, label }))}
        error={form.formState.errors.condition?.message}
        {...form.register('condition')}
      />
      <SelectField
        id={`${formId}-phase`}
        label={PLAN_TEXT.phaseLabel}
        options={PHASES.map((phase) => ({ value: phase, label: PLAN_TEXT.phase(Number(phase)) }))}
        {...form.register('phase')}
      />
      <Field id={`${formId}-note`} label={CHART_TEXT.note}>
        {(control) => <textarea {...control} className="input" rows={2} maxLength={500} {...form.register('note')} />}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
