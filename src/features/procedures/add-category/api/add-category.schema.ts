import { z } from 'zod';
import { readCategoryName } from '../../model/names';
import type { ProcedureCategory } from '../../model/types';

/**
 * The new category's name: required, at most 200 characters ('… cut' message), not
 * taken in the clinic ignoring case and surrounding spaces; sent trimmed.
 */
export function addCategorySchema(categories: readonly ProcedureCategory[]) {
  return z.object({
    name: z.string().transform((input, context): string => {
      const read = readCategoryName(input, categories);
      if (read.ok) return read.name;
      context.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    }),
  });
}
