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

-- complete_plan_items is in 20261201001920_completing_again_is_idempotent.sql: only restorative
-- work removes the caries of its tooth, and an item already done at the same appointment is answered
-- as done.

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
