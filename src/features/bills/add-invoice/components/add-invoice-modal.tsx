import { useCallback, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { NOT_SENT, useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { centavosToDecimal } from '@/entities/money';
import type { AddInvoiceModalProps, InvoiceLinePrefill } from '@/lib/feature-slots';
import { REFUSAL_TEXT, refusalCodeOf } from '@/lib/refusal-text';
import { AmountField } from '../../model/components/amount-field';
import { invoiceFailureText } from '../../model/failure-text';
import { newIdempotencyKey } from '../../model/idempotency-key';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { useAddInvoice } from '../api/add-invoice';
import {
  invoiceFormSchema,
  TOOTH_SURFACES,
  type InvoiceFormValues,
  type InvoiceItemValues,
  type ToothSurface,
} from '../api/add-invoice.schema';
import { useAddItemisedInvoice, type ShownSplit } from '../api/add-itemised-invoice';
import { useCoverageOnFile } from '../api/get-coverage-on-file';
import type { InvoiceSplit } from '../api/preview-invoice-split';
import { lineRefusalOf } from '../line-refusal';
import { ITEM_TEXT } from '../messages';
import { emptyItem, InvoiceItemsEditor } from './invoice-items-editor';
import { PatientSearchField } from './patient-search-field';
import '../../model/components/billing-form.css';

const isToothSurface = (surface: string): surface is ToothSurface =>
  (TOOTH_SURFACES as readonly string[]).includes(surface);

/** A prefilled line as the item editor holds it (a surface it does not know is left out). */
const itemValues = (line: InvoiceLinePrefill): InvoiceItemValues => ({
  ...emptyItem(),
  procedureId: String(line.procedureId),
  tooth: line.tooth == null ? '' : String(line.tooth),
  surfaces: (line.surfaces ?? []).filter(isToothSurface),
  quantity: String(line.quantity ?? 1),
  price: centavosToDecimal(line.priceCentavos),
});

/**
 * The Add Invoice modal: a patient picked from a search by name, and Total; or,
 * after 'Itemise', line items whose sum the database makes the total. The form gets one
 * idempotency key when it opens and keeps it across retries, so a double click, a retry after a
 * lost answer or a second click while saving makes one invoice. 'Bill' on a Completed appointment
 * opens it with the patient, the appointment and the procedure's price, or with the lines done.
 */
export function AddInvoiceModal({ clinicId, onClose, prefill }: AddInvoiceModalProps) {
  const prefilledItems = prefill?.items ?? [];
  const form = useZodForm(invoiceFormSchema, {
    defaultValues: {
      itemised: prefilledItems.length > 0,
      patient: prefill?.patient ?? null,
      total: prefill?.totalCentavos === undefined ? '' : centavosToDecimal(prefill.totalCentavos),
      items: prefilledItems.map(itemValues),
    } satisfies InvoiceFormValues,
  });
  const { errors } = form.formState;
  const itemised = form.watch('itemised');
  const patient = form.watch('patient');
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The receptionist sees who pays before saving: Save waits for the chosen patient's split.
  const [splitWaiting, setSplitWaiting] = useState(false);
  // What Save confirms: the split on screen when it is pressed (the database refuses another).
  const shownSplit = useRef<ShownSplit | null>(null);
  const onSplitShown = useCallback((split: InvoiceSplit | null) => {
    shownSplit.current = split;
  }, []);
  const add = useAddInvoice(clinicId);
  const addItemised = useAddItemisedInvoice(clinicId);
  const showToast = useToast();
  const setItemised = (on: boolean) => {
    form.setValue('itemised', on);
    form.clearErrors();
    if (on && form.getValues('items').length === 0) form.setValue('items', [emptyItem()]);
  };
  // The field errors show at their fields; the message line says only why a save failed.
  const { formId, formProps, failure } = useFormSubmission(form, {
    pending: add.isPending || addItemised.isPending,
    send: async (fields) => {
      const common = { patientId: fields.patientId, appointmentId: prefill?.appointmentId, idempotencyKey };
      if (!fields.itemised) return add.mutateAsync({ ...common, totalCentavos: fields.totalCentavos });
      try {
        return await addItemised.mutateAsync({ ...common, items: fields.items, shown: shownSplit.current });
      } catch (error) {
        // A refused line is told at its field, which takes the focus; the lines stay as typed.
        const refused = lineRefusalOf(error);
        if (!refused || refused.index >= fields.items.length) throw error;
        form.setError(`items.${refused.index}.${refused.field}`, { message: refused.text }, { shouldFocus: true });
        return NOT_SENT;
      }
    },
    onSent: () => {
      showToast(BILLING_EXTRA_TEXT.invoiceAdded);
      onClose();
    },
    failureMessage: (error) => ({
      tone: 'error',
      // Not a failure: the split shown was not the one the lines now make, which shows in its place.
      text:
        refusalCodeOf(error) === 'invoice_split_changed'
          ? REFUSAL_TEXT.invoice_split_changed
          : invoiceFailureText(error),
    }),
  });

  return (
    <FormModal
      {...formProps}
      formClassName="billing-form"
      // Lines need the room for a row of fields each; a total alone, the narrow form of the spec.
      size={itemised ? 'large' : 'small'}
      title={BILLING_TEXT.addInvoice}
      onClose={onClose}
      submitLabel={BILLING_TEXT.addInvoice}
      submitDisabled={itemised && splitWaiting}
    >
      <Controller
        control={form.control}
        name="patient"
        render={({ field }) => (
          // The spec's alert, at the field it is about.
          <Field id={`${formId}-patient`} label={BILLING_TEXT.fields.patient} error={errors.patient?.message}>
            {(control) => (
              <PatientSearchField
                id={control.id}
                clinicId={clinicId}
                value={field.value}
                invalid={control['aria-invalid'] === true}
                describedBy={control['aria-describedby']}
                onChange={(chosen) => {
                  field.onChange(chosen);
                  if (chosen) form.clearErrors('patient');
                }}
              />
            )}
          </Field>
        )}
      />
      {itemised ? (
        <InvoiceItemsEditor
          clinicId={clinicId}
          formId={formId}
          form={form}
          appointmentId={prefill?.appointmentId}
          onSplitWaiting={setSplitWaiting}
          onSplitShown={onSplitShown}
        />
      ) : (
        <>
          <AmountField
            id={`${formId}-total`}
            label={BILLING_TEXT.fields.total}
            error={errors.total?.message}
            {...form.register('total', { onChange: () => form.clearErrors('total') })}
          />
          <CoverageOnFileNotice
            clinicId={clinicId}
            patientId={patient?.id ?? null}
            appointmentId={prefill?.appointmentId}
          />
        </>
      )}
      <button
        type="button"
        className="button button-secondary invoice-mode-switch"
        onClick={() => setItemised(!itemised)}
      >
        {itemised ? ITEM_TEXT.useTotal : ITEM_TEXT.itemise}
      </button>
      <FormMessage message={failure} />
    </FormModal>
  );
}

/**
 * Under Total: what on the chosen patient's file only an itemised invoice applies (the statutory
 * discount, the HMO's share on the billed appointment's day), so a total is not billed in full by
 * mistake. Nothing while unread.
 */
function CoverageOnFileNotice({
  clinicId,
  patientId,
  appointmentId,
}: {
  clinicId: number;
  patientId: number | null;
  appointmentId: number | undefined;
}) {
  const coverage = useCoverageOnFile(clinicId, patientId, appointmentId).data;
  if (!coverage || patientId === null) return null;
  const notes = [
    ...(coverage.discountIdType ? [ITEM_TEXT.discountIdOnFile(coverage.discountIdType)] : []),
    ...(coverage.hasValidHmoCard ? [ITEM_TEXT.hmoCardOnFile(appointmentId !== undefined)] : []),
  ];
  if (notes.length === 0) return null;
  return (
    <div className="form-message form-message-info coverage-on-file" role="note">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
