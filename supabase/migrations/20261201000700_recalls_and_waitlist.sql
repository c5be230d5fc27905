-- ============================================================================
-- Ngiti baseline, 8 of 10: recalls and the waitlist. See docs/recalls.md and
-- docs/waitlist.md.
--
--   clinics.recall_interval_months  a patient is due this many months (1-36,
--                                   default 6) after their last Completed
--                                   appointment, in the clinic's calendar.
--   recall_list(clinic)             the due list (20261201001200_…): security invoker, so RLS on
--                                   clinics, patients and appointments decides
--                                   what a caller sees (another clinic: nothing).
--   recall_messages                 every recall attempt (sent, failed,
--                                   skipped; pending while being sent). A sent
--                                   or pending recall blocks the patient for 30
--                                   days: an exclusion constraint, so two
--                                   concurrent sends cannot both go (23P01).
--   recall_requests                 a patient's 'Book' reply, for staff to book
--                                   or dismiss; one open request per patient.
-- Browsers read the recall logs; only the service role writes them. Staff
-- change only a request's status.
--
--   waitlist_entries      a patient waiting for an earlier slot with one dentist
--                         between two clinic dates; the front desk adds and
--                         removes them (RLS), the database keeps the status.
--   waitlist_freed_slots  the queue of freed slots: a trigger on appointments
--                         writes a row, in the cancelling transaction, when a
--                         live future appointment is cancelled or deleted and
--                         someone waits for it. The notification service claims
--                         and processes each row once, so a slot freed while the
--                         service is down is offered when it is back.
--   waitlist_offers       one Messenger offer of a freed slot to one entry.
--   waitlist_replies      'Take this slot' taps, keyed by Meta's mid (a
--                         redelivered tap changes nothing).
--
-- take_waitlist_offer() books the slot through the normal appointment insert
-- (the booking rules and the exclusion constraint refuse a double booking); the
-- first tap wins, later ones are told the slot is gone.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- recall_messages: the log of recalls (service role writes)
-- ---------------------------------------------------------------------------
create table public.recall_messages (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  message text not null check (char_length(message) <= 2000),
  outcome public.recall_outcome not null,
  error text check (error is null or char_length(error) <= 2000),
  via public.message_channel,
  sent_by uuid,
  created_at timestamptz not null default now(),
  blocked_until timestamptz not null,
  unique (id, clinic_id),
  constraint recall_messages_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint recall_messages_outcome_consistent check (
    (outcome = 'sent' and via is not null and error is null)
    or (outcome in ('failed', 'skipped') and via is null and error is not null)
    or (outcome = 'pending' and via is null and error is null)
  ),
  constraint recall_messages_blocked_after_created check (blocked_until > created_at),
  -- The 30-day rule: a patient's sent (or being sent) recalls never overlap.
  constraint recall_messages_one_per_30_days exclude using gist (
    patient_id with =,
    pg_catalog.tstzrange(created_at, blocked_until, '[)') with &&
  ) where (outcome in ('pending', 'sent'))
);

comment on table public.recall_messages is
  'Every recall sent (or attempted) to a patient on Messenger. Written by the notification service only.';

comment on column public.recall_messages.outcome is
  'pending while being sent; sent; failed (Meta refused, error says why); skipped (nothing to send to, error says why).';

comment on column public.recall_messages.blocked_until is
  'created_at + 30 days: a pending or sent recall blocks another until then (exclusion constraint, 23P01).';

comment on column public.recall_messages.sent_by is 'auth.users id of the staff member who sent it.';

create index recall_messages_patient_id_idx on public.recall_messages (patient_id, created_at desc);

create index recall_messages_clinic_id_idx on public.recall_messages (clinic_id, created_at desc);

create index recall_messages_clinic_patient_idx on public.recall_messages (clinic_id, patient_id, created_at desc, id desc);

create function public.set_recall_blocked_until()
returns trigger language plpgsql set search_path = '' as $$
begin
  new.blocked_until := new.created_at + interval '30 days';
  return new;
end;
$$;

select private.setup_function('public.set_recall_blocked_until()', '{service_role}',
  'Trigger: a recall blocks the patient for 30 days from when it was sent, whatever the writer says.');

