import { z } from 'zod';
import type { ChartCondition } from '@/lib/database.types';
import { SURFACES } from '../model/chart-summary';
import { CONDITION_LABELS } from '../model/messages';
import { PLAN_TEXT } from '../model/plan-messages';
import type { PlanTreatmentInput } from './api/plan-treatment';

const CONDITIONS = Object.keys(CONDITION_LABELS) as [ChartCondition, ...ChartCondition[]];
export const PHASES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * The Plan treatment form's inputs, as plan_treatment takes them. Whether a condition takes
 * surfaces is the database's rule (chart_surfaces_whole_tooth): the form sends what was chosen.
 */
export function planTreatmentSchema(tooth: number) {
  return z
    .object({
      procedureId: z.string().min(1, PLAN_TEXT.procedureRequired),
      surfaces: z.array(z.enum(SURFACES)).or(z.literal(false)).or(z.enum(SURFACES)),
      // Empty ('') until the procedure says (or the dentist chooses) what it puts on the chart.
      condition: z.enum(CONDITIONS, { error: PLAN_TEXT.conditionRequired }).or(z.literal('')),
      phase: z.enum(PHASES),
      note: z.string().max(500),
    })
    .superRefine((values, context) => {
      if (values.condition === '')
        context.addIssue({ code: 'custom', path: ['condition'], message: PLAN_TEXT.conditionRequired });
    })
    .transform((values): PlanTreatmentInput => ({
      procedureId: Number(values.procedureId),
      tooth,
      // react-hook-form gives one checked box as its value and none as false.
      surfaces: SURFACES.filter((surface) =>
        Array.isArray(values.surfaces) ? values.surfaces.includes(surface) : values.surfaces === surface,
      ),
      phase: Number(values.phase),
      // Never '' here: superRefine refused it.
      condition: values.condition as ChartCondition,
      note: values.note.trim() || null,
    }));
}

export type PlanTreatmentFormValues = z.input<ReturnType<typeof planTreatmentSchema>>;
