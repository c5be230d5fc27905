import { useId, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { EmptyState } from '@/components/states/states';
import { DataTable } from '@/components/table/data-table';
import { refusalTextOf } from '@/lib/refusal-text';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { usePricedProcedures, type Coverage, type Hmo } from '../api/get-hmos';
import { useAddCoverage, useRemoveCoverage } from '../api/save-hmo';
import { coverageFormSchema, EMPTY_COVERAGE_FORM, pesosText, procedureLabels } from '../hmo-forms';
import { HMO_TEXT } from '../messages';

const failed = (text: string, error: unknown): FormMessageValue => ({
  tone: 'error',
  text,
  detail: refusalTextOf(error),
});

/** What one HMO covers of the clinic's price list: a contracted price or a percentage per procedure. */
export function CoverageModal({ clinicId, hmo, onClose }: { clinicId: number; hmo: Hmo; onClose: () => void }) {
  const formId = useId();
  const procedures = usePricedProcedures(clinicId);
  const add = useAddCoverage(clinicId, hmo.id);
  const remove = useRemoveCoverage(clinicId);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const form = useZodForm(coverageFormSchema, { defaultValues: EMPTY_COVERAGE_FORM });
  const errors = form.formState.errors;
  const byId = new Map((procedures.data ?? []).map((procedure) => [procedure.id, procedure]));
  const labels = procedureLabels(procedures.data ?? []);
  const covered = new Set(hmo.hmo_coverages.map((coverage) => coverage.procedure_id));

  const submit = form.handleSubmit(async (fields) => {
    setMessage(null);
    try {
      if ((await add.mutateAsync(fields)) !== ALREADY_PENDING) form.reset(EMPTY_COVERAGE_FORM);
    } catch (error) {
      setMessage(failed(HMO_TEXT.addFailed, error));
    }
  });

  async function onRemove(coverage: Coverage) {
    setMessage(null);
    try {
      await remove.mutateAsync(coverage.id);
    } catch (error) {
      setMessage(failed(HMO_TEXT.removeFailed, error));
    }
  }

  const covers = (coverage: Coverage) =>
    coverage.contracted_price !== null
      ? HMO_TEXT.contracted(pesosText(coverage.contracted_price))
      : HMO_TEXT.percent(String(Number(coverage.covered_percent)));

  return (
    <Modal open title={HMO_TEXT.coverageTitle(hmo.name)} onClose={onClose} closeLabel={HMO_TEXT.close} size="large">
      {hmo.hmo_coverages.length === 0 ? (
        <EmptyState title={HMO_TEXT.coverageEmpty} />
      ) : (
        <DataTable
          caption={HMO_TEXT.coverageTitle(hmo.name)}
          rows={hmo.hmo_coverages}
          rowKey={(coverage) => coverage.id}
          columns={[
            {
              key: 'procedure',
              header: HMO_TEXT.coverageColumns.procedure,
              render: (c) => labels.get(c.procedure_id),
            },
            {
              key: 'price',
              header: HMO_TEXT.coverageColumns.price,
              render: (c) => {
                const procedure = byId.get(c.procedure_id);
                return procedure ? pesosText(procedure.price) : '';
              },
            },
            { key: 'covers', header: HMO_TEXT.coverageColumns.covers, render: covers },
            {
              key: 'actions',
              header: HMO_TEXT.coverageColumns.actions,
              align: 'end',
              render: (c) => (
                <button
                  type="button"
                  className="button button-danger-outline button-small"
                  aria-label={HMO_TEXT.removeLabel(labels.get(c.procedure_id) ?? '')}
                  onClick={() => void onRemove(c)}
                >
                  {HMO_TEXT.remove}
                </button>
              ),
            },
          ]}
        />
      )}
      <form className="hmo-coverage-form" aria-label={HMO_TEXT.addCoverage} noValidate onSubmit={(e) => void submit(e)}>
        <SelectField
          id={`${formId}-procedure`}
          label={HMO_TEXT.procedure}
          placeholder={HMO_TEXT.procedurePlaceholder}
          options={(procedures.data ?? [])
            .filter((procedure) => !covered.has(procedure.id))
            .map((procedure) => ({ value: String(procedure.id), label: labels.get(procedure.id) ?? procedure.name }))}
          error={errors.procedureId?.message}
          {...form.register('procedureId')}
        />
        <SelectField
          id={`${formId}-basis`}
          label={HMO_TEXT.basis}
          options={[
            { value: 'price', label: HMO_TEXT.basisPrice },
            { value: 'percent', label: HMO_TEXT.basisPercent },
          ]}
          {...form.register('basis')}
        />
        <TextField
          id={`${formId}-amount`}
          label={HMO_TEXT.amount}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? HMO_TEXT.adding : HMO_TEXT.addCoverage}
        </button>
      </form>
      <FormMessage message={message} />
    </Modal>
  );
}
