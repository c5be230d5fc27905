-- ============================================================================
-- Ngiti schema: clinics and everything that belongs to one clinic.
--
-- Every clinic-scoped table carries clinic_id. Rows that other rows point at
-- also carry a unique (id, clinic_id), and the pointing rows use composite
-- foreign keys on (x_id, clinic_id): a row can only reference rows of its own
-- clinic, whoever writes it. Between any two tables there is exactly one
-- foreign key, so PostgREST embeds are never ambiguous.
--
-- Row-level security, grants and role rules: 20261121000200_security.sql.
-- Booking rules and the availability RPC: 20261121000300_booking.sql.
-- ============================================================================

create extension if not exists btree_gist with schema extensions;

-- ---------------------------------------------------------------------------
-- Helpers used by constraints
-- ---------------------------------------------------------------------------

-- Stable rather than immutable: the tz database can change between upgrades.
create function public.is_valid_time_zone(p_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = p_name)
$$;

comment on function public.is_valid_time_zone(text) is
  'True when p_name is a time zone name Postgres knows (IANA names such as Asia/Manila).';

-- timestamptz + interval is only stable in general (days and months depend on
-- the session time zone); a fixed number of minutes is not, so this is honest.
create function public.appointment_slot(p_start timestamptz)
returns tstzrange
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.tstzrange(p_start, p_start + interval '20 minutes', '[)')
$$;

comment on function public.appointment_slot(timestamptz) is
  'The 20-minute period an appointment starting at p_start occupies, as [start, start + 20 min).';

-- ---------------------------------------------------------------------------
-- clinics
-- ---------------------------------------------------------------------------
create table public.clinics (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  timezone text not null default 'Asia/Manila' check (public.is_valid_time_zone(timezone)),
  reminder_time time not null default '09:00',
  address text check (address is null or (btrim(address) <> '' and char_length(address) <= 500)),
  contact_email text check (
    contact_email is null or (contact_email ~ '^[^@\s]+@[^@\s]+$' and char_length(contact_email) <= 320)
  ),
  contact_phone text check (contact_phone is null or (btrim(contact_phone) <> '' and char_length(contact_phone) <= 50)),
  fb_page_id text check (fb_page_id is null or (btrim(fb_page_id) <> '' and char_length(fb_page_id) <= 100)),
  messenger_page_id text check (
    messenger_page_id is null or (btrim(messenger_page_id) <> '' and char_length(messenger_page_id) <= 100)
  ),
  page_token_hint text check (page_token_hint is null or char_length(page_token_hint) <= 20),
  created_at timestamptz not null default now()
);

comment on table public.clinics is 'A dental clinic; every other row of the app belongs to exactly one clinic.';
comment on column public.clinics.timezone is
  'IANA time zone of the clinic. Opening hours, "today", weeks and reminders are computed in it.';
comment on column public.clinics.reminder_time is 'Local time of day (clinic time zone) when automated reminders go out.';
comment on column public.clinics.fb_page_id is 'Connected Facebook page; written only by the notification service.';
comment on column public.clinics.messenger_page_id is
  'Page id Messenger webhooks arrive with; unique, so an incoming message maps to one clinic.';
comment on column public.clinics.page_token_hint is
  'A recognisable tail of the page access token (e.g. the last 4 characters), shown instead of the secret.';

create unique index clinics_messenger_page_id_key on public.clinics (messenger_page_id) where messenger_page_id is not null;

