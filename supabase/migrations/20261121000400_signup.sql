-- ============================================================================
-- Sign-up: every auth account gets its staff profile in the same transaction.
--
-- Two ways in:
--   1. raw_app_meta_data has clinic_id and role. Only the service role (admin
--      API, e.g. a staff-invite edge function) or SQL (the seed) can set
--      app_metadata, so both are trusted: the profile joins that clinic.
--   2. raw_user_meta_data has clinic_name and name (public sign-up form): a new
--      clinic is created and the user becomes its admin.
-- Anything else raises, so GoTrue answers 500 "Database error saving new user"
-- and no account, clinic or profile is left behind. A role or clinic_id in
-- user_metadata (which anyone can write) is never read.
-- ============================================================================

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  v_user_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_name text := nullif(btrim(v_user_meta ->> 'name'), '');
  v_clinic_name text := nullif(btrim(v_user_meta ->> 'clinic_name'), '');
  v_clinic_id bigint;
begin
  if new.email is null then
    raise exception 'Staff accounts need an e-mail address.' using errcode = 'not_null_violation';
  end if;

  if v_app_meta ? 'clinic_id' and v_app_meta ? 'role' then
    insert into public.users (user_id, email, name, role, clinic_id)
    values (
      new.id,
      new.email,
      coalesce(v_name, split_part(new.email, '@', 1)),
      v_app_meta ->> 'role',
      (v_app_meta ->> 'clinic_id')::bigint
    );
  elsif v_clinic_name is not null then
    if v_name is null then
      raise exception 'Sign-up needs a name.' using errcode = 'check_violation';
    end if;
    insert into public.clinics (name) values (v_clinic_name) returning id into v_clinic_id;
    insert into public.users (user_id, email, name, role, clinic_id)
    values (new.id, new.email, v_name, 'admin', v_clinic_id);
  else
    raise exception 'Sign-up needs a clinic name.'
      using errcode = 'check_violation',
            hint = 'Pass clinic_name and name in the user metadata (options.data of supabase.auth.signUp).';
  end if;
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: creates the staff profile from app_metadata {clinic_id, role}, or a new clinic and its '
  'admin from user_metadata {clinic_name, name}; otherwise raises so the sign-up leaves nothing behind.';

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- The profile's e-mail follows the account's (login looks the profile up by e-mail).
create function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users set email = new.email where user_id = new.id;
  return new;
end;
$$;

comment on function public.handle_user_email_change() is
  'Trigger on auth.users: copies a changed e-mail address to the staff profile.';

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email and new.email is not null)
  execute function public.handle_user_email_change();

revoke execute on function public.handle_new_user(), public.handle_user_email_change() from public, anon, authenticated;
