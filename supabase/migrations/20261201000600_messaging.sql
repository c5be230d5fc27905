-- ============================================================================
-- Ngiti baseline, 7 of 10: Messenger and the Facebook page connection. See
-- docs/messenger.md and docs/facebook-connect.md.
--
--   messenger_contacts         one row per (page, person): the last time that
--                              person wrote to the page (the Send API's 24-hour
--                              window is counted from it), the clinic, the
--                              patient once known, and the sender's profile.
--                              Unknown senders are kept so staff can link them
--                              to a patient later.
--   appointment_notifications  every status notice (POST /status-notifications)
--                              with its outcome, sent or failed, and the path it
--                              took: a plain message or a utility template.
--   messenger_webhook_events   every Confirm / Cancel reply a patient sent, keyed
--                              by Meta's message id (mid): a reply is applied once
--                              however often Meta delivers it.
--   appointment_flags          what a patient asked that staff must handle by
--                              hand (a Cancel less than an hour before the visit).
--   facebook_oauth_states      the single-use nonces of the signed OAuth state.
--   facebook_pending_pages     the pages the OAuth callback found, with their
--                              real access tokens, until staff pick one.
--   webhook_dead_letters       webhook events that failed after the 200.
--
-- All are written by the notification service (service role) only. Staff of
-- the clinic may read contacts, notifications and flags (and resolve flags);
-- the rest is service-role only (RLS on, no policy, no privilege for browser
-- roles), but the superadmin (staff tooling) may read the dead letters.
--
-- The webhook answers Meta 200 before it processes a body (Meta would retry
-- and then disable the subscription otherwise), so an event that fails later
-- (a sender id Postgres cannot store, a timestamp out of range, a database
-- error) cannot be refused any more: it is kept in webhook_dead_letters, for
-- staff tooling to inspect and replay. Its `event` is the messaging event as
-- Meta sent it, except that jsonb cannot hold U+0000 nor an unpaired UTF-16
-- surrogate: the service writes each of those as U+FFFD before storing it
-- (server/messenger/storable-text.ts, storableJson). `reason` says why it
-- failed; it never quotes the message text.
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
  display_name text check (
    display_name is null or (btrim(display_name) <> '' and char_length(display_name) <= 200)
  ),
  profile_pic_url text check (
    profile_pic_url is null or (char_length(profile_pic_url) <= 2000 and profile_pic_url ~ '^https?://')
  ),
  first_message text check (first_message is null or char_length(first_message) <= 2000),
  first_message_at timestamptz,
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

comment on column public.messenger_contacts.display_name is
  'The sender''s name from their Messenger profile (''First Last''); null until the profile could be read.';

comment on column public.messenger_contacts.profile_pic_url is
  'The sender''s profile picture (http or https URL) from their Messenger profile; null until read.';

comment on column public.messenger_contacts.first_message is
  'The first text message the sender wrote to the page; never overwritten.';

comment on column public.messenger_contacts.first_message_at is 'When first_message was sent.';

create index messenger_contacts_clinic_id_last_inbound_idx
  on public.messenger_contacts (clinic_id, last_inbound_at desc nulls last);

create index messenger_contacts_patient_id_idx on public.messenger_contacts (patient_id, clinic_id)
  where patient_id is not null;

-- Privileges and row-level security: staff read their clinic's rows; only the
-- service role writes (no insert/update/delete privilege for browser roles, so
-- an attempt fails loudly with 42501).

select private.setup_clinic_table('public.messenger_contacts', grants => array['select'], policies => array[
  ['select', 'messenger.read', 'Staff can view Messenger contacts of their clinic']]);