-- ---------------------------------------------------------------------------
-- clinic_secrets: server-only
-- ---------------------------------------------------------------------------
create table public.clinic_secrets (
  clinic_id bigint primary key references public.clinics (id) on delete cascade,
  fb_page_access_token text check (
    fb_page_access_token is null or (btrim(fb_page_access_token) <> '' and char_length(fb_page_access_token) <= 2000)
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.clinic_secrets is
  'Secrets of a clinic (the Messenger page access token). Only the service role reads or writes them.';

-- ---------------------------------------------------------------------------
-- users: staff profiles
-- ---------------------------------------------------------------------------
create table public.users (
  id bigint generated always as identity primary key,
  user_id uuid unique references auth.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  role text not null default 'receptionist' check (role in ('superadmin', 'admin', 'receptionist', 'dentist')),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.users is
  'Staff profile: one per sign-in account, in one clinic, with one role. Created by the sign-up trigger.';
comment on column public.users.user_id is 'The auth.users account; never changes once the profile exists.';
comment on column public.users.role is
  'superadmin reaches every clinic; admin manages their clinic; receptionist and dentist work in it.';

create index users_clinic_id_id_idx on public.users (clinic_id, id desc);
create index users_email_idx on public.users (email);

-- ---------------------------------------------------------------------------
-- patients
-- ---------------------------------------------------------------------------
create table public.patients (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  phone text not null check (btrim(phone) <> '' and char_length(phone) <= 50),
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on table public.patients is 'A patient of one clinic.';
comment on column public.patients.messenger_id is 'Page-scoped Messenger id (PSID) reminders are sent to; optional.';
comment on column public.patients.deleted is 'Soft delete: deleted patients are hidden from lists and cannot be booked.';

create index patients_clinic_id_name_idx on public.patients (clinic_id, name) where not deleted;

-- ---------------------------------------------------------------------------
-- dentists and their availability
-- ---------------------------------------------------------------------------
create table public.dentists (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  phone text not null check (btrim(phone) <> '' and char_length(phone) <= 50),
  is_active boolean not null default true,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on table public.dentists is 'A dentist of one clinic.';
comment on column public.dentists.is_active is 'Inactive dentists keep their history but cannot be booked.';
comment on column public.dentists.deleted is
  'Soft delete, for dentists with past appointments; a dentist with none is deleted for real.';

create index dentists_clinic_id_name_idx on public.dentists (clinic_id, name);

create table public.dentist_availability (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  dentist_id bigint not null,
  specific_date date not null,
  start_time time not null,
  end_time time not null,
  is_available boolean not null default false,
  created_at timestamptz not null default now(),
  constraint dentist_availability_hours_check check (
    start_time < end_time and start_time >= time '09:00' and end_time <= time '18:00'
  ),
  constraint dentist_availability_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id) on delete cascade,
  constraint dentist_availability_no_overlap exclude using gist (
    dentist_id with =,
    tsrange(specific_date + start_time, specific_date + end_time, '[)') with &&
  )
);

comment on table public.dentist_availability is
  'Periods of one day, in clinic local time, in which a dentist cannot be booked (is_available = false).';
comment on column public.dentist_availability.is_available is
  'false: a blocked period (the only kind the app writes). Blocked periods refuse bookings.';

create index dentist_availability_dentist_id_date_idx on public.dentist_availability (dentist_id, specific_date);

-- ---------------------------------------------------------------------------
-- appointments
-- ---------------------------------------------------------------------------
create table public.appointments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  dentist_id bigint not null,
  appointment_time timestamptz not null,
  reason text check (reason is null or (btrim(reason) <> '' and char_length(reason) <= 1000)),
  status text not null default 'Scheduled' check (status in ('Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled')),
  deleted boolean not null default false,
  booking_origin text check (booking_origin is null or (btrim(booking_origin) <> '' and char_length(booking_origin) <= 50)),
  guardian_messenger_id text check (
    guardian_messenger_id is null or (btrim(guardian_messenger_id) <> '' and char_length(guardian_messenger_id) <= 100)
  ),
  reminder_enabled boolean not null default true,
  reminder_days integer[] not null default '{1}' check (
    array_ndims(reminder_days) = 1
    and cardinality(reminder_days) between 1 and 10
    and array_position(reminder_days, null::integer) is null
    and 0 <= all (reminder_days)
    and 365 >= all (reminder_days)
  ),
  reminder_message text check (reminder_message is null or char_length(reminder_message) <= 1000),
  reminder_recipient_type text not null default 'patient' check (reminder_recipient_type in ('patient', 'guardian')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, clinic_id),
  constraint appointments_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint appointments_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id),
  constraint appointments_no_overlap exclude using gist (
    dentist_id with =,
    public.appointment_slot(appointment_time) with &&
  ) where (not deleted and status <> 'Cancelled')
);

comment on table public.appointments is
  'A 20-minute booking of a patient with a dentist. Live (not deleted, not Cancelled) bookings of one dentist never overlap.';
comment on column public.appointments.reason is 'Procedure name, optionally followed by '' — Notes: '' and the notes.';
comment on column public.appointments.deleted is 'Soft delete ("Appointment cancelled" in the UI); frees the slot.';
comment on column public.appointments.booking_origin is 'Where the booking came from: ''messenger'', ''walk-in'', ...; null means the app.';
comment on column public.appointments.guardian_messenger_id is 'Messenger id of a guardian, for reminders to the guardian.';
comment on column public.appointments.reminder_days is 'Days before the appointment on which automated reminders go out (0 = same day).';
comment on column public.appointments.reminder_message is 'Custom reminder text; null or blank means the default message.';
comment on constraint appointments_dentist_fkey on public.appointments is
  'No cascade: a dentist with appointments is soft-deleted, never removed.';

create index appointments_clinic_id_time_idx on public.appointments (clinic_id, appointment_time);
create index appointments_dentist_id_time_idx on public.appointments (dentist_id, appointment_time);
create index appointments_patient_id_time_idx on public.appointments (patient_id, appointment_time);

-- ---------------------------------------------------------------------------
-- appointment_reminders: log of reminders sent
-- ---------------------------------------------------------------------------
create table public.appointment_reminders (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  sent_on timestamptz not null default now(),
  days_ahead integer not null check (days_ahead >= 0),
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  is_manual boolean not null default false,
  outcome text not null default 'sent' check (outcome in ('sent', 'failed')),
  error text check (error is null or char_length(error) <= 2000),
  created_at timestamptz not null default now(),
  constraint appointment_reminders_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete cascade
);

comment on table public.appointment_reminders is
  'Every reminder sent for an appointment, manual or automated. Written by the notification service only.';
comment on column public.appointment_reminders.days_ahead is 'Whole days between sending and the appointment date.';
comment on column public.appointment_reminders.outcome is 'sent, or failed (then error says why).';

-- The idempotency key of automated reminders: one per appointment and days-ahead.
create unique index appointment_reminders_automated_key on public.appointment_reminders (appointment_id, days_ahead)
  where not is_manual;
create index appointment_reminders_appointment_id_sent_on_idx on public.appointment_reminders (appointment_id, sent_on desc);

-- ---------------------------------------------------------------------------
-- procedures and their categories
-- ---------------------------------------------------------------------------
create table public.procedure_categories (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  created_at timestamptz not null default now(),
  unique (clinic_id, name),
  unique (id, clinic_id)
);

comment on table public.procedure_categories is 'A group of procedures in a clinic''s price list.';

create table public.procedures (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  category_id bigint not null,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  price numeric(12, 2) not null default 0 check (price >= 0),
  created_at timestamptz not null default now(),
  constraint procedures_category_fkey foreign key (category_id, clinic_id)
    references public.procedure_categories (id, clinic_id) on delete cascade
);

comment on table public.procedures is 'A procedure and its price in pesos.';

create index procedures_category_id_idx on public.procedures (category_id, clinic_id);

-- ---------------------------------------------------------------------------
-- invoices and payments (append-only: see the security migration)
-- ---------------------------------------------------------------------------
create table public.invoices (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  total numeric(12, 2) not null check (total >= 0),
  created_at timestamptz not null default now(),
  unique (id, patient_id, clinic_id),
  constraint invoices_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id)
);

comment on table public.invoices is
  'An amount a patient owes. Paid, Partial or Unpaid is derived from the payments, never stored.';

create index invoices_clinic_id_idx on public.invoices (clinic_id, id desc);
create index invoices_patient_id_idx on public.invoices (patient_id, clinic_id);

create table public.payments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  invoice_id bigint not null,
  patient_id bigint not null,
  amount numeric(12, 2) not null check (amount > 0),
  method text not null check (method in ('cash', 'card', 'e-wallet', 'bank')),
  reference_number text check (
    reference_number is null or (btrim(reference_number) <> '' and char_length(reference_number) <= 100)
  ),
  notes text check (notes is null or (btrim(notes) <> '' and char_length(notes) <= 1000)),
  payment_date timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint payments_invoice_fkey foreign key (invoice_id, patient_id, clinic_id)
    references public.invoices (id, patient_id, clinic_id) on delete cascade,
  constraint payments_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id)
);

