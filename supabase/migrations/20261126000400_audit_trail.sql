-- ============================================================================
-- Audit trail (issue 17 part 5): who changed what, when, and through which door.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite. See docs/audit-trail.md.
--
--   audit_log   one row per audited change, written only by the triggers below:
--               appointments (booked, status, time, dentist, cancelled/deleted),
--               invoices and payments (added, voided, removed), staff profiles
--               (added, name/e-mail/role changed, removed), the clinic settings
--               of Clinic Config, and the Facebook page connection (page ids on
--               clinics; the page access token in clinic_secrets is recorded as
--               "stored/replaced/removed", never its value).
--
-- Each row keeps only the audited fields that changed (before -> after), the
-- actor (auth user id plus a snapshot of name, e-mail and role, so it reads the
-- same after the user is deleted) and the source:
--   browser   the statement came through PostgREST with a signed-in user's JWT
--             (request.jwt.claims role = authenticated);
--   webhook   the transaction ran set_config('ngiti.audit_source', 'webhook', true)
--             (the notification service, for a Messenger webhook event);
--   service   everything else: the service role, edge functions, direct SQL.
-- A service may name the staff member it acts for with
-- set_config('ngiti.audit_actor', '<auth user uuid>', true).
--
-- Append-only for everyone, the service role and the table owner included: no
-- UPDATE/DELETE/TRUNCATE privilege for anyone, and triggers that refuse them
-- (and any INSERT that does not come from an audit trigger) even for a
-- superuser. No foreign keys: the log outlives deleted clinics, users and
-- appointments. The one way to remove rows (retention, erasing a test
-- database) is the owner's, inside one transaction:
--   alter table public.audit_log disable trigger audit_log_append_only; ... ; enable again.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- audit_log
-- ---------------------------------------------------------------------------
create table public.audit_log (
  id bigint generated always as identity primary key,
  clinic_id bigint not null,
  entity text not null check (
    entity in ('appointment', 'invoice', 'payment', 'user', 'clinic', 'facebook_connection')
  ),
  entity_id bigint not null,
  entity_label text check (entity_label is null or char_length(entity_label) <= 500),
  action text not null check (action in ('insert', 'update', 'delete', 'void', 'connect', 'disconnect')),
  before jsonb,
  after jsonb,
  actor_user_id uuid,
  actor_name text,
  actor_email text,
  actor_role text,
  source text not null check (source in ('browser', 'service', 'webhook')),
  occurred_at timestamptz not null default now()
);

comment on table public.audit_log is
  'Append-only record of every audited change (appointments, invoices, payments, staff, clinic settings, Facebook '
  'connection), written by triggers only. Admins of the clinic and superadmins read it.';
comment on column public.audit_log.clinic_id is 'The clinic the changed row belongs to; no foreign key, the log outlives the clinic.';
comment on column public.audit_log.entity_id is 'Id of the changed row (for facebook_connection: the clinic id).';
comment on column public.audit_log.entity_label is
  'What the row was about when it changed (patient name, staff name, clinic name), so the log reads without joins.';
comment on column public.audit_log.action is
  'insert, update, delete (a soft delete of an appointment too), void, connect or disconnect (Facebook page).';
comment on column public.audit_log.before is
  'The audited fields that changed, as they were (null for an insert). Money as integer centavos (*_centavos).';
comment on column public.audit_log.after is 'The audited fields that changed, as they became (null for a delete).';
comment on column public.audit_log.actor_user_id is
  'auth.users id of who made the change: the JWT''s user (browser), or ngiti.audit_actor set by a service; null otherwise.';
comment on column public.audit_log.actor_name is 'The actor''s staff name when the change was made (kept after the user is deleted).';
comment on column public.audit_log.source is
  'browser (a signed-in user through the API), webhook (ngiti.audit_source = webhook), or service (anything else).';

create index audit_log_clinic_time_idx on public.audit_log (clinic_id, occurred_at desc, id desc);
create index audit_log_clinic_entity_time_idx on public.audit_log (clinic_id, entity, occurred_at desc, id desc);
create index audit_log_clinic_actor_time_idx on public.audit_log (clinic_id, actor_user_id, occurred_at desc, id desc);

