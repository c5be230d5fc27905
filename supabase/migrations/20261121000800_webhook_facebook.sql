-- ============================================================================
-- The Messenger webhook and the Facebook page connection (notification service).
--
--   messenger_webhook_events  every Confirm / Cancel reply a patient sent, keyed
--                             by Meta's message id (mid): a reply is applied once
--                             however often Meta delivers it.
--   appointment_flags         what a patient asked that staff must handle by
--                             hand (a Cancel less than an hour before the visit).
--   facebook_oauth_states     the single-use nonces of the signed OAuth state.
--   facebook_pending_pages    the pages the OAuth callback found, with their
--                             real access tokens, until staff pick one.
--
-- Only appointment_flags is readable by staff; the rest is service-role only
-- (RLS on, no policy, no privilege for browser roles). See
-- docs/facebook-connect.md.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- messenger_webhook_events: idempotency of quick replies and postbacks
-- ---------------------------------------------------------------------------
create table public.messenger_webhook_events (
  mid text primary key check (btrim(mid) <> '' and char_length(mid) <= 300),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  page_id text not null check (char_length(page_id) <= 100),
  psid text not null check (char_length(psid) <= 100),
  kind text not null check (kind in ('quick_reply', 'postback')),
  payload text not null check (char_length(payload) <= 1000),
  -- No foreign key: a payload may name an appointment of another clinic (or
  -- none), which is exactly what gets recorded as ignored.
  appointment_id bigint,
  outcome text not null default 'received' check (
    outcome in (
      'received', 'confirmed', 'already_confirmed', 'cancelled', 'already_cancelled', 'flagged', 'not_changeable', 'ignored'
    )
  ),
  reply_status text check (reply_status in ('sent', 'failed', 'skipped')),
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

-- ---------------------------------------------------------------------------
-- appointment_flags: requests staff must handle
-- ---------------------------------------------------------------------------
create table public.appointment_flags (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  appointment_id bigint not null,
  kind text not null check (kind in ('late_cancellation_request')),
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

-- ---------------------------------------------------------------------------
-- Rows never change clinic
-- ---------------------------------------------------------------------------
create trigger messenger_webhook_events_clinic_id_is_fixed before update of clinic_id on public.messenger_webhook_events
  for each row execute function public.prevent_clinic_change();
create trigger appointment_flags_clinic_id_is_fixed before update of clinic_id on public.appointment_flags
  for each row execute function public.prevent_clinic_change();
create trigger facebook_oauth_states_clinic_id_is_fixed before update of clinic_id on public.facebook_oauth_states
  for each row execute function public.prevent_clinic_change();
create trigger facebook_pending_pages_clinic_id_is_fixed before update of clinic_id on public.facebook_pending_pages
  for each row execute function public.prevent_clinic_change();

-- ---------------------------------------------------------------------------
-- Privileges and row-level security
-- ---------------------------------------------------------------------------
revoke all on public.messenger_webhook_events, public.appointment_flags, public.facebook_oauth_states,
  public.facebook_pending_pages from anon, authenticated;
grant all on public.messenger_webhook_events, public.appointment_flags, public.facebook_oauth_states,
  public.facebook_pending_pages to service_role;

alter table public.messenger_webhook_events enable row level security;
alter table public.appointment_flags enable row level security;
alter table public.facebook_oauth_states enable row level security;
alter table public.facebook_pending_pages enable row level security;

-- messenger_webhook_events, facebook_oauth_states, facebook_pending_pages:
-- no policy, no privilege. Service role only.

-- appointment_flags: staff of the clinic see them and may mark them resolved;
-- only the service role creates them.
grant select on public.appointment_flags to authenticated;
grant update (resolved_at) on public.appointment_flags to authenticated;

create policy "Staff can view appointment flags of their clinic" on public.appointment_flags
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can resolve appointment flags of their clinic" on public.appointment_flags
  for update to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()))
  with check (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));
