-- ============================================================================
-- A recall send cut off before Messenger answered (the service restarted, or
-- could not record the outcome) leaves a 'pending' row. The service passes
-- over such a claim once it is stale, but only when the next send is tried,
-- and the recall list counted it as a recall: the patient read "Recalled
-- <date>" with the button off for 30 days, the last recall "Sending". When a
-- claim is stale, and what it then reads as, is now written once, here, for
-- the list and the service.
-- ============================================================================

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
-- recall_list, moved here from 20261201001200_recall_list_waitlist_phone.sql.
-- ---------------------------------------------------------------------------
drop function if exists public.recall_list(bigint, timestamptz);

drop function if exists public.recall_list(bigint, timestamptz);

-- ---------------------------------------------------------------------------
-- The due list: set-based (one pass over the clinic's Completed appointments,
-- one range scan of its bookings ahead), not a lookup per patient.
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
     where f.appointment_time > p_now and not f.deleted and f.status in ('Scheduled', 'Confirmed')
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
