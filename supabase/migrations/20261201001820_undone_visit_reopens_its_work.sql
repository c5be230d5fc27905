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
  'Trigger: an appointment that leaves Completed, or is deleted, reopens the plan items done at it (accepted when '
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
