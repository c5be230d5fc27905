-- ============================================================================
-- Demo data: two clinics, one account per role, patients, dentists, a price
-- list, three months of appointments (previous, current and next month, in
-- Asia/Manila), availability blocks, invoices with payments, a failed reminder.
--
-- Runs once, in one transaction, on an empty database (local stack), or with
-- `supabase db reset` on a Supabase project. Everything is derived from fixed
-- numbers except the dates, which follow now() so the demo is always current.
-- Every appointment goes through the booking rules trigger, so the data obeys
-- them: Monday to Saturday, 09:00-18:00 without lunch, no overlaps, nothing
-- inside a blocked period.
--
-- Demo accounts, password Demo1234!:
--   superadmin@demo.test  superadmin    Smile Dental (reaches every clinic)
--   admin@demo.test       admin         Smile Dental
--   reception@demo.test   receptionist  Smile Dental
--   dentist@demo.test     dentist       Smile Dental
--   admin2@demo.test      admin         Bright Teeth
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Clinics
-- ---------------------------------------------------------------------------
insert into public.clinics (name, timezone, reminder_time, address, contact_email, contact_phone)
values
  ('Smile Dental', 'Asia/Manila', '09:00', 'Unit 204, Emerald Avenue, Ortigas Center, Pasig City, Metro Manila',
   'hello@smiledental.test', '+63 2 8631 2045'),
  ('Bright Teeth', 'Asia/Manila', '08:30', '3/F Crossroads Center, Gov. M. Cuenco Avenue, Banilad, Cebu City',
   'care@brightteeth.test', '+63 32 238 4410');

-- ---------------------------------------------------------------------------
-- Accounts. app_metadata carries clinic_id and role, so the sign-up trigger
-- (public.handle_new_user) creates each staff profile. The token columns must
-- be '' rather than null for GoTrue to read the rows. The password is the
-- README's, so its hash costs 4 rather than the auth server's 10: slowing the
-- guessing of a published password protects nothing, and every demo sign-in
-- would pay for it. A password set later is hashed at the server's cost.
-- ---------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000'::uuid,
  account.id,
  'authenticated',
  'authenticated',
  account.email,
  extensions.crypt('Demo1234!', extensions.gen_salt('bf', 4)),
  now(),
  '', '', '', '',
  jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'clinic_id', c.id, 'role', account.role),
  jsonb_build_object('name', account.name),
  now(),
  now()
from (
  values
    (1, 'd0000000-0000-4000-8000-000000000001'::uuid, 'superadmin@demo.test', 'Sofia Reyes', 'superadmin', 'Smile Dental'),
    (2, 'd0000000-0000-4000-8000-000000000002'::uuid, 'admin@demo.test', 'Carmela Santos', 'admin', 'Smile Dental'),
    (3, 'd0000000-0000-4000-8000-000000000003'::uuid, 'reception@demo.test', 'Joy Bautista', 'receptionist', 'Smile Dental'),
    (4, 'd0000000-0000-4000-8000-000000000004'::uuid, 'dentist@demo.test', 'Dr. Andrea Villanueva', 'dentist', 'Smile Dental'),
    (5, 'd0000000-0000-4000-8000-000000000005'::uuid, 'admin2@demo.test', 'Ramon Dizon', 'admin', 'Bright Teeth')
) as account (ord, id, email, name, role, clinic_name)
join public.clinics c on c.name = account.clinic_name
order by account.ord;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id,
  u.id::text,
  u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
  'email',
  now(),
  now(),
  now()
from auth.users u
where u.email like '%@demo.test'
order by u.email;

-- ---------------------------------------------------------------------------
-- Patients: 54 in Smile Dental (the last two soft-deleted), 15 in Bright Teeth.
-- Names and numbers come from the patient number n, so they never change.
-- ---------------------------------------------------------------------------
insert into public.patients (clinic_id, name, phone, messenger_id, deleted, created_at)
select
  c.id,
  (array[
    'Maria', 'Jose', 'Juan', 'Ana', 'Mark', 'Angelica', 'John Paul', 'Kristine', 'Christian', 'Jasmine',
    'Rafael', 'Carmela', 'Miguel', 'Patricia', 'Gabriel', 'Bea', 'Paolo', 'Camille', 'Andrei', 'Nicole',
    'Carlo', 'Danica', 'Enrique', 'Lorna', 'Ramon', 'Imelda', 'Rodel', 'Marites', 'Jericho', 'Liza',
    'Noel', 'Rowena'
  ])[1 + (n - 1) % 32]
  || ' ' ||
  (array[
    'Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada',
    'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado',
    'Dela Cruz', 'Gonzales', 'Lopez', 'Del Rosario', 'Manalo', 'Pascual', 'Soriano', 'Dizon', 'Aguilar', 'Tolentino'
  ])[1 + ((n - 1) * 7) % 30],
  format(
    '+63 9%s %s %s',
    lpad((10 + (n * 37) % 90)::text, 2, '0'),
    lpad(((n * 7919 + 311) % 1000)::text, 3, '0'),
    lpad(((n * 104729 + 4567) % 10000)::text, 4, '0')
  ),
  case when n % 6 = 5 then null else (2400000000000000 + n::bigint * 7919001)::text end,
  c.name = 'Smile Dental' and n > 52,
  now() - make_interval(days => 200 - n)
from (values ('Smile Dental', 1, 54), ('Bright Teeth', 61, 75)) as span (clinic_name, first_n, last_n)
join public.clinics c on c.name = span.clinic_name
cross join lateral generate_series(span.first_n, span.last_n) as n
order by c.id, n;

