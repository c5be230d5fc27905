import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOpenBooking } from '@/entities/appointment';
import { useSignedInUser } from '@/lib/session';
import { chartKeys } from '../model/query-keys';
import { bookingDentistFor, type PlanItem } from '../model/treatment-plan';
import { useBookableDentists } from './api/get-bookable-dentists';
import { linkPlanItemAppointment } from './api/link-plan-item';

/**
 * Book on a plan item: hands the Appointments tab the patient, the procedure (its name becomes the
 * reason) and the dentist to preselect, and once the appointment is booked keeps it with the item.
 * Null outside the dashboard, where there is no Appointments tab to hand over to.
 */
export function useBookPlanItem(
  clinicId: number,
  patient: { id: number; name: string },
): ((item: PlanItem) => void) | null {
  const openBooking = useOpenBooking();
  const user = useSignedInUser();
  const dentists = useBookableDentists(clinicId, openBooking !== null);
  const queryClient = useQueryClient();
  const book = useCallback(
    (item: PlanItem) => {
      openBooking?.({
        clinicId,
        patient,
        dentistId: bookingDentistFor(dentists.data ?? [], user.supabase_email, item.plannedByName),
        procedureId: item.procedureId ?? undefined,
        onBooked: async (appointmentId) => {
          await linkPlanItemAppointment(item.id, appointmentId);
          await queryClient.invalidateQueries({ queryKey: chartKeys.plan(clinicId, patient.id) });
        },
      });
    },
    [clinicId, patient, dentists.data, user.supabase_email, openBooking, queryClient],
  );
  return openBooking ? book : null;
}
