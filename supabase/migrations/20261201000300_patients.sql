-- ============================================================================
-- Ngiti baseline, 3 of 10: patients.
--
--   delete_patient(p_patient_id)  soft-deletes a patient together with all
--                                 their appointments (the confirmation
--                                 promises it).
--   search indexes                trigram (pg_trgm) indexes for the
--                                 case-insensitive substring search.
--   Messenger id                  a Messenger id (PSID) belongs to at most one
--                                 live patient of a clinic (23505,
--                                 patients_clinic_messenger_id_key), and
--                                 linking a sender is a plain patients write:
--                                 a trigger keeps messenger_contacts.patient_id
--                                 in step.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- patients
-- ---------------------------------------------------------------------------
create table public.patients (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  phone text not null check (btrim(phone) <> '' and char_length(phone) <= 50),
  messenger_id text check (messenger_id is null or (btrim(messenger_id) <> '' and char_length(messenger_id) <= 100)),
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  discount_id_type public.discount_id_type,
  discount_id_number text
    check (discount_id_number is null or (btrim(discount_id_number) <> '' and char_length(discount_id_number) <= 50)),
  unique (id, clinic_id),
  constraint patients_discount_id_has_number check (discount_id_type is null or discount_id_number is not null),
  constraint patients_discount_id_has_type check (discount_id_number is null or discount_id_type is not null)
);

comment on column public.patients.discount_id_type is
  'Senior citizen or PWD ID the patient showed; null for none. Billing gives statutory_rates() discount_rate.';

comment on column public.patients.discount_id_number is 'The ID''s number; required with a type, null without.';

comment on table public.patients is 'A patient of one clinic.';

comment on column public.patients.messenger_id is 'Page-scoped Messenger id (PSID) reminders are sent to; optional.';

comment on column public.patients.deleted is 'Soft delete: deleted patients are hidden from lists and cannot be booked.';

create index patients_clinic_id_name_idx on public.patients (clinic_id, name) where not deleted;

-- patients: one live patient per Messenger id and clinic, linked contacts
create unique index patients_clinic_messenger_id_key on public.patients (clinic_id, messenger_id)
  where messenger_id is not null and not deleted;

comment on index public.patients_clinic_messenger_id_key is
  'A Messenger id (PSID) belongs to at most one live patient of a clinic (23505).';

create trigger patients_coded_refusals before insert or update of discount_id_type, discount_id_number
  on public.patients
  for each row when (new.discount_id_type is not null or new.discount_id_number is not null)
  execute function public.refuse_with_codes('patients_discount_id_has_number=discount_id_number_required',
    'patients_discount_id_number_check=discount_id_number_required',
    'patients_discount_id_has_type=discount_id_type_required');

-- Patient search: case-insensitive substring of name, phone or messenger_id
-- The Patients screen filters with ILIKE '%text%' on the three columns (OR).
-- A btree cannot serve a substring; trigram GIN indexes can, for text of three
-- characters or more. Partial like the list itself (deleted rows are hidden).
-- pg_trgm exists on hosted Supabase and on PostgreSQL; the local PGlite has it
-- only when the stack loads its contrib module, so the indexes are created
-- where the extension is available and left out otherwise (the search still
-- works, without the index). An existing pg_trgm in another schema is reused.
do $$
declare
  v_schema text;
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_trgm') then
    raise notice 'pg_trgm is not available: patient search runs without trigram indexes.';
    return;
  end if;
  create extension if not exists pg_trgm with schema extensions;
  select n.nspname into v_schema
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pg_trgm';
  execute format(
    'create index if not exists patients_name_trgm_idx on public.patients using gin (name %I.gin_trgm_ops) where not deleted',
    v_schema
  );
  execute format(
    'create index if not exists patients_phone_trgm_idx on public.patients using gin (phone %I.gin_trgm_ops) where not deleted',
    v_schema
  );
  execute format(
    'create index if not exists patients_messenger_id_trgm_idx on public.patients '
    'using gin (messenger_id %I.gin_trgm_ops) where not deleted',
    v_schema
  );
end
$$;

