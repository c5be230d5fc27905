import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';

/** Under the clinic's list key: whatever reads the list again reads this again. */
export const billedAppointmentsKey = (clinicId: number) => [...appointmentKeys.list(clinicId), 'billed'] as const;

/**
 * The clinic's appointments that have an invoice that is not void, with that invoice's id
 * (the database allows one such invoice per appointment). One small read beside the list's.
 */
export async function getBilledAppointments(clinicId: number): Promise<ReadonlyMap<number, number>> {
  const rows = throwOnError(
    await getSupabase()
      .from('invoices')
      .select('id, appointment_id')
      .eq('clinic_id', clinicId)
      .not('appointment_id', 'is', null)
      .is('voided_at', null),
  );
  const invoiceByAppointment = new Map<number, number>();
  for (const row of rows) if (row.appointment_id !== null) invoiceByAppointment.set(row.appointment_id, row.id);
  return invoiceByAppointment;
}

/** Read only where 'Bill' can be offered (the app filled the Add Invoice slot). */
export function useBilledAppointments(clinicId: number, enabled: boolean) {
  return useQuery({
    queryKey: billedAppointmentsKey(clinicId),
    queryFn: () => getBilledAppointments(clinicId),
    enabled,
  });
}