-- ---------------------------------------------------------------------------
-- Append-only: nothing but the audit triggers writes, nobody updates or deletes
-- ---------------------------------------------------------------------------
create function public.audit_log_refuse_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- Depth 1 is a statement on audit_log itself; rows come from the audit triggers (depth >= 2).
    if pg_catalog.pg_trigger_depth() >= 2 then
      return new;
    end if;
    raise exception 'The audit log is written by the database only.'
      using errcode = 'insufficient_privilege';
  end if;
  raise exception 'The audit log is append-only: its rows cannot be changed or removed.'
    using errcode = 'insufficient_privilege';
end;
$$;

comment on function public.audit_log_refuse_change() is
  'Trigger on audit_log: refuses (42501) UPDATE, DELETE, TRUNCATE and any INSERT not made by an audit trigger.';

create trigger audit_log_append_only before insert or update or delete on public.audit_log
  for each row execute function public.audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function public.audit_log_refuse_change();

-- ---------------------------------------------------------------------------
-- Writing a row: who and through which door
-- ---------------------------------------------------------------------------

-- The changed keys of p_new against p_old: (before, after) with only those keys; nulls when none.
create function public.audit_changes(p_old jsonb, p_new jsonb, out before jsonb, out after jsonb)
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_object_agg(e.key, p_old -> e.key), pg_catalog.jsonb_object_agg(e.key, e.value)
    from pg_catalog.jsonb_each(p_new) e
   where (p_old -> e.key) is distinct from e.value
$$;

comment on function public.audit_changes(jsonb, jsonb) is
  'The keys whose values differ between p_old and p_new, as (before, after) objects; both null when nothing changed.';

