-- ============================================================================
-- Treatment plans on the dental chart. See docs/adr/0046-treatment-plans.md.
--
--   procedures.chart_condition   what a procedure does to a tooth on the chart
--                                (a filling procedure -> filling): the plan
--                                form's default condition.
--   treatment_plan_items         one planned procedure on one tooth (and some
--                                surfaces) of a patient, in a phase (1, 2, ...),
--                                with the price as it was when planned, the
--                                planned chart entry it made, the patient's
--                                decision, and its appointment: the one booked
--                                for it, then the one it was done at.
--   treatment_plan_totals        exact totals per phase and overall.
--   plan_treatment()             plans an item and charts it as planned, at once.
--   decide_plan_item()           the patient's accept / decline, stamped.
--   link_plan_item_appointment() the appointment booked for an item.
--   complete_plan_items()        marks items done at a Completed appointment,
--                                charts them completed and the caries they
--                                treated as gone.
--   permissions                  plan.read (every clinic role), plan.write
--                                (dentists, admins), plan.decide (every clinic
--                                role: the front desk is there when the patient
--                                decides).
--   live updates                 every change is announced on chart_changes
--                                (chart-updated) with the item's planned entry.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Types and permissions
-- ---------------------------------------------------------------------------
create type public.plan_item_status as enum ('accepted', 'declined', 'done', 'proposed');

comment on type public.plan_item_status is
  'Where a treatment plan item stands: proposed (planned), accepted or declined by the patient, done at an appointment.';

alter type public.audit_entity add value 'treatment_plan_item';

insert into public.role_permissions (role, permission) values
  ('admin', 'plan.read'),
  ('receptionist', 'plan.read'),
  ('dentist', 'plan.read'),
  ('admin', 'plan.write'),
  ('dentist', 'plan.write'),
  ('admin', 'plan.decide'),
  ('receptionist', 'plan.decide'),
  ('dentist', 'plan.decide');

-- ---------------------------------------------------------------------------
-- procedures.chart_condition: the condition a planned procedure charts
-- ---------------------------------------------------------------------------
alter table public.procedures add column chart_condition public.chart_condition;

comment on column public.procedures.chart_condition is
  'What the procedure puts on the dental chart when it is planned or done (a filling procedure: filling); '
  'null when it charts nothing of itself, then the plan form asks.';

-- ---------------------------------------------------------------------------
-- treatment_plan_items
-- ---------------------------------------------------------------------------
create table public.treatment_plan_items (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  procedure_id bigint references public.procedures (id) on delete set null,
  procedure_name text not null check (btrim(procedure_name) <> '' and char_length(procedure_name) <= 200),
  price public.pesos not null check (price >= 0),
  tooth smallint not null check (public.is_fdi_tooth(tooth)),
  surfaces text[] not null default '{}' check (public.chart_surfaces_valid(surfaces)),
  condition public.chart_condition not null,
  phase smallint not null default 1 check (phase between 1 and 9),
  note text check (note is null or (btrim(note) <> '' and char_length(note) <= 500)),
  status public.plan_item_status not null default 'proposed',
  planned_entry_id bigint not null,
  planned_by uuid,
  planned_by_name text,
  decided_at timestamptz,
  decided_by uuid,
  decided_by_name text,
  appointment_id bigint,
  done_at timestamptz,
  done_by uuid,
  done_by_name text,
  completed_entry_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint treatment_plan_items_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint treatment_plan_items_planned_entry_fkey foreign key (planned_entry_id, clinic_id)
    references public.chart_entries (id, clinic_id),
  constraint treatment_plan_items_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id),
  constraint treatment_plan_items_decided check ((status in ('accepted', 'declined')) <= (decided_at is not null)),
  constraint treatment_plan_items_done check (
    (status = 'done') = (done_at is not null and appointment_id is not null and completed_entry_id is not null))
);

comment on table public.treatment_plan_items is
  'A patient''s treatment plan, item by item: a procedure from the price list on a tooth and surfaces, in a phase, '
  'with its price when planned. Written only through plan_treatment, decide_plan_item, link_plan_item_appointment '
  'and complete_plan_items.';
comment on column public.treatment_plan_items.procedure_name is 'The procedure''s name when planned (it reads the same after a rename).';
comment on column public.treatment_plan_items.price is 'Pesos: the procedure''s price when the item was planned.';
comment on column public.treatment_plan_items.phase is 'Which visit group of the plan: 1 first, then 2, 3 ...';
comment on column public.treatment_plan_items.condition is 'What the item charts: its planned, then completed, chart entry.';
comment on column public.treatment_plan_items.planned_entry_id is 'The planned chart entry made with the item.';
comment on column public.treatment_plan_items.decided_at is 'When the patient accepted or declined (stamped by the database).';
comment on column public.treatment_plan_items.appointment_id is
  'While open: the appointment booked for it (Book from the plan), if any. Done: the appointment it was done at.';
comment on column public.treatment_plan_items.completed_entry_id is
  'The completed chart entry made when it was done. No foreign key: one (planned_entry_id) already joins these '
  'two tables, and two would make PostgREST''s embeds ambiguous; complete_plan_items writes it.';

