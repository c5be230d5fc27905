-- ---------------------------------------------------------------------------
-- A patient renamed at one desk is renamed on the Appointments, Waitlist and Recalls screens of the
-- clinic's other desks too, as on Billing (20261202000100_patient_renames_reach_billing.sql).
--
-- Those screens name patients through a join on public.patients: a rename changes what they show
-- while none of their own rows changes, so their feeds said nothing and another desk kept the old
-- name until it read its lists again.
-- - appointment_changes: each of the patient's appointments, as an update (the feed loads the rows,
--   new name and all, in one query; the Appointments tab merges them without calling it news).
-- - waitlist_changes and recall_changes: one notice each; their screens read their lists again whole.
-- ---------------------------------------------------------------------------

create function public.announce_patient_rename_to_appointments()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- The fields appointments_notify_update sends (20261201000400_scheduling.sql), for each row.
  perform pg_catalog.pg_notify('appointment_changes', pg_catalog.json_build_object(
      'op', 'UPDATE', 'id', a.id, 'clinic_id', a.clinic_id, 'dentist_id', a.dentist_id, 'patient_id', a.patient_id,
      'status', a.status, 'appointment_time', a.appointment_time, 'deleted', a.deleted)::text)
    from public.appointments a
   where a.patient_id = new.id and a.clinic_id = new.clinic_id and not a.deleted;
  return null;
end
$$;

select private.setup_function('public.announce_patient_rename_to_appointments()', '{}',
  'Trigger: a patient renamed announces each of their appointments on appointment_changes.');

create trigger patients_notify_appointments_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.announce_patient_rename_to_appointments();

create trigger patients_notify_waitlist_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('waitlist_changes',
    'from public.waitlist_entries where patient_id = id and clinic_id = clinic_id', 'clinic_id', 'entry_id=id');

create trigger patients_notify_recalls_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('recall_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id',
    'patient_id=id');
