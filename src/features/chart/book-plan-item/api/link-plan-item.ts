import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';

/**
 * Keeps the appointment just booked for a plan item (public.link_plan_item_appointment), so the
 * Completed dialog of that appointment knows what was planned for it.
 */
export async function linkPlanItemAppointment(itemId: number, appointmentId: number): Promise<void> {
  throwOnError(
    await getSupabase().rpc('link_plan_item_appointment', { p_item_id: itemId, p_appointment_id: appointmentId }),
  );
}