create index treatment_plan_items_patient_idx on public.treatment_plan_items (clinic_id, patient_id, phase);
create index treatment_plan_items_appointment_idx on public.treatment_plan_items (appointment_id)
  where appointment_id is not null;

-- Browsers only read: every change goes through the functions below, which check who may make it.
select private.setup_clinic_table('public.treatment_plan_items',
  grants => array['select'],
  audit => array['treatment_plan_item', 'money=price'],
  notify => array['chart_changes', 'clinic_id', 'patient_id', 'entry_id=planned_entry_id'],
  policies => array[
    ['select', 'plan.read', 'Staff can view the treatment plans of their clinic']]);

-- ---------------------------------------------------------------------------
-- treatment_plan_totals: the plan's money, exact, per phase (phase null: the whole plan)
-- ---------------------------------------------------------------------------
create view public.treatment_plan_totals
with (security_invoker = true)
as
select
  i.clinic_id,
  i.patient_id,
  i.phase,
  count(*)::integer as item_count,
  (sum(i.price) * 100)::bigint as total_centavos,
  (coalesce(sum(i.price) filter (where i.status = 'done'), 0) * 100)::bigint as done_centavos,
  (coalesce(sum(i.price) filter (where i.status in ('proposed', 'accepted')), 0) * 100)::bigint as open_centavos
from public.treatment_plan_items i
where i.status <> 'declined'
group by grouping sets ((i.clinic_id, i.patient_id, i.phase), (i.clinic_id, i.patient_id));

comment on view public.treatment_plan_totals is
  'A patient''s plan in integer centavos, declined items left out: one row per phase and one with phase null for '
  'the whole plan. total = done + open (proposed and accepted).';

revoke all on public.treatment_plan_totals from public, anon, authenticated;
grant select on public.treatment_plan_totals to authenticated;
grant all on public.treatment_plan_totals to service_role;

-- ---------------------------------------------------------------------------
-- Helpers of the functions below
-- ---------------------------------------------------------------------------
-- The signed-in user's name, stamped beside their id so a record reads the same later.
create function private.current_user_name()
returns text language sql stable security definer set search_path = '' as $$
  select u.name from public.users u where u.user_id = (select auth.uid())
$$;

select private.setup_function('private.current_user_name()', '{}');

-- The item, locked, once the caller may see it; 'plan_item_not_found' otherwise.
create function private.plan_item_for_update(p_item_id bigint)
returns public.treatment_plan_items language sql security definer set search_path = '' as $$
  select private.lock_clinic_row(null::public.treatment_plan_items, p_item_id,
    'This treatment plan item was not found.', 'plan_item_not_found')
$$;

select private.setup_function('private.plan_item_for_update(bigint)', '{}');

-- ---------------------------------------------------------------------------
-- plan_treatment
-- ---------------------------------------------------------------------------
create function public.plan_treatment(
  p_patient_id bigint,
  p_procedure_id bigint,
  p_tooth integer,
  p_surfaces text[] default '{}',
  p_phase integer default 1,
  p_condition public.chart_condition default null,
  p_note text default null
)
returns public.treatment_plan_items language plpgsql security definer set search_path = '' as $$
declare
  v_clinic_id bigint;
  v_procedure public.procedures;
  v_condition public.chart_condition;
  v_entry_id bigint;
  v_item public.treatment_plan_items;
  v_name text := private.current_user_name();
begin
  select p.clinic_id into v_clinic_id from public.patients p where p.id = p_patient_id;
  if v_clinic_id is null or not public.can_access_clinic(v_clinic_id) then
    raise exception 'This patient was not found.' using errcode = 'PT404', hint = 'plan_patient_not_found';
  end if;
  perform private.require_permission(v_clinic_id, 'plan.write',
    'Only a dentist or an admin can plan treatment.', 'plan_forbidden');
  select pr.* into v_procedure from public.procedures pr where pr.id = p_procedure_id and pr.clinic_id = v_clinic_id;
  if not found then
    raise exception 'This procedure is not on the clinic''s price list.'
      using errcode = 'PT404', hint = 'plan_procedure_not_found';
  end if;
  v_condition := coalesce(p_condition, v_procedure.chart_condition);
  if v_condition is null then
    raise exception 'Say what the procedure puts on the chart.'
      using errcode = 'check_violation', hint = 'plan_condition_required';
  end if;
  if p_phase is null or p_phase not between 1 and 9 then
    raise exception 'A phase is 1 to 9.' using errcode = 'check_violation', hint = 'plan_phase_invalid';
  end if;

  -- The chart's own trigger checks the tooth and surfaces (chart_tooth_invalid, ...).
  insert into public.chart_entries
    (clinic_id, patient_id, tooth, surfaces, condition, state, note, recorded_by, recorded_by_name, recorded_at)
  values
    (v_clinic_id, p_patient_id, p_tooth::smallint, coalesce(p_surfaces, '{}'), v_condition, 'planned',
     pg_catalog.concat('Planned: ', v_procedure.name), (select auth.uid()), v_name, pg_catalog.now())
  returning id into v_entry_id;

  insert into public.treatment_plan_items
    (clinic_id, patient_id, procedure_id, procedure_name, price, tooth, surfaces, condition, phase, note,
     planned_entry_id, planned_by, planned_by_name)
  values
    (v_clinic_id, p_patient_id, v_procedure.id, v_procedure.name, v_procedure.price, p_tooth::smallint,
     coalesce(p_surfaces, '{}'), v_condition, p_phase::smallint, nullif(pg_catalog.btrim(p_note), ''),
     v_entry_id, (select auth.uid()), v_name)
  returning * into v_item;
  return v_item;
