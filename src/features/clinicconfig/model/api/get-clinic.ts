import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { clinicKeys } from '../query-keys';

/** The columns Clinic Configuration shows; the page token itself is never readable (clinic_secrets). */
export const CLINIC_SETTINGS_COLUMNS =
  'id, name, reminder_time, recall_interval_months, vat_registered, address, contact_email, contact_phone, fb_page_id, fb_page_name, messenger_page_id, page_token_hint';

export type ClinicSettings = Pick<
  ClinicRow,
  | 'id'
  | 'name'
  | 'reminder_time'
  | 'recall_interval_months'
  | 'vat_registered'
  | 'address'
  | 'contact_email'
  | 'contact_phone'
  | 'fb_page_id'
  | 'fb_page_name'
  | 'messenger_page_id'
  | 'page_token_hint'
>;

/** One clinic's settings by id; RLS decides who may read it. */
export async function getClinic(clinicId: number): Promise<ClinicSettings> {
  const answer = await getSupabase().from('clinics').select(CLINIC_SETTINGS_COLUMNS).eq('id', clinicId).single();
  if (answer.error) throw toRequestError(answer.error, answer.status, { noRowIsGone: true });
  return answer.data;
}

/** The read as the screen and the dashboard's warm start (../../prefetch.ts) both ask for it. */
export const clinicSettingsQuery = (clinicId: number) =>
  queryOptions({ queryKey: clinicKeys.detail(clinicId), queryFn: () => getClinic(clinicId) });

export function useClinic(clinicId: number) {
  return useQuery(clinicSettingsQuery(clinicId));
}
