/**
 * The exports' reads: the clinic (name, zone) and each export's rows, a page at a time. Every page
 * is read in a read-only transaction of its own as the caller (role `authenticated` with the
 * caller's JWT claims, as PostgREST does), so row-level security decides what an export may hold,
 * exactly as it decides what the tab shows. Pages follow a keyset (the list's order plus the id),
 * so no page holds a connection (or PGlite's one connection) while the client reads the last one.
 */
import type {
  AppointmentExportRow,
  AuditExportRow,
  ExportFilters,
  InvoiceExportRow,
  PatientExportRow,
  PaymentExportRow,
} from '@common/csv/exports';
import type { Caller, ServiceDatabase, SqlClient } from '../contracts';

export const EXPORT_PAGE_ROWS = 1000;

export interface ExportClinic {
  id: number;
  name: string;
  timeZone: string;
}

/** The clinic's name and time zone (read as the service: the route has checked the caller's access). */
export async function loadExportClinic(db: SqlClient, clinicId: number): Promise<ExportClinic | null> {
  const { rows } = await db.query<{ name: string; timezone: string }>(
    'select name, timezone from public.clinics where id = $1',
    [clinicId],
  );
  const row = rows[0];
  return row ? { id: clinicId, name: row.name, timeZone: row.timezone } : null;
}

/** PostgREST's settings for a signed-in caller, read-only: what RLS reads (auth.uid()) and may do. */
const AS_CALLER = `select set_config('role', 'authenticated', true),
       set_config('request.jwt.claims', $1, true),
       set_config('transaction_read_only', 'on', true)`;

async function readAsCaller<Row>(db: ServiceDatabase, caller: Caller, sql: string, params: unknown[]): Promise<Row[]> {
  const claims = JSON.stringify({ sub: caller.userId, role: 'authenticated', email: caller.email });
  return db.transaction(async (tx) => {
    await tx.query(AS_CALLER, [claims]);
    return (await tx.query<Row>(sql, params)).rows;
  });
}

/** Reads the rows of one export in order, a page per call; an empty page means the end. */
export interface ExportPager<Row> {
  next(): Promise<Row[]>;
}

/**
 * A pager over `page(after)`: `after` is null for the first page, else the key of the last row
 * read. Stops after a short page.
 */
function keysetPager<Row, Key>(
  page: (after: Key | null) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): ExportPager<Row> {
  let after: Key | null = null;
  let done = false;
  return {
    async next() {
      if (done) return [];
      const rows = await page(after);
      if (rows.length < EXPORT_PAGE_ROWS) done = true;
      const last = rows.at(-1);
      if (last) after = keyOf(last);
      return rows;
    },
  };
}

/** Pesos with two decimals from integer centavos, exactly (numeric, never a float). */
const pesos = (centavos: string) => `(${centavos}::numeric / 100)::numeric(16, 2)::text`;

export function patientPager(db: ServiceDatabase, caller: Caller, clinicId: number): ExportPager<PatientExportRow> {
  return keysetPager<PatientExportRow, [string, string]>(
    (after) =>
      readAsCaller(
        db,
        caller,
        `select p.id::text as id, p.name, p.phone, p.messenger_id, f.no_show_count::text as no_show_count
           from public.patients p
           left join lateral (
             select n.no_show_count from public.patient_no_show_flags n
              where n.clinic_id = p.clinic_id and n.patient_id = p.id
           ) f on true
          where p.clinic_id = $1 and not p.deleted
            ${after ? 'and (p.name, p.id) > ($3::text, $4::bigint)' : ''}
          order by p.name, p.id
          limit $2`,
        after ? [clinicId, EXPORT_PAGE_ROWS, ...after] : [clinicId, EXPORT_PAGE_ROWS],
      ),
    (row) => [row.name, row.id],
  );
}

/** The clinic's date and 24-hour time of day of `column` ('2027-03-02', '09:20') in zone `zone`: the Date and Time cells. */
const localParts = (column: string, zone: string) =>
  `to_char(${column} at time zone ${zone}, 'YYYY-MM-DD') as local_date,
   to_char(${column} at time zone ${zone}, 'HH24:MI') as local_time`;

/** One page of an appointments export: $1 clinic, $2 limit, $3–$4 the period, $5 the zone, then the dentist and the keyset. */
export function appointmentPageSql(options: { dentist: boolean; after: boolean }): string {
  const dentist = options.dentist ? 'and a.dentist_id = $6::bigint' : '';
  const next = options.dentist ? 7 : 6;
  return `select a.id::text as id, to_json(a.appointment_time) #>> '{}' as appointment_time,
                 ${localParts('a.appointment_time', '$5::text')},
                 p.name as patient_name, p.messenger_id as patient_messenger_id, a.guardian_messenger_id,
                 d.name as dentist_name, a.reason, a.booking_origin, a.status
            from public.appointments a
            left join public.patients p on p.id = a.patient_id
            left join public.dentists d on d.id = a.dentist_id
           where a.clinic_id = $1 and not a.deleted
             and a.appointment_time >= $3::timestamptz and a.appointment_time < $4::timestamptz
             ${dentist}
             ${options.after ? `and (a.appointment_time, a.id) > ($${next}::timestamptz, $${next + 1}::bigint)` : ''}
           order by a.appointment_time, a.id
           limit $2`;
}

