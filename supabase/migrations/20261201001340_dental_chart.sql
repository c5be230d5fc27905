-- ============================================================================
-- The dental chart (odontogram). See docs/adr/0045-dental-chart-data-model.md.
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
--   permissions            chart.read (every clinic role), chart.write
--                          (dentists, and admins who run the clinic).
--   chart_changes          the change feed: the service relays it to the
--                          clinic's room as `chart-updated`.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------
create type public.chart_condition as enum (
  'caries', 'filling', 'crown', 'missing', 'extracted', 'root_canal', 'implant', 'bridge', 'sealant', 'fracture',
  'watch'
);

comment on type public.chart_condition is
  'What a chart entry says about a tooth: caries, filling, crown, missing, extracted, root canal, implant, bridge, '
  'sealant, fracture, to watch.';

create type public.chart_entry_state as enum ('existing', 'planned', 'completed');

comment on type public.chart_entry_state is
  'existing: found in the mouth; planned: to be done (a treatment plan item may point at it); completed: done here.';

alter type public.audit_entity add value 'chart_entry';

-- ---------------------------------------------------------------------------
-- The FDI rules, once: the check constraints and the guard trigger both ask these.
-- ---------------------------------------------------------------------------
create function public.is_fdi_tooth(p_tooth smallint)
returns boolean language sql immutable set search_path = '' as $$
  select p_tooth is not null and (
    (p_tooth / 10 between 1 and 4 and p_tooth % 10 between 1 and 8)
    or (p_tooth / 10 between 5 and 8 and p_tooth % 10 between 1 and 5))
$$;

select private.setup_function('public.is_fdi_tooth(smallint)', '{authenticated,service_role}',
  'True for an FDI two-digit tooth number: 11-18, 21-28, 31-38, 41-48 (permanent), 51-55 ... 81-85 (primary).');

create function public.chart_condition_is_whole_tooth(p_condition public.chart_condition)
returns boolean language sql immutable set search_path = '' as $$
  select p_condition in ('crown', 'missing', 'extracted', 'root_canal', 'implant', 'bridge')
$$;

select private.setup_function('public.chart_condition_is_whole_tooth(public.chart_condition)', '{authenticated,service_role}',
  'Conditions of the whole tooth, recorded without surfaces: crown, missing, extracted, root canal, implant, bridge.');

create function public.chart_surfaces_valid(p_surfaces text[])
returns boolean language sql immutable set search_path = '' as $$
  select p_surfaces is not null
    and coalesce(array_ndims(p_surfaces), 1) = 1
    and p_surfaces <@ array['M', 'O', 'D', 'B', 'L']
    and cardinality(p_surfaces) = (select count(distinct s) from unnest(p_surfaces) s)
$$;

select private.setup_function('public.chart_surfaces_valid(text[])', '{authenticated,service_role}',
  'True for a set of tooth surfaces, each at most once: M mesial, O occlusal/incisal, D distal, B buccal/facial, '
  'L lingual/palatal.');

-- ---------------------------------------------------------------------------
-- Permissions: every clinic role reads the chart; dentists chart, and so do
-- admins (often the clinic's own dentist). Receptionists read only.
-- ---------------------------------------------------------------------------
insert into public.role_permissions (role, permission) values
  ('admin', 'chart.read'),
  ('receptionist', 'chart.read'),
  ('dentist', 'chart.read'),
  ('admin', 'chart.write'),
  ('dentist', 'chart.write');

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

comment on table public.chart_entries is
  'The dental chart: one condition of one tooth (and some surfaces) of a patient, with its state. Never deleted '
  'nor edited: removed (removed_at) or superseded by a later entry. public.chart_as_of(patient, day) reads it.';
comment on column public.chart_entries.tooth is 'FDI two-digit number (11-48 permanent, 51-85 primary).';
comment on column public.chart_entries.surfaces is
  'Surfaces: M, O (occlusal/incisal), D, B (buccal/facial), L (lingual/palatal); empty for the whole tooth.';
comment on column public.chart_entries.appointment_id is 'The appointment at which it was recorded; optional.';
comment on column public.chart_entries.supersedes_id is
  'The earlier entry this one replaces (a planned filling completed, a caries filled): inserting it removes that one.';
comment on column public.chart_entries.recorded_by is 'Who recorded it (auth user), stamped by the database.';
comment on column public.chart_entries.recorded_by_name is 'Their name when they recorded it, so it reads the same later.';
comment on column public.chart_entries.removed_at is 'When it was removed from the chart (an error, or superseded); null while it stands.';

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

  if not public.is_fdi_tooth(new.tooth) then
    raise exception 'Tooth % is not an FDI tooth number (11-48 permanent, 51-85 primary).', new.tooth
      using errcode = 'check_violation', hint = 'chart_tooth_invalid';
  end if;
  if not public.chart_surfaces_valid(new.surfaces) then
    raise exception 'Surfaces are M, O, D, B and L, each at most once.'
      using errcode = 'check_violation', hint = 'chart_surfaces_invalid';
  end if;
  if public.chart_condition_is_whole_tooth(new.condition) and cardinality(new.surfaces) > 0 then
    raise exception 'A % is recorded for the whole tooth, without surfaces.', pg_catalog.replace(new.condition::text, '_', ' ')
      using errcode = 'check_violation', hint = 'chart_surfaces_whole_tooth';
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
  'Trigger: refuses an invalid tooth (chart_tooth_invalid), surfaces (chart_surfaces_invalid), surfaces on a '
  'whole-tooth condition (chart_surfaces_whole_tooth), another patient''s appointment (chart_appointment_mismatch); '
  'stamps recorded_* (browsers: now and the signed-in user); allows one update, the removal, stamped the same way '
  '(chart_entry_remove_only, chart_entry_removed).');

create trigger chart_entries_guard before insert or update on public.chart_entries
  for each row execute function public.guard_chart_entry();

-- remove_superseded_chart_entry and its trigger are in 20261201001790_work_touches_only_its_own_rows.sql:
-- an entry replaces only an entry of its own patient and tooth that is still on the chart.

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
