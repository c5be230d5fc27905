-- ============================================================================
-- Waitlist / ASAP fill (issue 17 part 3). See docs/waitlist.md.
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
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Who may work with the waitlist: the front desk of the clinic (the tab's
-- roles: superadmin, admin, receptionist).
-- ---------------------------------------------------------------------------
create function public.is_front_desk_of(p_clinic_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_superadmin()
    or (coalesce(p_clinic_id = public.current_clinic_id(), false)
        and public.has_any_role(array['admin', 'receptionist']))
$$;

comment on function public.is_front_desk_of(bigint) is
  'True when the signed-in user is a superadmin, or an admin or receptionist of clinic p_clinic_id.';

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
  status text not null default 'waiting' check (status in ('waiting', 'offered', 'booked', 'removed')),
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
-- One open entry per patient and dentist: a second one would only get the same offers twice.
create unique index waitlist_entries_one_open_idx on public.waitlist_entries (patient_id, dentist_id)
  where status in ('waiting', 'offered');

create trigger waitlist_entries_set_updated_at before update on public.waitlist_entries
  for each row execute function public.set_updated_at();
create trigger waitlist_entries_clinic_id_is_fixed before update of clinic_id on public.waitlist_entries
  for each row execute function public.prevent_clinic_change();

-- Browsers add waiting entries for today or later, for a live patient and an
-- active dentist; afterwards they may only remove an open entry. Everything
-- else (offered, booked) is the service's and take_waitlist_offer's to write.
-- Not security definer: is_browser_role() must see the caller.
create function public.guard_waitlist_entry()
returns trigger
language plpgsql
set search_path = ''
as $$
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
      raise exception 'A new waitlist entry starts as waiting.' using errcode = 'insufficient_privilege';
    end if;
    new.created_by := (select auth.uid());
    select (pg_catalog.now() at time zone c.timezone)::date into v_today
      from public.clinics c where c.id = new.clinic_id;
    if new.from_date < v_today then
      raise exception 'The waitlist dates cannot be in the past.' using errcode = 'check_violation',
        detail = 'from_date before the clinic''s today';
    end if;
    if exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id and p.deleted) then
      raise exception 'This patient has been deleted.' using errcode = 'check_violation', detail = 'patient deleted';
    end if;
    if exists (
      select 1 from public.dentists d
       where d.id = new.dentist_id and d.clinic_id = new.clinic_id and (d.deleted or not d.is_active)
    ) then
      raise exception 'This dentist is not taking appointments.' using errcode = 'check_violation',
        detail = 'dentist inactive or deleted';
    end if;
    return new;
  end if;

  if (pg_catalog.to_jsonb(new) - 'status' - 'updated_at') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'updated_at')
     or new.status <> 'removed' then
    raise exception 'Staff can only remove a waitlist entry.' using errcode = 'insufficient_privilege';
  end if;
  if old.status not in ('waiting', 'offered') then
    raise exception 'This waitlist entry is already booked or removed.' using errcode = 'check_violation',
      detail = 'entry closed';
  end if;
  new.removed_at := pg_catalog.now();
  new.removed_by := (select auth.uid());
  return new;
end;
$$;

comment on function public.guard_waitlist_entry() is
  'Trigger: browsers insert only waiting entries from the clinic''s today on, for a live patient and an active '
  'dentist (23514 with a readable message), and may only change an open entry''s status to removed (42501 otherwise).';

create trigger waitlist_entries_guard before insert or update on public.waitlist_entries
  for each row execute function public.guard_waitlist_entry();

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
  outcome text check (outcome in ('offered', 'no_fit', 'not_connected', 'passed', 'rebooked')),
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
  status text not null default 'sending' check (
    status in ('sending', 'sent', 'failed', 'booked', 'gone', 'expired', 'withdrawn')
  ),
  error text check (error is null or char_length(error) <= 2000),
  via text check (via in ('message', 'template')),
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

create trigger waitlist_offers_set_updated_at before update on public.waitlist_offers
  for each row execute function public.set_updated_at();
create trigger waitlist_offers_clinic_id_is_fixed before update of clinic_id on public.waitlist_offers
  for each row execute function public.prevent_clinic_change();

-- ---------------------------------------------------------------------------
-- waitlist_replies: idempotency of 'Take this slot' taps
-- ---------------------------------------------------------------------------
create table public.waitlist_replies (
  mid text primary key check (btrim(mid) <> '' and char_length(mid) <= 300),
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  -- No foreign key: a payload may name any offer, which is what gets recorded as ignored.
  offer_id bigint not null,
  psid text not null check (char_length(psid) <= 100),
  outcome text not null check (outcome in ('booked', 'already_booked', 'gone', 'expired', 'withdrawn', 'ignored')),
  reply_status text check (reply_status in ('sent', 'failed', 'skipped')),
  reply_error text check (reply_error is null or char_length(reply_error) <= 2000),
  received_at timestamptz not null default now()
);