-- ---------------------------------------------------------------------------
-- Dentists. Dr. Ramon Bautista gets only past appointments and is made
-- inactive after they are booked (inactive dentists cannot be booked).
-- ---------------------------------------------------------------------------
insert into public.dentists (clinic_id, name, email, phone)
select c.id, d.name, d.email, d.phone
from (
  values
    ('Smile Dental', 1, 'Dr. Andrea Villanueva', 'dentist@demo.test', '+63 917 555 0101'),
    ('Smile Dental', 2, 'Dr. Paolo Dimaculangan', 'paolo.dimaculangan@smiledental.test', '+63 918 555 0102'),
    ('Smile Dental', 3, 'Dr. Katrina Lim', 'katrina.lim@smiledental.test', '+63 919 555 0103'),
    ('Smile Dental', 4, 'Dr. Ramon Bautista', 'ramon.bautista@smiledental.test', '+63 920 555 0104'),
    ('Bright Teeth', 1, 'Dr. Liza Gonzales', 'liza.gonzales@brightteeth.test', '+63 932 555 0201'),
    ('Bright Teeth', 2, 'Dr. Miguel Tan', 'miguel.tan@brightteeth.test', '+63 933 555 0202')
) as d (clinic_name, ord, name, email, phone)
join public.clinics c on c.name = d.clinic_name
order by c.id, d.ord;

-- ---------------------------------------------------------------------------
-- Price list (pesos); Bright Teeth charges about 10% more.
-- ---------------------------------------------------------------------------
insert into public.procedure_categories (clinic_id, name)
select c.id, category.name
from public.clinics c
cross join (
  values
    (1, 'Preventive Care'), (2, 'Restorative'), (3, 'Endodontics'), (4, 'Oral Surgery'),
    (5, 'Orthodontics'), (6, 'Prosthodontics'), (7, 'Cosmetic Dentistry')
) as category (ord, name)
order by c.id, category.ord;

insert into public.procedures (clinic_id, category_id, name, price)
select
  pc.clinic_id,
  pc.id,
  p.name,
  case when c.name = 'Bright Teeth' then round(p.price * 1.1 / 50) * 50 else p.price end
from (
  values
    (1, 'Preventive Care', 'Dental Consultation', 500.00),
    (2, 'Preventive Care', 'Oral Prophylaxis (Cleaning)', 1200.00),
    (3, 'Preventive Care', 'Fluoride Treatment', 800.00),
    (4, 'Preventive Care', 'Pit and Fissure Sealant', 900.00),
    (5, 'Restorative', 'Composite Filling', 1500.00),
    (6, 'Restorative', 'Temporary Filling', 700.00),
    (7, 'Endodontics', 'Root Canal Treatment (Anterior)', 7000.00),
    (8, 'Endodontics', 'Root Canal Treatment (Molar)', 12000.00),
    (9, 'Oral Surgery', 'Simple Tooth Extraction', 1000.00),
    (10, 'Oral Surgery', 'Wisdom Tooth Surgery', 9000.00),
    (11, 'Orthodontics', 'Braces Consultation', 1000.00),
    (12, 'Orthodontics', 'Braces Adjustment', 1500.00),
    (13, 'Orthodontics', 'Retainer', 6000.00),
    (14, 'Prosthodontics', 'Porcelain Crown', 12000.00),
    (15, 'Prosthodontics', 'Complete Denture', 18000.00),
    (16, 'Cosmetic Dentistry', 'Teeth Whitening', 9000.00),
    (17, 'Cosmetic Dentistry', 'Veneer (per tooth)', 15000.00)
) as p (ord, category, name, price)
join public.procedure_categories pc on pc.name = p.category
join public.clinics c on c.id = pc.clinic_id
order by pc.clinic_id, p.ord;

-- What each procedure puts on the dental chart when it is planned or done
-- (treatment plans); the others chart nothing of themselves.
update public.procedures p
   set chart_condition = m.condition::public.chart_condition
  from (values
    ('Pit and Fissure Sealant', 'sealant'),
    ('Composite Filling', 'filling'),
    ('Temporary Filling', 'filling'),
    ('Root Canal Treatment (Anterior)', 'root_canal'),
    ('Root Canal Treatment (Molar)', 'root_canal'),
    ('Simple Tooth Extraction', 'extracted'),
    ('Wisdom Tooth Surgery', 'extracted'),
    ('Porcelain Crown', 'crown')
  ) as m (name, condition)
 where p.name = m.name;

-- ---------------------------------------------------------------------------
-- Availability blocks: future working days of the next weeks, at hours the
-- appointments below then leave free.
-- ---------------------------------------------------------------------------
with
  clock as (
    select
      (now() at time zone 'Asia/Manila')::date as today,
      (date_trunc('month', (now() at time zone 'Asia/Manila')::date::timestamp) - interval '1 month')::date as first_day
  ),
  working_days as (
    select d::date as day, d::date - clock.first_day as dn
    from clock
    cross join generate_series(clock.first_day::timestamp, (clock.first_day + interval '3 months' - interval '1 day'), interval '1 day') as d
    where extract(isodow from d) < 7 and d::date > clock.today
  ),
  staff as (
    select d.id as dentist_id, d.clinic_id, c.name as clinic_name, row_number() over (partition by d.clinic_id order by d.id) as k
    from public.dentists d
    join public.clinics c on c.id = d.clinic_id
  )
insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time, is_available)
select st.clinic_id, st.dentist_id, w.day, rule.start_time, rule.end_time, false
from (
  values
    ('Smile Dental', 1, 6, 2, time '14:00', time '16:00'),
    ('Smile Dental', 2, 9, 4, time '09:00', time '11:00'),
    ('Smile Dental', 3, 11, 7, time '16:00', time '18:00'),
    ('Bright Teeth', 1, 10, 3, time '10:00', time '12:00')
) as rule (clinic_name, k, every_n_days, on_day, start_time, end_time)
join staff st on st.clinic_name = rule.clinic_name and st.k = rule.k
join working_days w on w.dn % rule.every_n_days = rule.on_day
order by w.day, st.dentist_id;

