/**
 * The rows the benches fill their clinic with, in bulk through generate_series: one statement for
 * each kind of row that several benches make, with each bench's own counts and details as options,
 * so that every bench keeps seeding the clinic its earlier results were measured on (the same rows,
 * in the same id order). `db` is the stack's database or a transaction of it.
 */
import type { Queryable } from '../../local/db/database.ts';

/**
 * `count` patients named like the demo data's (first name, middle initial, last name: 'Maria A.
 * Santos'), in order. Their phones: 'varied', '+63 9xx xxx xxxx' with the digits spread over the
 * range; 'sequential', '0917 555 0001', '0917 555 0002', … With `withMessenger`, 5 of 6 have a
 * Messenger id.
 */
export async function seedPatients(
  db: Queryable,
  clinicId: number,
  options: { count: number; phones: 'varied' | 'sequential'; withMessenger?: boolean },
): Promise<void> {
  await db.query(
    `insert into public.patients (clinic_id, name, phone, messenger_id)
     select $1,
            (array['Maria','Jose','Juan','Ana','Mark','Angelica','John Paul','Kristine','Christian','Jasmine',
                   'Rafael','Carmela','Miguel','Patricia','Gabriel','Bea','Paolo','Camille','Andrei','Nicole'])[1 + i % 20]
            || ' ' || chr(65 + (i / 20) % 26) || '. ' ||
            (array['Santos','Reyes','Cruz','Bautista','Ocampo','Garcia','Mendoza','Torres','Tomas','Andrada',
                   'Castillo','Flores','Villanueva','Ramos','Castro','Rivera','Aquino','Dela Cruz','Salazar','Mercado'])[1 + (i * 7) % 20],
            case when $3::boolean
                 then format('+63 9%s %s %s', lpad((10 + (i * 37) % 90)::text, 2, '0'), lpad(((i * 7919) % 1000)::text, 3, '0'),
                             lpad(((i * 104729) % 10000)::text, 4, '0'))
                 else '0917 555 ' || lpad(i::text, 4, '0') end,
            case when $4::boolean and i % 6 <> 5 then (2400000000000000 + i::bigint * 7919)::text end
       from generate_series(1, $2) i`,
    [clinicId, options.count, options.phones === 'varied', options.withMessenger ?? false],
  );
}

/**
 * `count` dentists, in order: named `${name} 1`, `${name} 2`, … (`${name} A`, `${name} B`, … when
 * `lettered`), with the emails `${emailPrefix}1@bench.test`, … and the phone `phone`, followed by
 * the dentist's number when `phoneNumbered`; by default 'Dr. Bench 1', dentist1@bench.test, '1'.
 * Their ids, in order.
 */
export async function seedDentists(
  db: Queryable,
  clinicId: number,
  options: {
    count: number;
    name?: string;
    lettered?: boolean;
    emailPrefix?: string;
    phone?: string;
    phoneNumbered?: boolean;
  },
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `insert into public.dentists (clinic_id, name, email, phone)
     select $1, $3 || ' ' || case when $4::boolean then chr(64 + d) else d::text end,
            $5 || d || '@bench.test', $6 || case when $7::boolean then d::text else '' end
       from generate_series(1, $2) d
     returning id::integer as id`,
    [
      clinicId,
      options.count,
      options.name ?? 'Dr. Bench',
      options.lettered ?? false,
      options.emailPrefix ?? 'dentist',
      options.phone ?? '1',
      options.phoneNumbered ?? false,
    ],
  );
  return rows.map((row) => row.id);
}

/** The reasons seedAppointments gives by default, in turn. */
const PROCEDURES = [
  'Dental Consultation',
  'Oral Prophylaxis (Cleaning)',
  'Composite Filling — Notes: upper left',
  'Root Canal Treatment (Molar)',
  'Braces Adjustment',
];

/** The statuses seedAppointments gives by default, each to 7 appointments in a row. */
const STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled'];

/**
 * `count` appointments in the clinic's free slots of a period in Manila — working days (Monday to
 * Saturday), 09:00–18:00 but 12:00–13:00 in 20-minute slots, every dentist — the first `count`
 * (day, slot, dentist) triples in time order. The n-th takes `reasons` and `statuses` in turn (a
 * status for 7 in a row), booking origins messenger, walk-in and the app in turn, the patient
 * (n × `patientStep`) mod `patients` in id order (`patients`: how many the clinic has), and with
 * `guardians` every ninth a guardian's Messenger id. The period is this month unless `from`–`to`
 * (ISO dates) says otherwise. Throws when fewer fit; the month (1–12) of the first appointment.
 */
