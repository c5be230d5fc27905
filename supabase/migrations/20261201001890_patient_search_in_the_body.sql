-- ============================================================================
-- search_patients: the patient pickers' type-ahead, asked in a request body.
-- The pickers (the booking form's Patient, Add Invoice, Add to Waitlist) sent
-- their filter in the URL: `name=imatch.<regex>`, where the regex is the one
-- patient-name rule (src/entities/patient/name-match.ts: every letter a bracket
-- of its accented variants, so case and accents do not matter). It grows about
-- 84 bytes a typed character: past about 63 characters the URL is over the
-- 8 KB that hosted Supabase's proxy takes, and it answers 414. A picker opened
-- on a chosen patient searches that patient's whole name (up to 200
-- characters), so Edit Appointment failed for long names. A function is called
-- with POST, its arguments in the body. The rule itself stays in the SPA: this
-- function takes the regex as built there and does not fold names itself.
-- ============================================================================

-- Security invoker: the patients' row-level security decides what a caller sees (another clinic:
-- nothing), as it did for the read it replaces. A row matches when its name matches p_name_pattern
-- (a POSIX regex, case-insensitive) or its phone or Messenger id matches p_contact_pattern (an
-- ILIKE pattern, `\` its escape); a null pattern matches nothing, and with neither every live
-- patient matches. Each arm of the OR can use its trigram index (20261201000300_patients.sql).
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
