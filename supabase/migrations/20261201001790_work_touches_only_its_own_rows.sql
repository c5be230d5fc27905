-- ============================================================================
-- Three things the chart and HMO billing did to rows they should not have:
--   complete_plan_items removed every caries of a tooth when any plan item on
--     it was done: an X-ray charted "to watch", a sealant or a cleaning wiped
--     the tooth's caries from the chart. Only restorative work does now
--     (chart_condition_treats_caries).
--   remove_superseded_chart_entry removed whatever entry supersedes_id named
--     in the clinic: another patient's crown, or one already removed (its
--     removal rewritten). Only an entry of the same patient and tooth that is
--     still on the chart is replaced; anything else is chart_entry_removed.
--   file_hmo_claim failed (23502, batch_id null) for an invoice saved while
--     its HMO's open batch was being closed; it now files the claim in a new
--     batch.
-- Each function moved here whole from the file that points to this one.
-- ============================================================================

-- What a chart condition does to the caries of its tooth: restorative work (a filling, a crown, a
-- root canal, an extraction, an implant, a bridge) treats them; a sealant, a fracture, "to watch"
-- and the like do not.
create function public.chart_condition_treats_caries(p_condition public.chart_condition)
returns boolean language sql immutable set search_path = '' as $$
  select p_condition in ('filling', 'crown', 'root_canal', 'extracted', 'implant', 'bridge')
$$;

select private.setup_function('public.chart_condition_treats_caries(public.chart_condition)',
  '{authenticated,service_role}',
  'Conditions whose work removes the caries it covers when a plan item is done: filling, crown, root canal, '
  'extracted, implant, bridge.');

-- ---------------------------------------------------------------------------
-- complete_plan_items (from 20261201001610_withdrawn_plan_items_at_checkout.sql)
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- complete_plan_items: what was done at a Completed appointment
-- ---------------------------------------------------------------------------
-- Whoever may set the appointment's status (appointments.write: the receptionist at checkout too)
-- completes its items: it is part of completing the appointment. Each item gets a completed chart
-- entry (the item's tooth, surfaces and condition, at this appointment) that supersedes the planned
-- one, and, when the work restores the tooth (chart_condition_treats_caries), the existing caries on
-- that tooth whose surfaces it covers (all of them for whole-tooth work; a whole-tooth caries only by
-- whole-tooth work) are removed as of now:
-- earlier days still show them. An id with no item (withdrawn meanwhile) is passed over.
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
  'tooth when the work restores it (chart_condition_treats_caries). All or nothing, but an id whose item was withdrawn (deleted) is passed over: the items done are '
  'answered. Refusals: plan_appointment_not_found, plan_forbidden, plan_appointment_not_completed, '
  'plan_item_mismatch, plan_item_closed.');

-- ---------------------------------------------------------------------------
-- remove_superseded_chart_entry (from 20261201001340_dental_chart.sql)
-- ---------------------------------------------------------------------------
-- An entry that supersedes another removes it, as of its own recording, by the same hand. Security
-- invoker: the caller's update policy applies, so only someone who may chart removes.
create function public.remove_superseded_chart_entry()
returns trigger language plpgsql set search_path = '' as $$
begin
  update public.chart_entries e
     set removed_at = new.recorded_at, removed_by = new.recorded_by, removed_by_name = new.recorded_by_name
   where e.id = new.supersedes_id and e.clinic_id = new.clinic_id
     -- Another patient's or tooth's entry, or one already removed, is not this one's to replace.
     and e.patient_id = new.patient_id and e.tooth = new.tooth and e.removed_at is null;
  if not found then
    raise exception 'The entry this one replaces is not on the chart.'
      using errcode = 'check_violation', hint = 'chart_entry_removed';
  end if;
  return null;
end;
$$;

select private.setup_function('public.remove_superseded_chart_entry()', '{service_role}');

create trigger chart_entries_remove_superseded after insert on public.chart_entries
  for each row when (new.supersedes_id is not null) execute function public.remove_superseded_chart_entry();

-- ---------------------------------------------------------------------------
-- file_hmo_claim: an invoice with an HMO share becomes a claim in its HMO's
-- open batch (a new batch when none is open).
-- ---------------------------------------------------------------------------
create function public.file_hmo_claim()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_batch_id bigint;
  v_visit_date date;
begin
  if new.hmo_share <= 0 or new.hmo_id is null or new.voided_at is not null then
    return null;
  end if;
  -- Written once: a later change of the share (before anything is settled) follows below.
  if exists (select from public.hmo_claims c where c.invoice_id = new.id) then
    update public.hmo_claims c set amount = new.hmo_share
     where c.invoice_id = new.id and c.amount <> new.hmo_share
       and c.denied_at is null and c.withdrawn_at is null
       and not exists (select from public.hmo_claim_settlements s where s.claim_id = c.id);
    return null;
  end if;
  -- The open batch, or a new one. A batch being closed meanwhile holds its row: the insert sees it
  -- still open and does nothing, the select waits for the close and then finds no open batch, so
  -- try again (the closed batch no longer conflicts).
  loop
    insert into public.hmo_claim_batches (clinic_id, hmo_id) values (new.clinic_id, new.hmo_id)
      on conflict (hmo_id) where closed_at is null do nothing;
    select b.id into v_batch_id from public.hmo_claim_batches b
     where b.hmo_id = new.hmo_id and b.closed_at is null
       for update;
    exit when v_batch_id is not null;
  end loop;
  select ((coalesce(a.appointment_time, new.created_at)) at time zone cl.timezone)::date into v_visit_date
    from public.clinics cl
    left join public.appointments a on a.id = new.appointment_id and a.clinic_id = new.clinic_id
   where cl.id = new.clinic_id;
  insert into public.hmo_claims (clinic_id, batch_id, hmo_id, invoice_id, patient_id, amount, visit_date)
  values (new.clinic_id, v_batch_id, new.hmo_id, new.id, new.patient_id, new.hmo_share, v_visit_date);
  return null;
end;
$$;

select private.setup_function('public.file_hmo_claim()', '{service_role}',
  'Trigger: an invoice with hmo_share > 0 (not void) becomes a claim in its HMO''s open batch, opening one when '
  'none is; a later change of the share updates the claim while nothing of it is settled or denied.');

create trigger invoices_file_hmo_claim after insert or update of hmo_share, hmo_id on public.invoices
  for each row execute function public.file_hmo_claim();
