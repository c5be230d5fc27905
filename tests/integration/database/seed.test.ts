import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local/db/database.ts';
import {
  asUser,
  countOf,
  databaseTargets,
  freshDatabase,
  type FreshDatabase,
  type UserClaims,
} from '../../support/database.ts';

const DEMO = {
  superadmin: 'd0000000-0000-4000-8000-000000000001',
  admin: 'd0000000-0000-4000-8000-000000000002',
  receptionist: 'd0000000-0000-4000-8000-000000000003',
  dentist: 'd0000000-0000-4000-8000-000000000004',
  admin2: 'd0000000-0000-4000-8000-000000000005',
};

const claimsOf = (sub: string): UserClaims => ({ sub, role: 'authenticated' });

/** Appointments with their clinic name and Manila wall-clock time, for the queries below. */
const APPOINTMENTS = `
  select a.*, c.name as clinic, a.appointment_time at time zone 'Asia/Manila' as local_time
  from public.appointments a join public.clinics c on c.id = a.clinic_id`;

describe.each(databaseTargets())('demo seed on %s', (target) => {
  let fresh: FreshDatabase;
  let db: Database;

  beforeAll(async () => {
    fresh = await freshDatabase(target, { seed: true });
    db = fresh.db;
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  const count = (sql: string, params: unknown[] = []) => countOf(db, sql, params);

  it('creates the two demo clinics in Manila time', async () => {
    const { rows } = await db.query<{ name: string; timezone: string }>(
      'select name, timezone from public.clinics order by id',
    );
    expect(rows).toEqual([
      { name: 'Smile Dental', timezone: 'Asia/Manila' },
      { name: 'Bright Teeth', timezone: 'Asia/Manila' },
    ]);
  });

  it('gives every demo account a profile with its role and clinic, made by the sign-up trigger', async () => {
    const { rows } = await db.query<{ email: string; role: string; clinic: string }>(
      `select u.email, u.role, c.name as clinic
       from public.users u join public.clinics c on c.id = u.clinic_id order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'admin2@demo.test', role: 'admin', clinic: 'Bright Teeth' },
      { email: 'admin@demo.test', role: 'admin', clinic: 'Smile Dental' },
      { email: 'dentist@demo.test', role: 'dentist', clinic: 'Smile Dental' },
      { email: 'reception@demo.test', role: 'receptionist', clinic: 'Smile Dental' },
      { email: 'superadmin@demo.test', role: 'superadmin', clinic: 'Smile Dental' },
    ]);
  });

  it('stores confirmed accounts with a bcrypt hash of Demo1234!, empty token columns and an e-mail identity', async () => {
    const { rows } = await db.query<Record<string, boolean>>(
      `select
         bool_and(encrypted_password like '$2a$04$%') as bcrypt,
         bool_and(extensions.crypt('Demo1234!', encrypted_password) = encrypted_password) as password,
         bool_and(email_confirmed_at is not null) as confirmed,
         bool_and(confirmation_token = '' and recovery_token = '' and email_change_token_new = '' and email_change = '') as tokens,
         bool_and(raw_app_meta_data -> 'providers' = '["email"]') as providers,
         bool_and(exists (
           select 1 from auth.identities i
           where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text
             and i.identity_data ->> 'sub' = u.id::text and i.identity_data ->> 'email' = u.email
             and (i.identity_data ->> 'email_verified')::boolean
         )) as identity
       from auth.users u`,
    );
    expect(rows[0]).toEqual({
      bcrypt: true,
      password: true,
      confirmed: true,
      tokens: true,
      providers: true,
      identity: true,
    });
  });

  it('has at least 50 patients in Smile Dental and about 15 in Bright Teeth, with Philippine mobile numbers', async () => {
    const { rows } = await db.query<{ clinic: string; patients: number; with_messenger: number; mobile: number }>(
      `select c.name as clinic, count(*)::integer as patients,
              count(*) filter (where p.messenger_id ~ '^[0-9]+$')::integer as with_messenger,
              count(*) filter (where p.phone ~ '^\\+63 9[0-9]{2} [0-9]{3} [0-9]{4}$')::integer as mobile
       from public.patients p join public.clinics c on c.id = p.clinic_id group by c.name order by c.name`,
    );
    expect(rows).toEqual([
      { clinic: 'Bright Teeth', patients: 15, with_messenger: expect.any(Number), mobile: 15 },
      // 54 generated, plus the 5 patients due for a recall (Recalls block of the seed).
      { clinic: 'Smile Dental', patients: 59, with_messenger: expect.any(Number), mobile: 59 },
    ]);
    for (const row of rows) expect(row.with_messenger / row.patients).toBeGreaterThan(0.5);
    expect(
      await count(
        `select 1 from public.patients where name in (select name from public.patients group by clinic_id, name having count(*) > 1)`,
      ),
    ).toBe(0);
  });

  it('has four dentists in Smile Dental, one inactive with only past appointments, and two in Bright Teeth', async () => {
    const { rows } = await db.query<{ clinic: string; active: number; inactive: number }>(
      `select c.name as clinic, count(*) filter (where d.is_active)::integer as active,
              count(*) filter (where not d.is_active)::integer as inactive
       from public.dentists d join public.clinics c on c.id = d.clinic_id group by c.name order by c.name`,
    );
    expect(rows).toEqual([
      { clinic: 'Bright Teeth', active: 2, inactive: 0 },
      { clinic: 'Smile Dental', active: 3, inactive: 1 },
    ]);
    expect(
      await count(
        `select 1 from public.appointments a join public.dentists d on d.id = a.dentist_id where not d.is_active`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        `select 1 from public.appointments a join public.dentists d on d.id = a.dentist_id
         where not d.is_active and a.appointment_time >= now()`,
      ),
    ).toBe(0);
  });

  it('has a price list in pesos for both clinics', async () => {
    const { rows } = await db.query<{ clinic: string; categories: number; procedures: number; cheapest: string }>(
      `select c.name as clinic, count(distinct pc.id)::integer as categories, count(p.id)::integer as procedures,
              min(p.price)::text as cheapest
       from public.procedure_categories pc join public.clinics c on c.id = pc.clinic_id
       left join public.procedures p on p.category_id = pc.id
       group by c.name order by c.name`,
    );
    expect(rows.map((row) => row.clinic)).toEqual(['Bright Teeth', 'Smile Dental']);
    for (const row of rows) {
      expect(row.categories).toBeGreaterThanOrEqual(5);
      expect(row.procedures).toBeGreaterThanOrEqual(15);
      expect(Number(row.cheapest)).toBeGreaterThan(0);
    }
  });

  it('has at least 300 Smile Dental appointments spread over the previous, current and next month', async () => {
    const { rows } = await db.query<{ total: number; previous: number; current: number; next: number }>(
      `with months as (select date_trunc('month', now() at time zone 'Asia/Manila') as current)
       select count(*)::integer as total,
              count(*) filter (where date_trunc('month', local_time) = current - interval '1 month')::integer as previous,
              count(*) filter (where date_trunc('month', local_time) = current)::integer as current,
              count(*) filter (where date_trunc('month', local_time) = current + interval '1 month')::integer as next
       from (${APPOINTMENTS}) a, months where clinic = 'Smile Dental'`,
    );
    const summary = rows[0]!;
    expect(summary.total).toBeGreaterThanOrEqual(300);
    // Besides the 5 older visits of the patients due for a recall (Recalls block of the seed) and
    // the 2 HMO visits about nine weeks ago (HMO claims block).
    expect(summary.previous + summary.current + summary.next).toBe(summary.total - 5 - 2);
    expect(summary.previous).toBeGreaterThan(50);
    expect(summary.current).toBeGreaterThan(50);
    expect(summary.next).toBeGreaterThan(50);
  });

  it('uses every status, with statuses that fit the time of the appointment', async () => {
    const { rows } = await db.query<{ status: string; past: number; future: number }>(
      `select status, count(*) filter (where appointment_time < now())::integer as past,
              count(*) filter (where appointment_time >= now())::integer as future
       from (${APPOINTMENTS}) a where clinic = 'Smile Dental' and not deleted group by status order by status`,
    );
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row]));
    expect(Object.keys(byStatus).sort()).toEqual(['Cancelled', 'Completed', 'Confirmed', 'No Show', 'Scheduled']);
    expect(byStatus.Completed).toMatchObject({ past: expect.any(Number), future: 0 });
    expect(byStatus['No Show']).toMatchObject({ future: 0 });
    expect(byStatus.Cancelled!.past).toBeGreaterThan(0);
    expect(byStatus.Cancelled!.future).toBeGreaterThan(0);
    // Overdue: past appointments nobody closed yet ("Needs status update").
    expect(byStatus.Scheduled!.past).toBeGreaterThan(0);
    expect(byStatus.Confirmed!.past).toBeGreaterThan(0);
    expect(byStatus.Scheduled!.future).toBeGreaterThan(0);
    expect(byStatus.Confirmed!.future).toBeGreaterThan(0);
  });

  it('cancels some appointments late and most of them days ahead, never before booking or in the future', async () => {
    const { rows } = await db.query<{ late: number; early: number; unstamped: number; impossible: number }>(
      `select count(*) filter (where cancelled_at > appointment_time - interval '24 hours')::integer as late,
              count(*) filter (where cancelled_at <= appointment_time - interval '24 hours')::integer as early,
              count(*) filter (where cancelled_at is null)::integer as unstamped,
              count(*) filter (where cancelled_at < created_at or cancelled_at > now())::integer as impossible
       from (${APPOINTMENTS}) a
       where clinic = 'Smile Dental' and status = 'Cancelled' and appointment_time < now()`,
    );
    const cancellations = rows[0]!;
    expect(cancellations.unstamped).toBe(0);
    expect(cancellations.impossible).toBe(0);
    expect(cancellations.late).toBeGreaterThan(0);
    expect(cancellations.early).toBeGreaterThan(cancellations.late);
    // Only cancelled appointments carry a cancellation time.
    expect(
      await count(`select 1 from public.appointments where status <> 'Cancelled' and cancelled_at is not null`),
    ).toBe(0);
  });

  it('books only Monday to Saturday, inside clinic hours, outside lunch', async () => {
    expect(
      await count(
        `select 1 from (${APPOINTMENTS}) a
         where extract(isodow from local_time) = 7
            or local_time::time < '09:00' or local_time::time > '17:40'
            or (local_time::time >= '11:41' and local_time::time < '13:00')`,
      ),
    ).toBe(0);
  });

  it('mixes booking origins, guardians, notes, reminder settings and a few soft-deleted appointments', async () => {
    const { rows } = await db.query<Record<string, number>>(
      `select count(*) filter (where booking_origin = 'messenger')::integer as messenger,
              count(*) filter (where booking_origin = 'walk-in')::integer as walk_in,
              count(*) filter (where booking_origin is null)::integer as system,
              count(*) filter (where guardian_messenger_id is not null)::integer as guardian,
              count(*) filter (where reminder_recipient_type = 'guardian')::integer as to_guardian,
              count(*) filter (where reason like '% — Notes: %')::integer as with_notes,
              count(*) filter (where not reminder_enabled)::integer as reminders_off,
              count(*) filter (where cardinality(reminder_days) > 1)::integer as several_days,
              count(*) filter (where deleted)::integer as deleted
       from public.appointments`,
    );
    for (const [kind, value] of Object.entries(rows[0]!)) expect(value, kind).toBeGreaterThan(0);
    expect(
      await count(
        `select 1 from public.appointments a
         where not exists (
           select 1 from public.procedures p
           where p.clinic_id = a.clinic_id and p.name = split_part(a.reason, ' — Notes: ', 1)
         )`,
      ),
    ).toBe(0);
  });

  it('gives Bright Teeth a few dozen appointments', async () => {
    const bright = await count(`select 1 from (${APPOINTMENTS}) a where clinic = 'Bright Teeth'`);
    expect(bright).toBeGreaterThanOrEqual(24);
    expect(bright).toBeLessThanOrEqual(100);
  });

  it('blocks only future periods that hold no live appointment', async () => {
    expect(await count('select 1 from public.dentist_availability')).toBeGreaterThan(0);
    expect(
      await count(
        `select 1 from public.dentist_availability where specific_date <= (now() at time zone 'Asia/Manila')::date`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select 1 from public.dentist_availability b
         join (${APPOINTMENTS}) a on a.dentist_id = b.dentist_id and a.local_time::date = b.specific_date
         where not a.deleted and a.status <> 'Cancelled'
           and a.local_time::time < b.end_time and a.local_time::time + interval '20 minutes' > b.start_time`,
      ),
    ).toBe(0);
  });

  it('has invoices in every payment state and payments in every method', async () => {
    const { rows } = await db.query<{ state: string }>(
      `select distinct case
         when paid = 0 then 'unpaid' when paid < total then 'partial' when paid = total then 'paid' else 'overpaid'
       end as state
       from (select i.total, coalesce(sum(p.amount), 0) as paid
             from public.invoices i left join public.payments p on p.invoice_id = i.id group by i.id, i.total) as invoice
       order by state`,
    );
    expect(rows.map((row) => row.state)).toEqual(['overpaid', 'paid', 'partial', 'unpaid']);
    const methods = await db.query<{ method: string }>('select distinct method from public.payments order by method');
    expect(methods.rows.map((row) => row.method)).toEqual(['bank', 'card', 'cash', 'e-wallet']);
    expect(
      await count('select 1 from public.invoices i join public.clinics c on c.id = i.clinic_id where c.name = $1', [
        'Bright Teeth',
      ]),
    ).toBeGreaterThan(0);
  });

  it('logs one failed automated reminder and none as sent (the Messenger inbox starts empty)', async () => {
    const { rows } = await db.query<{ is_manual: boolean; outcome: string }>(
      'select is_manual, outcome from public.appointment_reminders',
    );
    expect(rows).toEqual([{ is_manual: false, outcome: 'failed' }]);
  });

  it('shows each demo account only what its clinic and role allow', async () => {
    const patientClinics = async (sub: string) =>
      asUser(db, claimsOf(sub), async (tx) =>
        (
          await tx.query<{ name: string }>(
            `select distinct c.name from public.patients p join public.clinics c on c.id = p.clinic_id order by c.name`,
          )
        ).rows.map((row) => row.name),
      );
    expect(await patientClinics(DEMO.superadmin)).toEqual(['Bright Teeth', 'Smile Dental']);
    expect(await patientClinics(DEMO.receptionist)).toEqual(['Smile Dental']);
    expect(await patientClinics(DEMO.dentist)).toEqual(['Smile Dental']);
    expect(await patientClinics(DEMO.admin2)).toEqual(['Bright Teeth']);
    const staffSeenBy = async (sub: string) =>
      asUser(db, claimsOf(sub), (tx) => countOf(tx, 'select 1 from public.users'));
    expect(await staffSeenBy(DEMO.admin)).toBe(4);
    expect(await staffSeenBy(DEMO.receptionist)).toBe(1);
    expect(await staffSeenBy(DEMO.superadmin)).toBe(5);
  });

  it('charts three Smile Dental patients, one with a planned root canal since completed', async () => {
    const { rows } = await asUser(db, claimsOf(DEMO.receptionist), (tx) =>
      tx.query<{ name: string; chart: string }>(
        `select p.name,
                string_agg(e.tooth || ' ' || e.condition || ' ' || e.state, ', ' order by e.tooth, e.condition) as chart
           from public.patients p
           cross join lateral public.chart_as_of(p.id, (now() at time zone 'Asia/Manila')::date) e
          group by p.id, p.name order by p.id`,
      ),
    );
    expect(rows).toEqual([
      {
        name: 'Maria Santos',
        chart: '16 filling completed, 36 caries existing, 46 root_canal completed, 48 missing existing',
      },
      { name: 'Jose Torres', chart: '16 sealant completed, 55 caries existing, 75 extracted existing' },
      {
        name: 'Juan Castro',
        chart: '11 crown planned, 24 filling planned, 24 fracture existing, 27 watch existing, 37 sealant completed',
      },
    ]);
    const before = await asUser(db, claimsOf(DEMO.receptionist), (tx) =>
      tx.query<{ condition: string; state: string }>(
        `select e.condition::text, e.state::text
           from public.patients p
           cross join lateral public.chart_as_of(p.id, ((now() - interval '40 days') at time zone 'Asia/Manila')::date) e
          where p.name = 'Maria Santos' and e.tooth = 46`,
      ),
    );
    expect(before.rows).toEqual([{ condition: 'root_canal', state: 'planned' }]);
  });

  it('gives Juan Castro a plan in progress: one item accepted, one done at his last visit, one proposed', async () => {
    const { rows } = await asUser(db, claimsOf(DEMO.receptionist), (tx) =>
      tx.query<{ item: string }>(
        `select i.phase || ' ' || i.tooth || ' ' || i.procedure_name || ' ' || i.status || ' ' || i.price::text
                || case when i.status = 'done' then ' at ' || a.status else '' end as item
           from public.treatment_plan_items i
           join public.patients p on p.id = i.patient_id
           left join public.appointments a on a.id = i.appointment_id
          where p.name = 'Juan Castro' order by i.phase, i.tooth`,
      ),
    );
    expect(rows.map((row) => row.item)).toEqual([
      '1 11 Porcelain Crown accepted 12000.00',
      '1 37 Pit and Fissure Sealant done 900.00 at Completed',
      '2 24 Composite Filling proposed 1500.00',
    ]);
    const totals = await asUser(db, claimsOf(DEMO.dentist), (tx) =>
      tx.query<{ phase: number | null; total: string; done: string }>(
        `select t.phase, t.total_centavos::text as total, t.done_centavos::text as done
           from public.treatment_plan_totals t join public.patients p on p.id = t.patient_id
          where p.name = 'Juan Castro' order by t.phase nulls last`,
      ),
    );
    expect(totals.rows).toEqual([
      { phase: 1, total: '1290000', done: '90000' },
      { phase: 2, total: '150000', done: '0' },
      { phase: null, total: '1440000', done: '90000' },
    ]);
  });
});