-- ---------------------------------------------------------------------------
-- Appointments: previous, current and next month. For day number dn (from
-- the first of the previous month), dentist number k and 20-minute slot s
-- (09:00 + 20 min * s, lunch slots 9..11 skipped), a slot is booked when
-- (5 dn + 11 k + 7 s) mod m = 0: m = 13 in Smile Dental (about 1.8 bookings
-- per dentist and day), 60 in Bright Teeth. Status follows time: past
-- bookings are mostly Completed, some No Show or Cancelled, and a few of the
-- last two weeks still Scheduled or Confirmed (overdue); future ones are
-- Scheduled, Confirmed or Cancelled.
-- ---------------------------------------------------------------------------
with
  clock as (
    select (date_trunc('month', (now() at time zone 'Asia/Manila')::date::timestamp) - interval '1 month')::date as first_day
  ),
  working_days as (
    select d::date as day, d::date - clock.first_day as dn
    from clock
    cross join generate_series(clock.first_day::timestamp, (clock.first_day + interval '3 months' - interval '1 day'), interval '1 day') as d
    where extract(isodow from d) < 7
  ),
  slots as (
    select s, time '09:00' + make_interval(mins => 20 * s) as start_at
    from generate_series(0, 26) as s
    where s not between 9 and 11
  ),
  staff as (
    select d.id as dentist_id, d.clinic_id, c.name as clinic_name, row_number() over (partition by d.clinic_id order by d.id) as k
    from public.dentists d
    join public.clinics c on c.id = d.clinic_id
  ),
  patient_list as (
    select
      p.id as patient_id,
      p.clinic_id,
      row_number() over (partition by p.clinic_id order by p.id) - 1 as pn,
      count(*) over (partition by p.clinic_id) as patient_count
    from public.patients p
    where not p.deleted
  ),
  procedure_list as (
    select p.clinic_id, p.name, row_number() over (partition by p.clinic_id order by p.id) - 1 as rn
    from public.procedures p
  ),
  candidates as (
    select
      st.clinic_id, st.clinic_name, st.dentist_id, st.k, w.day, w.dn, sl.s, sl.start_at,
      (w.day + sl.start_at) at time zone 'Asia/Manila' as starts_at,
      (w.dn * 3 + st.k * 5 + sl.s * 11) % 20 as h
    from working_days w
    cross join slots sl
    join staff st on (w.dn * 5 + st.k * 11 + sl.s * 7) % (case st.clinic_name when 'Smile Dental' then 13 else 60 end) = 0
    where not exists (
      select 1
      from public.dentist_availability a
      where a.dentist_id = st.dentist_id
        and a.specific_date = w.day
        and a.start_time < sl.start_at + interval '20 minutes'
        and a.end_time > sl.start_at
    )
  ),
  booked as (
    select
      c.*,
      case
        when c.starts_at < now() then
          case
            when c.starts_at > now() - interval '14 days' and c.h = 0 then 'Scheduled'
            when c.starts_at > now() - interval '14 days' and c.h in (1, 2) then 'Confirmed'
            when c.h in (3, 4) then 'No Show'
            when c.h in (5, 6) then 'Cancelled'
            else 'Completed'
          end
        else
          case when c.h < 8 then 'Scheduled' when c.h < 17 then 'Confirmed' else 'Cancelled' end
      end::public.appointment_status as status,
      least(c.starts_at - interval '7 days', now()) as booked_at
    from candidates c
  )
insert into public.appointments (
  clinic_id, patient_id, dentist_id, appointment_time, reason, status, deleted, booking_origin,
  guardian_messenger_id, reminder_enabled, reminder_days, reminder_message, reminder_recipient_type, created_at,
  cancelled_at
)
select
  c.clinic_id,
  pl.patient_id,
  c.dentist_id,
  c.starts_at,
  pr.name || case (c.dn + c.s) % 7
    when 0 then ' — Notes: ' || (array[
      'Sensitive upper left molar', 'Patient prefers the afternoon', 'Bring previous panoramic X-ray',
      'Anxious patient, explain each step', 'Follow-up from last visit'
    ])[1 + (c.dn + c.k) % 5]
    else ''
  end,
  c.status,
  (c.dn + c.s) % 29 = 0,
  (array['messenger', 'walk-in', null])[1 + (c.dn + c.k + c.s) % 3],
  case when pl.pn % 9 = 4 then (2500000000000000 + pl.pn * 7919003)::text end,
  (c.dn * 7 + c.s) % 17 <> 0,
  case (c.dn + c.s) % 10 when 0 then '{1,3}'::integer[] when 1 then '{0,1}'::integer[] else '{1}'::integer[] end,
  case when (c.dn + c.s) % 13 = 0 then
    c.clinic_name || ' reminds you of your appointment. Please arrive 10 minutes early. Salamat po!'
  end,
  (case when pl.pn % 9 = 4 and pl.pn % 2 = 0 then 'guardian' else 'patient' end)::public.reminder_recipient_type,
  c.booked_at,
  -- About one cancellation in four comes less than 24 hours ahead (2 to 7 hours before); the
  -- others 1 to 6 days ahead. Never before the booking, never in the future.
  case when c.status = 'Cancelled' then
    least(now(), greatest(c.booked_at, c.starts_at - case
      when (c.dn + c.k + c.s) % 4 = 0 then make_interval(hours => 2 + (c.dn + c.s) % 6)
      else make_interval(days => 1 + (c.dn * 2 + c.s) % 6)
    end))
  end
from booked c
join patient_list pl on pl.clinic_id = c.clinic_id and pl.pn = (c.dn * 13 + c.k * 7 + c.s * 3) % pl.patient_count
join procedure_list pr on pr.clinic_id = c.clinic_id
  and pr.rn = (array[0, 1, 1, 4, 8, 0, 1, 11, 4, 2, 6, 8, 10, 1, 13, 15, 0, 7, 5, 9, 3, 12, 14, 16])[1 + (c.dn + c.k * 3 + c.s) % 24]
