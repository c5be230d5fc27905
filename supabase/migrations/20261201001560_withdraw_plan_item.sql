-- ============================================================================
-- Withdrawing a treatment plan item planned in error (the wrong tooth, the
-- wrong procedure) or no longer wanted by the dentist: the planner's side of
-- what decide_plan_item's decline is for the patient. See
-- docs/adr/0054-withdrawing-a-plan-item.md.
--
-- Only an open item (proposed or accepted) is withdrawn, by whoever may plan
-- (plan.write: dentists, admins). The item is deleted and its planned chart
-- entry removed as of now, in one transaction: the chart still shows it on
-- earlier days, and the audit trail keeps the item as it was and who withdrew
-- it. An appointment booked for it stays booked.
-- ============================================================================

create function public.withdraw_plan_item(p_item_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_item public.treatment_plan_items := private.plan_item_for_update(p_item_id);
begin
  perform private.require_permission(v_item.clinic_id, 'plan.write',
    'Only a dentist or an admin can change a treatment plan.', 'plan_forbidden');
  if v_item.status not in ('proposed', 'accepted') then
    raise exception 'This item is done or declined.' using errcode = 'PT409', hint = 'plan_item_closed';
  end if;
  delete from public.treatment_plan_items where id = v_item.id;
  update public.chart_entries
     set removed_at = pg_catalog.now(), removed_by = (select auth.uid()),
         removed_by_name = private.current_user_name()
   where id = v_item.planned_entry_id and removed_at is null;
end;
$$;

select private.setup_function('public.withdraw_plan_item(bigint)', '{authenticated,service_role}',
  'Withdraws an open plan item (plan.write: dentists, admins): deletes it and removes its planned chart entry as of '
  'now. Refusals: plan_item_not_found, plan_forbidden, plan_item_closed.');

comment on table public.treatment_plan_items is
  'A patient''s treatment plan, item by item: a procedure from the price list on a tooth and surfaces, in a phase, '
  'with its price when planned. Written only through plan_treatment, decide_plan_item, link_plan_item_appointment, '
  'complete_plan_items and withdraw_plan_item.';