comment on table public.waitlist_replies is
  '''Take this slot'' taps, one row per Meta message id (mid), with what the tap did and how the answer went.';

-- ---------------------------------------------------------------------------
-- A freed slot: a live future appointment cancelled or deleted, for which
-- someone waits. Security definer: browsers have no privilege on the queue.
-- ---------------------------------------------------------------------------
create function public.queue_waitlist_freed_slot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date;
  v_id bigint;
begin
  if old.deleted or old.status not in ('Scheduled', 'Confirmed') or old.appointment_time <= pg_catalog.now() then
    return null;
  end if;
  if tg_op = 'UPDATE' and not (new.deleted or new.status = 'Cancelled') then
    return null;
  end if;
  select (old.appointment_time at time zone c.timezone)::date into v_day
    from public.clinics c where c.id = old.clinic_id;
  if not exists (
    select 1 from public.waitlist_entries e
     where e.dentist_id = old.dentist_id and e.clinic_id = old.clinic_id
       and e.status = 'waiting' and v_day between e.from_date and e.to_date
  ) then
    return null;
  end if;
  insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, appointment_id)
  values (old.clinic_id, old.dentist_id, old.appointment_time, old.id)
  returning id into v_id;
  perform pg_catalog.pg_notify('waitlist_freed_slots', v_id::text);
  return null;
end;
$$;

comment on function public.queue_waitlist_freed_slot() is
  'Trigger: a Scheduled or Confirmed future appointment that is cancelled, soft-deleted or removed queues its slot '
  'in waitlist_freed_slots (and notifies ''waitlist_freed_slots'') when a waiting entry fits its dentist and date.';

create trigger appointments_queue_waitlist_freed_slot
  after update of status, deleted on public.appointments
  for each row when ((new.status = 'Cancelled' and old.status <> 'Cancelled') or (new.deleted and not old.deleted))
  execute function public.queue_waitlist_freed_slot();
create trigger appointments_queue_waitlist_freed_slot_on_delete
  after delete on public.appointments
  for each row execute function public.queue_waitlist_freed_slot();

-- ---------------------------------------------------------------------------
-- An entry removed by staff withdraws its open offer (its tap is then told
-- the slot is no longer offered). Security definer: browsers cannot write offers.
-- ---------------------------------------------------------------------------
create function public.withdraw_offers_of_removed_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.waitlist_offers o
     set status = 'withdrawn'
   where o.entry_id = new.id and o.clinic_id = new.clinic_id and o.status in ('sending', 'sent', 'failed');
  return null;
end;
$$;

create trigger waitlist_entries_withdraw_offers
  after update of status on public.waitlist_entries
  for each row when (new.status = 'removed' and old.status <> 'removed')
  execute function public.withdraw_offers_of_removed_entry();

-- ---------------------------------------------------------------------------
-- Change feed: every change of an entry or offer is announced on
-- 'waitlist_changes' (at commit); the service relays it to the clinic's room
-- as 'waitlist-updated'.
-- ---------------------------------------------------------------------------
create function public.notify_waitlist_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
begin
  if tg_op = 'DELETE' then
    v_row := pg_catalog.to_jsonb(old);
  else
    v_row := pg_catalog.to_jsonb(new);
  end if;
  perform pg_catalog.pg_notify(
    'waitlist_changes',
    pg_catalog.json_build_object(
      'clinic_id', (v_row ->> 'clinic_id')::bigint,
      'entry_id', (v_row ->> case when tg_table_name = 'waitlist_offers' then 'entry_id' else 'id' end)::bigint
    )::text
  );
  return null;
end;
$$;

create trigger waitlist_entries_notify_change after insert or update or delete on public.waitlist_entries
  for each row execute function public.notify_waitlist_change();
create trigger waitlist_offers_notify_change after insert or update or delete on public.waitlist_offers
  for each row execute function public.notify_waitlist_change();

-- ---------------------------------------------------------------------------
-- take_waitlist_offer: a patient's 'Take this slot' tap (notification service
-- only). One transaction: the tap is recorded by its mid, the freed slot is
-- locked (taps for one slot queue here), and the appointment is inserted like
-- any booking: the booking rules and the exclusion constraint refuse a slot
-- that is no longer free (23P01), which answers 'gone'.
-- ---------------------------------------------------------------------------
create function public.take_waitlist_offer(p_clinic_id bigint, p_offer_id bigint, p_psid text, p_mid text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_offer public.waitlist_offers;
  v_entry public.waitlist_entries;
  v_slot public.waitlist_freed_slots;
  v_outcome text;
  v_appointment_id bigint;
begin
  if public.is_browser_role() then
    raise exception 'Only the notification service books waitlist offers.' using errcode = 'insufficient_privilege';
  end if;
  -- Audit trail (issue 17 part 5): this change comes from a Messenger webhook event.
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
  elsif v_slot.taken_offer_id is not null or v_offer.status = 'gone' then
    v_outcome := 'gone';
  elsif v_offer.status = 'expired' or v_offer.slot_time <= pg_catalog.now() then
    v_outcome := 'expired';
  else
    begin
      insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, booking_origin)
      values (v_entry.clinic_id, v_entry.patient_id, v_entry.dentist_id, v_offer.slot_time, 'Scheduled', 'waitlist')
      returning id into v_appointment_id;
      v_outcome := 'booked';
    exception when exclusion_violation then
      v_outcome := 'gone';
    end;
  end if;

  if v_outcome = 'booked' then
    update public.waitlist_offers
       set status = 'booked', appointment_id = v_appointment_id, answered_at = pg_catalog.now()
     where id = v_offer.id;
    update public.waitlist_entries
       set status = 'booked', booked_appointment_id = v_appointment_id
     where id = v_entry.id;
    update public.waitlist_freed_slots set taken_offer_id = v_offer.id where id = v_slot.id;
  end if;
  if v_outcome in ('booked', 'gone') then
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

  update public.waitlist_replies set outcome = v_outcome where mid = p_mid;
  return jsonb_build_object(
    'outcome', v_outcome,
    'offer_id', v_offer.id,
    'entry_id', v_entry.id,
    'slot_time', v_offer.slot_time,
    'appointment_id', v_appointment_id
  );
end;
$$;

comment on function public.take_waitlist_offer(bigint, bigint, text, text) is
  'A ''Take this slot'' tap (service role only): records it by p_mid (a repeat answers {"outcome":"duplicate"}), '
  'then books the offer''s slot for its entry once. Outcomes: booked, already_booked, gone (taken or no longer '
  'free), expired (the slot started), withdrawn (the entry was removed), ignored (not this sender''s offer in '
  'this clinic). Sets ngiti.audit_source = webhook.';

-- ---------------------------------------------------------------------------
-- Row-level security and privileges
-- ---------------------------------------------------------------------------
alter table public.waitlist_entries enable row level security;
alter table public.waitlist_freed_slots enable row level security;
alter table public.waitlist_offers enable row level security;
alter table public.waitlist_replies enable row level security;

revoke all on public.waitlist_entries, public.waitlist_freed_slots, public.waitlist_offers, public.waitlist_replies
  from public, anon, authenticated;
grant all on public.waitlist_entries, public.waitlist_freed_slots, public.waitlist_offers, public.waitlist_replies
  to service_role;
grant select on public.waitlist_entries, public.waitlist_offers to authenticated;
grant insert (clinic_id, patient_id, dentist_id, from_date, to_date, note) on public.waitlist_entries to authenticated;
grant update (status) on public.waitlist_entries to authenticated;

create policy "Front desk can view the waitlist of their clinic" on public.waitlist_entries
  for select to authenticated
  using ((select public.is_front_desk_of(clinic_id)));

create policy "Front desk can add to the waitlist of their clinic" on public.waitlist_entries
  for insert to authenticated
  with check ((select public.is_front_desk_of(clinic_id)));

create policy "Front desk can remove waitlist entries of their clinic" on public.waitlist_entries
  for update to authenticated
  using ((select public.is_front_desk_of(clinic_id)))
  with check ((select public.is_front_desk_of(clinic_id)));

create policy "Front desk can view waitlist offers of their clinic" on public.waitlist_offers
  for select to authenticated
  using ((select public.is_front_desk_of(clinic_id)));

-- waitlist_freed_slots, waitlist_replies: RLS on, no policy, no privilege. Service role only.

revoke execute on function
  public.is_front_desk_of(bigint),
  public.guard_waitlist_entry(),
  public.queue_waitlist_freed_slot(),
  public.withdraw_offers_of_removed_entry(),
  public.notify_waitlist_change(),
  public.take_waitlist_offer(bigint, bigint, text, text)
from public, anon, authenticated;
grant execute on function public.is_front_desk_of(bigint) to authenticated, service_role;
grant execute on function public.take_waitlist_offer(bigint, bigint, text, text) to service_role;