export function appointmentPager(
  db: ServiceDatabase,
  caller: Caller,
  clinic: ExportClinic,
  filters: ExportFilters['appointments'],
): ExportPager<AppointmentExportRow> {
  const dentist = filters.dentistId !== null;
  return keysetPager<AppointmentExportRow, [string, string]>(
    (after) =>
      readAsCaller(db, caller, appointmentPageSql({ dentist, after: after !== null }), [
        clinic.id,
        EXPORT_PAGE_ROWS,
        filters.from,
        filters.to,
        clinic.timeZone,
        ...(dentist ? [filters.dentistId] : []),
        ...(after ?? []),
      ]),
    (row) => [row.appointment_time, row.id],
  );
}

const INVOICE_STATUS_SQL: Record<ExportFilters['invoices']['status'], string> = {
  All: '',
  Paid: `and i.voided_at is null and i.status = 'Paid'`,
  Partial: `and i.voided_at is null and i.status = 'Partial'`,
  Unpaid: `and i.voided_at is null and i.status = 'Unpaid'`,
  Void: 'and i.voided_at is not null',
};

export function invoicePager(
  db: ServiceDatabase,
  caller: Caller,
  clinicId: number,
  filters: ExportFilters['invoices'],
): ExportPager<InvoiceExportRow> {
  return keysetPager<InvoiceExportRow, string>(
    (after) =>
      readAsCaller(
        db,
        caller,
        `select i.id::text as id, i.patient_id::text as patient_id, i.patient_name,
                ${pesos('i.total_centavos')} as total, ${pesos('i.balance_centavos')} as balance,
                i.status, i.voided_at::text as voided_at, i.void_reason
           from public.invoice_summaries i
          where i.clinic_id = $1 ${INVOICE_STATUS_SQL[filters.status]}
            ${after ? 'and i.id < $3::bigint' : ''}
          order by i.id desc
          limit $2`,
        after ? [clinicId, EXPORT_PAGE_ROWS, after] : [clinicId, EXPORT_PAGE_ROWS],
      ),
    (row) => row.id,
  );
}

export function paymentPager(db: ServiceDatabase, caller: Caller, clinic: ExportClinic): ExportPager<PaymentExportRow> {
  return keysetPager<PaymentExportRow, [string, string]>(
    (after) =>
      readAsCaller(
        db,
        caller,
        `select p.id::text as id, p.invoice_id::text as invoice_id, p.patient_name,
                ${pesos('p.amount_centavos')} as amount, p.method, p.reference_number,
                to_json(p.payment_date) #>> '{}' as payment_date, ${localParts('p.payment_date', '$3::text')},
                p.voided_at::text as voided_at, p.void_reason
           from public.payment_entries p
          where p.clinic_id = $1
            ${after ? 'and (p.payment_date, p.id) < ($4::timestamptz, $5::bigint)' : ''}
          order by p.payment_date desc, p.id desc
          limit $2`,
        [clinic.id, EXPORT_PAGE_ROWS, clinic.timeZone, ...(after ?? [])],
      ),
    (row) => [row.payment_date, row.id],
  );
}

/** The clinic's audit trail under the Audit Trail's filters, newest first (as the screen lists it). */
export function auditPager(
  db: ServiceDatabase,
  caller: Caller,
  clinic: ExportClinic,
  filters: ExportFilters['audit'],
): ExportPager<AuditExportRow> {
  return keysetPager<AuditExportRow, [string, string]>(
    (after) =>
      readAsCaller(
        db,
        caller,
        `select l.id::text as id, to_json(l.occurred_at) #>> '{}' as occurred_at, ${localParts('l.occurred_at', '$7::text')},
                $7::text as time_zone, l.entity, l.action, l.entity_label,
                l.actor_name, l.actor_email, l.actor_role, l.source, l.client_address, l.before, l.after
           from public.audit_log l
          where l.clinic_id = $1
            and ($3::public.audit_entity is null or l.entity = $3::public.audit_entity)
            and ($4::uuid is null or l.actor_user_id = $4::uuid)
            and ($5::timestamptz is null or l.occurred_at >= $5::timestamptz)
            and ($6::timestamptz is null or l.occurred_at < $6::timestamptz)
            ${after ? 'and (l.occurred_at, l.id) < ($8::timestamptz, $9::bigint)' : ''}
          order by l.occurred_at desc, l.id desc
          limit $2`,
        [
          clinic.id,
          EXPORT_PAGE_ROWS,
          filters.entity,
          filters.actor,
          filters.since,
          filters.until,
          clinic.timeZone,
          ...(after ?? []),
        ],
      ),
    (row) => [row.occurred_at, row.id],
  );
}
