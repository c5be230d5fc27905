import type { AppointmentUpdatedPayload } from '@common/contract';
import type { SqlClient } from '../contracts';

/**
 * The `appointment-updated` payloads of the appointments `ids` that still exist: every column of
 * the row plus the patient's and dentist's names, built as JSON in SQL so bigint ids arrive as
 * numbers from pg and PGlite alike.
 */
export async function loadAppointmentUpdates(
  db: SqlClient,
  ids: readonly number[],
): Promise<AppointmentUpdatedPayload[]> {
  const { rows } = await db.query<{ rows: unknown }>(
    `select coalesce(json_agg(to_jsonb(a) || jsonb_build_object('patient_name', p.name, 'dentist_name', d.name)
                              order by a.id), '[]'::json) as rows
       from public.appointments a
       left join public.patients p on p.id = a.patient_id
       left join public.dentists d on d.id = a.dentist_id
      where a.id = any ($1::bigint[])`,
    [ids],
  );
  const value = rows[0]?.rows ?? [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as AppointmentUpdatedPayload[];
}
