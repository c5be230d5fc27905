import { z } from 'zod';
import { checkAuditFilters, type AuditQuery } from '../audit-filters';

/**
 * The Audit Trail's filters, read into the page's query in the clinic's time zone: From and To
 * real dates, To not before From (../audit-filters.ts); each refusal is told at its field.
 */
export function auditFiltersSchema(timeZone: string) {
  return z
    .object({ entity: z.string(), actor: z.string(), from: z.string(), to: z.string() })
    .transform((form, context): AuditQuery => {
      const checked = checkAuditFilters(form, timeZone);
      if (checked.ok) return checked.query;
      for (const field of ['from', 'to'] as const) {
        const message = checked.errors[field];
        if (message) context.addIssue({ code: 'custom', path: [field], message });
      }
      return z.NEVER;
    });
}
