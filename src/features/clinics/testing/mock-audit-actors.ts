import type { AuditLogRow } from '@/lib/database.types';
import { db, mockRpc } from '@/testing/mocks';

/**
 * What audit_log_actors (…_audit.sql) answers, for the mock: the clinic's distinct
 * actors in the mock's audit_log, each with the name and e-mail of their latest row, by name.
 * Kept for the Clinics screen's tests, which still run on the mock until they move to the real
 * database. The mock has no row-level security: a test of who may read the log belongs to the
 * integration tests (tests/integration/database/audit-trail.test.ts).
 */
export function mockAuditActors(): void {
  mockRpc('audit_log_actors', ({ p_clinic_id }) => {
    const latest = new Map<string, AuditLogRow>();
    const rows = db
      .table('audit_log')
      .where((row) => row.clinic_id === p_clinic_id && row.actor_user_id !== null)
      .sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.id - b.id);
    for (const row of rows) latest.set(row.actor_user_id!, row);
    return [...latest.values()]
      .map((row) => ({ actor_user_id: row.actor_user_id, actor_name: row.actor_name, actor_email: row.actor_email }))
      .sort((a, b) => (a.actor_name ?? a.actor_email ?? '').localeCompare(b.actor_name ?? b.actor_email ?? ''));
  });
}
