-- ============================================================================
-- Clinic Procedure Manager, Clinic Configuration and Messenger contacts.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
--
--   procedure_categories  a name is unique per clinic ignoring case and
--   procedures            surrounding spaces ('Cleaning' and ' cleaning '
--                         clash, 23505); a procedure's name likewise per
--                         category. Prices stay numeric(12, 2), at least 0: a
--                         direct API call with three decimals is rounded to
--                         the centavo by the column type, as Postgres does;
--                         the SPA refuses such input before sending.
--                         Appointments keep the procedure's name in `reason`
--                         and invoices their stored total, so deleting a
--                         procedure or changing its price rewrites neither.
--   clinics               browsers insert and update only the form's columns
--                         (name, reminder_time, address, contact_email,
--                         contact_phone); the page connection stays the
--                         notification service's (guard_clinic_page_connection).
--   messenger_contacts    the sender's Messenger profile (display name,
--                         picture) and the first text they wrote, stored by
--                         the notification service; staff only read them.
--   patients              a Messenger id (PSID) belongs to at most one live
--                         patient of a clinic (23505,
--                         patients_clinic_messenger_id_key), and linking a
--                         sender is a plain patients write: a trigger keeps
--                         messenger_contacts.patient_id in step.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Procedure categories and procedures: names unique ignoring case and spaces
-- ---------------------------------------------------------------------------
-- The exact (clinic_id, name) constraint stays, as the arbiter of upserts on the
-- natural key (on_conflict=clinic_id,name); it is re-created after the new index
-- so that the case-insensitive index, checked first (indexes are checked in
-- creation order), is the one a duplicate insert names.
alter table public.procedure_categories drop constraint procedure_categories_clinic_id_name_key;

create unique index procedure_categories_clinic_name_ci_key
  on public.procedure_categories (clinic_id, pg_catalog.lower(pg_catalog.btrim(name)));

alter table public.procedure_categories
  add constraint procedure_categories_clinic_id_name_key unique (clinic_id, name);

comment on index public.procedure_categories_clinic_name_ci_key is
  'A clinic has one category of a name, ignoring case and surrounding spaces (23505).';

create unique index procedures_category_name_ci_key
  on public.procedures (category_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.procedures_category_name_ci_key is
  'A category has one procedure of a name, ignoring case and surrounding spaces (23505).';

comment on column public.procedures.price is
  'Pesos, numeric(12, 2), at least 0 (default 0.00). Appointments keep the procedure name in reason and invoices '
  'their own total, so a new price or a deleted procedure leaves both unchanged.';

-- ---------------------------------------------------------------------------
-- clinics: browsers write only the Clinic Configuration form's columns.
-- Update keeps the three page columns so a browser may resend the values it
-- read (the guard trigger refuses any change to them, 42501); insert does not
-- need them. timezone, id and created_at are the database's.
-- ---------------------------------------------------------------------------
revoke insert, update on public.clinics from authenticated;
grant insert (name, reminder_time, address, contact_email, contact_phone) on public.clinics to authenticated;
grant update (name, reminder_time, address, contact_email, contact_phone, fb_page_id, messenger_page_id, page_token_hint)
  on public.clinics to authenticated;

-- ---------------------------------------------------------------------------
-- messenger_contacts: profile and first message (service role writes)
-- ---------------------------------------------------------------------------
alter table public.messenger_contacts
  add column display_name text check (
    display_name is null or (btrim(display_name) <> '' and char_length(display_name) <= 200)
  ),
  add column profile_pic_url text check (
    profile_pic_url is null or (char_length(profile_pic_url) <= 2000 and profile_pic_url ~ '^https?://')
  ),
  add column first_message text check (first_message is null or char_length(first_message) <= 2000),
  add column first_message_at timestamptz;

comment on column public.messenger_contacts.display_name is
  'The sender''s name from their Messenger profile (''First Last''); null until the profile could be read.';
comment on column public.messenger_contacts.profile_pic_url is
  'The sender''s profile picture (http or https URL) from their Messenger profile; null until read.';
comment on column public.messenger_contacts.first_message is
  'The first text message the sender wrote to the page; never overwritten.';
comment on column public.messenger_contacts.first_message_at is 'When first_message was sent.';

-- ---------------------------------------------------------------------------
-- patients: one live patient per Messenger id and clinic, linked contacts
-- ---------------------------------------------------------------------------
create unique index patients_clinic_messenger_id_key on public.patients (clinic_id, messenger_id)
  where messenger_id is not null and not deleted;

comment on index public.patients_clinic_messenger_id_key is
  'A Messenger id (PSID) belongs to at most one live patient of a clinic (23505).';

create function public.sync_messenger_contact_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function public.sync_messenger_contact_link() is
  'Trigger: keeps messenger_contacts.patient_id in step with patients.messenger_id and deleted. The clinic''s '
  'contacts whose psid is the patient''s Messenger id are linked to the live patient; the patient''s contacts '
  'with another psid, or all of them once the patient is deleted, are unlinked.';

create trigger patients_sync_messenger_contact_link
  after insert or update of messenger_id, deleted on public.patients
  for each row execute function public.sync_messenger_contact_link();

revoke execute on function public.sync_messenger_contact_link() from public, anon, authenticated;
