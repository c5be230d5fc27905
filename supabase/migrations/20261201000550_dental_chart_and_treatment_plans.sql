-- ============================================================================
-- Ngiti baseline, 6 of 10: the dental chart (odontogram) and treatment plans.
-- See docs/adr/0045-dental-chart-data-model.md and
-- docs/adr/0046-treatment-plans.md.
--
--   chart_entries          one finding or treatment on one tooth (FDI number)
--                          and some of its surfaces: condition and state, who
--                          recorded it, when, at which appointment. History:
--                          an entry is never deleted nor edited; it is removed
--                          (removed_at) or superseded by a later entry
--                          (supersedes_id removes the earlier one).
--   chart_as_of(p, d)      the chart of patient p as it stood at the end of
--                          clinic day d: entries recorded by then and not
--                          removed by then.
--   treatment_plan_items   one planned procedure on one tooth (and some
--                          surfaces) of a patient, in a phase (1, 2, ...), with
--                          the price as it was when planned, the planned chart
--                          entry it made, the patient's decision, and its
--                          appointment: the one booked for it, then the one it
--                          was done at. treatment_plan_totals: exact totals.
--   permissions            chart.read, plan.read, plan.decide (every clinic
--                          role), chart.write and plan.write (dentists, admins).
--   chart_changes          the change feed: the service relays it to the
--                          clinic's room as `chart-updated`.
-- ============================================================================

create function public.chart_condition_is_whole_tooth(p_condition public.chart_condition)
returns boolean language sql immutable set search_path = '' as $$
  select p_condition in ('crown', 'missing', 'extracted', 'root_canal', 'implant', 'bridge')
$$;

select private.setup_function('public.chart_condition_is_whole_tooth(public.chart_condition)', '{authenticated,service_role}',
  'Conditions of the whole tooth, recorded without surfaces: crown, missing, extracted, root canal, implant, bridge.');

-- ---------------------------------------------------------------------------
-- chart_entries
-- ---------------------------------------------------------------------------
create table public.chart_entries (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  tooth smallint not null check (public.is_fdi_tooth(tooth)),
  surfaces text[] not null default '{}' check (public.chart_surfaces_valid(surfaces)),
  condition public.chart_condition not null,
  state public.chart_entry_state not null,
  note text check (note is null or (btrim(note) <> '' and char_length(note) <= 500)),
  appointment_id bigint,
  supersedes_id bigint,
  recorded_by uuid,
  recorded_by_name text,
  recorded_at timestamptz not null default now(),
  removed_at timestamptz,
  removed_by uuid,
  removed_by_name text,
  unique (id, clinic_id),
  constraint chart_entries_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint chart_entries_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id),
  constraint chart_entries_supersedes_fkey foreign key (supersedes_id, clinic_id)
    references public.chart_entries (id, clinic_id),
  constraint chart_entries_whole_tooth_has_no_surfaces
    check (not public.chart_condition_is_whole_tooth(condition) or cardinality(surfaces) = 0),
  constraint chart_entries_removed_after_recorded check (removed_at is null or removed_at >= recorded_at)
);

comment on column public.chart_entries.tooth is 'FDI two-digit number (11-48 permanent, 51-85 primary).';

comment on column public.chart_entries.surfaces is
  'Surfaces: M, O (occlusal/incisal), D, B (buccal/facial), L (lingual/palatal); empty for the whole tooth.';

comment on column public.chart_entries.appointment_id is 'The appointment at which it was recorded; optional.';

comment on column public.chart_entries.supersedes_id is
  'The earlier entry this one replaces (a planned filling completed, a caries filled): inserting it removes that one.';

comment on column public.chart_entries.recorded_by is 'Who recorded it (auth user), stamped by the database.';

comment on column public.chart_entries.recorded_by_name is 'Their name when they recorded it, so it reads the same later.';

comment on column public.chart_entries.removed_at is 'When it was removed from the chart (an error, or superseded); null while it stands.';

comment on table public.chart_entries is
  'The dental chart: one condition of one tooth (and some surfaces) of a patient, with its state. Never deleted '
  'nor edited: removed (removed_at) or superseded by a later entry. public.chart_as_of(patient, day) reads it.';

create index chart_entries_patient_idx on public.chart_entries (clinic_id, patient_id, recorded_at);

create index chart_entries_appointment_idx on public.chart_entries (appointment_id) where appointment_id is not null;

create unique index chart_entries_supersedes_key on public.chart_entries (supersedes_id) where supersedes_id is not null;

comment on index public.chart_entries_supersedes_key is 'An entry is superseded at most once.';

-- ---------------------------------------------------------------------------
-- guard_chart_entry: the readable refusals (codes in the hint) and the
-- stamps. A browser's entry is recorded now, by the signed-in user; the
-- service, owners and SQL may write history (the demo data does). An entry
-- changes once: it is removed, and nothing else of it changes.
-- ---------------------------------------------------------------------------
create function public.guard_chart_entry()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_name text := (select u.name from public.users u where u.user_id = (select auth.uid()));
  v_appointment_patient bigint;