-- The dentist made inactive below only has appointments well in the past.
where not (c.clinic_name = 'Smile Dental' and c.k = 4 and c.starts_at >= now() - interval '14 days')
order by c.starts_at, c.dentist_id;

update public.dentists set is_active = false where name = 'Dr. Ramon Bautista';

-- ---------------------------------------------------------------------------
-- Invoices for the latest completed appointments (24 in Smile Dental, 6 in
-- Bright Teeth), each billing its appointment, totals from the price list.
-- By invoice number n the payments make it unpaid (n mod 4 = 0), partial (1),
-- paid in two parts (2) or overpaid (3); methods rotate through cash, card,
-- e-wallet and bank. One payment is voided afterwards, with a reason.
-- ---------------------------------------------------------------------------
with completed as (
  select
    a.id as appointment_id,
    a.clinic_id,
    a.patient_id,
    a.appointment_time,
    pr.price,
    row_number() over (partition by a.clinic_id order by a.appointment_time desc, a.id) as n
  from public.appointments a
  join public.procedures pr on pr.clinic_id = a.clinic_id and pr.name = split_part(a.reason, ' — Notes: ', 1)
  where a.status = 'Completed' and not a.deleted and pr.price > 0
)
insert into public.invoices (clinic_id, patient_id, appointment_id, total, created_at)
select completed.clinic_id, completed.patient_id, completed.appointment_id, completed.price, completed.appointment_time + interval '1 hour'
from completed
join public.clinics c on c.id = completed.clinic_id
where completed.n <= case c.name when 'Smile Dental' then 24 else 6 end
order by completed.appointment_time, completed.clinic_id;

with numbered as (
  select i.*, row_number() over (partition by i.clinic_id order by i.id) as n
  from public.invoices i
)
insert into public.payments (
  clinic_id, invoice_id, patient_id, amount, method, reference_number, notes, payment_date, overpayment_accepted,
  accepted_balance
)
select
  nb.clinic_id,
  nb.id,
  nb.patient_id,
  pay.amount,
  pay.method,
  case pay.method
    when 'card' then 'CARD-' || lpad(((nb.n * 7919 + pay.seq * 131) % 1000000)::text, 6, '0')
    when 'e-wallet' then 'GCASH-' || lpad(((nb.n * 104729 + pay.seq * 17) % 100000000)::text, 8, '0')
    when 'bank' then 'BPI-' || lpad(((nb.n * 15485863 + pay.seq) % 10000000)::text, 7, '0')
  end,
  case
    when nb.n % 4 = 1 then 'Down payment; balance on next visit'
    when nb.n % 4 = 2 and pay.seq = 2 then 'Balance settled'
    when nb.n % 4 = 3 then 'Overpaid; change credited to the next visit'
  end,
  least(nb.created_at + make_interval(days => 7 * (pay.seq - 1)), now()),
  -- The overpaid invoices: the front desk confirmed 'Add Payment anyway' at the whole total owed.
  nb.n % 4 = 3,
  case when nb.n % 4 = 3 then nb.total end
from numbered nb
cross join lateral (
  select v.seq, v.amount,
         (array['cash', 'card', 'e-wallet', 'bank']::public.payment_method[])[1 + (nb.n / 4 + v.seq) % 4] as method
  from (
    values
      (1, 1, round(nb.total * 0.4, 2)),
      (2, 1, round(nb.total * 0.5, 2)),
      (2, 2, nb.total - round(nb.total * 0.5, 2)),
      (3, 1, nb.total + 200)
  ) as v (state, seq, amount)
  where v.state = nb.n % 4
) as pay
order by nb.clinic_id, nb.id, pay.seq;

-- A payment keyed against the wrong invoice, voided by Smile Dental's admin:
-- the first payment of its latest partially paid invoice, whose status goes
-- back to Unpaid.
update public.payments
   set voided_at = payment_date + interval '10 minutes',
       void_reason = 'Keyed against the wrong invoice; re-entered on the right one',
       voided_by = 'd0000000-0000-4000-8000-000000000002'::uuid
 where id = (
   select p.id
     from public.payments p
     join public.clinics c on c.id = p.clinic_id and c.name = 'Smile Dental'
    where p.notes = 'Down payment; balance on next visit'
    order by p.invoice_id desc, p.id
    limit 1
 );

-- ---------------------------------------------------------------------------
-- Reminder log: one automated day-before reminder that Meta refused, of one of
-- Smile Dental's latest completed appointments. No reminder is logged as
-- sent: the local Meta stand-in's inbox (/_dev/messenger) starts empty at
-- every start, so a sent row would claim a message nobody got, and a manual
-- one dated today would make the clinic's daily run skip that appointment's
-- automated reminder. What the demo session sends lands in both.
-- ---------------------------------------------------------------------------
with recent as (
  select
    a.id,
    a.clinic_id,
    a.appointment_time,
    p.messenger_id,
    c.timezone,
    c.reminder_time,
    row_number() over (order by a.appointment_time desc, a.id) as n
  from public.appointments a
  join public.patients p on p.id = a.patient_id
  join public.clinics c on c.id = a.clinic_id
  where c.name = 'Smile Dental' and a.status = 'Completed' and not a.deleted and p.messenger_id is not null
)
insert into public.appointment_reminders
  (clinic_id, appointment_id, for_appointment_time, sent_on, days_ahead, messenger_id, is_manual, outcome, error)
select
  r.clinic_id,
  r.id,
  r.appointment_time,
  (((r.appointment_time at time zone r.timezone)::date - 1) + r.reminder_time) at time zone r.timezone,
  1,
  r.messenger_id,
  false,
  'failed',
  '(#551) This person isn''t available right now.'
