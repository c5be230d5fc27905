/**
 * The dental chart's live event (issue 33): a chart entry of the clinic was recorded or removed.
 * It names the patient and the entry only; screens open on that patient re-read the chart.
 * Browser-safe: zod/mini only.
 */
import * as z from 'zod/mini';

export const CHART_UPDATED = 'chart-updated';

export const chartUpdatedPayloadSchema = z.object({
  clinic_id: z.int().check(z.positive()),
  patient_id: z.int().check(z.positive()),
  entry_id: z.int().check(z.positive()),
});

export type ChartUpdatedPayload = z.infer<typeof chartUpdatedPayloadSchema>;