begin
  if tg_op = 'UPDATE' then
    if old.removed_at is not null then
      raise exception 'This chart entry was already removed.'
        using errcode = 'check_violation', hint = 'chart_entry_removed';
    end if;
    if (new.clinic_id, new.patient_id, new.tooth, new.surfaces, new.condition, new.state, new.note,
        new.appointment_id, new.supersedes_id, new.recorded_by, new.recorded_by_name, new.recorded_at)
       is distinct from
       (old.clinic_id, old.patient_id, old.tooth, old.surfaces, old.condition, old.state, old.note,
        old.appointment_id, old.supersedes_id, old.recorded_by, old.recorded_by_name, old.recorded_at)
       or new.removed_at is null then
      raise exception 'A chart entry is never edited: remove it and record a new one.'
        using errcode = 'check_violation', hint = 'chart_entry_remove_only';
    end if;
    if public.is_browser_role() then
      new.removed_at := pg_catalog.now();
      new.removed_by := (select auth.uid());
      new.removed_by_name := v_name;
    end if;
    return new;
  end if;

  if new.appointment_id is not null then
    select a.patient_id into v_appointment_patient
      from public.appointments a where a.id = new.appointment_id and a.clinic_id = new.clinic_id;
    if v_appointment_patient is distinct from new.patient_id then
      raise exception 'The appointment is not this patient''s.'
        using errcode = 'check_violation', hint = 'chart_appointment_mismatch';
    end if;
  end if;

  if public.is_browser_role() then
    new.recorded_at := pg_catalog.now();
    new.recorded_by := (select auth.uid());
    new.recorded_by_name := v_name;
    new.removed_at := null;
    new.removed_by := null;
    new.removed_by_name := null;
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_chart_entry()', '{service_role}',
  'Trigger: refuses another patient''s appointment (chart_appointment_mismatch); stamps recorded_* (browsers: '
  'now and the signed-in user); allows one update, the removal, stamped the same way (chart_entry_remove_only, '
  'chart_entry_removed).');

-- Named to run before the guard: the entry's own checks are refused first.
create trigger chart_entries_coded_refusals before insert on public.chart_entries
  for each row execute function public.refuse_with_codes('chart_entries_tooth_check=chart_tooth_invalid',
    'chart_entries_surfaces_check=chart_surfaces_invalid',
    'chart_entries_whole_tooth_has_no_surfaces=chart_surfaces_whole_tooth');

create trigger chart_entries_guard before insert or update on public.chart_entries
  for each row execute function public.guard_chart_entry();

select private.setup_clinic_table('public.chart_entries',
  grants => array[
    'select',
    'insert (clinic_id, patient_id, tooth, surfaces, condition, state, note, appointment_id, supersedes_id)',
    'update (removed_at, removed_by, removed_by_name)'],
  audit => array['chart_entry'],
  notify => array['chart_changes', 'clinic_id', 'patient_id', 'entry_id=id'],
  policies => array[
    ['select', 'chart.read', 'Staff can view the charts of their clinic'],
    ['insert', 'chart.write', 'Dentists can chart patients of their clinic'],
    ['update', 'chart.write', 'Dentists can remove chart entries of their clinic']]);

-- ---------------------------------------------------------------------------
-- chart_as_of
-- ---------------------------------------------------------------------------
create function public.chart_as_of(p_patient_id bigint, p_as_of date)
returns setof public.chart_entries language sql stable set search_path = '' as $$
  with bound as (
    select ((p_as_of + 1)::timestamp at time zone c.timezone) as ends_at, p.clinic_id
      from public.patients p
      join public.clinics c on c.id = p.clinic_id
     where p.id = p_patient_id
  )
  select e.*
    from public.chart_entries e
    join bound b on b.clinic_id = e.clinic_id
   where e.patient_id = p_patient_id
     and e.recorded_at < b.ends_at
     and (e.removed_at is null or e.removed_at >= b.ends_at)
   order by e.tooth, e.recorded_at, e.id
$$;

select private.setup_function('public.chart_as_of(bigint, date)', '{authenticated,service_role}',
  'The chart of patient p_patient_id as it stood at the end of clinic day p_as_of (the clinic''s time zone): '
  'entries recorded before that day ended and not removed by then, by tooth and time. Security invoker: the '
  'caller sees only what chart.read lets them.');

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

comment on table public.treatment_plan_items is
  'A patient''s treatment plan, item by item: a procedure from the price list on a tooth and surfaces, in a phase, '
  'with its price when planned. Written only through plan_treatment, decide_plan_item, link_plan_item_appointment, '
  'complete_plan_items and withdraw_plan_item, and reopened when the visit it was done at stops being Completed '
  '(reopen_work_of_undone_visit).';

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
-- remove_superseded_chart_entry
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