comment on table public.payments is 'A payment towards an invoice; its patient is always the invoice''s patient.';
comment on column public.payments.method is 'cash, card, e-wallet or bank (bank transfer).';

create index payments_clinic_id_date_idx on public.payments (clinic_id, payment_date desc);
create index payments_invoice_id_idx on public.payments (invoice_id, patient_id, clinic_id);
create index payments_patient_id_idx on public.payments (patient_id, clinic_id);

-- ---------------------------------------------------------------------------
-- Generic triggers: updated_at, and rows never change clinic
-- ---------------------------------------------------------------------------
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update.';

create function public.prevent_clinic_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.clinic_id is distinct from old.clinic_id then
    raise exception 'A row of % cannot move to another clinic.', tg_table_name
      using errcode = 'insufficient_privilege',
            detail = format('clinic_id would change from %s to %s', old.clinic_id, new.clinic_id);
  end if;
  return new;
end;
$$;

comment on function public.prevent_clinic_change() is
  'Trigger: refuses any change of clinic_id (SQLSTATE 42501), for every role, superadmin and service role included.';

create trigger patients_set_updated_at before update on public.patients
  for each row execute function public.set_updated_at();
create trigger appointments_set_updated_at before update on public.appointments
  for each row execute function public.set_updated_at();
create trigger clinic_secrets_set_updated_at before update on public.clinic_secrets
  for each row execute function public.set_updated_at();

