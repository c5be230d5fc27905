import { z } from 'zod';
import { LINK_TEXT } from '../messages';
import type { LinkPatient } from './search-link-patients';

/**
 * Link to patient: a patient picked from the search's matches is required ('Please select a
 * patient.'); the message is the form's, not the field's.
 */
export const linkContactSchema = z
  .object({ patient: z.custom<LinkPatient | null>() })
  .transform(({ patient }, context): LinkPatient => {
    if (patient) return patient;
    context.addIssue({ code: 'custom', path: ['root'], message: LINK_TEXT.choosePatient });
    return z.NEVER;
  });
