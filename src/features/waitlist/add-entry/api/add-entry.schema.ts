import { z } from 'zod';
import type { IsoDate } from '@common/clinic-calendar';
import { checkEntry, type EntryField, type EntryFormValues, type EntryInput } from '../entry-form';

/** The form's input each of entry-form.ts's checks refuses. */
export const ENTRY_INPUT_OF: Readonly<Record<EntryField, keyof EntryFormValues>> = {
  patient: 'patient',
  dentist: 'dentistId',
  from: 'fromDate',
  to: 'toDate',
  note: 'note',
};

/**
 * Add to Waitlist (entry-form.ts holds the rules): `today` is the clinic's date when Save is
 * pressed. The one refusal is set on its input, for the form to mark it and say why.
 */
export function addEntrySchema(today: () => IsoDate) {
  return z
    .object({
      patient: z.custom<EntryFormValues['patient']>(),
      dentistId: z.string(),
      // react-hook-form gives false for a group of checkboxes none of which is ticked.
      weekdays: z.union([z.array(z.string()), z.literal(false)]).transform((days) => days || []),
      timeOfDay: z.string(),
      fromDate: z.string(),
      toDate: z.string(),
      note: z.string(),
    })
    .transform((values, context): EntryInput => {
      const checked = checkEntry(values, today());
      if (checked.ok) return checked.input;
      context.addIssue({ code: 'custom', path: [ENTRY_INPUT_OF[checked.field]], message: checked.message });
      return z.NEVER;
    });
}