-- recall_changes: every new or changed recall and booking request.
select private.setup_clinic_table('public.recall_messages',
  grants => array['select'],
  notify => array['recall_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'patient_id'],
  notify_on => 'insert or update',
  policies => array[
    ['select', 'recalls.read', 'Staff can view recalls of their clinic']]);

create trigger recall_messages_set_blocked_until before insert or update of created_at, blocked_until
  on public.recall_messages
  for each row execute function public.set_recall_blocked_until();

-- ---------------------------------------------------------------------------
-- recall_requests: 'Book' replies for staff
-- ---------------------------------------------------------------------------
create table public.recall_requests (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  recall_message_id bigint,
  psid text not null check (btrim(psid) <> '' and char_length(psid) <= 100),
  mid text not null check (btrim(mid) <> '' and char_length(mid) <= 300),
  status public.recall_request_status not null default 'open',
  created_at timestamptz not null default now(),
  handled_at timestamptz,
  handled_by uuid,
  constraint recall_requests_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint recall_requests_recall_fkey foreign key (recall_message_id, clinic_id)
    references public.recall_messages (id, clinic_id) on delete set null (recall_message_id),
  constraint recall_requests_mid_key unique (mid),
  constraint recall_requests_handled_consistent check ((status = 'open') = (handled_at is null))
);

comment on table public.recall_requests is
  'A patient tapped ''Book'' on a recall: staff book them (status booked) or dismiss it. Created by the notification service.';

comment on column public.recall_requests.mid is 'The webhook event''s message id: a redelivered event makes no second request.';

create unique index recall_requests_one_open_per_patient on public.recall_requests (clinic_id, patient_id)
  where status = 'open';

create index recall_requests_clinic_open_idx on public.recall_requests (clinic_id, created_at desc)
  where status = 'open';

-- ---------------------------------------------------------------------------
-- stamp_recall_request_handled
-- ---------------------------------------------------------------------------
create function public.stamp_recall_request_handled()
returns trigger language plpgsql set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'open' then
      raise exception 'This booking request was already handled.'
        using errcode = 'check_violation',
              hint = 'recall_request_closed';
    end if;
    new.handled_at := now();
    new.handled_by := (select auth.uid());
  end if;
  return new;
end;
$$;

select private.setup_function('public.stamp_recall_request_handled()', '{service_role}',
  'Trigger: a request is handled once (open -> booked or dismissed), stamped with when and by whom.');

-- ---------------------------------------------------------------------------
-- Booking requests: the open ones for the Recalls tab, dismissing one, and
-- closing them (status booked) once the patient has an appointment ahead.
-- ---------------------------------------------------------------------------
create function public.recall_request_list(p_clinic_id bigint)
returns table (
  id bigint,
  patient_id bigint,
  patient_name text,
  patient_phone text,
  created_at timestamptz,
  recalled_at timestamptz
) language sql stable security invoker set search_path = '' as $$
  select q.id, q.patient_id, p.name, p.phone, q.created_at, r.created_at
    from public.recall_requests q
    join public.patients p on p.id = q.patient_id and p.clinic_id = q.clinic_id
    left join public.recall_messages r on r.id = q.recall_message_id and r.clinic_id = q.clinic_id
   where q.clinic_id = p_clinic_id and q.status = 'open' and not p.deleted
   order by q.created_at, q.id
$$;

select private.setup_function('public.recall_request_list(bigint)', '{authenticated,service_role}',
  'The clinic''s open booking requests (patients who tapped Book on a recall), oldest first. Security invoker.');

-- ---------------------------------------------------------------------------
-- dismiss_recall_request
-- ---------------------------------------------------------------------------
create function public.dismiss_recall_request(p_request_id bigint)
returns void language plpgsql security invoker set search_path = '' as $$
declare
  v_status text;
begin
  update public.recall_requests set status = 'dismissed' where id = p_request_id and status = 'open';
  if found then
    return;
  end if;
  select r.status into v_status from public.recall_requests r where r.id = p_request_id;
  if not found then
    raise exception 'This booking request was already handled, or it does not exist.'
      using errcode = 'PT404',
            hint = 'recall_request_closed';
  end if;
  if v_status = 'open' then
    raise exception 'Only the front desk can dismiss booking requests.'
      using errcode = 'insufficient_privilege',
            hint = 'recall_dismiss_forbidden';
  end if;
  raise exception 'This booking request was already handled, or it does not exist.'
    using errcode = 'PT409',
          hint = 'recall_request_closed';
end;
$$;

select private.setup_function('public.dismiss_recall_request(bigint)', '{authenticated,service_role}',
  'Dismisses an open booking request (front desk of its clinic, by RLS). Errors: PT404 (HTTP 404) when the caller '
  'sees no such request, PT409 (HTTP 409) when it was already handled, 42501 for a role that may not dismiss.');

select private.setup_clinic_table('public.recall_requests',
  grants => array['select', 'update (status)'],
  notify => array['recall_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'patient_id'],
  notify_on => 'insert or update',
  policies => array[
    ['select', 'recalls.read', 'Staff can view booking requests of their clinic'],
    ['update', 'recalls.manage', 'Front desk can handle booking requests of their clinic']]);

-- A patient renamed at one desk is renamed on the Recalls screens of the clinic's other desks, which
-- name patients through a join on public.patients: one notice, and they read their lists again.
create trigger patients_notify_recalls_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('recall_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id',
    'patient_id=id');

create trigger recall_requests_stamp_handled before update on public.recall_requests
  for each row execute function public.stamp_recall_request_handled();

-- A pending claim older than this was left by a send that never finished: it no longer blocks.
create function public.recall_claim_is_stale(p_created_at timestamptz, p_now timestamptz)
returns boolean language sql immutable set search_path = '' as $$
  select p_created_at < p_now - interval '5 minutes'
$$;

select private.setup_function('public.recall_claim_is_stale(timestamptz, timestamptz)', '{authenticated,service_role}',
  'Whether a pending recall created at p_created_at is, at p_now, a send that never finished (older than 5 minutes).');

-- A recall's outcome as of p_now: a stale pending claim reads as failed, with why.
create function private.recall_outcome_as_of(
  p_outcome public.recall_outcome,
  p_error text,
  p_created_at timestamptz,
  p_now timestamptz,
  out outcome public.recall_outcome,
  out error text
) language sql immutable set search_path = '' as $$
  select case when v.stale then 'failed'::public.recall_outcome else p_outcome end,
         case when v.stale then 'The send was interrupted before Messenger answered.' else p_error end
    from (select p_outcome = 'pending' and public.recall_claim_is_stale(p_created_at, p_now) as stale) v
$$;

select private.setup_function(
  'private.recall_outcome_as_of(public.recall_outcome, text, timestamptz, timestamptz)', '{authenticated,service_role}');

-- ---------------------------------------------------------------------------
-- A patient's open recall request, booked by an appointment ahead or made while one is held
-- ---------------------------------------------------------------------------
-- security definer: whoever books (front desk, or the service), the patient's
-- open request is answered; only rows of the appointment's own patient change.
create function public.close_recall_requests_on_booking()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if private.is_booked_ahead(new, pg_catalog.now()) then
    update public.recall_requests
       set status = 'booked'
     where clinic_id = new.clinic_id and patient_id = new.patient_id and status = 'open';
  end if;
  return null;
end;
$$;

select private.setup_function('public.close_recall_requests_on_booking()', '{service_role}',
  'Trigger: an appointment booked ahead for a patient marks their open booking request booked.');

create trigger appointments_close_recall_requests after insert on public.appointments
  for each row execute function public.close_recall_requests_on_booking();

create function public.book_recall_request_if_booked_ahead()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1
      from public.appointments a
     where a.clinic_id = new.clinic_id and a.patient_id = new.patient_id
       and private.is_booked_ahead(a, pg_catalog.now())
  ) then
    new.status := 'booked';
    new.handled_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

select private.setup_function('public.book_recall_request_if_booked_ahead()', '{service_role}',
  'Trigger: a booking request of a patient who already holds a live appointment ahead is booked when made '
  '(as close_recall_requests_on_booking books it when the appointment comes later).');

create trigger recall_requests_booked_ahead before insert on public.recall_requests
  for each row execute function public.book_recall_request_if_booked_ahead();


-- ---------------------------------------------------------------------------
-- waitlist_entries
-- ---------------------------------------------------------------------------
create table public.waitlist_entries (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  dentist_id bigint,
  from_date date not null,
  to_date date not null,
  note text check (note is null or (btrim(note) <> '' and char_length(note) <= 500)),
  status public.waitlist_entry_status not null default 'waiting',
  booked_appointment_id bigint,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  removed_at timestamptz,
  removed_by uuid,
  preferred_weekdays integer[] check (
    preferred_weekdays is null or (
      array_ndims(preferred_weekdays) = 1
      and cardinality(preferred_weekdays) between 1 and 6
      and array_position(preferred_weekdays, null::integer) is null
      and 1 <= all (preferred_weekdays)
      and 6 >= all (preferred_weekdays)
    )
  ),
  preferred_from time,
  preferred_to time,
  unique (id, clinic_id),
  constraint waitlist_entries_dates_check check (from_date <= to_date and to_date - from_date <= 366),
  -- A booked entry keeps its status if its appointment row is later removed outright.
  constraint waitlist_entries_booked_check check (booked_appointment_id is null or status = 'booked'),
  constraint waitlist_entries_removed_check check ((status = 'removed') = (removed_at is not null)),
  constraint waitlist_entries_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint waitlist_entries_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id) on delete cascade,
  constraint waitlist_entries_appointment_fkey foreign key (booked_appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete set null (booked_appointment_id),
  constraint waitlist_entries_time_window_check check (
    preferred_from is null or preferred_to is null or preferred_from < preferred_to
  )
);

comment on column public.waitlist_entries.dentist_id is 'The dentist the patient waits for; null: any dentist.';

comment on column public.waitlist_entries.preferred_weekdays is
  'ISO weekdays the patient can come (1 Monday … 6 Saturday); null: any day the clinic is open.';

comment on column public.waitlist_entries.preferred_from is
  'Clinic time the slot may start at the earliest; null: from opening.';

comment on column public.waitlist_entries.preferred_to is 'Clinic time the slot must end by; null: until closing.';

comment on table public.waitlist_entries is
  'A patient waiting for a slot with one dentist between from_date and to_date (clinic dates, inclusive). '
  'Waitlist order is created_at, id.';

comment on column public.waitlist_entries.status is
  'waiting; offered (an open offer went out); booked (booked_appointment_id); removed (by staff).';

create index waitlist_entries_clinic_order_idx on public.waitlist_entries (clinic_id, created_at, id);

create index waitlist_entries_waiting_idx on public.waitlist_entries (dentist_id, from_date, to_date)
  where status = 'waiting';

-- ---------------------------------------------------------------------------
-- guard_waitlist_entry
-- ---------------------------------------------------------------------------
create function public.guard_waitlist_entry()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_today date;
begin
  if not public.is_browser_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- Another clinic: row-level security refuses the row after this trigger.
    if not public.can_access_clinic(new.clinic_id) then
      return new;
    end if;
    if new.status <> 'waiting' or new.booked_appointment_id is not null or new.removed_at is not null then
      raise exception 'A new waitlist entry starts as waiting.'
        using errcode = 'insufficient_privilege',
              hint = 'waitlist_entry_starts_waiting';
    end if;
    new.created_by := (select auth.uid());
    select (pg_catalog.now() at time zone c.timezone)::date into v_today
      from public.clinics c where c.id = new.clinic_id;
    if new.from_date < v_today then
      raise exception 'The waitlist dates cannot be in the past.' using errcode = 'check_violation',
        detail = 'from_date before the clinic''s today', hint = 'waitlist_dates_past';
    end if;
    if exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id and p.deleted) then
      raise exception 'This patient has been deleted.'
        using errcode = 'check_violation', detail = 'patient deleted',
              hint = 'patient_deleted';
    end if;
    if exists (
      select 1 from public.dentists d
       where d.id = new.dentist_id and d.clinic_id = new.clinic_id and (d.deleted or not d.is_active)
    ) then
      raise exception 'This dentist is not taking appointments.' using errcode = 'check_violation',
        detail = 'dentist inactive or deleted', hint = 'dentist_not_bookable';
    end if;
    return new;
  end if;

  if (pg_catalog.to_jsonb(new) - 'status' - 'updated_at') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'updated_at')
     or new.status <> 'removed' then
    raise exception 'Staff can only remove a waitlist entry.'
      using errcode = 'insufficient_privilege',
            hint = 'waitlist_entry_remove_only';
  end if;
  if old.status not in ('waiting', 'offered') then
    raise exception 'This waitlist entry is already booked or removed.' using errcode = 'check_violation',
      detail = 'entry closed', hint = 'waitlist_entry_closed';
  end if;
  new.removed_at := pg_catalog.now();
  new.removed_by := (select auth.uid());
  return new;
