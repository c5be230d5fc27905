import { useQueryClient } from '@tanstack/react-query';
import { invalidateInvoiceSplits } from '@/entities/invoice';
import { hmoCardKeys } from '@/entities/patient';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { CardFields } from '../coverage-forms';

/** Adds a card to the patient (patients.write); the database refuses reversed dates or an inactive HMO. */
export async function addHmoCard(clinicId: number, patientId: number, card: CardFields) {
  return throwOnError(
    await getSupabase()
      .from('patient_hmo_cards')
      .insert({ ...card, clinic_id: clinicId, patient_id: patientId })
      .select('id')
      .single(),
  );
}

/** Removes one card (a card entered by mistake; an old card is kept and shows Expired). */
export async function removeHmoCard(clinicId: number, cardId: number) {
  throwOnError(await getSupabase().from('patient_hmo_cards').delete().eq('id', cardId).eq('clinic_id', clinicId));
}

/**
 * Adding or removing a card re-reads the patient's cards, on every day they were read for, and
 * who pays in Add Invoice (the HMO's share follows the card).
 */
function useRefreshCards(clinicId: number, patientId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hmoCardKeys.patient(clinicId, patientId) }),
      invalidateInvoiceSplits(queryClient, clinicId),
    ]);
}

export function useAddHmoCard(clinicId: number, patientId: number) {
  const refresh = useRefreshCards(clinicId, patientId);
  return useGuardedMutation({
    mutationKey: ['patients', 'hmo-cards', 'add', clinicId, patientId],
    mutationFn: (card: CardFields) => addHmoCard(clinicId, patientId, card),
    onSuccess: refresh,
  });
}

export function useRemoveHmoCard(clinicId: number, patientId: number) {
  const refresh = useRefreshCards(clinicId, patientId);
  return useGuardedMutation({
    mutationKey: (cardId: number) => ['patients', 'hmo-cards', 'remove', clinicId, cardId],
    mutationFn: (cardId: number) => removeHmoCard(clinicId, cardId),
    onSuccess: refresh,
  });
}
