-- ============================================================================
-- Every refusal the database raises carries a stable code. Runs unchanged on
-- hosted Supabase, PostgreSQL and PGlite.
--
-- A `raise exception` keeps its SQLSTATE (which sets the HTTP status) and its
-- message (the words staff read), and adds `hint` = a code from
-- common/contract/error-codes.ts, which PostgREST answers as `hint`. Clients
-- tell refusals apart by that code, never by the message. Where a hint held
-- advice for a developer, the advice moves to `detail` if that is free
-- (payment_above_balance's detail stays balance_centavos=N: clients read it).
--
-- The functions below are the latest definitions of every function that
-- raises, unchanged but for their raise statements, and for what the enum
-- columns of 20261129000300_enums.sql need: handle_new_user casts the role it
-- reads from app metadata, day_sheet's void list types its invoice rows'
-- method as payment_method, and take_waitlist_offer casts the outcome it
-- records.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- prevent_clinic_change (last defined in 20261121000100_schema.sql)
-- ---------------------------------------------------------------------------
create or replace function public.prevent_clinic_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.clinic_id is distinct from old.clinic_id then
    raise exception 'A row of % cannot move to another clinic.', tg_table_name
      using errcode = 'insufficient_privilege',
            detail = format('clinic_id would change from %s to %s', old.clinic_id, new.clinic_id),
            hint = 'clinic_change_forbidden';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_clinic_page_connection (last defined in 20261121000200_security.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_clinic_page_connection()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_browser_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.fb_page_id is not null or new.messenger_page_id is not null or new.page_token_hint is not null then
      raise exception 'The Facebook page of a clinic is connected through the notification service.'
        using errcode = 'insufficient_privilege', hint = 'page_connected_by_service';
    end if;
  elsif (new.fb_page_id, new.messenger_page_id, new.page_token_hint)
        is distinct from (old.fb_page_id, old.messenger_page_id, old.page_token_hint) then
    raise exception 'The Facebook page of a clinic is connected through the notification service.'
      using errcode = 'insufficient_privilege', hint = 'page_connected_by_service';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_user_profile (last defined in 20261121000200_security.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_user_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'The sign-in account of a staff profile cannot change.'
      using errcode = 'insufficient_privilege', hint = 'profile_account_fixed';
  end if;
  if not public.is_browser_role() then
    return new;
  end if;
  if new.role = 'superadmin' and (tg_op = 'INSERT' or old.role <> 'superadmin') then
    raise exception 'Only the service role can make someone a superadmin.'
      using errcode = 'insufficient_privilege', hint = 'superadmin_by_service_only';
  end if;
  if tg_op = 'UPDATE' and new.role <> old.role and old.user_id = (select auth.uid()) then
    raise exception 'You cannot change your own role.'
      using errcode = 'insufficient_privilege', hint = 'own_role_change';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- handle_new_user (last defined in 20261128000100_staff_account_rules.sql)
-- ---------------------------------------------------------------------------
create or replace function public.handle_new_user()
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
    raise exception 'Staff accounts need an e-mail address.'
      using errcode = 'not_null_violation',
            hint = 'staff_email_required';
  end if;

  perform pg_catalog.set_config('ngiti.new_account', new.id::text, true);
  if v_app_meta ? 'clinic_id' and v_app_meta ? 'role' then
    insert into public.users (user_id, email, name, role, clinic_id)
    values (
      new.id,
      new.email,
      coalesce(v_name, split_part(new.email, '@', 1)),
      (v_app_meta ->> 'role')::public.staff_role,
      (v_app_meta ->> 'clinic_id')::bigint
    );
  elsif v_clinic_name is not null then
    if v_name is null then
      raise exception 'Sign-up needs a name.'
        using errcode = 'check_violation',
              hint = 'signup_name_required';
    end if;
    insert into public.clinics (name) values (v_clinic_name) returning id into v_clinic_id;
    insert into public.users (user_id, email, name, role, clinic_id)
    values (new.id, new.email, v_name, 'admin', v_clinic_id);
  else
    raise exception 'Sign-up needs a clinic name.'
      using errcode = 'check_violation',
            detail = 'Pass clinic_name and name in the user metadata (options.data of supabase.auth.signUp).',
            hint = 'signup_clinic_name_required';
  end if;
  perform pg_catalog.set_config('ngiti.new_account', '', true);
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_profile_account (last defined in 20261128000100_staff_account_rules.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_profile_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- An existing account (a login whose profile was removed, or another clinic's staff) is never
  -- given a profile afterwards: that would hand its next sign-in to whoever made the profile.
  if new.user_id is not null
     and coalesce(pg_catalog.current_setting('ngiti.new_account', true), '') <> new.user_id::text then
    raise exception 'A staff profile is made with its account (Add User or sign-up).'
      using errcode = 'insufficient_privilege', hint = 'profile_needs_account';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- ensure_clinic_keeps_admin (last defined in 20261128000100_staff_account_rules.sql)
-- ---------------------------------------------------------------------------
create or replace function public.ensure_clinic_keeps_admin(p_clinic_id bigint, p_leaving_profile_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One removal or demotion of an admin per clinic at a time. Whoever waits here counts afterwards,
  -- in a statement of its own, so (read committed) it sees what the one before it committed.
  -- "no key update": it does not hold up inserts of rows that merely reference the clinic.
  perform 1 from public.clinics c where c.id = p_clinic_id for no key update;
  if not found then
    -- The clinic itself is being deleted, and its staff with it.
    return;
  end if;
  if not exists (
    select 1
      from public.users u
     where u.clinic_id = p_clinic_id
       and u.role = 'admin'
       and u.id <> p_leaving_profile_id
       and public.counts_as_clinic_admin(u.user_id)
  ) then
    raise exception 'A clinic must keep at least one admin.'
      using errcode = 'PT409',
            detail = 'Make another user of this clinic an admin first.',
            hint = 'last_admin';
  end if;
end;
$$;

-- ---------------------------------------------------------------------------
-- delete_staff_account (last defined in 20261128000100_staff_account_rules.sql)
-- ---------------------------------------------------------------------------
create or replace function public.delete_staff_account(p_user_id uuid, p_requested_by uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profiles integer;
begin
  -- Transaction-local: the users audit trigger names p_requested_by for this removal, and a refused
  -- or failed removal takes the note with it.
  perform pg_catalog.set_config('ngiti.audit_actor', p_requested_by::text, true);
  select count(*)::integer into v_profiles from public.users u where u.user_id = p_user_id;
  -- The profile goes by cascade; the last-admin triggers may refuse (PT409) and undo it all.
  delete from auth.users a where a.id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return v_profiles;
end;
$$;

-- ---------------------------------------------------------------------------
-- enforce_appointment_rules (last defined in 20261121000500_patients_dentists.sql)
-- ---------------------------------------------------------------------------
create or replace function public.enforce_appointment_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_time_zone text;
  v_local_start timestamp;
  v_local_end timestamp;
  v_day date;
  v_dentist_active boolean;
  v_dentist_deleted boolean;
  v_patient_deleted boolean;
  v_problem text;
begin
  -- Only live appointments hold a slot; cancelling or deleting is always allowed.
  if new.deleted or new.status = 'Cancelled' then
    return new;
  end if;
  -- A live appointment keeps its slot through status, reason and reminder edits.
  if tg_op = 'UPDATE'
     and not (old.deleted or old.status = 'Cancelled')
     and new.dentist_id = old.dentist_id
     and new.patient_id = old.patient_id
     and new.appointment_time = old.appointment_time then
    return new;
  end if;
  -- A signed-in user writing into a clinic they cannot reach is refused by
  -- row-level security after this trigger; reveal nothing about that clinic.
  if (select auth.uid()) is not null and not public.can_access_clinic(new.clinic_id) then
    return new;
  end if;

  select c.timezone into v_time_zone from public.clinics c where c.id = new.clinic_id;
  select d.is_active, d.deleted into v_dentist_active, v_dentist_deleted
    from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id
    for share;
  select p.deleted into v_patient_deleted
    from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id
    for share;
  -- Unknown clinic, dentist or patient: the foreign keys refuse the row.
  if v_time_zone is null or v_dentist_active is null or v_patient_deleted is null then
    return new;
  end if;

  v_local_start := new.appointment_time at time zone v_time_zone;
  v_local_end := (new.appointment_time + interval '20 minutes') at time zone v_time_zone;
  v_day := v_local_start::date;

  if v_dentist_deleted then
    v_problem := 'dentist deleted';
  elsif not v_dentist_active then
    v_problem := 'dentist inactive';
  elsif v_patient_deleted then
    v_problem := 'patient deleted';
  elsif extract(isodow from v_local_start) = 7 then
    v_problem := 'closed on Sunday';
  elsif v_local_start < v_day + time '09:00' or v_local_end > v_day + time '18:00' then
    v_problem := 'outside clinic hours';
  elsif v_local_start < v_day + time '13:00' and v_local_end > v_day + time '12:00' then
    v_problem := 'lunch break';
  elsif exists (
    select 1
    from public.dentist_availability a
    where a.dentist_id = new.dentist_id
      and a.specific_date = v_day
      and not a.is_available
      and a.specific_date + a.start_time < v_local_end
      and a.specific_date + a.end_time > v_local_start
  ) then
    v_problem := 'blocked by dentist availability';
  elsif exists (
    select 1
    from public.appointments o
    where o.dentist_id = new.dentist_id
      and o.id <> new.id
      and not o.deleted
      and o.status <> 'Cancelled'
      and public.appointment_slot(o.appointment_time) && public.appointment_slot(new.appointment_time)
  ) then
    v_problem := 'overlaps another appointment';
  end if;

  if v_problem is not null then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = v_problem,
      hint = case v_problem
        when 'dentist deleted' then 'dentist_deleted'
        when 'dentist inactive' then 'dentist_inactive'
        when 'patient deleted' then 'patient_deleted'
        when 'closed on Sunday' then 'clinic_closed'
        when 'outside clinic hours' then 'outside_clinic_hours'
        when 'lunch break' then 'lunch_break'
        when 'blocked by dentist availability' then 'dentist_unavailable'
        else 'slot_taken'
      end;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_browser_booking (last defined in 20261121000600_booking_guards.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_browser_booking()
returns trigger
language plpgsql
-- Not security definer: is_browser_role() must see the caller's role, and the
-- look-ups below run under the caller's row-level security (staff read their
-- clinic's dentists, patients and procedures).
set search_path = ''
as $$
declare
  v_is_booking boolean;
  v_procedure text;
begin
  if not public.is_browser_role() then
    return new;
  end if;
  -- Another clinic: row-level security refuses the row after this trigger;
  -- answer nothing here that would tell its price list or schedule apart.
  if not public.can_access_clinic(new.clinic_id) then
    return new;
  end if;
  -- An unknown dentist or patient, or one of another clinic: the composite
  -- foreign keys refuse the row (23503), as they do for everyone.
  if not exists (select 1 from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id)
     or not exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id) then
    return new;
  end if;

  v_is_booking := tg_op = 'INSERT'
    or new.appointment_time is distinct from old.appointment_time
    or new.dentist_id is distinct from old.dentist_id
    or new.patient_id is distinct from old.patient_id;
  if v_is_booking
     and not (new.deleted or new.status = 'Cancelled')
     and new.appointment_time <= now() then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = 'in the past', hint = 'appointment_in_past';
  end if;

  if new.reason is not null and (tg_op = 'INSERT' or new.reason is distinct from old.reason) then
    v_procedure := pg_catalog.btrim(pg_catalog.split_part(new.reason, ' — Notes: ', 1));
    if not exists (
      select 1
      from public.procedures pr
      where pr.clinic_id = new.clinic_id
        and pg_catalog.btrim(pr.name) = v_procedure
    ) then
      raise exception using
        errcode = 'check_violation',
        message = 'The procedure is not in this clinic''s price list.',
        detail = 'unknown procedure', hint = 'unknown_procedure';
    end if;
  end if;

  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- save_availability_day (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.save_availability_day(p_dentist_id bigint, p_date date, p_blocks jsonb)
returns setof public.dentist_availability
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_clinic_id bigint;
  v_block jsonb;
  v_index bigint;
  v_start text;
  v_end text;
  v_starts time[] := '{}';
  v_ends time[] := '{}';
begin
  if p_dentist_id is null or p_date is null then
    raise exception 'Dentist and date required!'
      using errcode = 'null_value_not_allowed',
            hint = 'availability_day_required';
  end if;
  if p_blocks is null or jsonb_typeof(p_blocks) <> 'array' then
    raise exception 'p_blocks must be an array of {start_time, end_time}.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_invalid';
  end if;
  if public.is_browser_role() and not public.authorize(public.current_clinic_id(), 'dentists.manage') then
    raise exception 'Only the front desk can change dentist availability.'
      using errcode = 'insufficient_privilege',
            hint = 'availability_forbidden';
  end if;

  select d.clinic_id into v_clinic_id from public.dentists d where d.id = p_dentist_id;
  if v_clinic_id is null then
    raise exception 'Dentist % not found.', p_dentist_id using errcode = 'PT404', hint = 'dentist_not_found';
  end if;

  for v_block, v_index in select b.value, b.ordinality from jsonb_array_elements(p_blocks) with ordinality as b loop
    v_start := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'start_time' end;
    v_end := case when jsonb_typeof(v_block) = 'object' then v_block ->> 'end_time' end;
    if v_start is null or v_end is null
       or v_start !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$'
       or v_end !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' then
      raise exception 'Block % needs start_time and end_time as HH:MM.', v_index
        using errcode = 'invalid_parameter_value',
              hint = 'availability_block_invalid';
    end if;
    v_starts := v_starts || v_start::time;
    v_ends := v_ends || v_end::time;
    if v_start::time >= v_end::time or v_start::time < time '09:00' or v_end::time > time '18:00' then
      raise exception 'Block % (% to %) must start before it ends, within 09:00 to 18:00.', v_index, v_start, v_end
        using errcode = 'invalid_parameter_value', hint = 'availability_block_out_of_hours';
    end if;
  end loop;

  if exists (
    select 1
    from unnest(v_starts, v_ends) with ordinality as a(start_time, end_time, n)
    join unnest(v_starts, v_ends) with ordinality as b(start_time, end_time, n)
      on a.n < b.n and a.start_time < b.end_time and b.start_time < a.end_time
  ) then
    raise exception 'Blocks of one day must not overlap each other.'
      using errcode = 'invalid_parameter_value',
            hint = 'availability_blocks_overlap';
  end if;

  delete from public.dentist_availability a where a.dentist_id = p_dentist_id and a.specific_date = p_date;

  return query
    with inserted as (
      insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time, is_available)
      select v_clinic_id, p_dentist_id, p_date, b.start_time, b.end_time, false
      from unnest(v_starts, v_ends) as b(start_time, end_time)
      returning *
    )
    select * from inserted order by inserted.start_time;
end;
$$;

-- ---------------------------------------------------------------------------
-- delete_patient (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.delete_patient(p_patient_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_patient_id bigint;
  v_deleted_appointments integer;
begin
  if p_patient_id is null then
    raise exception 'A patient is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'patient_required';
  end if;

  -- FOR UPDATE: a booking for this patient waits (the booking trigger reads
  -- the patient FOR SHARE) and then sees the patient deleted.
  select p.id into v_patient_id
    from public.patients p
   where p.id = p_patient_id and not p.deleted
     for update;
  if v_patient_id is null then
    raise exception 'Patient % not found; it may have been deleted.', p_patient_id
      using errcode = 'PT404',
            hint = 'patient_not_found';
  end if;

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

-- ---------------------------------------------------------------------------
-- delete_dentist (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.delete_dentist(p_dentist_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_dentist_id bigint;
  v_future jsonb;
begin
  if p_dentist_id is null then
    raise exception 'A dentist is required.'
      using errcode = 'null_value_not_allowed',
            hint = 'dentist_required';
  end if;
  -- Checked first: for a dentist account the row would otherwise just look
  -- missing (SELECT ... FOR UPDATE applies the update policy).
  if public.is_browser_role() and not public.authorize(public.current_clinic_id(), 'dentists.manage') then
    raise exception 'Only the front desk can delete dentists.'
      using errcode = 'insufficient_privilege',
            hint = 'dentist_delete_forbidden';
  end if;

  select d.id into v_dentist_id
    from public.dentists d
   where d.id = p_dentist_id and not d.deleted
     for update;
  if v_dentist_id is null then
    raise exception 'Dentist % not found; it may have been deleted.', p_dentist_id
      using errcode = 'PT404',
            hint = 'dentist_not_found';
  end if;

  -- The patient's name is null ('Unknown' on screen) when the patient is
  -- soft-deleted: the screens only know patients that are not deleted.
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', a.id,
               'patient_name', p.name,
               'status', a.status,
               'appointment_time', a.appointment_time,
               'reason', a.reason
             )
             order by a.appointment_time, a.id
           ),
           '[]'::jsonb
         )
    into v_future
    from public.appointments a
    left join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id and not p.deleted
   where a.dentist_id = v_dentist_id
     and not a.deleted
     and a.status in ('Scheduled', 'Confirmed')
     and a.appointment_time >= now();

  if jsonb_array_length(v_future) > 0 then
    return jsonb_build_object('outcome', 'blocked', 'appointments', v_future);
  end if;

  if exists (select 1 from public.appointments a where a.dentist_id = v_dentist_id) then
    update public.dentists d set deleted = true where d.id = v_dentist_id;
    if not found then
      raise exception 'Dentist % could not be deleted.', p_dentist_id
        using errcode = 'insufficient_privilege',
              hint = 'dentist_delete_refused';
    end if;
    return jsonb_build_object('outcome', 'soft_deleted');
  end if;

  delete from public.dentists d where d.id = v_dentist_id;
  if not found then
    raise exception 'Dentist % could not be deleted.', p_dentist_id
      using errcode = 'insufficient_privilege',
            hint = 'dentist_delete_refused';
  end if;
  return jsonb_build_object('outcome', 'hard_deleted');
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_invoice_insert (last defined in 20261123000500_billing.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_invoice_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_appointment_patient_id bigint;
begin
  if new.appointment_id is null then
    return new;
  end if;
  -- A repeat of an earlier insert: let the unique key answer 23505.
  if exists (
    select 1 from public.invoices i where i.clinic_id = new.clinic_id and i.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  -- One biller per appointment at a time: the lock makes the check below race-free.
  select a.patient_id into v_appointment_patient_id
    from public.appointments a
   where a.id = new.appointment_id and a.clinic_id = new.clinic_id
     for update;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if v_appointment_patient_id <> new.patient_id then
    raise exception 'The appointment belongs to another patient.'
      using errcode = 'check_violation', hint = 'invoice_patient_mismatch';
  end if;
  if exists (
    select 1 from public.invoices i
     where i.appointment_id = new.appointment_id and i.voided_at is null
       and i.idempotency_key <> new.idempotency_key
  ) then
    raise exception 'This appointment already has an invoice.'
      using errcode = 'check_violation', hint = 'appointment_already_billed';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_payment_insert (last defined in 20261128000201_payment_balance.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_payment_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total numeric;
  v_voided_at timestamptz;
  v_paid numeric;
begin
  select i.total, i.voided_at into v_total, v_voided_at
    from public.invoices i
   where i.id = new.invoice_id and i.clinic_id = new.clinic_id
     for no key update;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if v_voided_at is not null then
    raise exception 'This invoice is void; it takes no more payments.'
      using errcode = 'check_violation', hint = 'invoice_void';
  end if;
  -- A repeat of an earlier insert (its payment already counts): let the unique key answer 23505.
  if exists (
    select 1 from public.payments p where p.clinic_id = new.clinic_id and p.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  if new.overpayment_accepted then
    return new;
  end if;
  select coalesce(sum(p.amount), 0) into v_paid
    from public.payments p
   where p.invoice_id = new.invoice_id and p.voided_at is null;
  if new.amount > v_total - v_paid then
    raise exception 'This payment is more than the balance of the invoice.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', ((v_total - v_paid) * 100)::bigint),
            hint = 'payment_above_balance';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- void_payment (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.void_payment(p_payment_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if not public.authorize(public.current_clinic_id(), 'billing.void') then
    raise exception 'Only an admin can void.'
      using errcode = 'insufficient_privilege',
            hint = 'void_forbidden';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.'
      using errcode = 'invalid_parameter_value',
            hint = 'void_reason_required';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).'
      using errcode = 'invalid_parameter_value',
            hint = 'void_reason_too_long';
  end if;
  select p.* into v_payment from public.payments p where p.id = p_payment_id for update;
  if not found or not public.can_access_clinic(v_payment.clinic_id) then
    raise exception 'Payment not found.' using errcode = 'PT404', hint = 'payment_not_found';
  end if;
  if not public.authorize(v_payment.clinic_id, 'billing.void') then
    raise exception 'Only an admin can void.'
      using errcode = 'insufficient_privilege',
            hint = 'void_forbidden';
  end if;
  if v_payment.voided_at is not null then
    raise exception 'This payment is already void.' using errcode = 'PT409', hint = 'payment_already_void';
  end if;
  update public.payments
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_payment.id;
end;
$$;

-- ---------------------------------------------------------------------------
-- void_invoice (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  if not public.authorize(public.current_clinic_id(), 'billing.void') then
    raise exception 'Only an admin can void.'
      using errcode = 'insufficient_privilege',
            hint = 'void_forbidden';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.'
      using errcode = 'invalid_parameter_value',
            hint = 'void_reason_required';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).'
      using errcode = 'invalid_parameter_value',
            hint = 'void_reason_too_long';
  end if;
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found or not public.can_access_clinic(v_invoice.clinic_id) then
    raise exception 'Invoice not found.' using errcode = 'PT404', hint = 'invoice_not_found';
  end if;
  if not public.authorize(v_invoice.clinic_id, 'billing.void') then
    raise exception 'Only an admin can void.'
      using errcode = 'insufficient_privilege',
            hint = 'void_forbidden';
  end if;
  if v_invoice.voided_at is not null then
    raise exception 'This invoice is already void.' using errcode = 'PT409', hint = 'invoice_already_void';
  end if;
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.'
      using errcode = 'PT409',
            hint = 'invoice_has_payments';
  end if;
  update public.invoices
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_invoice.id;
end;
$$;

-- ---------------------------------------------------------------------------
-- day_sheet (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.day_sheet(p_clinic_id bigint, p_day date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_zone text;
  v_start timestamptz;
  v_end timestamptz;
begin
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.'
      using errcode = 'insufficient_privilege',
            hint = 'report_forbidden';
  end if;
  if p_day is null then
    raise exception 'Choose a day.' using errcode = 'invalid_parameter_value', hint = 'report_day_required';
  end if;
  select c.timezone into v_zone from public.clinics c where c.id = p_clinic_id;
  if not found then
    raise exception 'Clinic not found.' using errcode = 'PT404', hint = 'clinic_not_found';
  end if;
  v_start := p_day::timestamp at time zone v_zone;
  v_end := (p_day + 1)::timestamp at time zone v_zone;

  return pg_catalog.json_build_object(
    'day', p_day,
    'time_zone', v_zone,
    'appointments', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', a.id,
               'appointment_time', a.appointment_time,
               'status', a.status,
               'patient_name', pt.name,
               'dentist_name', d.name,
               'reason', a.reason
             ) order by a.appointment_time, a.id), '[]'::json)
        from public.appointments a
        join public.patients pt on pt.id = a.patient_id and pt.clinic_id = a.clinic_id
        join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
       where a.clinic_id = p_clinic_id
         and a.appointment_time >= v_start and a.appointment_time < v_end
         and not a.deleted
    ),
    'payments', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', e.id,
               'invoice_id', e.invoice_id,
               'patient_name', e.patient_name,
               'amount_centavos', e.amount_centavos,
               'method', e.method,
               'reference_number', e.reference_number,
               'payment_date', e.payment_date
             ) order by e.payment_date, e.id), '[]'::json)
        from public.payment_entries e
       where e.clinic_id = p_clinic_id
         and e.payment_date >= v_start and e.payment_date < v_end
         and e.voided_at is null
    ),
    'totals', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'method', t.method,
               'payment_count', t.payment_count,
               'total_centavos', t.total_centavos
             ) order by t.method), '[]'::json)
        from (
          select e.method, count(*)::integer as payment_count, sum(e.amount_centavos)::bigint as total_centavos
            from public.payment_entries e
           where e.clinic_id = p_clinic_id
             and e.payment_date >= v_start and e.payment_date < v_end
             and e.voided_at is null
           group by e.method
        ) t
    ),
    'grand_total_centavos', (
      select coalesce(sum(e.amount_centavos), 0)::bigint
        from public.payment_entries e
       where e.clinic_id = p_clinic_id
         and e.payment_date >= v_start and e.payment_date < v_end
         and e.voided_at is null
    ),
    'voids', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'kind', v.kind,
               'id', v.id,
               'invoice_id', v.invoice_id,
               'patient_name', v.patient_name,
               'amount_centavos', v.amount_centavos,
               'method', v.method,
               'voided_at', v.voided_at,
               'void_reason', v.void_reason
             ) order by v.voided_at, v.kind, v.id), '[]'::json)
        from (
          select 'payment'::text as kind, e.id, e.invoice_id, e.patient_name, e.amount_centavos, e.method,
                 e.voided_at, e.void_reason
            from public.payment_entries e
           where e.clinic_id = p_clinic_id
             and e.voided_at is not null
             and ((e.voided_at >= v_start and e.voided_at < v_end)
               or (e.payment_date >= v_start and e.payment_date < v_end))
          union all
          select 'invoice'::text, s.id, s.id, s.patient_name, s.total_centavos, null::public.payment_method,
                 s.voided_at, s.void_reason
            from public.invoice_summaries s
           where s.clinic_id = p_clinic_id
             and s.voided_at is not null
             and ((s.voided_at >= v_start and s.voided_at < v_end)
               or (s.created_at >= v_start and s.created_at < v_end))
        ) v
    ),
    'open_invoices', (
      -- The day's invoices first (a handful), then their summaries: the view is never computed
      -- for the whole clinic.
      with day_invoices as materialized (
        select i.id
          from public.invoices i
         where i.clinic_id = p_clinic_id
           and i.created_at >= v_start and i.created_at < v_end
           and i.voided_at is null
        union
        -- The conditions of invoices_one_live_per_appointment_idx, so that index finds them.
        select i.id
          from public.appointments a
          join public.invoices i on i.appointment_id = a.id and i.appointment_id is not null and i.voided_at is null
         where a.clinic_id = p_clinic_id
           and a.appointment_time >= v_start and a.appointment_time < v_end
           and not a.deleted
      )
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'id', s.id,
               'patient_name', s.patient_name,
               'appointment_id', s.appointment_id,
               'total_centavos', s.total_centavos,
               'paid_centavos', s.paid_centavos,
               'balance_centavos', s.balance_centavos,
               'status', s.status,
               'created_at', s.created_at
             ) order by s.created_at, s.id), '[]'::json)
        from day_invoices d
        join public.invoice_summaries s on s.id = d.id
       where s.voided_at is null
         and s.status <> 'Paid'
    )
  );