end;
$$;

select private.setup_function('public.guard_waitlist_entry()', '{service_role}',
  'Trigger: browsers insert only waiting entries from the clinic''s today on, for a live patient and an active '
  'dentist (23514 with a readable message), and may only change an open entry''s status to removed (42501 otherwise).');

-- ---------------------------------------------------------------------------
-- An entry removed by staff withdraws its open offer (its tap is then told
-- the slot is no longer offered). Security definer: browsers cannot write offers.
-- ---------------------------------------------------------------------------
create function public.withdraw_offers_of_removed_entry()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.waitlist_offers o
     set status = 'withdrawn'
   where o.entry_id = new.id and o.clinic_id = new.clinic_id and o.status in ('sending', 'sent', 'failed');
  return null;
end;
$$;

select private.setup_function('public.withdraw_offers_of_removed_entry()', '{service_role}');

-- waitlist_changes: every change of an entry or of one of its offers, by entry.
select private.setup_clinic_table('public.waitlist_entries',
  grants => array['select', 'insert (clinic_id, patient_id, dentist_id, from_date, to_date, note)', 'update (status)'],
  notify => array['waitlist_changes', 'clinic_id', 'entry_id=id'],
  policies => array[
    ['select', 'waitlist.manage', 'Front desk can view the waitlist of their clinic'],
    ['insert', 'waitlist.manage', 'Front desk can add to the waitlist of their clinic'],
    ['update', 'waitlist.manage', 'Front desk can remove waitlist entries of their clinic']]);