end;
$$;

select private.setup_function('public.plan_treatment(bigint, bigint, integer, text[], integer, public.chart_condition, text)', '{authenticated,service_role}',
  'Plans a procedure of the price list on a tooth (plan.write: dentists, admins): the item, proposed, at the '
  'procedure''s price now, and its planned chart entry (condition: p_condition, else the procedure''s '
  'chart_condition), in one transaction. Refusals: plan_patient_not_found, plan_forbidden, '
  'plan_procedure_not_found, plan_condition_required, plan_phase_invalid and the chart''s own codes.');

-- ---------------------------------------------------------------------------
-- decide_plan_item: the patient's answer. A declined item leaves the chart.
-- ---------------------------------------------------------------------------
create function public.decide_plan_item(p_item_id bigint, p_decision public.plan_item_status)
returns public.treatment_plan_items language plpgsql security definer set search_path = '' as $$
declare
  v_item public.treatment_plan_items := private.plan_item_for_update(p_item_id);
  v_name text := private.current_user_name();
begin
  perform private.require_permission(v_item.clinic_id, 'plan.decide',
    'Only the clinic''s staff can record the patient''s decision.', 'plan_forbidden');
  if p_decision is null or p_decision not in ('accepted', 'declined') then
    raise exception 'A patient accepts or declines.' using errcode = 'check_violation', hint = 'plan_decision_invalid';
  end if;
  if v_item.status <> 'proposed' then
    raise exception 'The patient already decided on this item.' using errcode = 'PT409', hint = 'plan_item_decided';
  end if;
  update public.treatment_plan_items
     set status = p_decision, decided_at = pg_catalog.now(), decided_by = (select auth.uid()), decided_by_name = v_name
   where id = v_item.id
  returning * into v_item;
  if p_decision = 'declined' then
    update public.chart_entries
       set removed_at = pg_catalog.now(), removed_by = (select auth.uid()), removed_by_name = v_name
     where id = v_item.planned_entry_id and removed_at is null;
  end if;
  return v_item;
end;
$$;

select private.setup_function('public.decide_plan_item(bigint, public.plan_item_status)', '{authenticated,service_role}',
  'Records the patient''s accept or decline of a proposed item (plan.decide: every clinic role), stamped now by the '
  'signed-in user; a decline removes its planned chart entry. Refusals: plan_item_not_found, plan_forbidden, '
  'plan_decision_invalid, plan_item_decided.');

-- ---------------------------------------------------------------------------
-- link_plan_item_appointment: Book from the plan keeps the appointment with the item
-- ---------------------------------------------------------------------------
create function public.link_plan_item_appointment(p_item_id bigint, p_appointment_id bigint)
returns public.treatment_plan_items language plpgsql security definer set search_path = '' as $$
declare
  v_item public.treatment_plan_items := private.plan_item_for_update(p_item_id);
begin
  perform private.require_permission(v_item.clinic_id, 'appointments.write',
    'Only the clinic''s staff can book.', 'plan_forbidden');
  if v_item.status not in ('proposed', 'accepted') then
    raise exception 'This item is done or declined.' using errcode = 'PT409', hint = 'plan_item_closed';
  end if;
  if not exists (
    select from public.appointments a
     where a.id = p_appointment_id and a.clinic_id = v_item.clinic_id and a.patient_id = v_item.patient_id
       and not a.deleted
  ) then
    raise exception 'The appointment is not this patient''s.' using errcode = 'check_violation', hint = 'plan_appointment_mismatch';
  end if;
  update public.treatment_plan_items set appointment_id = p_appointment_id where id = v_item.id
  returning * into v_item;
  return v_item;
end;
$$;

select private.setup_function('public.link_plan_item_appointment(bigint, bigint)', '{authenticated,service_role}',
  'Keeps the appointment booked for an open item (appointments.write). Refusals: plan_item_not_found, '
  'plan_forbidden, plan_item_closed, plan_appointment_mismatch.');

-- complete_plan_items is in 20261201001920_completing_again_is_idempotent.sql (by way of
-- 20261201001590_whole_tooth_caries_stays.sql, 20261201001610_withdrawn_plan_items_at_checkout.sql and …1790):
-- a filling on some surfaces no longer removes a caries charted for the whole tooth, an item
-- withdrawn meanwhile no longer fails the others, and only restorative work removes caries.
