-- ============================================================================
-- delete_patient, moved here from 20261201000300_patients.sql: staff told a
-- patient had no appointments confirmed a delete that removed, unasked, an
-- appointment another desk booked while the question was open. The caller now
-- says whether it confirmed removing appointments (p_with_appointments); when
-- it did not and the patient has some, the delete is refused
-- (patient_has_appointments) and the screen asks again in the spec's words.
-- ============================================================================

drop function if exists public.delete_patient(bigint);

create function public.delete_patient(p_patient_id bigint, p_with_appointments boolean default true)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  v_patient_id bigint;
  v_deleted_appointments integer;
begin
  if p_patient_id is null then
    raise exception 'A patient is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'patient_required';
  end if;

  -- A booking for this patient waits (the booking trigger reads the patient
  -- FOR SHARE) and then sees the patient deleted.
  v_patient_id := private.lock_live_row('public.patients', p_patient_id, 'patient', 'patient_not_found');

  -- Staff told the patient had no appointments (the spec's plain confirmation) confirmed a delete
  -- that removes none: one booked meanwhile (the lock above makes bookings wait) is not removed
  -- unasked.
  if not p_with_appointments and exists (
    select 1 from public.appointments a where a.patient_id = v_patient_id and not a.deleted
  ) then
    raise exception 'This patient has appointments now; deleting will also remove them.'
      using errcode = 'PT409', hint = 'patient_has_appointments';
  end if;

  with removed as (
    update public.appointments a
       set deleted = true
     where a.patient_id = v_patient_id and not a.deleted
    returning a.id
  )
  select count(*)::integer into v_deleted_appointments from removed;

  update public.patients p set deleted = true where p.id = v_patient_id;
  if not found then
    raise exception 'Patient % could not be deleted.', p_patient_id
      using errcode = 'insufficient_privilege',
            hint = 'patient_delete_refused';
  end if;

  return jsonb_build_object('deleted_appointments', v_deleted_appointments);
end;
$$;

select private.setup_function('public.delete_patient(bigint, boolean)', '{authenticated,service_role}',
  'Soft-deletes patient p_patient_id (deleted = true) and, in the same transaction, every appointment of theirs '
  'not yet deleted; with p_with_appointments false, only when they have none (else PT409 patient_has_appointments). '
  'Returns {"deleted_appointments": n}. Errors: PT404 (HTTP 404) when the caller cannot see the patient (other '
  'clinic, unknown, already deleted), 22004 without a patient.');
