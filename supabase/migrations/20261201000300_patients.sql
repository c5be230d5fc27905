-- ============================================================================
-- Ngiti baseline, 3 of 9: patients.
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
  unique (id, clinic_id)
);

comment on table public.patients is 'A patient of one clinic.';
comment on column public.patients.messenger_id is 'Page-scoped Messenger id (PSID) reminders are sent to; optional.';
comment on column public.patients.deleted is 'Soft delete: deleted patients are hidden from lists and cannot be booked.';

create index patients_clinic_id_name_idx on public.patients (clinic_id, name) where not deleted;

-- patients: one live patient per Messenger id and clinic, linked contacts
create unique index patients_clinic_messenger_id_key on public.patients (clinic_id, messenger_id)
  where messenger_id is not null and not deleted;

comment on index public.patients_clinic_messenger_id_key is
  'A Messenger id (PSID) belongs to at most one live patient of a clinic (23505).';
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

-- ---------------------------------------------------------------------------
-- delete_patient is in 20261201001670_patient_delete_as_confirmed.sql: a delete confirmed as
-- removing no appointments removes none.
-- ---------------------------------------------------------------------------

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