from recent r
where r.n = 3;

-- ---------------------------------------------------------------------------
-- Messenger: Smile Dental is connected to the local Meta stand-in's demo page
-- "Smile Dental Clinic" (id 1000000000000001, page token EAAPAGE1demo), so
-- reminders and status notices work out of the box and land in
-- /_dev/messenger. Bright Teeth is left unconnected, to show that case. On a
-- hosted project, connect a real page from Clinic Config instead.
-- ---------------------------------------------------------------------------
update public.clinics
set fb_page_id = '1000000000000001',
    messenger_page_id = '1000000000000001',
    page_token_hint = 'demo',
    fb_page_name = 'Smile Dental Clinic'
where name = 'Smile Dental';

insert into public.clinic_secrets (clinic_id, fb_page_access_token)
select c.id, 'EAAPAGE1demo'
from public.clinics c
where c.name = 'Smile Dental';

-- ---------------------------------------------------------------------------
-- Two people who wrote to Smile Dental's page and are not patients yet, so the
-- Messenger contacts section of Clinic Configuration has someone to link. No
-- picture (the stand-in serves avatars only for senders of this run).
-- ---------------------------------------------------------------------------
insert into public.messenger_contacts
  (clinic_id, page_id, psid, last_inbound_at, display_name, first_message, first_message_at)
select c.id, c.messenger_page_id, contact.psid, now() - contact.ago, contact.name, contact.message, now() - contact.ago
from public.clinics c
cross join (
  values
    ('2500000000000001', 'Teresa Magbanua', 'Hello po! Magkano po ang cleaning?', interval '3 hours'),
    ('2500000000000002', 'Andres Villareal', 'Good morning, may slot pa po ba this Saturday for a check-up?', interval '1 day')
) as contact (psid, name, message, ago)
where c.name = 'Smile Dental';

-- ---------------------------------------------------------------------------
-- Reports: today's front desk, so the Day sheet has money to show on any day
-- the demo is opened. Two walk-in invoices of Smile Dental issued this morning
-- (no appointment): one paid in part in cash and by e-wallet, one not paid yet.
-- The frequent no-show flag comes from the No Show bookings above.
-- ---------------------------------------------------------------------------
with walk_in as (
  insert into public.invoices (clinic_id, patient_id, total, created_at)
  select c.id, p.id, v.total, now()
  from public.clinics c
  cross join (values (1, 2500.00), (2, 1200.00)) as v (k, total)
  join lateral (
    select pt.id from public.patients pt where pt.clinic_id = c.id and not pt.deleted order by pt.id offset v.k + 2 limit 1
  ) p on true
  where c.name = 'Smile Dental'
  returning id, clinic_id, patient_id, total
)
insert into public.payments (clinic_id, invoice_id, patient_id, amount, method, reference_number, notes)
select w.clinic_id, w.id, w.patient_id, pay.amount, pay.method, pay.reference, null
from walk_in w
cross join (
  values (1000.00, 'cash'::public.payment_method, null), (500.50, 'e-wallet', 'GCASH-00004242')
) as pay (amount, method, reference)
where w.total = 2500.00;

-- ---------------------------------------------------------------------------
-- Recalls: five Smile Dental patients last seen 7 to 12 months ago with nothing
-- booked ahead, so the Recalls tab has patients due for a check-up: one without
-- a Messenger id (no recall possible), one recalled 10 days ago (blocked for 30
-- days), and one recalled 2 days ago who tapped Book (an open booking request).
-- Their visits are the only demo appointments before the previous month.
-- ---------------------------------------------------------------------------
insert into public.patients (clinic_id, name, phone, messenger_id, created_at)
select c.id, v.name, v.phone, v.psid, now() - interval '400 days'
from public.clinics c
cross join (values
  ('Teresita Lacson', '+63 917 410 2201', '2400000000900001'),
  ('Benjamin Uy', '+63 918 410 2202', '2400000000900002'),
  ('Josefina Magsaysay', '+63 919 410 2203', null),
  ('Arnel Pineda', '+63 920 410 2204', '2400000000900004'),
  ('Corazon Dimaculangan', '+63 921 410 2205', '2400000000900005')
) as v (name, phone, psid)
where c.name = 'Smile Dental';

-- A Tuesday at 10:00 (clinic time) the given number of months ago, with Smile Dental's first dentist.
insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status, booking_origin, created_at)
select
  p.clinic_id,
  p.id,
  (select d.id from public.dentists d where d.clinic_id = p.clinic_id and d.is_active order by d.id limit 1),
  ((date_trunc('week', (now() at time zone 'Asia/Manila')::date - make_interval(months => v.months_ago))
    + interval '1 day' + time '10:00') at time zone 'Asia/Manila'),
  v.reason,
  'Completed',
  'walk-in',
  now() - make_interval(months => v.months_ago, days => 7)
from (values
  ('Teresita Lacson', 7, 'Oral Prophylaxis (Cleaning)'),
  ('Benjamin Uy', 8, 'Composite Filling'),
  ('Josefina Magsaysay', 9, 'Dental Consultation'),
  ('Arnel Pineda', 10, 'Oral Prophylaxis (Cleaning)'),
  ('Corazon Dimaculangan', 12, 'Simple Tooth Extraction')
) as v (name, months_ago, reason)
join public.patients p on p.name = v.name
join public.clinics c on c.id = p.clinic_id and c.name = 'Smile Dental';