create function public.audit_write(
  p_clinic_id bigint,
  p_entity text,
  p_entity_id bigint,
  p_label text,
  p_action text,
  p_before jsonb,
  p_after jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claims jsonb;
  v_source text;
  v_actor uuid;
  v_name text;
  v_email text;
  v_role text;
begin
  begin
    v_claims := nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb;
  exception when others then
    v_claims := null;
  end;
  -- A browser cannot claim to be a webhook: with a user's JWT the source is the browser.
  if v_claims ->> 'role' = 'authenticated' and v_claims ->> 'sub' is not null then
    v_source := 'browser';
    v_actor := (v_claims ->> 'sub')::uuid;
  else
    v_source := case
      when pg_catalog.current_setting('ngiti.audit_source', true) = 'webhook' then 'webhook'
      else 'service'
    end;
    begin
      v_actor := nullif(pg_catalog.current_setting('ngiti.audit_actor', true), '')::uuid;
    exception when invalid_text_representation then
      v_actor := null;
    end;
  end if;
  if v_actor is not null then
    select u.name, u.email, u.role into v_name, v_email, v_role from public.users u where u.user_id = v_actor;
    if not found then
      select a.email into v_email from auth.users a where a.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (
    clinic_id, entity, entity_id, entity_label, action, before, after,
    actor_user_id, actor_name, actor_email, actor_role, source
  ) values (
    p_clinic_id, p_entity, p_entity_id, pg_catalog.left(p_label, 500), p_action, p_before, p_after,
    v_actor, v_name, v_email, v_role, v_source
  );
end;
$$;

comment on function public.audit_write(bigint, text, bigint, text, text, jsonb, jsonb) is
  'Appends one audit_log row with the caller''s actor snapshot and source (browser / webhook / service). '
  'Called only by the audit triggers.';

-- ---------------------------------------------------------------------------
-- appointments: booked, status, time, dentist, cancelled (soft delete), removed
-- ---------------------------------------------------------------------------
create function public.audit_appointment_fields(
  p_status text, p_time timestamptz, p_dentist_id bigint, p_deleted boolean
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'status', p_status,
    'appointment_time', p_time,
    'dentist_id', p_dentist_id,
    'dentist', (select d.name from public.dentists d where d.id = p_dentist_id),
    'deleted', p_deleted
  )
$$;

comment on function public.audit_appointment_fields(text, timestamptz, bigint, boolean) is
  'The audited fields of an appointment; the dentist''s name beside the id, so the log reads without joins.';

create function public.audit_appointment_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.appointments := case when tg_op = 'DELETE' then old else new end;
  v_label text := (select p.name from public.patients p where p.id = v_row.patient_id);
  v_change record;
begin
  if tg_op = 'INSERT' then
    perform public.audit_write(new.clinic_id, 'appointment', new.id, v_label, 'insert', null,
      public.audit_appointment_fields(new.status, new.appointment_time, new.dentist_id, new.deleted) - 'deleted');
  elsif tg_op = 'DELETE' then
    perform public.audit_write(old.clinic_id, 'appointment', old.id, v_label, 'delete',
      public.audit_appointment_fields(old.status, old.appointment_time, old.dentist_id, old.deleted), null);
  else
    select * into v_change from public.audit_changes(
      public.audit_appointment_fields(old.status, old.appointment_time, old.dentist_id, old.deleted),
      public.audit_appointment_fields(new.status, new.appointment_time, new.dentist_id, new.deleted));
    if v_change.after is not null then
      perform public.audit_write(new.clinic_id, 'appointment', new.id, v_label,
        case when new.deleted and not old.deleted then 'delete' else 'update' end,
        v_change.before, v_change.after);
    end if;
  end if;
  return null;
end;
$$;

create trigger appointments_audit after insert or update or delete on public.appointments
  for each row execute function public.audit_appointment_change();

-- ---------------------------------------------------------------------------
-- invoices and payments: added, voided, removed (money as integer centavos)
-- ---------------------------------------------------------------------------
create function public.audit_invoice_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invoices := case when tg_op = 'DELETE' then old else new end;
  v_label text := (select p.name from public.patients p where p.id = v_row.patient_id);
  v_old jsonb;
  v_new jsonb;
  v_change record;
begin
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.jsonb_build_object(
      'total_centavos', (old.total * 100)::bigint, 'appointment_id', old.appointment_id,
      'voided_at', old.voided_at, 'void_reason', old.void_reason);
  end if;
  if tg_op <> 'DELETE' then
    v_new := pg_catalog.jsonb_build_object(
      'total_centavos', (new.total * 100)::bigint, 'appointment_id', new.appointment_id,
      'voided_at', new.voided_at, 'void_reason', new.void_reason);
  end if;
  if tg_op = 'INSERT' then
    perform public.audit_write(new.clinic_id, 'invoice', new.id, v_label, 'insert', null,
      pg_catalog.jsonb_strip_nulls(v_new));
  elsif tg_op = 'DELETE' then
    perform public.audit_write(old.clinic_id, 'invoice', old.id, v_label, 'delete', pg_catalog.jsonb_strip_nulls(v_old), null);
  else
    select * into v_change from public.audit_changes(v_old, v_new);
    if v_change.after is not null then
      perform public.audit_write(new.clinic_id, 'invoice', new.id, v_label,
        case when new.voided_at is not null and old.voided_at is null then 'void' else 'update' end,
        v_change.before, v_change.after);
    end if;
  end if;
  return null;
end;
$$;

create trigger invoices_audit after insert or update or delete on public.invoices
  for each row execute function public.audit_invoice_change();

create function public.audit_payment_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.payments := case when tg_op = 'DELETE' then old else new end;
  v_label text := (select p.name from public.patients p where p.id = v_row.patient_id);
  v_old jsonb;
  v_new jsonb;
  v_change record;
begin
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.jsonb_build_object(
      'amount_centavos', (old.amount * 100)::bigint, 'method', old.method, 'invoice_id', old.invoice_id,
      'reference_number', old.reference_number, 'payment_date', old.payment_date,
      'voided_at', old.voided_at, 'void_reason', old.void_reason);
  end if;
  if tg_op <> 'DELETE' then
    v_new := pg_catalog.jsonb_build_object(
      'amount_centavos', (new.amount * 100)::bigint, 'method', new.method, 'invoice_id', new.invoice_id,
      'reference_number', new.reference_number, 'payment_date', new.payment_date,
      'voided_at', new.voided_at, 'void_reason', new.void_reason);
  end if;
  if tg_op = 'INSERT' then
    perform public.audit_write(new.clinic_id, 'payment', new.id, v_label, 'insert', null,
      pg_catalog.jsonb_strip_nulls(v_new));
  elsif tg_op = 'DELETE' then
    perform public.audit_write(old.clinic_id, 'payment', old.id, v_label, 'delete', pg_catalog.jsonb_strip_nulls(v_old), null);
  else
    select * into v_change from public.audit_changes(v_old, v_new);
    if v_change.after is not null then
      perform public.audit_write(new.clinic_id, 'payment', new.id, v_label,
        case when new.voided_at is not null and old.voided_at is null then 'void' else 'update' end,
        v_change.before, v_change.after);
    end if;
  end if;
  return null;
end;
$$;

create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function public.audit_payment_change();

-- ---------------------------------------------------------------------------
-- users (staff profiles): added, name / e-mail / role changed, removed
-- ---------------------------------------------------------------------------
create function public.audit_user_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
  v_change record;
begin
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.jsonb_build_object('name', old.name, 'email', old.email, 'role', old.role);
  end if;
  if tg_op <> 'DELETE' then
    v_new := pg_catalog.jsonb_build_object('name', new.name, 'email', new.email, 'role', new.role);
  end if;
  if tg_op = 'INSERT' then
    perform public.audit_write(new.clinic_id, 'user', new.id, new.name, 'insert', null, v_new);
  elsif tg_op = 'DELETE' then
    perform public.audit_write(old.clinic_id, 'user', old.id, old.name, 'delete', v_old, null);
  else
    select * into v_change from public.audit_changes(v_old, v_new);
    if v_change.after is not null then
      perform public.audit_write(new.clinic_id, 'user', new.id, new.name, 'update', v_change.before, v_change.after);
    end if;
  end if;
  return null;
end;
$$;

create trigger users_audit after insert or update or delete on public.users
  for each row execute function public.audit_user_change();

-- ---------------------------------------------------------------------------
-- clinics: the Clinic Config settings, and the Facebook page connection
-- ---------------------------------------------------------------------------
create function public.audit_clinic_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
  v_old_page jsonb;
  v_new_page jsonb;
  v_change record;
begin
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.jsonb_build_object(
      'name', old.name, 'timezone', old.timezone, 'reminder_time', old.reminder_time, 'address', old.address,
      'contact_email', old.contact_email, 'contact_phone', old.contact_phone,
      -- Another form column (20261126000200_recalls.sql); read by name, so this holds without it.
      'recall_interval_months', pg_catalog.to_jsonb(old) -> 'recall_interval_months');
    v_old_page := pg_catalog.jsonb_build_object('fb_page_id', old.fb_page_id, 'messenger_page_id', old.messenger_page_id);
  end if;
  if tg_op <> 'DELETE' then
    v_new := pg_catalog.jsonb_build_object(
      'name', new.name, 'timezone', new.timezone, 'reminder_time', new.reminder_time, 'address', new.address,
      'contact_email', new.contact_email, 'contact_phone', new.contact_phone,
      -- Another form column (20261126000200_recalls.sql); read by name, so this holds without it.
      'recall_interval_months', pg_catalog.to_jsonb(new) -> 'recall_interval_months');
    v_new_page := pg_catalog.jsonb_build_object('fb_page_id', new.fb_page_id, 'messenger_page_id', new.messenger_page_id);
  end if;
  if tg_op = 'INSERT' then
    perform public.audit_write(new.id, 'clinic', new.id, new.name, 'insert', null, pg_catalog.jsonb_strip_nulls(v_new));
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.audit_write(old.id, 'clinic', old.id, old.name, 'delete', pg_catalog.jsonb_strip_nulls(v_old), null);
    return null;
  end if;
  select * into v_change from public.audit_changes(v_old, v_new);
  if v_change.after is not null then
    perform public.audit_write(new.id, 'clinic', new.id, new.name, 'update', v_change.before, v_change.after);
  end if;
  select * into v_change from public.audit_changes(v_old_page, v_new_page);
  if v_change.after is not null then
    perform public.audit_write(new.id, 'facebook_connection', new.id, new.name,
      case
        when old.fb_page_id is null and old.messenger_page_id is null then 'connect'
        when new.fb_page_id is null and new.messenger_page_id is null then 'disconnect'
        else 'update'
      end,
      v_change.before, v_change.after);
  end if;
  return null;
end;
$$;

create trigger clinics_audit after insert or update or delete on public.clinics
  for each row execute function public.audit_clinic_change();

-- The page access token itself is a secret: the log says it was stored, replaced or removed.
create function public.audit_page_token_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_clinic_id bigint := case when tg_op = 'DELETE' then old.clinic_id else new.clinic_id end;
  v_label text := (select c.name from public.clinics c where c.id = v_clinic_id);
  v_had boolean := tg_op <> 'INSERT' and old.fb_page_access_token is not null;
  v_has boolean := tg_op <> 'DELETE' and new.fb_page_access_token is not null;
begin
  if tg_op = 'UPDATE' and new.fb_page_access_token is not distinct from old.fb_page_access_token then
    return null;
  end if;
  if not v_had and not v_has then
    return null;
  end if;
  perform public.audit_write(v_clinic_id, 'facebook_connection', v_clinic_id, v_label, 'update',
    pg_catalog.jsonb_build_object('page_access_token', case when v_had then 'stored' end),
    pg_catalog.jsonb_build_object('page_access_token',
      case when v_has and v_had then 'replaced' when v_has then 'stored' end));
  return null;
end;
$$;

create trigger clinic_secrets_audit after insert or update or delete on public.clinic_secrets
  for each row execute function public.audit_page_token_change();

-- ---------------------------------------------------------------------------
-- Reading: admins of the clinic and superadmins
-- ---------------------------------------------------------------------------
alter table public.audit_log enable row level security;

create policy "Admins can read their clinic's audit log" on public.audit_log
  for select to authenticated
  using (
    (select public.is_superadmin())
    or (clinic_id = (select public.current_clinic_id()) and (select public.has_any_role(array['admin'])))
  );

-- The people who appear in a clinic's log (for the Audit Trail's user filter), each with the name of
-- their latest row, by name. A skip scan of audit_log_clinic_actor_time_idx (one index probe per
-- actor), so it stays fast however long the log grows. Security invoker: the select policy above
-- decides which rows it sees.
create function public.audit_log_actors(p_clinic_id bigint)
returns table (actor_user_id uuid, actor_name text, actor_email text)
language sql
stable
set search_path = ''
as $$
  with recursive actors (actor_user_id) as (
    (
      select l.actor_user_id from public.audit_log l
       where l.clinic_id = p_clinic_id and l.actor_user_id is not null
       order by l.actor_user_id
       limit 1
    )
    union all
    select (
      select l.actor_user_id from public.audit_log l
       where l.clinic_id = p_clinic_id and l.actor_user_id > a.actor_user_id
       order by l.actor_user_id
       limit 1
    )
      from actors a
     where a.actor_user_id is not null
  )
  select a.actor_user_id, latest.actor_name, latest.actor_email
    from actors a
   cross join lateral (
     select l.actor_name, l.actor_email from public.audit_log l
      where l.clinic_id = p_clinic_id and l.actor_user_id = a.actor_user_id
      order by l.occurred_at desc, l.id desc
      limit 1
   ) latest
   where a.actor_user_id is not null
   order by pg_catalog.lower(coalesce(latest.actor_name, latest.actor_email, '')), a.actor_user_id
$$;

comment on function public.audit_log_actors(bigint) is
  'Everyone who made an audited change in clinic p_clinic_id, with their latest name and e-mail, by name. '
  'Empty for callers who may not read the clinic''s audit log.';

-- ---------------------------------------------------------------------------
-- Privileges: reads only, for everyone; the owner keeps INSERT for the
-- security-definer audit functions and loses the rest.
-- ---------------------------------------------------------------------------
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
revoke update, delete, truncate on public.audit_log from current_user;

revoke execute on function
  public.audit_log_refuse_change(),
  public.audit_changes(jsonb, jsonb),
  public.audit_write(bigint, text, bigint, text, text, jsonb, jsonb),
  public.audit_appointment_fields(text, timestamptz, bigint, boolean),
  public.audit_appointment_change(),
  public.audit_invoice_change(),
  public.audit_payment_change(),
  public.audit_user_change(),
  public.audit_clinic_change(),
  public.audit_page_token_change(),
  public.audit_log_actors(bigint)
from public, anon, authenticated, service_role;

grant execute on function public.audit_log_actors(bigint) to authenticated, service_role;
