import { z } from 'zod';
import type { ChosenPatient } from '@/entities/patient';
import { amountSchema } from '../../model/amount-input';
import { BILLING_TEXT } from '../../model/messages';

/**
 * Add Invoice (spec §5): a patient picked from the search results, else 'Please select a
 * patient.'; Total required, at least ₱0.01, two decimals at most. Each refusal is told at its
 * field, both at once.
 */
export const addInvoiceSchema = z
  .object({
    patient: z.custom<ChosenPatient | null>().transform((patient, context) => {
      if (patient !== null) return patient.id;
      context.addIssue({ code: 'custom', message: BILLING_TEXT.selectPatient });
      return z.NEVER;
    }),
    total: amountSchema(BILLING_TEXT.fields.total),
  })
  .transform(({ patient, total }) => ({ patientId: patient, totalCentavos: total }));
