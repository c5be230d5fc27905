import { centavosOfStored } from '@/entities/money';
import type { BillItemsSource, InvoiceLinePrefill } from '@/lib/feature-slots';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

interface DoneItemRead {
  procedure_id: number | null;
  tooth: number;
  surfaces: string[];
  price: string;
}

/**
 * The treatment plan items done at an appointment, as the lines its invoice starts with: the
 * procedure, tooth, surfaces and the price the patient was quoted when the item was planned (not
 * today's price list). An item whose procedure has since left the price list has no procedure to
 * bill; the form then starts without it and the receptionist adds it by hand.
 */
export const itemsDoneAt: BillItemsSource = async (appointment) => {
  const rows = throwOnError(
    await getSupabase()
      .from('treatment_plan_items')
      .select('procedure_id, tooth, surfaces, price::text')
      .eq('appointment_id', appointment.id)
      .eq('patient_id', appointment.patientId)
      .eq('status', 'done')
      .order('phase')
      .order('id')
      .overrideTypes<DoneItemRead[], { merge: false }>(),
  );
  return rows.flatMap((row): InvoiceLinePrefill[] =>
    row.procedure_id === null
      ? []
      : [
          {
            procedureId: row.procedure_id,
            tooth: row.tooth,
            surfaces: row.surfaces,
            priceCentavos: centavosOfStored(row.price),
          },
        ],
  );
};