end;
$$;

-- ---------------------------------------------------------------------------
-- day_sheet_export (last defined in 20261128000600_day_sheet_export.sql)
-- ---------------------------------------------------------------------------
create or replace function public.day_sheet_export(p_clinic_id bigint, p_day date)
returns json
language plpgsql
-- Definer: only to write audit_events, which no role may insert into. The access rule stays
-- day_sheet()'s own: can_read_reports() reads the caller from the request's JWT (auth.uid()),
-- which a security definer function does not change, so the caller is checked, not the owner.
security definer
set search_path = ''
as $$
declare
  v_sheet json;
  v_rows integer;
begin
  -- The same check day_sheet() makes, first, so that nothing else runs for a refused caller.
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.'
      using errcode = 'insufficient_privilege',
            hint = 'report_forbidden';
  end if;
  -- The day sheet itself, written once (it checks access again, and the day and the clinic).
  v_sheet := public.day_sheet(p_clinic_id, p_day);

  -- The CSV's data rows (daySheetCsv): one per appointment, per payment, per void and per open
  -- invoice. Titles, column headings and the per-method and grand totals are not records.
  v_rows := pg_catalog.json_array_length(v_sheet -> 'appointments')
          + pg_catalog.json_array_length(v_sheet -> 'payments')
          + pg_catalog.json_array_length(v_sheet -> 'voids')
          + pg_catalog.json_array_length(v_sheet -> 'open_invoices');

  -- Through the trail's own machinery: audit_append() takes the actor and the door (browser)
  -- from the caller's JWT whatever is written here.
  insert into public.audit_events (clinic_id, entity, entity_label, action, after, actor_user_id, source)
  values (p_clinic_id, 'export', 'day-sheet', 'export',
          pg_catalog.jsonb_build_object('kind', 'day-sheet', 'rows', v_rows,
                                        'filters', pg_catalog.jsonb_build_object('day', p_day)),
          auth.uid(), 'browser');

  return v_sheet;