with recalled as (
  insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, via, created_at)
  select p.clinic_id, p.id, p.messenger_id,
         'Hi ' || p.name || ', it has been a while, and you are due for a dental check-up at Smile Dental. '
           || 'Tap Book and we will message you to find a time that suits you.',
         'sent', 'template', now() - make_interval(days => v.days_ago)
  from (values ('Benjamin Uy', 10), ('Arnel Pineda', 2)) as v (name, days_ago)
  join public.patients p on p.name = v.name
  join public.clinics c on c.id = p.clinic_id and c.name = 'Smile Dental'
  returning id, clinic_id, patient_id, messenger_id, created_at
)
insert into public.recall_requests (clinic_id, patient_id, recall_message_id, psid, mid, created_at)
select r.clinic_id, r.patient_id, r.id, r.messenger_id, 'm_demo_recall_book_' || r.id, r.created_at + interval '2 hours'
from recalled r
join public.patients p on p.id = r.patient_id and p.name = 'Arnel Pineda';

-- ---------------------------------------------------------------------------
-- Waitlist: three Smile Dental patients with Messenger ids and nothing booked
-- ahead wait for an earlier slot with Dr. Andrea Villanueva in the next two
-- weeks, the third in the mornings only. Each joins while her slots are open,
-- so the service offers them the earliest that fits in the dev Messenger inbox
-- (/_dev/messenger) once it runs; cancelling or moving one of her appointments
-- offers that slot too.
-- ---------------------------------------------------------------------------
insert into public.waitlist_entries
  (clinic_id, patient_id, dentist_id, from_date, to_date, preferred_from, preferred_to, note, created_at)
select c.id, p.id, d.id,
       (now() at time zone c.timezone)::date,
       (now() at time zone c.timezone)::date + 14,
       w.preferred_from, w.preferred_to,
       w.note,
       now() - make_interval(hours => w.hours_ago)
from (values (1, 'Any time, the earlier the better', 50, null::time, null::time), (2, null, 26, null, null),
             (3, 'Mornings only', 3, time '09:00', time '12:00'))
  as w (place, note, hours_ago, preferred_from, preferred_to)
join public.clinics c on c.name = 'Smile Dental'
join public.dentists d on d.clinic_id = c.id and d.name = 'Dr. Andrea Villanueva'
cross join lateral (
  select p.id
  from public.patients p
  where p.clinic_id = c.id and not p.deleted and p.messenger_id is not null
    and not exists (
      select 1 from public.appointments a
      where a.patient_id = p.id and not a.deleted and a.status in ('Scheduled', 'Confirmed') and a.appointment_time > now()
    )
  order by p.id
  offset w.place - 1
  limit 1
) p
order by w.place;

-- ---------------------------------------------------------------------------
-- Dental chart: Smile Dental's first three patients are charted by
-- Dr. Andrea Villanueva over the last months, so the chart and its As of day
-- show something at once. Jose Torres is a child (mixed dentition); Maria
-- Santos's 46 was planned and later completed (the planned entry superseded).
-- ---------------------------------------------------------------------------
with charted as (
  insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, note,
                                    recorded_by, recorded_by_name, recorded_at)
  select c.id, p.id, e.tooth, e.surfaces, e.condition::public.chart_condition, e.state::public.chart_entry_state, e.note,
         'd0000000-0000-4000-8000-000000000004'::uuid, 'Dr. Andrea Villanueva',
         now() - make_interval(days => e.days_ago)
  from (values
    (1, 36::smallint, '{M,O}'::text[], 'caries', 'existing', null, 60),
    (1, 16::smallint, '{O}'::text[], 'filling', 'completed', null, 60),
    (1, 48::smallint, '{}'::text[], 'missing', 'existing', null, 60),
    (1, 46::smallint, '{}'::text[], 'root_canal', 'planned', 'Sensitive to cold', 60),
    (2, 55::smallint, '{O}'::text[], 'caries', 'existing', null, 20),
    (2, 16::smallint, '{O}'::text[], 'sealant', 'completed', null, 20),
    (2, 75::smallint, '{}'::text[], 'extracted', 'existing', null, 20),
    (3, 11::smallint, '{}'::text[], 'crown', 'planned', null, 10),
    (3, 27::smallint, '{D}'::text[], 'watch', 'existing', 'Check at the next cleaning', 10),
    (3, 24::smallint, '{M,O,D}'::text[], 'fracture', 'existing', null, 10)
  ) as e (place, tooth, surfaces, condition, state, note, days_ago)
  join public.clinics c on c.name = 'Smile Dental'
  cross join lateral (
    select p.id from public.patients p where p.clinic_id = c.id and not p.deleted order by p.id offset e.place - 1 limit 1
  ) p
  returning id, patient_id, clinic_id, tooth, condition
)
insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, supersedes_id,
                                  recorded_by, recorded_by_name, recorded_at)
select charted.clinic_id, charted.patient_id, 46, '{}', 'root_canal', 'completed', charted.id,
       'd0000000-0000-4000-8000-000000000004'::uuid, 'Dr. Andrea Villanueva', now() - interval '30 days'
from charted
where charted.tooth = 46 and charted.condition = 'root_canal';

