-- ============================================================================
-- Messenger: who wrote to a clinic's page, and every status notice sent.
--
--   messenger_contacts         one row per (page, person): the last time that
--                              person wrote to the page (the Send API's 24-hour
--                              window is counted from it), the clinic, and the
--                              patient once known. Unknown senders are kept so
--                              staff can link them to a patient later.
--   appointment_notifications  every status notice (POST /status-notifications)
--                              with its outcome, sent or failed, and the path it
--                              took: a plain message or a utility template.
--
-- Both are written by the notification service (service role) only; staff of
-- the clinic may read them. See docs/messenger.md.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- messenger_contacts
-- ---------------------------------------------------------------------------
create table public.messenger_contacts (
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  page_id text not null check (btrim(page_id) <> '' and char_length(page_id) <= 100),
  psid text not null check (btrim(psid) <> '' and char_length(psid) <= 100),
  last_inbound_at timestamptz,
  patient_id bigint,
  created_at timestamptz not null default now(),
  primary key (page_id, psid),
  constraint messenger_contacts_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete set null (patient_id)
);

comment on table public.messenger_contacts is
  'People who wrote to a clinic''s Facebook page (page-scoped id, PSID), with their last inbound message. Written by the notification service.';
comment on column public.messenger_contacts.last_inbound_at is
  'When this person last wrote to the page. Within 24 hours the service may send plain messages; otherwise a utility template.';
comment on column public.messenger_contacts.patient_id is
  'The patient this Messenger account belongs to, when known; null for a sender staff have not linked yet.';

create index messenger_contacts_clinic_id_last_inbound_idx
  on public.messenger_contacts (clinic_id, last_inbound_at desc nulls last);
create index messenger_contacts_patient_id_idx on public.messenger_contacts (patient_id, clinic_id)
  where patient_id is not null;

create trigger messenger_contacts_clinic_id_is_fixed before update of clinic_id on public.messenger_contacts
  for each row execute function public.prevent_clinic_change();

-- ---------------------------------------------------------------------------
-- appointment_notifications
-- ---------------------------------------------------------------------------
create table public.appointment_notifications (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  status text not null check (status in ('Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled')),
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  message text not null check (char_length(message) <= 2000),
  outcome text not null check (outcome in ('sent', 'failed')),
  error text check (error is null or char_length(error) <= 2000),
  via text check (via in ('message', 'template')),
  created_at timestamptz not null default now(),
  constraint appointment_notifications_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete cascade,
  constraint appointment_notifications_outcome_consistent check (
    (outcome = 'sent' and via is not null and error is null) or (outcome = 'failed' and via is null and error is not null)
  )
);

comment on table public.appointment_notifications is
  'Every status notice sent (or attempted) to a patient on Messenger. Written by the notification service only.';
comment on column public.appointment_notifications.messenger_id is 'The recipient''s Messenger id; null when the patient had none.';
comment on column public.appointment_notifications.via is
  'message: a plain message inside the 24-hour window; template: a utility template outside it; null when not sent.';

create index appointment_notifications_appointment_id_idx
  on public.appointment_notifications (appointment_id, created_at desc);
create index appointment_notifications_clinic_id_idx on public.appointment_notifications (clinic_id, created_at desc);

create trigger appointment_notifications_clinic_id_is_fixed before update of clinic_id on public.appointment_notifications
  for each row execute function public.prevent_clinic_change();

-- ---------------------------------------------------------------------------
-- Privileges and row-level security: staff read their clinic's rows; only the
-- service role writes (no insert/update/delete privilege for browser roles, so
-- an attempt fails loudly with 42501).
-- ---------------------------------------------------------------------------
revoke all on public.messenger_contacts, public.appointment_notifications from anon, authenticated;
grant select on public.messenger_contacts, public.appointment_notifications to authenticated;
grant all on public.messenger_contacts, public.appointment_notifications to service_role;
revoke all on sequence public.appointment_notifications_id_seq from anon, authenticated;

alter table public.messenger_contacts enable row level security;
alter table public.appointment_notifications enable row level security;

create policy "Staff can view Messenger contacts of their clinic" on public.messenger_contacts
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can view status notices of their clinic" on public.appointment_notifications
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));