-- A patient renamed at one desk is renamed on the Waitlist screens of the clinic's other desks, as
-- on Recalls: one notice for each of their entries.
create trigger patients_notify_waitlist_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('waitlist_changes',
    'from public.waitlist_entries where patient_id = id and clinic_id = clinic_id', 'clinic_id', 'entry_id=id');

create trigger waitlist_entries_guard before insert or update on public.waitlist_entries
  for each row execute function public.guard_waitlist_entry();

create trigger waitlist_entries_withdraw_offers
  after update of status on public.waitlist_entries
  for each row when (new.status = 'removed' and old.status <> 'removed')
  execute function public.withdraw_offers_of_removed_entry();

-- ---------------------------------------------------------------------------
-- waitlist_freed_slots: the queue the notification service works through
-- ---------------------------------------------------------------------------
create table public.waitlist_freed_slots (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  dentist_id bigint not null,
  slot_time timestamptz not null,
  -- No foreign key: the freed appointment may be removed outright. Null for a slot found open for
  -- a new entry (opened_for_entry_id).
  appointment_id bigint,
  freed_at timestamptz not null default now(),
  claim_token uuid,
  claimed_until timestamptz,
  processed_at timestamptz,
  outcome public.freed_slot_outcome,
  offers_made integer not null default 0 check (offers_made >= 0),
  taken_offer_id bigint,
  opened_for_entry_id bigint,
  unique (id, clinic_id),
  constraint waitlist_freed_slots_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id) on delete cascade,
  constraint waitlist_freed_slots_processed_check check ((processed_at is null) = (outcome is null)),
  constraint waitlist_freed_slots_source_check check ((appointment_id is null) <> (opened_for_entry_id is null))
);

comment on column public.waitlist_freed_slots.opened_for_entry_id is
  'The entry that joined while this slot was open (no foreign key, like appointment_id).';

comment on table public.waitlist_freed_slots is
  'A live future appointment was cancelled or deleted while someone waited for its dentist and date. Written by '
  'a trigger in the same transaction; claimed (claim_token, claimed_until) and processed once by the service.';

comment on column public.waitlist_freed_slots.outcome is
  'offered (offers_made offers went out or were tried), no_fit, not_connected (no Facebook page), passed (the slot '
  'started first), rebooked (another live appointment holds the slot).';

create index waitlist_freed_slots_unprocessed_idx on public.waitlist_freed_slots (id) where processed_at is null;

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.waitlist_freed_slots');

-- ---------------------------------------------------------------------------
-- waitlist_offers
-- ---------------------------------------------------------------------------
create table public.waitlist_offers (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  freed_slot_id bigint not null,
  entry_id bigint not null,
  slot_time timestamptz not null,
  messenger_id text not null check (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100),
  status public.waitlist_offer_status not null default 'sending',
  error text check (error is null or char_length(error) <= 2000),
  via public.message_channel,
  appointment_id bigint,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  answered_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (freed_slot_id, entry_id),
  constraint waitlist_offers_slot_fkey foreign key (freed_slot_id, clinic_id)
    references public.waitlist_freed_slots (id, clinic_id) on delete cascade,
  constraint waitlist_offers_entry_fkey foreign key (entry_id, clinic_id)
    references public.waitlist_entries (id, clinic_id) on delete cascade,
  constraint waitlist_offers_booked_check check ((status = 'booked') = (appointment_id is not null))
);

comment on table public.waitlist_offers is
  'One freed slot offered over Messenger to one waitlist entry. sending (claimed, not yet sent), sent, failed '
  '(error), booked (appointment_id), gone (taken by someone else or rebooked), expired (the slot started '
  'unanswered), withdrawn (the entry was removed).';

create index waitlist_offers_entry_idx on public.waitlist_offers (entry_id, created_at desc);

create index waitlist_offers_open_idx on public.waitlist_offers (slot_time) where status in ('sending', 'sent');

select private.setup_clinic_table('public.waitlist_offers',
  grants => array['select'],
  notify => array['waitlist_changes', 'clinic_id', 'entry_id'],
  policies => array[
    ['select', 'waitlist.manage', 'Front desk can view waitlist offers of their clinic']]);

-- ---------------------------------------------------------------------------
-- waitlist_replies: idempotency of 'Take this slot' taps
-- ---------------------------------------------------------------------------
create table public.waitlist_replies (
  mid text primary key check (btrim(mid) <> '' and char_length(mid) <= 300),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  -- No foreign key: a payload may name any offer, which is what gets recorded as ignored.
  offer_id bigint not null,
  psid text not null check (char_length(psid) <= 100),
  outcome public.waitlist_reply_outcome not null,
  reply_status public.reply_status,
  reply_error text check (reply_error is null or char_length(reply_error) <= 2000),
  received_at timestamptz not null default now()
);

