-- ============================================================================
-- Recalls: patients due for a check-up, the recall messages sent to them and
-- their 'Book' replies. Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
-- See docs/recalls.md.
--
--   clinics.recall_interval_months  a patient is due this many months (1-36,
--                                   default 6) after their last Completed
--                                   appointment, in the clinic's calendar.
--   recall_list(clinic)             the due list: security invoker, so RLS on
--                                   clinics, patients and appointments decides
--                                   what a caller sees (another clinic: nothing).
--   recall_messages                 every recall attempt (sent, failed,
--                                   skipped; pending while being sent). A sent
--                                   or pending recall blocks the patient for 30
--                                   days: an exclusion constraint, so two
--                                   concurrent sends cannot both go (23P01).
--   recall_requests                 a patient's 'Book' reply, for staff to book
--                                   or dismiss; one open request per patient.
-- Browsers read the logs; only the service role writes them. Staff change only
-- a request's status.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- clinics: the recall interval (a Clinic Configuration form column)
-- ---------------------------------------------------------------------------
alter table public.clinics
  add column recall_interval_months integer not null default 6
    constraint clinics_recall_interval_months_check check (recall_interval_months between 1 and 36);

comment on column public.clinics.recall_interval_months is
  'Months after a patient''s last Completed appointment (clinic calendar) at which they are due for a check-up: 1-36, default 6.';

grant insert (recall_interval_months) on public.clinics to authenticated;
grant update (recall_interval_months) on public.clinics to authenticated;

-- ---------------------------------------------------------------------------
-- recall_messages: the log of recalls (service role writes)
-- ---------------------------------------------------------------------------
create table public.recall_messages (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  message text not null check (char_length(message) <= 2000),
  outcome text not null check (outcome in ('pending', 'sent', 'failed', 'skipped')),
  error text check (error is null or char_length(error) <= 2000),
  via text check (via in ('message', 'template')),
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

create function public.set_recall_blocked_until()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.blocked_until := new.created_at + interval '30 days';
  return new;
end;
$$;

comment on function public.set_recall_blocked_until() is
  'Trigger: a recall blocks the patient for 30 days from when it was sent, whatever the writer says.';

create trigger recall_messages_set_blocked_until before insert or update of created_at, blocked_until
  on public.recall_messages
  for each row execute function public.set_recall_blocked_until();

create trigger recall_messages_clinic_id_is_fixed before update of clinic_id on public.recall_messages
  for each row execute function public.prevent_clinic_change();

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
  status text not null default 'open' check (status in ('open', 'booked', 'dismissed')),
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

create function public.stamp_recall_request_handled()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'open' then
      raise exception 'This booking request was already handled.' using errcode = 'check_violation';
    end if;
    new.handled_at := now();
    new.handled_by := (select auth.uid());
  end if;
  return new;
end;
$$;

comment on function public.stamp_recall_request_handled() is
  'Trigger: a request is handled once (open -> booked or dismissed), stamped with when and by whom.';

create trigger recall_requests_stamp_handled before update on public.recall_requests
  for each row execute function public.stamp_recall_request_handled();

create trigger recall_requests_clinic_id_is_fixed before update of clinic_id on public.recall_requests
  for each row execute function public.prevent_clinic_change();

-- ---------------------------------------------------------------------------
-- Live updates: every change of a recall or request is announced on the
-- channel 'recall_changes' (delivered at commit; the service emits
-- 'recall-updated' to the clinic's room and clients re-read).
-- ---------------------------------------------------------------------------
create function public.notify_recall_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify(
    'recall_changes',
    pg_catalog.json_build_object(
      'table', tg_table_name,
      'op', tg_op,
      'id', new.id,
      'clinic_id', new.clinic_id,
      'patient_id', new.patient_id
    )::text
  );
  return null;
end;
$$;

comment on function public.notify_recall_change() is
  'Trigger: pg_notify(''recall_changes'', {table, op, id, clinic_id, patient_id}).';

create trigger recall_messages_notify after insert or update on public.recall_messages
  for each row execute function public.notify_recall_change();
create trigger recall_requests_notify after insert or update on public.recall_requests
  for each row execute function public.notify_recall_change();

-- ---------------------------------------------------------------------------
-- Indexes the due list uses: each patient's last Completed appointment, read
-- for the whole clinic in index order; the recall log by patient.
-- ---------------------------------------------------------------------------
create index appointments_clinic_completed_idx
  on public.appointments (clinic_id, patient_id, appointment_time desc, id desc)
  where status = 'Completed' and not deleted;
create index recall_messages_clinic_patient_idx on public.recall_messages (clinic_id, patient_id, created_at desc, id desc);

-- ---------------------------------------------------------------------------
-- The due list: set-based (one pass over the clinic's Completed appointments,
-- one range scan of its bookings ahead), not a lookup per patient.
-- ---------------------------------------------------------------------------
create function public.recall_list(p_clinic_id bigint, p_now timestamptz default now())
returns table (
  patient_id bigint,
  patient_name text,
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
)
language sql
stable
security invoker
set search_path = ''
as $$
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
     where f.appointment_time > p_now and not f.deleted and f.status in ('Scheduled', 'Confirmed')
  ),
  last_recall as (
    select distinct on (r.patient_id) r.patient_id, r.created_at, r.outcome, r.error
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     order by r.patient_id, r.created_at desc, r.id desc
  ),
  blocked as (
    select r.patient_id, max(r.blocked_until) as until
      from public.recall_messages r
      join clinic k on r.clinic_id = k.id
     where r.outcome in ('pending', 'sent') and r.blocked_until > p_now
     group by r.patient_id
  )
  select p.id,
         p.name,
         p.messenger_id is not null,
         d.id,
         d.appointment_time,
         d.visit_date,
         d.reason,
         dn.name,
         d.due_date,
         k.today - d.due_date,
         lr.created_at,
         lr.outcome,
         lr.error,
         b.until
    from due d
    cross join clinic k
    join public.patients p on p.id = d.patient_id and p.clinic_id = k.id and not p.deleted
    join public.dentists dn on dn.id = d.dentist_id and dn.clinic_id = k.id
    left join last_recall lr on lr.patient_id = d.patient_id
    left join blocked b on b.patient_id = d.patient_id
   where d.due_date <= k.today
     and not exists (select 1 from booked_ahead x where x.patient_id = d.patient_id)
   order by d.due_date, p.name, p.id
$$;

comment on function public.recall_list(bigint, timestamptz) is
  'Patients of the clinic due for a check-up at p_now: last Completed appointment at least recall_interval_months '
  'ago in the clinic calendar, and no live Scheduled/Confirmed appointment ahead. Most overdue first. Security '
  'invoker: RLS decides what the caller sees.';

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
)
language sql
stable
security invoker
set search_path = ''
as $$
  select q.id, q.patient_id, p.name, p.phone, q.created_at, r.created_at
    from public.recall_requests q
    join public.patients p on p.id = q.patient_id and p.clinic_id = q.clinic_id
    left join public.recall_messages r on r.id = q.recall_message_id and r.clinic_id = q.clinic_id
   where q.clinic_id = p_clinic_id and q.status = 'open' and not p.deleted
   order by q.created_at, q.id
