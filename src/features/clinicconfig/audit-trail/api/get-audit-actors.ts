import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { auditKeys } from './query-keys';

export interface AuditActor {
  userId: string;
  label: string;
}

/** Everyone who made a recorded change in the clinic (rpc audit_log_actors), by name. */
export async function getAuditActors(clinicId: number): Promise<AuditActor[]> {
  const rows = throwOnError(await getSupabase().rpc('audit_log_actors', { p_clinic_id: clinicId }));
  return rows.map((row) => ({
    userId: row.actor_user_id,
    label:
      row.actor_name && row.actor_email
        ? `${row.actor_name} (${row.actor_email})`
        : row.actor_name || row.actor_email || row.actor_user_id,
  }));
}

export function useAuditActors(clinicId: number) {
  return useQuery({ queryKey: auditKeys.actors(clinicId), queryFn: () => getAuditActors(clinicId) });
}