comment on table public.waitlist_replies is
  '''Take this slot'' taps, one row per Meta message id (mid), with what the tap did and how the answer went.';

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.waitlist_replies');

-- One open entry per patient and dentist, "any dentist" included: a second one would only get the
-- same offers twice.
create unique index waitlist_entries_one_open_idx on public.waitlist_entries (patient_id, dentist_id) nulls not distinct
  where status in ('waiting', 'offered');

grant insert (preferred_weekdays, preferred_from, preferred_to) on public.waitlist_entries to authenticated;

comment on column public.waitlist_freed_slots.appointment_id is
  'The cancelled, deleted or moved appointment that freed the slot; null for an open slot found for a new entry.';

-- Every queued slot wakes the service, however it was queued.
create function public.announce_waitlist_slot()
returns trigger language plpgsql set search_path = '' as $$
begin
  perform pg_catalog.pg_notify('waitlist_freed_slots', new.id::text);
  return null;
end;
$$;

select private.setup_function('public.announce_waitlist_slot()', '{service_role}');

create trigger waitlist_freed_slots_announce after insert on public.waitlist_freed_slots
  for each row execute function public.announce_waitlist_slot();

-- ---------------------------------------------------------------------------
-- A latecomer: the earliest open slot that fits a new entry, queued at once
-- ---------------------------------------------------------------------------
create function public.earliest_open_slot(p_entry public.waitlist_entries)
returns table (dentist_id bigint, slot_time timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_time_zone text;
  v_today date;
  v_day date;
  v_minute integer;
  v_start timestamptz;
  v_dentist bigint;
begin
  select c.timezone into v_time_zone from public.clinics c where c.id = p_entry.clinic_id;
  v_today := (pg_catalog.now() at time zone v_time_zone)::date;
  for v_day in
    select d::date from pg_catalog.generate_series(
      greatest(p_entry.from_date, v_today)::timestamp, p_entry.to_date::timestamp, interval '1 day') d
  loop
    -- Every 20-minute start of the day; the booking rules say which the clinic keeps.
    for v_minute in select pg_catalog.generate_series(0, 24 * 60 - 20, 20) loop
      v_start := (v_day + pg_catalog.make_interval(mins => v_minute)) at time zone v_time_zone;
      continue when v_start <= pg_catalog.now() or public.clinic_hours_problem(v_start, v_time_zone) is not null;
      for v_dentist in
        select d.id from public.dentists d
         where d.clinic_id = p_entry.clinic_id and d.is_active and not d.deleted
           and (p_entry.dentist_id is null or d.id = p_entry.dentist_id)
         order by d.id
      loop
        if public.waitlist_entry_fits_slot(p_entry, v_dentist, v_start, v_time_zone)
           and public.slot_problem(v_dentist, v_start, v_time_zone) is null then
          dentist_id := v_dentist;
          slot_time := v_start;
          return next;
          return;
        end if;
      end loop;
    end loop;
  end loop;
end;
$$;

select private.setup_function('public.earliest_open_slot(public.waitlist_entries)', '{service_role}',
  'The earliest future slot (first by time, then by dentist id) that fits the entry and that no booking rule '
  'refuses (slot_problem): an open slot the entry can be offered; no row when there is none.');

create function public.queue_open_slot_for_entry()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, opened_for_entry_id)
  select new.clinic_id, o.dentist_id, o.slot_time, new.id from public.earliest_open_slot(new) o;
  return null;
end;
$$;

select private.setup_function('public.queue_open_slot_for_entry()', '{service_role}',
  'Trigger: a new waiting entry for which a slot is open now queues the earliest one (earliest_open_slot) in '
  'waitlist_freed_slots, so the service offers it at once.');

create trigger waitlist_entries_queue_open_slot after insert on public.waitlist_entries
  for each row when (new.status = 'waiting')
  execute function public.queue_open_slot_for_entry();

-- The waiting entries whose last day is before their clinic's today at p_now, ended; with p_like, only
-- those of its patient and dentist ("any dentist" included).
create function public.end_past_waitlist_entries(
  p_now timestamptz default pg_catalog.now(),
  p_like public.waitlist_entries default null
)
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  update public.waitlist_entries e
     set status = 'ended'
    from public.clinics c
   where c.id = e.clinic_id
     and e.status = 'waiting'
     and e.to_date < (p_now at time zone c.timezone)::date
     and (p_like is null
          or (e.clinic_id = p_like.clinic_id and e.patient_id = p_like.patient_id
              and e.dentist_id is not distinct from p_like.dentist_id));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

select private.setup_function('public.end_past_waitlist_entries(timestamptz, public.waitlist_entries)',
  '{service_role}',
  'Ends (status ended) every waiting waitlist entry whose to_date is before its clinic''s today at p_now (with '
  'p_like, only those of its patient and dentist); answers how many. The notification service calls it on every '
  'waitlist pass. Service role only.');

-- A new entry for a patient and dentist ("any dentist" included) ends their past one first, so the
-- one-open-entry index does not refuse it. Named to run after waitlist_entries_guard has checked it.
create function public.end_past_entry_before_new()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform public.end_past_waitlist_entries(pg_catalog.now(), new);
  return new;
end;
$$;

select private.setup_function('public.end_past_entry_before_new()', '{service_role}',
  'Trigger: before a new waitlist entry, ends the same patient''s waiting entry for the same dentist (or any) '
  'whose dates have passed.');

create trigger waitlist_entries_make_room before insert on public.waitlist_entries
  for each row execute function public.end_past_entry_before_new();

-- ---------------------------------------------------------------------------
-- The waitlist: the booking a taken offer moves, whether a slot fits an entry, and whom a
-- queued slot is offered to
-- ---------------------------------------------------------------------------
create function public.waitlist_booking_to_move(p_entry public.waitlist_entries)
returns public.appointments language sql stable security definer set search_path = '' as $$
  select a.*
    from public.appointments a
   where a.patient_id = p_entry.patient_id and a.clinic_id = p_entry.clinic_id
     and (p_entry.dentist_id is null or a.dentist_id = p_entry.dentist_id
          -- A booking taken from another of the patient's entries (e.g. one for any dentist).
          or exists (select 1 from public.waitlist_entries w
                      where w.booked_appointment_id = a.id and w.clinic_id = a.clinic_id))
     and private.is_booked_ahead(a, pg_catalog.now())
   order by a.appointment_time, a.id
   limit 1
$$;

select private.setup_function('public.waitlist_booking_to_move(public.waitlist_entries)', '{service_role}',
  'The patient''s next live future booking with the entry''s dentist (any dentist when it names none), or taken '
  'from another of their waitlist entries: the one a taken offer moves to the earlier slot, or null.');

-- ---------------------------------------------------------------------------
-- A freed slot: cancelled, deleted or moved away from. Written once, for all three.
-- ---------------------------------------------------------------------------
create function public.queue_waitlist_freed_slot()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_time_zone text;
begin
  if not private.is_booked_ahead(old, pg_catalog.now()) then
    return null;
  end if;
  if tg_op = 'UPDATE'
     and not (new.deleted or new.status = 'Cancelled')
     and new.appointment_time = old.appointment_time and new.dentist_id = old.dentist_id then
    return null;
  end if;
  select c.timezone into v_time_zone from public.clinics c where c.id = old.clinic_id;
  if not exists (
    select 1 from public.waitlist_entries e
     where e.clinic_id = old.clinic_id and e.status = 'waiting'
       and public.waitlist_entry_fits_slot(e, old.dentist_id, old.appointment_time, v_time_zone)
  ) then
    return null;
  end if;
  insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, appointment_id)
  values (old.clinic_id, old.dentist_id, old.appointment_time, old.id);
  return null;
end;
$$;

select private.setup_function('public.queue_waitlist_freed_slot()', '{service_role}',
  'Trigger: a Scheduled or Confirmed future appointment that is cancelled, soft-deleted, removed or moved (another '
  'time or dentist) queues its old slot in waitlist_freed_slots (and notifies ''waitlist_freed_slots'') when a '
  'waiting entry fits it (waitlist_entry_fits_slot).');

create trigger appointments_queue_waitlist_freed_slot
  after update of status, deleted, appointment_time, dentist_id on public.appointments
  for each row when (
    (new.status = 'Cancelled' and old.status <> 'Cancelled')
    or (new.deleted and not old.deleted)
    or new.appointment_time <> old.appointment_time
    or new.dentist_id <> old.dentist_id
  )
  execute function public.queue_waitlist_freed_slot();

create trigger appointments_queue_waitlist_freed_slot_on_delete
  after delete on public.appointments
  for each row execute function public.queue_waitlist_freed_slot();

-- ---------------------------------------------------------------------------
-- Whether a slot is the patient's to take: what they already hold, asked by the fit rule and the tap
-- ---------------------------------------------------------------------------
-- Earlier than the booking taking it would move (waitlist_booking_to_move), and no other visit on
-- the slot's clinic date: an appointment live as the exclusion constraint reads it (not deleted,
-- not Cancelled; a Completed or No Show visit that day counts), at any time, with any dentist. The
-- booking to move is not another visit: it is the one that goes to the slot.
create function public.waitlist_patient_may_take(
  p_entry public.waitlist_entries, p_slot_time timestamptz, p_time_zone text
)
returns boolean language sql stable security definer set search_path = '' as $$
  select coalesce(m.appointment_time > p_slot_time, true)
     and not exists (
       select 1
         from public.appointments a
        where a.patient_id = p_entry.patient_id and a.clinic_id = p_entry.clinic_id
          and a.appointment_time >= (p_slot_time at time zone p_time_zone)::date::timestamp at time zone p_time_zone
          and a.appointment_time < ((p_slot_time at time zone p_time_zone)::date + 1)::timestamp at time zone p_time_zone
          and not a.deleted and a.status <> 'Cancelled'
          and a.id is distinct from m.id
     )
    from public.waitlist_booking_to_move(p_entry) m
$$;

select private.setup_function('public.waitlist_patient_may_take(public.waitlist_entries, timestamptz, text)',
  '{service_role}',
  'Whether the entry''s patient may take a slot at p_slot_time, given what they hold: it is earlier than the booking '
  'a taken offer would move (waitlist_booking_to_move), and they hold no other appointment (not deleted, not '
  'Cancelled, any dentist) on its clinic date, as the booking form allows one visit a date.');

-- ---------------------------------------------------------------------------
-- The fit rule, and whom a queued slot is offered to
-- ---------------------------------------------------------------------------
create function public.waitlist_entry_fits_slot(
  p_entry public.waitlist_entries, p_dentist_id bigint, p_slot_time timestamptz, p_time_zone text
)
returns boolean language sql stable security definer set search_path = '' as $$
  select (p_entry.dentist_id is null or p_entry.dentist_id = p_dentist_id)
     and (p_slot_time at time zone p_time_zone)::date between p_entry.from_date and p_entry.to_date
     and (p_entry.preferred_weekdays is null
          or extract(isodow from p_slot_time at time zone p_time_zone)::integer = any (p_entry.preferred_weekdays))
     and (p_entry.preferred_from is null or (p_slot_time at time zone p_time_zone)::time >= p_entry.preferred_from)
     and (p_entry.preferred_to is null
          or ((p_slot_time + interval '20 minutes') at time zone p_time_zone)::time <= p_entry.preferred_to)
     and public.waitlist_patient_may_take(p_entry, p_slot_time, p_time_zone)
$$;

select private.setup_function('public.waitlist_entry_fits_slot(public.waitlist_entries, bigint, timestamptz, text)', '{service_role}',
  'Whether a slot of p_dentist_id at p_slot_time fits the entry: its dentist (or any), its dates (clinic dates, '
  'inclusive), weekdays and time window, and the patient may take it (waitlist_patient_may_take): earlier than a '
  'booking they already hold, on a date they hold no other visit.');

create function public.waitlist_entries_for_slot(p_freed_slot_id bigint)
returns table (entry_id bigint, messenger_id text)
language sql stable security definer set search_path = '' as $$
  -- A patient whose open entries both fit (one for the dentist, one for any) is offered the slot
  -- once, for the first of them.
  select f.id, f.messenger_id
    from (
      select distinct on (e.patient_id) e.id, e.created_at, p.messenger_id
        from public.waitlist_freed_slots s
        join public.clinics c on c.id = s.clinic_id
        join public.waitlist_entries e on e.clinic_id = s.clinic_id and e.status = 'waiting'
        join public.patients p on p.id = e.patient_id and p.clinic_id = e.clinic_id
       where s.id = p_freed_slot_id
         and not p.deleted and pg_catalog.btrim(coalesce(p.messenger_id, '')) <> ''
         and public.waitlist_entry_fits_slot(e, s.dentist_id, s.slot_time, c.timezone)
       order by e.patient_id, e.created_at, e.id
    ) f
   order by f.created_at, f.id
$$;

select private.setup_function('public.waitlist_entries_for_slot(bigint)', '{service_role}',
  'The waiting entries a queued slot is offered to, in waitlist order (created_at, id): the slot fits them '
  '(waitlist_entry_fits_slot) and their patient is live and has a Messenger id; one per patient, their first. '
  'Service role only.');

-- A booking the patient holds later is moved, not doubled; an offer of a slot no earlier than a
-- booking they took meanwhile, or on a date they were booked meanwhile, is gone, and once they
-- book, so are their other open offers of slots no earlier.
create function public.take_waitlist_offer(p_clinic_id bigint, p_offer_id bigint, p_psid text, p_mid text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_offer public.waitlist_offers;
  v_entry public.waitlist_entries;
  v_slot public.waitlist_freed_slots;
  v_booking public.appointments;
  v_outcome text;
  -- The tap ends this offer only: the slot stays free for the others offered it.
  v_this_offer_only boolean := false;
  v_appointment_id bigint;
  v_moved_from timestamptz;
  v_time_zone text;
begin
  -- Not is_browser_role(): in a security definer function current_user is the owner.
  if private.is_browser_request() then
    raise exception 'Only the notification service books waitlist offers.'
      using errcode = 'insufficient_privilege',
            hint = 'waitlist_offer_service_only';
  end if;
  -- Audit trail: this change comes from a Messenger webhook event.
  perform pg_catalog.set_config('ngiti.audit_source', 'webhook', true);

  insert into public.waitlist_replies (mid, clinic_id, offer_id, psid, outcome)
  values (p_mid, p_clinic_id, p_offer_id, p_psid, 'ignored')
  on conflict (mid) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;

  select o.* into v_offer from public.waitlist_offers o
   where o.id = p_offer_id and o.clinic_id = p_clinic_id and o.messenger_id = p_psid;
  if not found then
    return jsonb_build_object('outcome', 'ignored');
  end if;
  -- Every tap of one slot waits here for the one before it.
  select s.* into v_slot from public.waitlist_freed_slots s
   where s.id = v_offer.freed_slot_id and s.clinic_id = v_offer.clinic_id
   for update;
  select o.* into v_offer from public.waitlist_offers o where o.id = p_offer_id for update;
  select e.* into v_entry from public.waitlist_entries e where e.id = v_offer.entry_id for update;

  if v_offer.status = 'booked' then
    v_outcome := 'already_booked';
    v_appointment_id := v_offer.appointment_id;
  elsif v_offer.status = 'withdrawn' or v_entry.status = 'removed' then
    v_outcome := 'withdrawn';
  elsif v_slot.taken_offer_id is not null then
    v_outcome := 'gone';
  elsif v_offer.status = 'gone' then
    -- Ended when the slot was booked otherwise (every offer of it ended then), or when the patient
    -- booked an earlier slot (theirs alone).
    v_outcome := 'gone';
    v_this_offer_only := true;
  elsif v_offer.status = 'expired' or v_offer.slot_time <= pg_catalog.now() then
    v_outcome := 'expired';
  else
    select c.timezone into v_time_zone from public.clinics c where c.id = v_entry.clinic_id;
    -- Locked as a booking locks them, dentist first, then the patient: not shared as a booking
    -- shares it, so a desk booking of this patient under way is committed before the question below
    -- is asked (and it sees that visit), and one begun meanwhile waits for this booking.
    perform 1 from public.dentists d where d.id = v_slot.dentist_id and d.clinic_id = v_slot.clinic_id
       for no key update;
    perform 1 from public.patients p where p.id = v_entry.patient_id and p.clinic_id = v_entry.clinic_id
       for no key update;
    if not public.waitlist_patient_may_take(v_entry, v_offer.slot_time, v_time_zone) then
      -- Since this offer went out the patient took an earlier slot (from another of their entries),
      -- or the desk booked them a visit that date: a second booking is not theirs to take. The slot
      -- stays free for the others.
      v_outcome := 'gone';
      v_this_offer_only := true;
    else
      v_booking := public.waitlist_booking_to_move(v_entry);
      begin
        if v_booking.id is not null then
          -- The booking itself moves (the booking rules and the exclusion
          -- constraint check it like any move); its old slot is queued onward.
          update public.appointments
             set appointment_time = v_offer.slot_time, dentist_id = v_slot.dentist_id
           where id = v_booking.id
          returning id into v_appointment_id;
          v_moved_from := v_booking.appointment_time;
        else
          insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, booking_origin)
          values (v_entry.clinic_id, v_entry.patient_id, v_slot.dentist_id, v_offer.slot_time, 'Scheduled', 'waitlist')
          returning id into v_appointment_id;
        end if;
        v_outcome := 'booked';
      exception when exclusion_violation then
        v_outcome := 'gone';
        v_moved_from := null;
      end;
    end if;
  end if;

  if v_outcome = 'booked' then
    update public.waitlist_offers
       set status = 'booked', appointment_id = v_appointment_id, answered_at = pg_catalog.now()
     where id = v_offer.id;
    update public.waitlist_entries
       set status = 'booked', booked_appointment_id = v_appointment_id
     where id = v_entry.id;
    update public.waitlist_freed_slots set taken_offer_id = v_offer.id where id = v_slot.id;
    -- The patient's other open offers of this slot or later ones are no longer theirs to take
    -- (the fit rule offers only earlier slots than a booking they hold): those entries wait again.
    with ended as (
      update public.waitlist_offers o
         set status = 'gone'
        from public.waitlist_entries e
       where e.id = o.entry_id and e.patient_id = v_entry.patient_id and e.clinic_id = v_entry.clinic_id
         and o.id <> v_offer.id and o.status in ('sending', 'sent', 'failed') and o.slot_time >= v_offer.slot_time
      returning o.entry_id
    )
    update public.waitlist_entries e
       set status = 'waiting'
      from ended
     where e.id = ended.entry_id and e.status = 'offered';
  end if;
  if v_this_offer_only then
    update public.waitlist_offers set status = 'gone', answered_at = coalesce(answered_at, pg_catalog.now())
     where id = v_offer.id;
    update public.waitlist_entries set status = 'waiting' where id = v_entry.id and status = 'offered';
  elsif v_outcome in ('booked', 'gone') then
    -- The slot is no longer free: every other open offer of it is gone, and
    -- their entries wait again.
    with ended as (
      update public.waitlist_offers o
         set status = 'gone', answered_at = case when o.id = v_offer.id then pg_catalog.now() else o.answered_at end
       where o.freed_slot_id = v_slot.id and o.status in ('sending', 'sent', 'failed')
       returning o.entry_id
    )
    update public.waitlist_entries e
       set status = 'waiting'
      from ended
     where e.id = ended.entry_id and e.status = 'offered';
  elsif v_outcome = 'expired' and v_offer.status in ('sending', 'sent', 'failed') then
    update public.waitlist_offers set status = 'expired', answered_at = pg_catalog.now() where id = v_offer.id;
    update public.waitlist_entries set status = 'waiting' where id = v_entry.id and status = 'offered';
  end if;

  update public.waitlist_replies set outcome = v_outcome::public.waitlist_reply_outcome where mid = p_mid;
  return jsonb_build_object(
    'outcome', v_outcome,
    'offer_id', v_offer.id,
    'entry_id', v_entry.id,
    'slot_time', v_offer.slot_time,
    'appointment_id', v_appointment_id,
    'moved_from', v_moved_from
  );
end;
$$;

select private.setup_function('public.take_waitlist_offer(bigint, bigint, text, text)', '{service_role}',
  'A ''Take this slot'' tap (service role only): records it by p_mid (a repeat answers {"outcome":"duplicate"}), '
  'then books the offer''s slot for its entry once: it moves the patient''s later booking there when they hold '
  'one (waitlist_booking_to_move; moved_from says from when, and that slot is queued onward), else inserts one. '
  'Outcomes: booked, already_booked, gone (taken or no longer free, or the patient now holds an earlier booking '
  'or another visit that date: then only this offer ends), expired (the slot started), withdrawn (the '
  'entry was removed), ignored (not this sender''s offer in this clinic). Sets ngiti.audit_source = webhook.');

-- ---------------------------------------------------------------------------
-- The due list: set-based (one pass over the clinic's Completed appointments,
-- one range scan of its bookings ahead), not a lookup per patient.
-- It says which patients are on the waitlist, so it comes after it.
-- ---------------------------------------------------------------------------
create function public.recall_list(p_clinic_id bigint, p_now timestamptz default now())
returns table (
  patient_id bigint,
  patient_name text,
  patient_phone text,
  has_messenger_id boolean,
  last_appointment_id bigint,
  last_visit_at timestamptz,
  last_visit_date date,
  last_procedure text,
  dentist_name text,
  due_date date,
  overdue_days integer,
  last_recall_at timestamptz,
  last_recall_outcome text,
  last_recall_error text,
  recalled_until timestamptz
) language sql stable security invoker set search_path = '' as $$
  with clinic as (
    select c.id, c.timezone, c.recall_interval_months, (p_now at time zone c.timezone)::date as today
      from public.clinics c
     where c.id = p_clinic_id
  ),
  last_visit as (
    select distinct on (a.patient_id) a.patient_id, a.id, a.appointment_time, a.reason, a.dentist_id
      from public.appointments a
      join clinic k on a.clinic_id = k.id
     where a.status = 'Completed' and not a.deleted and a.appointment_time <= p_now
     order by a.patient_id, a.appointment_time desc, a.id desc
  ),
  due as (
    select v.*,
           (v.appointment_time at time zone k.timezone)::date as visit_date,
           ((v.appointment_time at time zone k.timezone)::date
             + pg_catalog.make_interval(months => k.recall_interval_months))::date as due_date
      from last_visit v
      cross join clinic k
  ),
  booked_ahead as (
    select distinct f.patient_id
      from public.appointments f
      join clinic k on f.clinic_id = k.id
     where private.is_booked_ahead(f, p_now)
  ),
  last_recall as (
    select distinct on (r.patient_id) r.patient_id, r.created_at, r.outcome, r.error
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     order by r.patient_id, r.created_at desc, r.id desc
  ),
  waiting as (
    select distinct w.patient_id
      from public.waitlist_entries w
      join clinic k on w.clinic_id = k.id
     where w.status in ('waiting', 'offered') and w.to_date >= k.today
  ),
  blocked as (
    select r.patient_id, max(r.blocked_until) as until
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     where r.blocked_until > p_now
       and (r.outcome = 'sent' or (r.outcome = 'pending' and not public.recall_claim_is_stale(r.created_at, p_now)))
     group by r.patient_id
  )
  select p.id,
         p.name,
         p.phone,
         p.messenger_id is not null,
         d.id,
         d.appointment_time,
         d.visit_date,
         d.reason,
         dn.name,
         d.due_date,
         k.today - d.due_date,
         lr.created_at,
         o.outcome::text,
         o.error,
         b.until
    from due d
    cross join clinic k
    join public.patients p on p.id = d.patient_id and p.clinic_id = k.id and not p.deleted
    join public.dentists dn on dn.id = d.dentist_id and dn.clinic_id = k.id
    left join last_recall lr on lr.patient_id = d.patient_id
    left join lateral private.recall_outcome_as_of(lr.outcome, lr.error, lr.created_at, p_now) o on true
    left join blocked b on b.patient_id = d.patient_id
   where d.due_date <= k.today
     and not exists (select 1 from booked_ahead x where x.patient_id = d.patient_id)
     and not exists (select 1 from waiting w where w.patient_id = d.patient_id)
   order by d.due_date, p.name, p.id
$$;

select private.setup_function('public.recall_list(bigint, timestamptz)', '{authenticated,service_role}',
  'Patients of the clinic due for a check-up at p_now: last Completed appointment at least recall_interval_months '
  'ago in the clinic calendar, no live Scheduled/Confirmed appointment ahead and no waitlist entry still waiting '
  'or offered. With the phone, for patients without Messenger. A send cut off before Messenger answered (a pending '
  'recall older than recall_claim_is_stale) reads as failed and blocks nothing. Most overdue first. Security '
  'invoker: RLS decides what the caller sees.');
