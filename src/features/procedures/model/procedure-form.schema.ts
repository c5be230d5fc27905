/**
 * The inline procedure rows' form (add and edit): name and price as typed, read by
 * readProcedureForm (the one rule), so a refused field carries the same message as before.
 */
import * as z from 'zod';
import { readProcedureForm, type ProcedureFormResult } from './procedure-form';

type CategoryOfForm = Parameters<typeof readProcedureForm>[1];
type ProcedureFormValue = Extract<ProcedureFormResult, { ok: true }>['value'];

export function procedureFormSchema(category: CategoryOfForm, exceptId?: number) {
  return z.object({ name: z.string(), price: z.string() }).transform((fields, ctx): ProcedureFormValue => {
    const read = readProcedureForm(fields, category, exceptId);
    if (read.ok) return read.value;
    if (read.errors.name) ctx.addIssue({ code: 'custom', path: ['name'], message: read.errors.name });
    // A category that is gone shows where the row's name is: the add row has no cell of its own for it.
    else if (read.errors.category) ctx.addIssue({ code: 'custom', path: ['name'], message: read.errors.category });
    if (read.errors.price) ctx.addIssue({ code: 'custom', path: ['price'], message: read.errors.price });
    return z.NEVER;
  });
}
