-- ============================================================================
-- A visit that stops being Completed gives its work back to the plan. See
-- docs/adr/0056-an-undone-visit-reopens-its-work.md.
--
-- complete_plan_items marks items done at a Completed appointment, charts the
-- work completed (superseding the planned entry) and removes the caries the
-- work treated. When the front desk corrects that visit (Completed to No Show)
-- or deletes it, none of that happened: the items were left done, the chart
-- kept the work, and the Completed dialog never offered them again.
--
-- Now, in the same transaction as the change of status or the delete, each
-- item done at the visit is open again (accepted when the patient had
-- accepted it, else proposed) and keeps the visit as the one it was booked
-- for; its completed entry is removed, its planned entry is charted again,
-- and the caries its completion removed are charted again. A chart entry is
-- never edited (guard_chart_entry), so what comes back is a new entry recorded
-- now: the chart as of the days in between still reads as it was recorded.
-- A visit deleted together with its patient (delete_patient, moved here whole
-- from 20261201001670_patient_delete_as_confirmed.sql to say so) keeps its
-- work: the patient's record is kept as it was, not rewritten.
-- ============================================================================

create function public.reopen_work_of_undone_visit()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := pg_catalog.now();
  v_user uuid := (select auth.uid());
  v_name text := private.current_user_name();
  v_item public.treatment_plan_items;
  v_planned_entry_id bigint;
begin
  -- A visit deleted with its patient (delete_patient) was still made: its work stays as recorded.
  if pg_catalog.current_setting('ngiti.deleting_patient_id', true) = new.patient_id::text then
    return null;
  end if;
  -- The caries a completion at this visit removed: complete_plan_items removes them as of its own
  -- moment, the done_at of the items it marks, on those items' teeth; nothing else removes a
  -- chart entry in that transaction.
  insert into public.chart_entries
    (clinic_id, patient_id, tooth, surfaces, condition, state, note, recorded_by, recorded_by_name, recorded_at)
  select e.clinic_id, e.patient_id, e.tooth, e.surfaces, e.condition, e.state, e.note, v_user, v_name, v_now
    from public.chart_entries e
   where e.clinic_id = new.clinic_id and e.patient_id = new.patient_id
     and e.condition = 'caries' and e.state = 'existing'
     and exists (
       select from public.treatment_plan_items i
        where i.appointment_id = new.id and i.clinic_id = new.clinic_id and i.status = 'done'
          and i.tooth = e.tooth and i.done_at = e.removed_at)
   order by e.id;

  for v_item in
    select i.* from public.treatment_plan_items i
     where i.appointment_id = new.id and i.clinic_id = new.clinic_id and i.status = 'done'
     order by i.id
       for update
  loop
    update public.chart_entries
       set removed_at = v_now, removed_by = v_user, removed_by_name = v_name
     where id = v_item.completed_entry_id and removed_at is null;

    -- The planned entry comes back only when the completion replaced it: one removed by hand from
    -- the chart before the visit stays off it (no row: the item keeps its old entry's id).
    insert into public.chart_entries
      (clinic_id, patient_id, tooth, surfaces, condition, state, note, recorded_by, recorded_by_name, recorded_at)
    select p.clinic_id, p.patient_id, p.tooth, p.surfaces, p.condition, p.state, p.note, v_user, v_name, v_now
      from public.chart_entries p
      join public.chart_entries c on c.supersedes_id = p.id
     where p.id = v_item.planned_entry_id and c.id = v_item.completed_entry_id
    returning id into v_planned_entry_id;

    update public.treatment_plan_items
       set status = case when decided_at is null then 'proposed' else 'accepted' end::public.plan_item_status,
           done_at = null, done_by = null, done_by_name = null, completed_entry_id = null,
           planned_entry_id = coalesce(v_planned_entry_id, v_item.planned_entry_id)
     where id = v_item.id;
  end loop;
  return null;
end;
$$;

select private.setup_function('public.reopen_work_of_undone_visit()', '{service_role}',
  'Trigger: an appointment that leaves Completed, or is deleted (not with its patient: delete_patient), reopens the plan items done at it (accepted when '
  'decided, else proposed), removes their completed chart entries, and charts again, as new entries recorded now, '
  'the planned entries and the caries their completion removed.');

create trigger appointments_reopen_work_of_undone_visit after update of status, deleted on public.appointments
  for each row
  when (old.status = 'Completed' and not old.deleted and (new.status <> 'Completed' or new.deleted))
  execute function public.reopen_work_of_undone_visit();

comment on table public.treatment_plan_items is
  'A patient''s treatment plan, item by item: a procedure from the price list on a tooth and surfaces, in a phase, '
  'with its price when planned. Written only through plan_treatment, decide_plan_item, link_plan_item_appointment, '
  'complete_plan_items and withdraw_plan_item, and reopened when the visit it was done at stops being Completed '
  '(reopen_work_of_undone_visit).';

-- ---------------------------------------------------------------------------
-- delete_patient (from 20261201001670_patient_delete_as_confirmed.sql): its visits go with it,
-- and the work done at them stays on the record.
-- ---------------------------------------------------------------------------
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

  -- The visits go with the patient: the work done at them stays on the record as it was
  -- (reopen_work_of_undone_visit reads this, for this transaction only).
  perform pg_catalog.set_config('ngiti.deleting_patient_id', v_patient_id::text, true);
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
