import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { hmoKeys } from './query-keys';

export interface Coverage {
  id: number;
  procedure_id: number;
  /** Pesos as the database wrote them ('900.00'), or null when covered by percentage. */
  contracted_price: string | null;
  covered_percent: string | null;
}

/** An HMO as stored, without what it covers: what Edit HMO reads back and writes. */
export interface StoredHmo {
  id: number;
  name: string;
  claim_deadline_days: number;
  /** Pesos as the database wrote them ('30000.00'), or null for no limit. */
  annual_limit: string | null;
  active: boolean;
}

export interface Hmo extends StoredHmo {
  hmo_coverages: Coverage[];
}

/** Money and percentages are read as text, so no binary float of pesos reaches the screen. */
export const STORED_HMO_COLUMNS = 'id, name, claim_deadline_days, annual_limit::text, active';
export const HMO_COLUMNS = `${STORED_HMO_COLUMNS}, hmo_coverages(id, procedure_id, contracted_price::text, covered_percent::text)`;

/** The clinic's HMOs by name, each with what it covers. */
export async function getHmos(clinicId: number): Promise<Hmo[]> {
  const answer = await getSupabase().from('hmos').select(HMO_COLUMNS).eq('clinic_id', clinicId).order('name');
  return throwOnError(answer) as unknown as Hmo[];
}

/** The HMO as stored now, or null when it is deleted (or not the clinic's). */
export async function getHmo(clinicId: number, hmoId: number): Promise<StoredHmo | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('hmos')
      .select(STORED_HMO_COLUMNS)
      .eq('id', hmoId)
      .eq('clinic_id', clinicId)
      .overrideTypes<StoredHmo[], { merge: false }>(),
  );
  return rows[0] ?? null;
}

export function useHmos(clinicId: number) {
  return useQuery({ queryKey: hmoKeys.clinic(clinicId), queryFn: () => getHmos(clinicId) });
}

export interface PricedProcedure {
  id: number;
  name: string;
  price: string;
  /** Its category's name: names are unique within a category only. */
  category: string | null;
}

interface PricedProcedureRead {
  id: number;
  name: string;
  price: string;
  procedure_categories: { name: string } | null;
}

/** The clinic's price list (table procedures), by name: what an HMO may cover. */
export async function getPricedProcedures(clinicId: number): Promise<PricedProcedure[]> {
  const answer = await getSupabase()
    .from('procedures')
    .select('id, name, price::text, procedure_categories(name)')
    .eq('clinic_id', clinicId)
    .order('name')
    .order('id')
    .overrideTypes<PricedProcedureRead[], { merge: false }>();
  return throwOnError(answer).map(({ procedure_categories: category, ...procedure }) => ({
    ...procedure,
    category: category?.name ?? null,
  }));
}

export function usePricedProcedures(clinicId: number) {
  return useQuery({ queryKey: hmoKeys.procedures(clinicId), queryFn: () => getPricedProcedures(clinicId) });
}
