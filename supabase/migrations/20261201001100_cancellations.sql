-- ============================================================================
-- When an appointment was cancelled, and why: the no-show insight's late
-- cancellations are measured from the time of the cancellation itself, not
-- from the row's last change (an early cancellation edited later stayed
-- early). The insight's rates get their own denominators, a monthly trend and
-- the appointments behind its numbers. See docs/reports.md.
-- ============================================================================

alter table public.appointments
  add column cancelled_at timestamptz,
  add column cancel_reason text check (
    cancel_reason is null or (btrim(cancel_reason) <> '' and char_length(cancel_reason) <= 200)
  );

comment on column public.appointments.cancelled_at is
  'When the appointment became Cancelled (stamped by the database); null while it is not Cancelled.';
comment on column public.appointments.cancel_reason is
  'Why it was cancelled, for the clinic (not the message to the patient); optional, only on a Cancelled appointment.';

-- The cancellations already recorded: the audit trail knows when each became Cancelled; a row it
-- does not know (written before the trail, or by SQL) has only its last change to go by. The
-- row's own triggers stay out of this: it is not a change anyone made (no audit entry, no new
-- updated_at, no notice to the service).
alter table public.appointments disable trigger user;

update public.appointments a
   set cancelled_at = coalesce(
         (select max(l.occurred_at)
            from public.audit_log l
           where l.entity = 'appointment'
             and l.entity_id = a.id
             and l.clinic_id = a.clinic_id
             and l.after ->> 'status' = 'Cancelled'),
         a.updated_at)
 where a.status = 'Cancelled';

alter table public.appointments enable trigger user;

alter table public.appointments
  add constraint appointments_cancelled_at_when_cancelled
    check ((status = 'Cancelled') = (cancelled_at is not null));

-- ---------------------------------------------------------------------------
-- stamp_appointment_cancellation: cancelled_at is the moment the status
-- became Cancelled, whatever a browser sends; leaving Cancelled clears both
-- the time and the reason. The service role, owners and SQL may still write
-- history (an imported cancellation keeps the time it is given).
-- ---------------------------------------------------------------------------
create function public.stamp_appointment_cancellation()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_became_cancelled boolean;
begin
  if new.status = 'Cancelled' then
    v_became_cancelled := tg_op = 'INSERT' or old.status is distinct from 'Cancelled';
    if public.is_browser_role() then
      new.cancelled_at := case when v_became_cancelled then pg_catalog.now() else old.cancelled_at end;
    elsif v_became_cancelled then
      new.cancelled_at := coalesce(new.cancelled_at, pg_catalog.now());
    else
      new.cancelled_at := coalesce(new.cancelled_at, old.cancelled_at, pg_catalog.now());
    end if;
    return new;
  end if;

  new.cancelled_at := null;
  -- Leaving Cancelled drops the old reason; a reason given to a live appointment is refused.
  if tg_op = 'UPDATE' and old.status = 'Cancelled' and new.cancel_reason is not distinct from old.cancel_reason then
    new.cancel_reason := null;
  elsif new.cancel_reason is not null then
    raise exception 'Only a cancelled appointment has a cancellation reason.'
      using errcode = 'check_violation',
            hint = 'cancel_reason_needs_cancelled';
  end if;
  return new;
end;
$$;

select private.setup_function('public.stamp_appointment_cancellation()', '{service_role}',
  'Trigger: stamps cancelled_at when an appointment becomes Cancelled (now() for browser roles, whatever they send; '
  'the given time or now() for the service and SQL), keeps it while it stays Cancelled, and clears cancelled_at and '
  'cancel_reason when it leaves Cancelled. A cancel_reason on an appointment that is not Cancelled: 23514, hint '
  'cancel_reason_needs_cancelled.');

create trigger appointments_stamp_cancellation before insert or update on public.appointments
  for each row execute function public.stamp_appointment_cancellation();

-- ---------------------------------------------------------------------------
-- no_show_insight is in 20261201001680_late_cancel_before_its_time.sql: a cancellation recorded
-- after the appointment's time is not a late one.
-- ---------------------------------------------------------------------------