-- ---------------------------------------------------------------------------
-- HMOs and statutory discounts: Smile Dental is accredited with Maxicare and
-- Intellicare (cleaning covered at a contracted price, crowns not covered).
-- Its 4th patient holds a valid Maxicare card (and last year's, expired), the
-- 5th an Intellicare card that expired ten days ago, the 6th is a senior
-- citizen and the 7th a person with disability. Card dates are clinic days
-- around today, so the demo stays current.
-- ---------------------------------------------------------------------------
insert into public.hmos (clinic_id, name, claim_deadline_days, annual_limit)
select c.id, h.name, h.claim_deadline_days, h.annual_limit
from (values ('Smile Dental', 'Maxicare', 30, 30000.00), ('Smile Dental', 'Intellicare', 45, null),
             ('Bright Teeth', 'PhilCare', 30, null)) as h (clinic_name, name, claim_deadline_days, annual_limit)
join public.clinics c on c.name = h.clinic_name;

insert into public.hmo_coverages (clinic_id, hmo_id, procedure_id, contracted_price, covered_percent)
select h.clinic_id, h.id, p.id, v.contracted_price, v.covered_percent
from (values
  ('Maxicare', 'Oral Prophylaxis (Cleaning)', 900.00, null::numeric),
  ('Maxicare', 'Dental Consultation', null, 100.00),
  ('Maxicare', 'Simple Tooth Extraction', null, 80.00),
  ('Intellicare', 'Oral Prophylaxis (Cleaning)', 950.00, null),
  ('Intellicare', 'Composite Filling', null, 70.00),
  ('PhilCare', 'Oral Prophylaxis (Cleaning)', 1000.00, null)
) as v (hmo_name, procedure_name, contracted_price, covered_percent)
join public.hmos h on h.name = v.hmo_name
join public.procedures p on p.clinic_id = h.clinic_id and p.name = v.procedure_name;

insert into public.patient_hmo_cards (clinic_id, patient_id, hmo_id, member_number, company, valid_from, valid_until, note)
select c.id, p.id, h.id, v.member_number, v.company,
       (now() at time zone c.timezone)::date + v.from_days,
       (now() at time zone c.timezone)::date + v.until_days,
       v.note
from (values
  (4, 'Maxicare', 'MAX-2291-0457', 'Accenture Philippines', -200, 165, null),
  (4, 'Maxicare', 'MAX-2291-0457', 'Accenture Philippines', -565, -201, 'Last year''s card'),
  (5, 'Intellicare', 'INT-88-301-552', 'Jollibee Foods Corporation', -375, -10, 'Ask for the renewed card')
) as v (place, hmo_name, member_number, company, from_days, until_days, note)
join public.clinics c on c.name = 'Smile Dental'
join public.hmos h on h.clinic_id = c.id and h.name = v.hmo_name
cross join lateral (
  select p.id from public.patients p where p.clinic_id = c.id and not p.deleted order by p.id offset v.place - 1 limit 1
) p;

update public.patients p
   set discount_id_type = v.discount_id_type::public.discount_id_type, discount_id_number = v.discount_id_number
from (values (6, 'senior_citizen', 'SC-QC-2019-004512'), (7, 'pwd', 'PWD-NCR-13-7421-0031'))
  as v (place, discount_id_type, discount_id_number)
join public.clinics c on c.name = 'Smile Dental'
cross join lateral (
  select q.id from public.patients q where q.clinic_id = c.id and not q.deleted order by q.id offset v.place - 1 limit 1
) chosen
where p.id = chosen.id;

-- ---------------------------------------------------------------------------
-- HMO claims: Ana Gonzales (the Maxicare card holder) had two visits with
-- Dr. Andrea Villanueva about nine weeks ago, before the generated months, billed
-- at the front desk by Joy Bautista through create_itemised_invoice, so the
-- split, the claims and their batch come from the database's own rules: a
-- cleaning (Maxicare pays its contracted ₱900.00), then an extraction (80%) with
-- a consultation (100%). She paid her share each time. The batch was sent a
-- week later; Maxicare's cheque paid the first claim only, so the batch is
-- overdue with the second claim owed.
-- ---------------------------------------------------------------------------
do $$
declare
  v_clinic public.clinics := (select c from public.clinics c where c.name = 'Smile Dental');
  v_patient bigint := (
    select p.id from public.patients p where p.clinic_id = v_clinic.id and not p.deleted order by p.id offset 3 limit 1);
  v_dentist bigint := (select d.id from public.dentists d where d.clinic_id = v_clinic.id and d.name = 'Dr. Andrea Villanueva');
  v_today date := (now() at time zone v_clinic.timezone)::date;
  v_visit record;
  v_appointment public.appointments;
  v_items jsonb;
  v_split jsonb;
  v_invoice_id bigint;
  v_invoice public.invoices;
  v_batch bigint;
  v_last_visit timestamptz;
begin
  perform pg_catalog.set_config('request.jwt.claims',
    '{"sub": "d0000000-0000-4000-8000-000000000003", "role": "authenticated"}', true);
  for v_visit in
    select v.days_ago, v.items, v.reason
      from (values
        (66, array['Oral Prophylaxis (Cleaning)'], 'Oral Prophylaxis (Cleaning)'),
        (64, array['Simple Tooth Extraction', 'Dental Consultation'], 'Simple Tooth Extraction')
      ) as v (days_ago, items, reason)
     order by v.days_ago desc
  loop
    insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, reason, status, created_at)
    select v_clinic.id, v_patient, v_dentist, (day + time '10:00') at time zone v_clinic.timezone, v_visit.reason,
           'Completed', (day - 7 + time '09:00') at time zone v_clinic.timezone
      -- Never a Sunday, when the clinic is closed.
      from (select v_today - v_visit.days_ago - (extract(isodow from v_today - v_visit.days_ago) = 7)::integer as day) d
    returning * into v_appointment;

    v_items := (
      select jsonb_agg(jsonb_build_object('procedure_id', pr.id, 'unit_price', pr.price,
                                          'tooth', case when pr.chart_condition = 'extracted' then 38 end)
                       order by item.n)
        from unnest(v_visit.items) with ordinality as item (name, n)
        join public.procedures pr on pr.clinic_id = v_clinic.id and pr.name = item.name);
    -- Saved as the desk does: with the split its preview showed.
    v_split := public.invoice_split(v_clinic.id, v_patient, v_items, v_appointment.id)::jsonb;
    v_invoice_id := public.create_itemised_invoice(
      p_clinic_id => v_clinic.id, p_patient_id => v_patient, p_idempotency_key => gen_random_uuid(),
      p_items => v_items,
      p_shown_total_centavos => (v_split ->> 'total_centavos')::bigint,
      p_shown_hmo_share_centavos => (v_split ->> 'hmo_share_centavos')::bigint,
      p_appointment_id => v_appointment.id);
    update public.invoices set created_at = v_appointment.appointment_time + interval '50 minutes'
     where id = v_invoice_id
    returning * into v_invoice;
    if v_invoice.total > 0 then
      insert into public.payments (clinic_id, invoice_id, patient_id, amount, method, payment_date)
      values (v_clinic.id, v_invoice.id, v_patient, v_invoice.total, 'cash',
              v_appointment.appointment_time + interval '55 minutes');
    end if;
    v_last_visit := v_appointment.appointment_time;
  end loop;

  select c.batch_id into v_batch from public.hmo_claims c
    join public.invoices i on i.id = c.invoice_id
   where i.patient_id = v_patient limit 1;
  -- Dated as they happened: each claim with its invoice, the batch opened with the first.
  update public.hmo_claims c set created_at = i.created_at from public.invoices i
   where i.id = c.invoice_id and c.batch_id = v_batch;
  perform public.close_hmo_claim_batch(v_batch);
  update public.hmo_claim_batches
     set opened_at = (select min(c.created_at) from public.hmo_claims c where c.batch_id = v_batch),
         closed_at = v_last_visit + interval '7 days'
   where id = v_batch;
  perform public.record_hmo_payment(v_batch, 900.00, (v_last_visit at time zone v_clinic.timezone)::date + 30,
    'MAXI-CHK-0051872', gen_random_uuid());
  perform pg_catalog.set_config('request.jwt.claims', '', true);
