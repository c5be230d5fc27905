-- ============================================================================
-- Ngiti baseline, 7 of 9: recalls and the waitlist. See docs/recalls.md and
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

-- The due list (recall_list) is in 20261201001200_recall_list_waitlist_phone.sql.

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

-- close_recall_requests_on_booking (with its trigger) is in
-- 20261201001690_one_rule_for_booked_ahead.sql: it asks private.is_booked_ahead.

select private.setup_clinic_table('public.recall_requests',
  grants => array['select', 'update (status)'],
  notify => array['recall_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'patient_id'],
  notify_on => 'insert or update',
  policies => array[
    ['select', 'recalls.read', 'Staff can view booking requests of their clinic'],
    ['update', 'recalls.manage', 'Front desk can handle booking requests of their clinic']]);

create trigger recall_requests_stamp_handled before update on public.recall_requests
  for each row execute function public.stamp_recall_request_handled();

-- ---------------------------------------------------------------------------
-- waitlist_entries
-- ---------------------------------------------------------------------------
create table public.waitlist_entries (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  dentist_id bigint not null,
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
    references public.appointments (id, clinic_id) on delete set null (booked_appointment_id)
);

comment on table public.waitlist_entries is
  'A patient waiting for a slot with one dentist between from_date and to_date (clinic dates, inclusive). '
  'Waitlist order is created_at, id.';
comment on column public.waitlist_entries.status is
  'waiting; offered (an open offer went out); booked (booked_appointment_id); removed (by staff).';

create index waitlist_entries_clinic_order_idx on public.waitlist_entries (clinic_id, created_at, id);

create index waitlist_entries_waiting_idx on public.waitlist_entries (dentist_id, from_date, to_date)
  where status = 'waiting';

-- One open entry per patient and dentist (waitlist_entries_one_open_idx) is in
-- 20261201001330_waitlist_fills_every_slot.sql, where "any dentist" counts as one dentist.

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
  -- No foreign key: the freed appointment may be removed outright.
  appointment_id bigint not null,
  freed_at timestamptz not null default now(),
  claim_token uuid,
  claimed_until timestamptz,
  processed_at timestamptz,
  outcome public.freed_slot_outcome,
  offers_made integer not null default 0 check (offers_made >= 0),
  taken_offer_id bigint,
  unique (id, clinic_id),
  constraint waitlist_freed_slots_dentist_fkey foreign key (dentist_id, clinic_id)
    references public.dentists (id, clinic_id) on delete cascade,
  constraint waitlist_freed_slots_processed_check check ((processed_at is null) = (outcome is null))
);

comment on table public.waitlist_freed_slots is
  'A live future appointment was cancelled or deleted while someone waited for its dentist and date. Written by '
  'a trigger in the same transaction; claimed (claim_token, claimed_until) and processed once by the service.';
comment on column public.waitlist_freed_slots.outcome is
  'offered (offers_made offers went out or were tried), no_fit, not_connected (no Facebook page), passed (the slot '
  'started first), rebooked (another live appointment holds the slot).';

create index waitlist_freed_slots_unprocessed_idx on public.waitlist_freed_slots (id) where processed_at is null;

-- No policy, no privilege: service role only.
select private.setup_clinic_table('public.waitlist_freed_slots');

-- What a cancelled, deleted or moved appointment queues here (queue_waitlist_freed_slot and its
-- triggers) lives whole in 20261201001330_waitlist_fills_every_slot.sql, with the fit rule it asks.

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

-- ---------------------------------------------------------------------------
-- take_waitlist_offer lives whole in 20261201001330_waitlist_fills_every_slot.sql.
-- ---------------------------------------------------------------------------

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
