-- Change feed for live updates, and claims for automated reminders (notification service).
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite. See docs/realtime.md and docs/reminders.md.

-- ---------------------------------------------------------------------------
-- Change feed: every insert, update and delete of an appointment is announced
-- on the channel 'appointment_changes'. The payload stays small (NOTIFY allows
-- 8000 bytes): the service loads the row itself. Notifications are delivered
-- at commit, so a rolled-back change is never announced.
-- ---------------------------------------------------------------------------
create function public.notify_appointment_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row public.appointments;
begin
  if tg_op = 'DELETE' then
    v_row := old;
  else
    v_row := new;
  end if;
  perform pg_catalog.pg_notify(
    'appointment_changes',
    pg_catalog.json_build_object(
      'op', tg_op,
      'id', v_row.id,
      'clinic_id', v_row.clinic_id,
      'dentist_id', v_row.dentist_id,
      'patient_id', v_row.patient_id,
      'status', v_row.status,
      'appointment_time', v_row.appointment_time,
      'deleted', tg_op = 'DELETE' or v_row.deleted
    )::text
  );
  return null;
end;
$$;

comment on function public.notify_appointment_change() is
  'Trigger: pg_notify(''appointment_changes'', {op, id, clinic_id, dentist_id, patient_id, status, appointment_time, deleted}).';

create trigger appointments_notify_insert_delete
  after insert or delete on public.appointments
  for each row execute function public.notify_appointment_change();

-- An update that changes nothing but the updated_at stamp (a form saved unchanged) is not news.
create trigger appointments_notify_update
  after update on public.appointments
  for each row when (
    (pg_catalog.to_jsonb(old) - 'updated_at') is distinct from (pg_catalog.to_jsonb(new) - 'updated_at')
  )
  execute function public.notify_appointment_change();

-- ---------------------------------------------------------------------------
-- Automated reminders: a row of the log is first a claim ('pending'), then the
-- outcome. The unique key appointment_reminders_automated_key (appointment_id,
-- days_ahead) where not is_manual makes the claim the only one, across
-- restarts and service instances.
-- ---------------------------------------------------------------------------
alter table public.appointment_reminders drop constraint appointment_reminders_outcome_check;
alter table public.appointment_reminders
  add constraint appointment_reminders_outcome_check check (
    outcome in ('sent', 'failed') or (outcome = 'pending' and not is_manual)
  );

alter table public.appointment_reminders
  add column attempts integer not null default 0 check (attempts >= 0),
  add column next_attempt_at timestamptz,
  add column claim_token uuid,
  add constraint appointment_reminders_pending_has_next_attempt check (
    outcome <> 'pending' or next_attempt_at is not null
  );

comment on column public.appointment_reminders.outcome is
  'sent; failed (then error says why); or pending: an automated reminder claimed by a service instance '
  'and being sent, or waiting for a retry at next_attempt_at.';
comment on column public.appointment_reminders.attempts is 'Send attempts made so far (automated reminders).';
comment on column public.appointment_reminders.next_attempt_at is
  'Pending only: when the claim lapses and the reminder may be (re)tried by any instance.';
comment on column public.appointment_reminders.claim_token is
  'Pending only: the claim of the service pass sending it; an outcome is written only under its claim.';

-- The retry pass looks for lapsed claims.
create index appointment_reminders_pending_idx on public.appointment_reminders (next_attempt_at)
  where outcome = 'pending';