create trigger clinic_secrets_clinic_id_is_fixed before update of clinic_id on public.clinic_secrets
  for each row execute function public.prevent_clinic_change();
create trigger users_clinic_id_is_fixed before update of clinic_id on public.users
  for each row execute function public.prevent_clinic_change();
create trigger patients_clinic_id_is_fixed before update of clinic_id on public.patients
  for each row execute function public.prevent_clinic_change();
create trigger dentists_clinic_id_is_fixed before update of clinic_id on public.dentists
  for each row execute function public.prevent_clinic_change();
create trigger dentist_availability_clinic_id_is_fixed before update of clinic_id on public.dentist_availability
  for each row execute function public.prevent_clinic_change();
create trigger appointments_clinic_id_is_fixed before update of clinic_id on public.appointments
  for each row execute function public.prevent_clinic_change();
create trigger appointment_reminders_clinic_id_is_fixed before update of clinic_id on public.appointment_reminders
  for each row execute function public.prevent_clinic_change();
create trigger procedure_categories_clinic_id_is_fixed before update of clinic_id on public.procedure_categories
  for each row execute function public.prevent_clinic_change();
create trigger procedures_clinic_id_is_fixed before update of clinic_id on public.procedures
  for each row execute function public.prevent_clinic_change();
create trigger invoices_clinic_id_is_fixed before update of clinic_id on public.invoices
  for each row execute function public.prevent_clinic_change();
create trigger payments_clinic_id_is_fixed before update of clinic_id on public.payments
  for each row execute function public.prevent_clinic_change();
