-- ============================================================================
-- complete_plan_items, moved here whole from
-- 20261201001790_work_touches_only_its_own_rows.sql. The Completed dialog
-- offers Retry when the call got no answer; but a call that reached the
-- database and lost only its answer had already marked the items done, and
-- the retry was refused with plan_item_closed: the desk could never finish the
-- visit (nor notify the patient). An item already done at this very
-- appointment is now answered as done, unchanged: asking again for what was
-- done is not a conflict. Done at another visit, or declined, is still
-- plan_item_closed.
-- ============================================================================

drop function if exists public.complete_plan_items(bigint, bigint[]);

-- Whoever may set the appointment's status (appointments.write: the receptionist at checkout too)
-- completes its items: it is part of completing the appointment. Each item gets a completed chart
-- entry (the item's tooth, surfaces and condition, at this appointment) that supersedes the planned
-- one, and, when the work restores the tooth (chart_condition_treats_caries), the existing caries on
-- that tooth whose surfaces it covers (all of them for whole-tooth work; a whole-tooth caries only by
-- whole-tooth work) are removed as of now: earlier days still show them. An id with no item
-- (withdrawn meanwhile) is passed over; one already done at this appointment is answered as it is.
create function public.complete_plan_items(p_appointment_id bigint, p_item_ids bigint[])
returns setof public.treatment_plan_items language plpgsql security definer set search_path = '' as $$
declare
  v_appointment public.appointments;
  v_item public.treatment_plan_items;
  v_item_id bigint;
  v_entry_id bigint;
  v_now timestamptz := pg_catalog.now();
  v_user uuid := (select auth.uid());
  v_name text := private.current_user_name();
begin
  select a.* into v_appointment from public.appointments a where a.id = p_appointment_id for update;
  if not found or v_appointment.deleted or not public.can_access_clinic(v_appointment.clinic_id) then
    raise exception 'This appointment was not found.' using errcode = 'PT404', hint = 'plan_appointment_not_found';
  end if;
  perform private.require_permission(v_appointment.clinic_id, 'appointments.write',
    'Only the clinic''s staff can complete an appointment.', 'plan_forbidden');
  if v_appointment.status <> 'Completed' then
    raise exception 'Set the appointment to Completed first.'
      using errcode = 'PT409', hint = 'plan_appointment_not_completed';
  end if;

  foreach v_item_id in array coalesce(p_item_ids, '{}') loop
    select i.* into v_item from public.treatment_plan_items i where i.id = v_item_id for update;
    -- Withdrawn (deleted) since it was offered: nothing is left to do for it, and the rest still is.
    -- The items answered are the ones done, so the caller can say which were not.
    if not found then
      continue;
    end if;
    if v_item.clinic_id <> v_appointment.clinic_id or v_item.patient_id <> v_appointment.patient_id then
      raise exception 'A treatment plan item is not this patient''s.'
        using errcode = 'check_violation', hint = 'plan_item_mismatch';
    end if;
    -- Done at this appointment already (a retry of a call whose answer was lost): what was asked
    -- holds, and nothing is charted twice.
    if v_item.status = 'done' and v_item.appointment_id = v_appointment.id then
      return next v_item;
      continue;
    end if;
    if v_item.status not in ('proposed', 'accepted') then
      raise exception 'A treatment plan item is done or declined already.'
        using errcode = 'PT409', hint = 'plan_item_closed';
    end if;

    insert into public.chart_entries
      (clinic_id, patient_id, tooth, surfaces, condition, state, note, appointment_id, supersedes_id,
       recorded_by, recorded_by_name, recorded_at)
    values
      (v_item.clinic_id, v_item.patient_id, v_item.tooth, v_item.surfaces, v_item.condition, 'completed',
       pg_catalog.concat('Done: ', v_item.procedure_name), v_appointment.id,
       -- A planned entry removed by hand from the chart meanwhile is not superseded again.
       (select e.id from public.chart_entries e where e.id = v_item.planned_entry_id and e.removed_at is null),
       v_user, v_name, v_now)
    returning id into v_entry_id;

    update public.chart_entries e
       set removed_at = v_now, removed_by = v_user, removed_by_name = v_name
     where e.clinic_id = v_item.clinic_id and e.patient_id = v_item.patient_id and e.tooth = v_item.tooth
       and e.condition = 'caries' and e.state = 'existing' and e.removed_at is null
       -- Only work that restores the tooth treats its caries: an X-ray charted "to watch", a
       -- sealant or a cleaning leaves them on the chart.
       and public.chart_condition_treats_caries(v_item.condition)
       -- A caries charted with no surfaces is the whole tooth's: only whole-tooth work covers it
       -- (an empty array is contained in every array, so <@ alone would say any filling does).
       and (cardinality(v_item.surfaces) = 0
            or (cardinality(e.surfaces) > 0 and e.surfaces <@ v_item.surfaces));

    update public.treatment_plan_items
       set status = 'done', done_at = v_now, done_by = v_user, done_by_name = v_name,
           appointment_id = v_appointment.id, completed_entry_id = v_entry_id
     where id = v_item.id
    returning * into v_item;
    return next v_item;
  end loop;
end;
$$;

select private.setup_function('public.complete_plan_items(bigint, bigint[])', '{authenticated,service_role}',
  'Marks open plan items done at a Completed appointment of their patient (appointments.write), each with a completed '
  'chart entry superseding its planned one, and removes (as of now) the existing caries its work covers on that '
  'tooth when the work restores it (chart_condition_treats_caries). All or nothing, but an id whose item was '
  'withdrawn (deleted) is passed over, and one already done at this appointment is answered unchanged (a retry): '
  'the items done are answered. Refusals: plan_appointment_not_found, plan_forbidden, '
  'plan_appointment_not_completed, plan_item_mismatch, plan_item_closed.');