end;
$$;

-- ---------------------------------------------------------------------------
-- no_show_insight (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.no_show_insight(p_clinic_id bigint, p_from date, p_to date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_zone text;
  v_start timestamptz;
  v_end timestamptz;
  v_result json;
begin
  if not public.can_read_reports(p_clinic_id) then
    raise exception 'Your role may not read reports of this clinic.'
      using errcode = 'insufficient_privilege',
            hint = 'report_forbidden';
  end if;
  if p_from is null or p_to is null then
    raise exception 'Choose the first and last day of the period.'
      using errcode = 'invalid_parameter_value',
            hint = 'report_period_required';
  end if;
  if p_from > p_to then
    raise exception 'The period must start on or before its last day.'
      using errcode = 'invalid_parameter_value',
            hint = 'report_period_reversed';
  end if;
  if p_to - p_from >= 731 then
    raise exception 'The period can be at most 2 years (731 days).'
      using errcode = 'invalid_parameter_value',
            hint = 'report_period_too_long';
  end if;
  select c.timezone into v_zone from public.clinics c where c.id = p_clinic_id;
  if not found then
    raise exception 'Clinic not found.' using errcode = 'PT404', hint = 'clinic_not_found';
  end if;
  v_start := p_from::timestamp at time zone v_zone;
  -- Only appointments whose time has come have an outcome.
  v_end := least((p_to + 1)::timestamp at time zone v_zone, pg_catalog.now());

  with base as (
    select
      a.dentist_id,
      extract(isodow from a.appointment_time at time zone v_zone)::integer as weekday,
      extract(hour from a.appointment_time at time zone v_zone)::integer as hour,
      a.status = 'No Show' as no_show,
      -- Late cancel: cancelled less than 24 hours before the appointment (or after it). The time of
      -- the cancellation is the row's updated_at (no change history exists; docs/reports.md).
      a.status = 'Cancelled' and a.updated_at > a.appointment_time - interval '24 hours' as late_cancel
    from public.appointments a
    where a.clinic_id = p_clinic_id
      and a.appointment_time >= v_start and a.appointment_time < v_end
      and not a.deleted
  ),
  grouped as (
    select
      grouping(b.dentist_id) as by_dentist,
      grouping(b.weekday) as by_weekday,
      grouping(b.hour) as by_hour,
      b.dentist_id,
      b.weekday,
      b.hour,
      count(*)::integer as booked,
      (count(*) filter (where b.no_show))::integer as no_shows,
      (count(*) filter (where b.late_cancel))::integer as late_cancels
    from base b
    group by grouping sets ((b.dentist_id), (b.weekday), (b.hour), ())
  )
  select pg_catalog.json_build_object(
    'from', p_from,
    'to', p_to,
    'time_zone', v_zone,
    'as_of', pg_catalog.now(),
    'overall', (
      select pg_catalog.json_build_object('booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels)
        from grouped g
       where g.by_dentist = 1 and g.by_weekday = 1 and g.by_hour = 1
    ),
    'by_dentist', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'dentist_id', g.dentist_id,
               'dentist_name', d.name,
               'booked', g.booked,
               'no_shows', g.no_shows,
               'late_cancels', g.late_cancels
             ) order by d.name, g.dentist_id), '[]'::json)
        from grouped g
        join public.dentists d on d.id = g.dentist_id
       where g.by_dentist = 0
    ),
    'by_weekday', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'weekday', g.weekday, 'booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels
             ) order by g.weekday), '[]'::json)
        from grouped g
       where g.by_weekday = 0
    ),
    'by_hour', (
      select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
               'hour', g.hour, 'booked', g.booked, 'no_shows', g.no_shows, 'late_cancels', g.late_cancels
             ) order by g.hour), '[]'::json)
        from grouped g
       where g.by_hour = 0
    )
  ) into v_result;
  return v_result;