create function public.sync_messenger_contact_link()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- Contacts of this patient under another Messenger id (or of a deleted patient) come loose.
  update public.messenger_contacts c
     set patient_id = null
   where c.clinic_id = new.clinic_id
     and c.patient_id = new.id
     and (new.deleted or new.messenger_id is null or c.psid <> new.messenger_id);
  -- The clinic's contacts with the patient's Messenger id are this patient's.
  if new.messenger_id is not null and not new.deleted then
    update public.messenger_contacts c
       set patient_id = new.id
     where c.clinic_id = new.clinic_id
       and c.psid = new.messenger_id
       and c.patient_id is distinct from new.id;
  end if;
  return null;
end;
$$;

select private.setup_function('public.sync_messenger_contact_link()', '{service_role}',
  'Trigger: keeps messenger_contacts.patient_id in step with patients.messenger_id and deleted. The clinic''s '
  'contacts whose psid is the patient''s Messenger id are linked to the live patient; the patient''s contacts '
  'with another psid, or all of them once the patient is deleted, are unlinked.');

select private.setup_clinic_table('public.patients', grants => array['select, insert, update'],
  audit => array['patient'], policies => array[
  ['select', 'patients.read', 'Staff can view patients of their clinic'],
  ['insert', 'patients.write', 'Staff can add patients to their clinic'],
  ['update', 'patients.write', 'Staff can update patients of their clinic']]);

create trigger patients_sync_messenger_contact_link
  after insert or update of messenger_id, deleted on public.patients
  for each row execute function public.sync_messenger_contact_link();

-- ---------------------------------------------------------------------------
-- delete_patient: its visits go with it,
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

-- Security invoker: the patients' row-level security decides what a caller sees (another clinic:
-- nothing), as it did for the read it replaces. A row matches when its name matches p_name_pattern
-- (a POSIX regex, case-insensitive) or its phone or Messenger id matches p_contact_pattern (an
-- ILIKE pattern, `\` its escape); a null pattern matches nothing, and with neither every live
-- patient matches. Each arm of the OR can use its trigram index (above).
create function public.search_patients(
  p_clinic_id bigint,
  p_limit integer,
  p_name_pattern text default null,
  p_contact_pattern text default null
)
returns table (id bigint, name text, phone text)
language plpgsql stable security invoker set search_path = '' as $$
begin
  if p_clinic_id is null then
    raise exception 'A clinic is required to search its patients.'
      using errcode = 'null_value_not_allowed',
            hint = 'patient_search_clinic_required';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'A patient search lists 1 to 100 patients, not %.', coalesce(p_limit::text, 'null')
      using errcode = 'invalid_parameter_value',
            hint = 'patient_search_limit_invalid';
  end if;
  -- The SPA escapes what was typed, so only a hand-made call gets here with a broken regex: refused
  -- with a code of ours rather than the regex library's message alone.
  if p_name_pattern is not null then
    begin
      perform '' ~* p_name_pattern;
    exception when invalid_regular_expression then
      raise exception 'The name pattern is not a valid regular expression.'
        using errcode = 'invalid_regular_expression',
              hint = 'patient_search_pattern_invalid';
    end;
  end if;

  if p_name_pattern is null and p_contact_pattern is null then
    return query
      select p.id, p.name, p.phone
        from public.patients p
       where p.clinic_id = p_clinic_id and not p.deleted
       order by p.name, p.id
       limit p_limit;
  else
    return query
      select p.id, p.name, p.phone
        from public.patients p
       where p.clinic_id = p_clinic_id and not p.deleted
         and (p.name ~* p_name_pattern or p.phone ilike p_contact_pattern or p.messenger_id ilike p_contact_pattern)
       order by p.name, p.id
       limit p_limit;
  end if;
end;
$$;

select private.setup_function('public.search_patients(bigint, integer, text, text)', '{authenticated,service_role}',
  'The patient pickers'' search: up to p_limit (1-100) live patients of clinic p_clinic_id, by name then id, '
  'whose name matches p_name_pattern (a POSIX regular expression, case-insensitive: the SPA''s patientNameRegex) '
  'or whose phone or Messenger id matches p_contact_pattern (an ILIKE pattern, \ escaping % and _); a null '
  'pattern matches nothing, and with both null every live patient is listed. Security invoker: row-level '
  'security decides the rows. Called with POST: the regex grows with the term and would not fit a URL. '
  'Errors: 22004 (patient_search_clinic_required) no clinic, 22023 (patient_search_limit_invalid) a limit '
  'outside 1-100, 2201B (patient_search_pattern_invalid) a name pattern that is not a regular expression.');