-- ---------------------------------------------------------------------------
-- appointment_notifications
-- ---------------------------------------------------------------------------
create table public.appointment_notifications (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  status public.appointment_status not null,
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  message text not null check (char_length(message) <= 2000),
  outcome public.delivery_outcome not null,
  error text check (error is null or char_length(error) <= 2000),
  via public.message_channel,
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

select private.setup_clinic_table('public.appointment_notifications', grants => array['select'],
  policies => array[
  ['select', 'messenger.read', 'Staff can view status notices of their clinic']]);

-- ---------------------------------------------------------------------------
-- messenger_webhook_events: idempotency of quick replies and postbacks
-- ---------------------------------------------------------------------------
create table public.messenger_webhook_events (
  mid text primary key check (btrim(mid) <> '' and char_length(mid) <= 300),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  page_id text not null check (char_length(page_id) <= 100),
  psid text not null check (char_length(psid) <= 100),
  kind public.webhook_event_kind not null,
  payload text not null check (char_length(payload) <= 1000),
  -- No foreign key: a payload may name an appointment of another clinic (or
  -- none), which is exactly what gets recorded as ignored.
  appointment_id bigint,
  outcome public.webhook_event_outcome not null default 'received',
  reply_status public.reply_status,
  reply_error text check (reply_error is null or char_length(reply_error) <= 2000),
  event_time timestamptz not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

comment on table public.messenger_webhook_events is
  'Confirm / Cancel replies received from Messenger, one row per Meta message id (mid): the idempotency key of the webhook.';

comment on column public.messenger_webhook_events.outcome is
  'What the reply did: confirmed, already_confirmed, cancelled, already_cancelled, flagged (too late to cancel), not_changeable (past, deleted, Completed or No Show), ignored (not the sender''s appointment).';

comment on column public.messenger_webhook_events.reply_status is
  'Whether the answer in Messenger was sent, failed, or skipped (no answer for ignored replies or a clinic without a page token).';

create index messenger_webhook_events_clinic_id_received_at_idx
  on public.messenger_webhook_events (clinic_id, received_at desc);

-- Privileges and row-level security

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.messenger_webhook_events');

-- ---------------------------------------------------------------------------
-- appointment_flags: requests staff must handle
-- ---------------------------------------------------------------------------
create table public.appointment_flags (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  kind public.appointment_flag_kind not null check (kind in ('late_cancellation_request')),
  note text not null check (btrim(note) <> '' and char_length(note) <= 1000),
  source_mid text unique references public.messenger_webhook_events (mid) on delete set null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint appointment_flags_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete cascade
);

comment on table public.appointment_flags is
  'Something about an appointment staff must handle, e.g. a patient asking in Messenger to cancel less than an hour before.';

comment on column public.appointment_flags.kind is
  'late_cancellation_request: the patient tapped Cancel within the hour; the appointment was not cancelled.';

comment on column public.appointment_flags.resolved_at is 'When staff dealt with it; null while open.';

create index appointment_flags_clinic_id_open_idx on public.appointment_flags (clinic_id, created_at desc)
  where resolved_at is null;

create index appointment_flags_appointment_id_idx on public.appointment_flags (appointment_id, clinic_id);

-- ---------------------------------------------------------------------------
-- A cancelled or deleted appointment has nothing left to cancel: its open
-- late-cancellation requests are resolved in the same transaction, whoever
-- cancelled it (staff, the patient in Messenger, the service). Security
-- definer: only the flags of the row the caller has just changed are touched.
-- ---------------------------------------------------------------------------
create function public.resolve_flags_of_cancelled_appointment()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.appointment_flags f
     set resolved_at = pg_catalog.now()
   where f.appointment_id = new.id
     and f.clinic_id = new.clinic_id
     and f.kind = 'late_cancellation_request'
     and f.resolved_at is null;
  return null;
end;
$$;

select private.setup_function('public.resolve_flags_of_cancelled_appointment()', '{service_role}',
  'Trigger: an appointment turned Cancelled or deleted resolves its open late-cancellation requests.');

-- appointment_flags: staff of the clinic see them and may mark them resolved;
-- only the service role creates them.
select private.setup_clinic_table('public.appointment_flags', grants => array['select', 'update (resolved_at)'],
  policies => array[
  ['select', 'appointments.read', 'Staff can view appointment flags of their clinic'],
  ['update', 'appointments.write', 'Staff can resolve appointment flags of their clinic']]);

create trigger appointments_resolve_late_cancellation_flags
  after update of status, deleted on public.appointments
  for each row when (
    (new.status = 'Cancelled' and old.status is distinct from new.status)
    or (new.deleted and not old.deleted)
  )
  execute function public.resolve_flags_of_cancelled_appointment();

-- A flag raised or resolved is news about its appointment: the appointment's own notice.
create trigger appointment_flags_notify_insert after insert on public.appointment_flags
  for each row execute function public.notify_change('appointment_changes',
    'from public.appointments where id = appointment_id and clinic_id = clinic_id',
    'op="UPDATE"', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

create trigger appointment_flags_notify_resolve after update of resolved_at on public.appointment_flags
  for each row when (old.resolved_at is distinct from new.resolved_at)
  execute function public.notify_change('appointment_changes',
    'from public.appointments where id = appointment_id and clinic_id = clinic_id',
    'op="UPDATE"', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

-- ---------------------------------------------------------------------------
-- facebook_oauth_states: the server half of the signed OAuth state
-- ---------------------------------------------------------------------------
create table public.facebook_oauth_states (
  nonce text primary key check (char_length(nonce) between 16 and 100),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null,
  opened_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.facebook_oauth_states is
  'One row per Facebook connect attempt. The popup may open the login dialog once (opened_at) and the callback may finish once (completed_at), before expires_at.';

create index facebook_oauth_states_expires_at_idx on public.facebook_oauth_states (expires_at);

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.facebook_oauth_states');

-- ---------------------------------------------------------------------------
-- facebook_pending_pages: pages found by the OAuth callback, until one is chosen
-- ---------------------------------------------------------------------------
create table public.facebook_pending_pages (
  handle text primary key check (char_length(handle) between 16 and 100),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  page_id text not null check (btrim(page_id) <> '' and char_length(page_id) <= 100),
  name text not null check (char_length(name) <= 500),
  access_token text not null check (btrim(access_token) <> '' and char_length(access_token) <= 2000),
  picture_url text check (picture_url is null or char_length(picture_url) <= 2000),
  created_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (clinic_id, page_id)
);

comment on table public.facebook_pending_pages is
  'Facebook pages a clinic admin may connect, with their page access tokens. The browser sees only the opaque handle.';

comment on column public.facebook_pending_pages.handle is
  'Random id given to the browser in place of the page access token (the spec''s access_token field).';

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.facebook_pending_pages');

-- ---------------------------------------------------------------------------
-- webhook_dead_letters
-- ---------------------------------------------------------------------------

create table public.webhook_dead_letters (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  page_id text check (page_id is null or char_length(page_id) <= 100),
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 1000),
  event jsonb not null
);

comment on table public.webhook_dead_letters is
  'Messenger webhook events that failed after the webhook answered 200, with why. NUL and unpaired surrogates in the event are stored as U+FFFD (jsonb cannot hold them).';

comment on column public.webhook_dead_letters.event is
  'The messaging event as received (U+0000 and unpaired surrogates replaced by U+FFFD).';

comment on column public.webhook_dead_letters.reason is 'Why processing failed; never the message text.';

create index webhook_dead_letters_received_at_idx on public.webhook_dead_letters (received_at desc);

revoke all on public.webhook_dead_letters from anon, authenticated;

revoke all on sequence public.webhook_dead_letters_id_seq from anon, authenticated;

grant all on public.webhook_dead_letters to service_role;

grant usage, select on sequence public.webhook_dead_letters_id_seq to service_role;

grant select on public.webhook_dead_letters to authenticated;

alter table public.webhook_dead_letters enable row level security;

create policy "Superadmins can view webhook dead letters" on public.webhook_dead_letters
  for select to authenticated
  using ((select public.is_superadmin()));

-- A writer that does not say which time an automated reminder is for means the appointment's time now.
create function public.stamp_reminder_appointment_time()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if not new.is_manual and new.for_appointment_time is null then
    select a.appointment_time into new.for_appointment_time
      from public.appointments a
     where a.id = new.appointment_id and a.clinic_id = new.clinic_id;
  end if;
  return new;
end;
$$;

select private.setup_function('public.stamp_reminder_appointment_time()', '{service_role}',
  'Trigger: an automated reminder written without for_appointment_time is for the appointment''s time now.');

create trigger appointment_reminders_stamp_time before insert on public.appointment_reminders
  for each row execute function public.stamp_reminder_appointment_time();

-- The idempotency key of automated reminders: one per appointment, its time and days ahead.
create unique index appointment_reminders_automated_key
  on public.appointment_reminders (appointment_id, for_appointment_time, days_ahead)
  where not is_manual;

-- ---------------------------------------------------------------------------
-- guard_clinic_page_connection
-- ---------------------------------------------------------------------------
create function public.guard_clinic_page_connection()
returns trigger language plpgsql set search_path = '' as $$
begin
  if not public.is_browser_role() then
    return new;
  end if;
  -- A new clinic has no page; a changed one keeps its page as it was.
  if (case when tg_op = 'INSERT'
        then new.fb_page_id is not null or new.messenger_page_id is not null or new.page_token_hint is not null
          or new.fb_page_name is not null
        else (new.fb_page_id, new.messenger_page_id, new.page_token_hint, new.fb_page_name)
               is distinct from (old.fb_page_id, old.messenger_page_id, old.page_token_hint, old.fb_page_name)
      end) then
    raise exception 'The Facebook page of a clinic is connected through the notification service.'
      using errcode = 'insufficient_privilege', hint = 'page_connected_by_service';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_clinic_page_connection()', '{service_role}',
  'Trigger: browser roles cannot set fb_page_id, messenger_page_id, page_token_hint or fb_page_name (42501).');

create trigger clinics_guard_page_connection before insert or update on public.clinics
  for each row execute function public.guard_clinic_page_connection();
