import { z } from 'zod';
import { checkClinicForm, CLINIC_FIELD_ORDER, type ClinicPayload } from '../../model/clinic-form';

/**
 * The Clinic Configuration form: name and reminder time required, recall months
 * and the contact fields within their limits (model/clinic-form.ts holds the rules and messages);
 * each refusal is told at its field.
 */
export const clinicFormSchema = z
  .object({
    name: z.string(),
    reminderTime: z.string(),
    recallMonths: z.string(),
    vatRegistered: z.boolean(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  })
  .transform((values, context): ClinicPayload => {
    const check = checkClinicForm(values);
    if (check.ok) return check.payload;
    for (const field of CLINIC_FIELD_ORDER) {
      const message = check.errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
