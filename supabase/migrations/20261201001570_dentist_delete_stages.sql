-- ============================================================================
-- delete_dentist, moved here from 20261201000400_scheduling.sql: when the
-- delete or the soft delete itself is refused, the refusal says which
-- (hints dentist_delete_failed, dentist_soft_delete_failed), so the Dentists
-- screen shows the spec's 'Error deleting dentist.' or 'Error soft deleting
-- dentist.'; a refusal before them stays 'Error checking appointments for this
-- dentist.'
-- ============================================================================

drop function if exists public.delete_dentist(bigint);

create function public.delete_dentist(p_dentist_id bigint)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
  v_outcome text;
  v_state text;
  v_message text;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'dentist_required';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() then
    perform private.require_permission(public.current_clinic_id(), 'dentists.manage',
      'Only the front desk can delete dentists.', 'dentist_delete_forbidden');
  end if;

  v_dentist_id := private.lock_live_row('public.dentists', p_dentist_id, 'dentist', 'dentist_not_found');

  -- The patient's name is null ('Unknown' on screen) when the patient is
  -- soft-deleted: the screens only know patients that are not deleted.
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', a.id,
               'patient_name', p.name,
               'status', a.status,
               'appointment_time', a.appointment_time,
               'reason', a.reason
             )
             order by a.appointment_time, a.id
           ),
           '[]'::jsonb
         )
    into v_future
    from public.appointments a
    left join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id and not p.deleted
   where a.dentist_id = v_dentist_id
     and not a.deleted
     and a.status in ('Scheduled', 'Confirmed')
     and a.appointment_time >= now();

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  v_outcome := case when exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id)
                    then 'soft_deleted' else 'hard_deleted' end;
  -- The update or the delete itself may still be refused (row-level security, a trigger, a key):
  -- the refusal keeps its SQLSTATE and says which of the two it refused, since the spec words them
  -- apart ('Error soft deleting dentist.', 'Error deleting dentist.').
  begin
    if v_outcome = 'soft_deleted' then
      update public.dentists d set deleted = true where d.id = v_dentist_id;
    else
      delete from public.dentists d where d.id = v_dentist_id;
    end if;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id
        using errcode = 'insufficient_privilege',
              hint = 'dentist_delete_failed';
    end if;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_outcome = 'soft_deleted' then
      raise exception using errcode = v_state, message = v_message, hint = 'dentist_soft_delete_failed';
    end if;
    raise exception using errcode = v_state, message = v_message, hint = 'dentist_delete_failed';
  end;
  return jsonb_build_object('outcome', v_outcome);
end;
$$;

select private.setup_function('public.delete_dentist(bigint)', '{authenticated,service_role}',
  'Deletes dentist p_dentist_id as the spec decides: no appointments at all -> removed ({"outcome":"hard_deleted"}, '
  'availability blocks cascade); only past or closed ones -> deleted = true ({"outcome":"soft_deleted"}); any '
  'appointment at or after now, not deleted, Scheduled or Confirmed -> nothing changes ({"outcome":"blocked", '
  '"appointments":[{id, patient_name, status, appointment_time, reason}]} by time; patient_name null when the '
  'patient is deleted). Errors: 42501 unless superadmin/admin/receptionist, PT404 (HTTP 404) dentist not visible '
  '(other clinic, unknown, already deleted), 22004 without a dentist; the delete or the soft delete itself refused '
  '(row-level security, a trigger): its SQLSTATE with hint dentist_delete_failed or dentist_soft_delete_failed.');
