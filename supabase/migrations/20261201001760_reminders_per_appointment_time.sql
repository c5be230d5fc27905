-- ============================================================================
-- An automated reminder was keyed by (appointment, days ahead) only: once any
-- row stood for that pair (sent, or failed or skipped, e.g. "the appointment
-- was moved" when a retry found it moved), the appointment got no reminder
-- of that many days again, whatever its new time. A patient whose appointment
-- moved after a failed send never heard of the new date. The key now names
-- the appointment time the reminder is for, so a moved appointment is
-- reminded of its new time.
-- ============================================================================

alter table public.appointment_reminders add column for_appointment_time timestamptz;

comment on column public.appointment_reminders.for_appointment_time is
  'Automated reminders: the appointment time they remind of (a moved appointment is reminded of its new '
  'time). Null for manual reminders.';

-- The rows written before this column: the time the appointment has now is the best known.
update public.appointment_reminders r
   set for_appointment_time = a.appointment_time
  from public.appointments a
 where a.id = r.appointment_id and not r.is_manual;

alter table public.appointment_reminders
  add constraint appointment_reminders_automated_has_time check (is_manual or for_appointment_time is not null);

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
drop index if exists public.appointment_reminders_automated_key;
create unique index appointment_reminders_automated_key
  on public.appointment_reminders (appointment_id, for_appointment_time, days_ahead)
  where not is_manual;
