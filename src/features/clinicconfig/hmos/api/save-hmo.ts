import { useQueryClient } from '@tanstack/react-query';
import { invalidateInvoiceSplits } from '@/entities/invoice';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { CoverageFields, HmoFields } from '../hmo-forms';
import { hmoKeys } from './query-keys';

// Money goes as a decimal string; the generated types call numeric columns numbers.
const asRow = (fields: HmoFields) => ({ ...fields, annual_limit: fields.annual_limit as unknown as number | null });

/** Adds an HMO (hmoId null) or changes one; admins only, as the database decides. */
export async function saveHmo(clinicId: number, hmoId: number | null, fields: HmoFields) {
  const table = getSupabase().from('hmos');
  if (hmoId === null) {
    return throwOnError(
      await table
        .insert({ ...asRow(fields), clinic_id: clinicId })
        .select('id, name')
        .single(),
    );
  }
  return firstRowOrGone(
    throwOnError(await table.update(asRow(fields)).eq('id', hmoId).eq('clinic_id', clinicId).select('id, name')),
  );
}

/**
 * An HMO or what it covers changed: the HMO list is read again, and so is who pays in Add Invoice
 * (its contracted prices, percentages, annual limit and whether it is active make the split).
 */
function useRefreshHmos(clinicId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hmoKeys.all }),
      invalidateInvoiceSplits(queryClient, clinicId),
    ]);
}

export function useSaveHmo(clinicId: number, hmoId: number | null) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: hmoKeys.save(clinicId, hmoId ?? 'new'),
    mutationFn: (fields: HmoFields) => saveHmo(clinicId, hmoId, fields),
    onSuccess: refresh,
  });
}

export function useAddCoverage(clinicId: number, hmoId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: hmoKeys.addCoverage(hmoId),
    mutationFn: async (fields: CoverageFields) =>
      throwOnError(
        await getSupabase()
          .from('hmo_coverages')
          .insert({
            clinic_id: clinicId,
            hmo_id: hmoId,
            procedure_id: fields.procedure_id,
            contracted_price: fields.contracted_price as unknown as number | null,
            covered_percent: fields.covered_percent as unknown as number | null,
          })
          .select('id')
          .single(),
      ),
    onSuccess: refresh,
  });
}

export function useRemoveCoverage(clinicId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: (coverageId: number) => hmoKeys.removeCoverage(coverageId),
    mutationFn: async (coverageId: number) =>
      throwOnError(await getSupabase().from('hmo_coverages').delete().eq('id', coverageId).eq('clinic_id', clinicId)),
    onSuccess: refresh,
  });
}
