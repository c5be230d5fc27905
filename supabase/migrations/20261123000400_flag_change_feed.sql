-- Late cancellations reach the desks: raising or resolving an appointment flag is announced on
-- the change feed like a change of the appointment itself, and cancelling or deleting the
-- appointment resolves its open late-cancellation requests. See docs/realtime.md.

-- ---------------------------------------------------------------------------
-- Change feed: a flag raised or resolved is news about its appointment. The
-- notice is the appointment's own (the same JSON notify_appointment_change
-- sends), so the service loads the appointment with its open flag and emits
-- appointment-updated; identical notices of one transaction are merged.
-- ---------------------------------------------------------------------------
create function public.notify_appointment_flag_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.appointments;
begin
  select a.* into v_row
    from public.appointments a
   where a.id = new.appointment_id and a.clinic_id = new.clinic_id;
  if not found then
    return null;
  end if;
  perform pg_catalog.pg_notify(
    'appointment_changes',
    pg_catalog.json_build_object(
      'op', 'UPDATE',
      'id', v_row.id,
      'clinic_id', v_row.clinic_id,
      'dentist_id', v_row.dentist_id,
      'patient_id', v_row.patient_id,
      'status', v_row.status,
      'appointment_time', v_row.appointment_time,
      'deleted', v_row.deleted
    )::text
  );
  return null;
end;
$$;

comment on function public.notify_appointment_flag_change() is
  'Trigger: a flag raised or resolved announces its appointment on ''appointment_changes'' (the notice notify_appointment_change sends).';

create trigger appointment_flags_notify_insert
  after insert on public.appointment_flags
  for each row execute function public.notify_appointment_flag_change();

create trigger appointment_flags_notify_resolve
  after update of resolved_at on public.appointment_flags
  for each row when (old.resolved_at is distinct from new.resolved_at)
  execute function public.notify_appointment_flag_change();

-- ---------------------------------------------------------------------------
-- A cancelled or deleted appointment has nothing left to cancel: its open
-- late-cancellation requests are resolved in the same transaction, whoever
-- cancelled it (staff, the patient in Messenger, the service). Security
-- definer: only the flags of the row the caller has just changed are touched.
-- ---------------------------------------------------------------------------
create function public.resolve_flags_of_cancelled_appointment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function public.resolve_flags_of_cancelled_appointment() is
  'Trigger: an appointment turned Cancelled or deleted resolves its open late-cancellation requests.';

create trigger appointments_resolve_late_cancellation_flags
  after update of status, deleted on public.appointments
  for each row when (
    (new.status = 'Cancelled' and old.status is distinct from new.status)
    or (new.deleted and not old.deleted)
  )
  execute function public.resolve_flags_of_cancelled_appointment();

revoke execute on function public.notify_appointment_flag_change(), public.resolve_flags_of_cancelled_appointment()
  from public, anon, authenticated;
