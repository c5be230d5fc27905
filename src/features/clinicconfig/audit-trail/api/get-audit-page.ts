import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { AuditQuery } from '../audit-filters';
import { auditKeys } from './query-keys';

export type AuditEntry = Omit<AuditLogRow, 'clinic_id'>;

export const AUDIT_PAGE_SIZE = 25;

export interface AuditPage {
  entries: AuditEntry[];
  /** Whether an older page exists. */
  hasOlder: boolean;
}

const COLUMNS =
  'id, entity, entity_id, entity_label, action, before, after, actor_user_id, actor_name, actor_email, actor_role, source, occurred_at, table_name, client_address';

/**
 * One page (0 = the newest) of the clinic's audit log under the filters, newest first; one row
 * more than a page is read to know whether an older page exists. Row-level security lets only the
 * clinic's admins and superadmins read it.
 */
export async function getAuditPage(clinicId: number, query: AuditQuery, page: number): Promise<AuditPage> {
  let request = getSupabase().from('audit_log').select(COLUMNS).eq('clinic_id', clinicId);
  if (query.entity) request = request.eq('entity', query.entity);
  if (query.actorUserId) request = request.eq('actor_user_id', query.actorUserId);
  if (query.since) request = request.gte('occurred_at', query.since);
  if (query.until) request = request.lt('occurred_at', query.until);
  const from = page * AUDIT_PAGE_SIZE;
  const rows = throwOnError(
    await request
      .order('occurred_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + AUDIT_PAGE_SIZE),
  );
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasOlder: rows.length > AUDIT_PAGE_SIZE };
}

export function useAuditPage(clinicId: number, query: AuditQuery, page: number) {
  return useQuery({
    queryKey: auditKeys.page(clinicId, query, page),
    queryFn: () => getAuditPage(clinicId, query, page),
    placeholderData: keepPreviousData,
  });
}
