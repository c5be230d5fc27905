-- ============================================================================
-- update_clinic_settings: Clinic Configuration's Update Clinic writes the
-- form's seven columns only while the clinic still holds what the form read.
-- It updated the clinic by id with every column as the form held them since it
-- opened: a desk that opened the form before another admin moved the reminder
-- time or ticked VAT-registered put the old values back with its next save,
-- unseen (reminders at the old hour, senior / PWD bills without the VAT
-- exemption). docs/adr/0023-concurrent-edits.md.
--
-- A function rather than filters on the update's URL: the address (500
-- characters), e-mail (320) and name (200) as read, percent-encoded, come to
-- over 12 KB of query string in CJK or emoji, past what hosted Supabase
-- accepts (414). The values go in the request body instead.
--
-- Security invoker: the update is the caller's own, under the clinics policies,
-- the column grants, the page guard and the audit trigger, exactly as the plain
-- update was; the function only adds the condition.
-- ============================================================================

create function public.update_clinic_settings(p_clinic_id bigint, p_settings jsonb, p_read jsonb)
returns setof public.clinics language plpgsql security invoker set search_path = '' as $$
declare
  v_keys constant text[] := array[
    'name', 'reminder_time', 'recall_interval_months', 'vat_registered', 'address', 'contact_email', 'contact_phone'
  ];
begin
  if p_settings is null or jsonb_typeof(p_settings) <> 'object' or not (p_settings ?& v_keys)
     or p_read is null or jsonb_typeof(p_read) <> 'object' or not (p_read ?& v_keys) then
    raise exception 'p_settings and p_read must each hold the clinic''s %.', pg_catalog.array_to_string(v_keys, ', ')
      using errcode = 'invalid_parameter_value', hint = 'clinic_settings_invalid';
  end if;

  -- The clinic as the caller read it: a value changed since is another desk's save, which the
  -- form does not show and would undo. No row: changed meanwhile, or not the caller's to change.
  return query
    with updated as (
      update public.clinics c
         set name = p_settings ->> 'name',
             reminder_time = (p_settings ->> 'reminder_time')::time,
             recall_interval_months = (p_settings ->> 'recall_interval_months')::integer,
             vat_registered = (p_settings ->> 'vat_registered')::boolean,
             address = p_settings ->> 'address',
             contact_email = p_settings ->> 'contact_email',
             contact_phone = p_settings ->> 'contact_phone'
       where c.id = p_clinic_id
         and (c.name, c.reminder_time, c.recall_interval_months, c.vat_registered,
              c.address, c.contact_email, c.contact_phone)
             is not distinct from
             (p_read ->> 'name', (p_read ->> 'reminder_time')::time, (p_read ->> 'recall_interval_months')::integer,
              (p_read ->> 'vat_registered')::boolean,
              p_read ->> 'address', p_read ->> 'contact_email', p_read ->> 'contact_phone')
      returning c.*
    )
    select * from updated;
end;
$$;

select private.setup_function('public.update_clinic_settings(bigint, jsonb, jsonb)', '{authenticated}',
  'Clinic Configuration''s Update Clinic: sets name, reminder_time, recall_interval_months, vat_registered, '
  'address, contact_email and contact_phone of clinic p_clinic_id from p_settings, only while the clinic still '
  'holds p_read (the same seven keys, as the caller read them; null for none). Security invoker: the clinics '
  'policies, grants and triggers apply as to a plain update. Returns the updated row; none when the clinic was '
  'changed since it was read or is not the caller''s to change (the caller reads it again to tell). Errors: 22023 '
  '(clinic_settings_invalid) a key missing, and the clinics'' checks (23514, 23502).');
