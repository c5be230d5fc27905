import { z } from 'zod';
import type { ChartCondition, ChartEntryState } from '@/lib/database.types';
import { SURFACES } from '../model/chart-summary';
import { CONDITION_LABELS, STATE_LABELS } from '../model/messages';
import type { ChartEntryInput } from './api/add-chart-entry';

const CONDITIONS = Object.keys(CONDITION_LABELS) as [ChartCondition, ...ChartCondition[]];
const STATES = Object.keys(STATE_LABELS) as [ChartEntryState, ...ChartEntryState[]];

/**
 * The Chart tooth form's inputs, as the entry the database gets. Which surfaces a condition takes
 * is the database's rule (chart_surfaces_whole_tooth): the form sends what was chosen.
 */
export function chartEntrySchema(tooth: number) {
  return z
    .object({
      surfaces: z.array(z.enum(SURFACES)).or(z.literal(false)).or(z.enum(SURFACES)),
      condition: z.enum(CONDITIONS),
      state: z.enum(STATES),
      appointmentId: z.string(),
      note: z.string().max(500),
    })
    .transform((values): ChartEntryInput => ({
      tooth,
      // react-hook-form gives one checked box as its value and none as false.
      surfaces: SURFACES.filter((surface) =>
        Array.isArray(values.surfaces) ? values.surfaces.includes(surface) : values.surfaces === surface,
      ),
      condition: values.condition,
      state: values.state,
      appointment_id: values.appointmentId ? Number(values.appointmentId) : null,
      note: values.note.trim() || null,
    }));
}

export type ChartEntryFormValues = z.input<ReturnType<typeof chartEntrySchema>>;