end;
$$;

-- ---------------------------------------------------------------------------
-- stamp_recall_request_handled (last defined in 20261126000200_recalls.sql)
-- ---------------------------------------------------------------------------
create or replace function public.stamp_recall_request_handled()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'open' then
      raise exception 'This booking request was already handled.'
        using errcode = 'check_violation',
              hint = 'recall_request_closed';
    end if;
    new.handled_at := now();
    new.handled_by := (select auth.uid());
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- dismiss_recall_request (last defined in 20261128000202_rpc_refusals.sql)
-- ---------------------------------------------------------------------------
create or replace function public.dismiss_recall_request(p_request_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_status text;
begin
  update public.recall_requests set status = 'dismissed' where id = p_request_id and status = 'open';
  if found then
    return;
  end if;
  select r.status into v_status from public.recall_requests r where r.id = p_request_id;
  if not found then
    raise exception 'This booking request was already handled, or it does not exist.'
      using errcode = 'PT404',
            hint = 'recall_request_closed';
  end if;
  if v_status = 'open' then
    raise exception 'Only the front desk can dismiss booking requests.'
      using errcode = 'insufficient_privilege',
            hint = 'recall_dismiss_forbidden';
  end if;
  raise exception 'This booking request was already handled, or it does not exist.'
    using errcode = 'PT409',
          hint = 'recall_request_closed';
end;
$$;

-- ---------------------------------------------------------------------------
-- guard_waitlist_entry (last defined in 20261126000300_waitlist.sql)
-- ---------------------------------------------------------------------------
create or replace function public.guard_waitlist_entry()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_today date;
begin
  if not public.is_browser_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- Another clinic: row-level security refuses the row after this trigger.
    if not public.can_access_clinic(new.clinic_id) then
      return new;
    end if;
    if new.status <> 'waiting' or new.booked_appointment_id is not null or new.removed_at is not null then
      raise exception 'A new waitlist entry starts as waiting.'
        using errcode = 'insufficient_privilege',
              hint = 'waitlist_entry_starts_waiting';
    end if;
    new.created_by := (select auth.uid());
    select (pg_catalog.now() at time zone c.timezone)::date into v_today
      from public.clinics c where c.id = new.clinic_id;
    if new.from_date < v_today then
      raise exception 'The waitlist dates cannot be in the past.' using errcode = 'check_violation',
        detail = 'from_date before the clinic''s today', hint = 'waitlist_dates_past';
    end if;
    if exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id and p.deleted) then
      raise exception 'This patient has been deleted.'
        using errcode = 'check_violation', detail = 'patient deleted',
              hint = 'patient_deleted';
    end if;
    if exists (
      select 1 from public.dentists d
       where d.id = new.dentist_id and d.clinic_id = new.clinic_id and (d.deleted or not d.is_active)
    ) then
      raise exception 'This dentist is not taking appointments.' using errcode = 'check_violation',
        detail = 'dentist inactive or deleted', hint = 'dentist_not_bookable';
    end if;
    return new;
  end if;

  if (pg_catalog.to_jsonb(new) - 'status' - 'updated_at') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'updated_at')
     or new.status <> 'removed' then
    raise exception 'Staff can only remove a waitlist entry.'
      using errcode = 'insufficient_privilege',
            hint = 'waitlist_entry_remove_only';
  end if;
  if old.status not in ('waiting', 'offered') then
    raise exception 'This waitlist entry is already booked or removed.' using errcode = 'check_violation',
      detail = 'entry closed', hint = 'waitlist_entry_closed';
  end if;
  new.removed_at := pg_catalog.now();
  new.removed_by := (select auth.uid());
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- take_waitlist_offer (last defined in 20261126000300_waitlist.sql)
-- ---------------------------------------------------------------------------
create or replace function public.take_waitlist_offer(p_clinic_id bigint, p_offer_id bigint, p_psid text, p_mid text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_offer public.waitlist_offers;
  v_entry public.waitlist_entries;
  v_slot public.waitlist_freed_slots;
  v_outcome text;
  v_appointment_id bigint;
begin
  if public.is_browser_role() then
    raise exception 'Only the notification service books waitlist offers.'
      using errcode = 'insufficient_privilege',
            hint = 'waitlist_offer_service_only';
  end if;
  -- Audit trail (issue 17 part 5): this change comes from a Messenger webhook event.
  perform pg_catalog.set_config('ngiti.audit_source', 'webhook', true);

  insert into public.waitlist_replies (mid, clinic_id, offer_id, psid, outcome)
  values (p_mid, p_clinic_id, p_offer_id, p_psid, 'ignored')
  on conflict (mid) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;

  select o.* into v_offer from public.waitlist_offers o
   where o.id = p_offer_id and o.clinic_id = p_clinic_id and o.messenger_id = p_psid;
  if not found then
    return jsonb_build_object('outcome', 'ignored');
  end if;
  -- Every tap of one slot waits here for the one before it.
  select s.* into v_slot from public.waitlist_freed_slots s
   where s.id = v_offer.freed_slot_id and s.clinic_id = v_offer.clinic_id
   for update;
  select o.* into v_offer from public.waitlist_offers o where o.id = p_offer_id for update;
  select e.* into v_entry from public.waitlist_entries e where e.id = v_offer.entry_id for update;

  if v_offer.status = 'booked' then
    v_outcome := 'already_booked';
    v_appointment_id := v_offer.appointment_id;
  elsif v_offer.status = 'withdrawn' or v_entry.status = 'removed' then
    v_outcome := 'withdrawn';
  elsif v_slot.taken_offer_id is not null or v_offer.status = 'gone' then
    v_outcome := 'gone';
  elsif v_offer.status = 'expired' or v_offer.slot_time <= pg_catalog.now() then
    v_outcome := 'expired';
  else
    begin
      insert into public.appointments (clinic_id, patient_id, dentist_id, appointment_time, status, booking_origin)
      values (v_entry.clinic_id, v_entry.patient_id, v_entry.dentist_id, v_offer.slot_time, 'Scheduled', 'waitlist')
      returning id into v_appointment_id;
      v_outcome := 'booked';
    exception when exclusion_violation then
      v_outcome := 'gone';
    end;
  end if;

  if v_outcome = 'booked' then
    update public.waitlist_offers
       set status = 'booked', appointment_id = v_appointment_id, answered_at = pg_catalog.now()
     where id = v_offer.id;
    update public.waitlist_entries
       set status = 'booked', booked_appointment_id = v_appointment_id
     where id = v_entry.id;
    update public.waitlist_freed_slots set taken_offer_id = v_offer.id where id = v_slot.id;
  end if;
  if v_outcome in ('booked', 'gone') then
    -- The slot is no longer free: every other open offer of it is gone, and
    -- their entries wait again.
    with ended as (
      update public.waitlist_offers o
         set status = 'gone', answered_at = case when o.id = v_offer.id then pg_catalog.now() else o.answered_at end
       where o.freed_slot_id = v_slot.id and o.status in ('sending', 'sent', 'failed')
       returning o.entry_id
    )
    update public.waitlist_entries e
       set status = 'waiting'
      from ended
     where e.id = ended.entry_id and e.status = 'offered';
  elsif v_outcome = 'expired' and v_offer.status in ('sending', 'sent', 'failed') then
    update public.waitlist_offers set status = 'expired', answered_at = pg_catalog.now() where id = v_offer.id;
    update public.waitlist_entries set status = 'waiting' where id = v_entry.id and status = 'offered';
  end if;

  update public.waitlist_replies set outcome = v_outcome::public.waitlist_reply_outcome where mid = p_mid;
  return jsonb_build_object(
    'outcome', v_outcome,
    'offer_id', v_offer.id,
    'entry_id', v_entry.id,
    'slot_time', v_offer.slot_time,
    'appointment_id', v_appointment_id
  );
end;
$$;
