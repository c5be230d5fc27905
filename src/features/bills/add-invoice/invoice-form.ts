/**
 * The Add Invoice form's rules (spec §5): a patient picked from the search results, else 'Please
 * select a patient.'; Total required, at least ₱0.01, two decimals at most. Pure.
 */
import { readAmount } from '../model/amount-input';
import { BILLING_TEXT } from '../model/messages';

export interface ChosenPatient {
  id: number;
  name: string;
}

export interface InvoiceFormValues {
  patient: ChosenPatient | null;
  total: string;
}

export interface InvoiceFields {
  patientId: number;
  totalCentavos: number;
}

export type InvoiceFormCheck =
  { ok: true; fields: InvoiceFields } | { ok: false; errors: { patient?: string; total?: string } };

export function checkInvoiceForm(values: InvoiceFormValues): InvoiceFormCheck {
  const errors: { patient?: string; total?: string } = {};
  if (values.patient === null) errors.patient = BILLING_TEXT.selectPatient;
  const total = readAmount(BILLING_TEXT.fields.total, values.total);
  if (!total.ok) errors.total = total.message;
  if (values.patient === null || !total.ok) return { ok: false, errors };
  return { ok: true, fields: { patientId: values.patient.id, totalCentavos: total.centavos } };
}