$$;

comment on function public.recall_request_list(bigint) is
  'The clinic''s open booking requests (patients who tapped Book on a recall), oldest first. Security invoker.';

create function public.dismiss_recall_request(p_request_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.recall_requests set status = 'dismissed' where id = p_request_id and status = 'open';
  if not found then
    raise exception 'This booking request was already handled, or it does not exist.' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.dismiss_recall_request(bigint) is
  'Dismisses an open booking request (front desk of its clinic, by RLS); P0002 when there is no such open request.';

-- security definer: whoever books (front desk, or the service), the patient's
-- open request is answered; only rows of the appointment's own patient change.
create function public.close_recall_requests_on_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.deleted and new.status in ('Scheduled', 'Confirmed') and new.appointment_time > now() then
    update public.recall_requests
       set status = 'booked'
     where clinic_id = new.clinic_id and patient_id = new.patient_id and status = 'open';
  end if;
  return null;
end;
$$;

comment on function public.close_recall_requests_on_booking() is
  'Trigger: an appointment booked ahead for a patient marks their open booking request booked.';

create trigger appointments_close_recall_requests after insert on public.appointments
  for each row execute function public.close_recall_requests_on_booking();

-- ---------------------------------------------------------------------------
-- Privileges and row-level security
-- ---------------------------------------------------------------------------
revoke execute on function
  public.recall_list(bigint, timestamptz),
  public.set_recall_blocked_until(),
  public.stamp_recall_request_handled(),
  public.notify_recall_change(),
  public.recall_request_list(bigint),
  public.dismiss_recall_request(bigint),
  public.close_recall_requests_on_booking()
from public, anon, authenticated;
grant execute on function
  public.recall_list(bigint, timestamptz),
  public.recall_request_list(bigint),
  public.dismiss_recall_request(bigint)
to authenticated, service_role;

revoke all on public.recall_messages, public.recall_requests from anon, authenticated;
grant select on public.recall_messages, public.recall_requests to authenticated;
grant update (status) on public.recall_requests to authenticated;
grant all on public.recall_messages, public.recall_requests to service_role;

alter table public.recall_messages enable row level security;
alter table public.recall_requests enable row level security;

create policy "Staff can view recalls of their clinic" on public.recall_messages
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Staff can view booking requests of their clinic" on public.recall_requests
  for select to authenticated
  using (clinic_id = (select public.current_clinic_id()) or (select public.is_superadmin()));

create policy "Front desk can handle booking requests of their clinic" on public.recall_requests
  for update to authenticated
  using (
    (select public.can_access_clinic(clinic_id))
    and (select public.has_any_role(array['superadmin', 'admin', 'receptionist']))
  )
  with check (
    (select public.can_access_clinic(clinic_id))
    and (select public.has_any_role(array['superadmin', 'admin', 'receptionist']))
  );