export async function seedAppointments(
  db: Queryable,
  clinicId: number,
  options: {
    count: number;
    patients: number;
    patientStep?: number;
    period?: { from: string; to: string };
    reasons?: readonly string[];
    statuses?: readonly string[];
    guardians?: boolean;
  },
): Promise<number> {
  const { rows } = await db.query<{ month: number; count: number }>(
    `with first_day as (
       select coalesce($4::date, date_trunc('month', (now() at time zone 'Asia/Manila'))::date) as day
     ),
     days as (
       select d::date as day from first_day,
         generate_series(first_day.day, coalesce($5::date, first_day.day + interval '1 month' - interval '1 day'), interval '1 day') d
       where extract(isodow from d) < 7
     ),
     slots as (
       select s, time '09:00' + make_interval(mins => 20 * s) as start_at from generate_series(0, 26) s
       where s not between 9 and 11
     ),
     dentists as (
       select id, row_number() over (order by id) as k from public.dentists where clinic_id = $1
     ),
     patients as (
       select id, row_number() over (order by id) - 1 as pn from public.patients where clinic_id = $1
     ),
     picked as (
       select days.day, slots.start_at, dentists.id as dentist_id,
              row_number() over (order by days.day, slots.s, dentists.k) as n
         from days cross join slots cross join dentists
     ),
     booked as (
       insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status, booking_origin, guardian_messenger_id)
       select $1, p.id, picked.dentist_id, (picked.day + picked.start_at) at time zone 'Asia/Manila',
              ($6::text[])[1 + picked.n % cardinality($6::text[])],
              ($7::text[])[1 + (picked.n / 7) % cardinality($7::text[])]::public.appointment_status,
              (array['messenger', 'walk-in', null])[1 + picked.n % 3],
              case when $8::boolean and picked.n % 9 = 0 then (2500000000000000 + picked.n)::text end
         from picked
         join patients p on p.pn = (picked.n * $9) % $3
        where picked.n <= $2
        order by picked.n
       returning appointment_time
     )
     select extract(month from min(appointment_time) at time zone 'Asia/Manila')::int as month, count(*)::int as count
       from booked`,
    [
      clinicId,
      options.count,
      options.patients,
      options.period?.from ?? null,
      options.period?.to ?? null,
      options.reasons ?? PROCEDURES,
      options.statuses ?? STATUSES,
      options.guardians ?? true,
      options.patientStep ?? 1,
    ],
  );
  const { month, count } = rows[0]!;
  if (count !== options.count) {
    const period = options.period ? `${options.period.from} – ${options.period.to}` : 'the month';
    throw new Error(`only ${count} appointments fit in ${period}`);
  }
  return month;
}

/**
 * Invoices and their payments: `invoices` invoices 50 minutes apart up to now, oldest first (10,000
 * span a year), totals from ₱500.00 to ₱25,875.50 in steps of ₱127.50, the n-th of the patient
 * (n × 7919) mod `patients` in id order (`patients`: how many the clinic has); per 4 invoices none
 * (Unpaid), 2 partial, 3 and 5 payments that add up (Paid), an invoice's payments a day apart.
 */
export async function seedBilling(
  db: Queryable,
  clinicId: number,
  options: { invoices: number; patients: number },
): Promise<void> {
  await db.query(
    `with patients as (
       select id, row_number() over (order by id) - 1 as pn from public.patients where clinic_id = $1
     )
     insert into public.invoices (clinic_id, patient_id, total, created_at)
     select $1, p.id, 500 + (i * 37 % 200) * 127.50, now() - make_interval(mins => ($2 - i) * 50)
       from generate_series(1, $2) i
       join patients p on p.pn = (i * 7919) % $3
      order by i`,
    [clinicId, options.invoices, options.patients],
  );
  await db.query(
    `with numbered as (
       select i.*, row_number() over (order by i.id) as n from public.invoices i where i.clinic_id = $1
     )
     insert into public.payments (clinic_id, invoice_id, patient_id, amount, method, reference_number, payment_date)
     select nb.clinic_id, nb.id, nb.patient_id,
            case
              when nb.n % 4 = 1 then round(nb.total * 0.2, 2)
              when s.seq < s.parts then round(nb.total / s.parts, 2)
              else nb.total - round(nb.total / s.parts, 2) * (s.parts - 1)
            end,
            (array['cash', 'card', 'e-wallet', 'bank'])[1 + (nb.n + s.seq) % 4]::public.payment_method,
            case when (nb.n + s.seq) % 4 > 0 then 'REF-' || nb.n || '-' || s.seq end,
            nb.created_at + make_interval(days => s.seq - 1)
       from numbered nb
       cross join lateral (
         select seq, (array[0, 2, 3, 5])[1 + nb.n % 4] as parts
           from generate_series(1, (array[0, 2, 3, 5])[1 + nb.n % 4]) seq
       ) s
      order by nb.id, s.seq`,
    [clinicId],
  );
}

/** One payment in 50 of the clinic (id % 50 = 0) voided an hour after it was paid: still listed, no longer counted. */
export async function voidEvery50thPayment(db: Queryable, clinicId: number): Promise<void> {
  await db.query(
    `update public.payments set voided_at = payment_date + interval '1 hour', void_reason = 'Bench: keyed twice'
      where clinic_id = $1 and id % 50 = 0`,
    [clinicId],
  );
}