end
$$;

-- ---------------------------------------------------------------------------
-- A treatment plan in progress: Juan Castro's plan by Dr.
-- Andrea Villanueva. Phase 1: the crown on 11 already charted as planned,
-- accepted at the desk; a sealant on 37 done at his last completed visit
-- (its planned entry superseded by the completed one). Phase 2: a filling on
-- 24 MOD, proposed. The prices are the price list's.
-- ---------------------------------------------------------------------------
do $$
declare
  v_clinic bigint := (select id from public.clinics where name = 'Smile Dental');
  v_patient bigint := (select id from public.patients where clinic_id = v_clinic and name = 'Juan Castro');
  v_dentist uuid := 'd0000000-0000-4000-8000-000000000004';
  v_name text := 'Dr. Andrea Villanueva';
  v_visit public.appointments := (
    select a from public.appointments a
     where a.patient_id = v_patient and a.status = 'Completed' and not a.deleted and a.appointment_time < now()
     order by a.appointment_time desc limit 1);
  v_crown_entry bigint := (
    select id from public.chart_entries where patient_id = v_patient and tooth = 11 and state = 'planned');
  v_planned bigint;
  v_completed bigint;
begin
  insert into public.treatment_plan_items
    (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase, status,
     planned_entry_id, planned_by, planned_by_name, decided_at, decided_by, decided_by_name, created_at)
  select v_clinic, v_patient, pr.id, pr.name, pr.price, 11, '{}', 'crown', 1, 'accepted',
         v_crown_entry, v_dentist, v_name, now() - interval '9 days',
         'd0000000-0000-4000-8000-000000000003', 'Joy Bautista', now() - interval '10 days'
    from public.procedures pr where pr.clinic_id = v_clinic and pr.name = 'Porcelain Crown';

  insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, note,
                                    recorded_by, recorded_by_name, recorded_at)
  values (v_clinic, v_patient, 37, '{O}', 'sealant', 'planned', 'Planned: Pit and Fissure Sealant',
          v_dentist, v_name, v_visit.appointment_time - interval '7 days')
  returning id into v_planned;
  insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, note, appointment_id,
                                    supersedes_id, recorded_by, recorded_by_name, recorded_at)
  values (v_clinic, v_patient, 37, '{O}', 'sealant', 'completed', 'Done: Pit and Fissure Sealant', v_visit.id,
          v_planned, v_dentist, v_name, v_visit.appointment_time + interval '30 minutes')
  returning id into v_completed;
  insert into public.treatment_plan_items
    (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase, status,
     planned_entry_id, planned_by, planned_by_name, appointment_id, done_at, done_by, done_by_name,
     completed_entry_id, created_at)
  select v_clinic, v_patient, pr.id, pr.name, pr.price, 37, '{O}', 'sealant', 1, 'done',
         v_planned, v_dentist, v_name, v_visit.id, v_visit.appointment_time + interval '30 minutes', v_dentist,
         v_name, v_completed, v_visit.appointment_time - interval '7 days'
    from public.procedures pr where pr.clinic_id = v_clinic and pr.name = 'Pit and Fissure Sealant';

  insert into public.chart_entries (clinic_id, patient_id, tooth, surfaces, condition, state, note,
                                    recorded_by, recorded_by_name, recorded_at)
  values (v_clinic, v_patient, 24, '{M,O,D}', 'filling', 'planned', 'Planned: Composite Filling',
          v_dentist, v_name, now() - interval '10 days')
  returning id into v_planned;
  insert into public.treatment_plan_items
    (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase,
     planned_entry_id, planned_by, planned_by_name, created_at)
  select v_clinic, v_patient, pr.id, pr.name, pr.price, 24, '{M,O,D}', 'filling', 2,
         v_planned, v_dentist, v_name, now() - interval '10 days'
    from public.procedures pr where pr.clinic_id = v_clinic and pr.name = 'Composite Filling';
end
$$;

-- ---------------------------------------------------------------------------
-- Audit trail (keep this block last): the demo data above is nobody's change,
-- so the log starts empty and shows only what the demo session does. This is
-- the owner-only way to remove log rows (docs/audit-trail.md).
-- ---------------------------------------------------------------------------
grant delete on public.audit_log to current_user;
alter table public.audit_log disable trigger audit_log_append_only;
delete from public.audit_log;
alter table public.audit_log enable trigger audit_log_append_only;
revoke delete on public.audit_log from current_user;
