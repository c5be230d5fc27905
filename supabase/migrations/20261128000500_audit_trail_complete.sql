-- ============================================================================
-- The audit trail, complete: one generic audit trigger for every audited table,
-- sign-ins and failed sign-ins, and exports. See docs/audit-trail.md.
--
-- Before this, each audited table had a hand-written trigger that kept a fixed
-- list of fields, so a change of an appointment's patient, reason or reminder
-- recipient, any patient edit (a Messenger ID that silently redirects the
-- patient's reminders), procedures, categories, prices and availability left no
-- trace. Now one function, audit_row_change(), records every column of a row
-- (before -> after, only what changed) for every table it is attached to, so a
-- column added later is audited without touching this file. Per table, the
-- trigger's arguments say only what to leave out and which columns are money:
--
--   audit_row_change(entity, skip columns, money columns)
--
-- id, clinic_id, created_at and updated_at are never recorded (the row's own
-- keys are columns of audit_log; the times are bookkeeping). Money is recorded
-- as integer centavos (<column>_centavos). Columns whose names say they hold a
-- secret (token, password, secret, hash) are recorded as 'stored', 'replaced'
-- or null, never their value.
--
-- Doors (audit_log.source), decided by audit_append() from the request:
--   browser        PostgREST with a user's JWT (role authenticated), or anon;
--   edge_function  PostgREST with the service-role JWT and the header
--                  x-ngiti-door: edge-function (the functions' service client);
--   service        PostgREST with the service-role JWT otherwise, or a direct
--                  connection that set ngiti.audit_source = 'service' (the
--                  notification service and the local gateway do, for every
--                  transaction);
--   webhook        a direct connection that set ngiti.audit_source = 'webhook';
--   auth           sign-ins, written by the auth server;
--   sql            a direct connection that said nothing: psql, a script.
-- Only the service role may claim a door by header: a browser's JWT always wins.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- audit_log: the new kinds of record, actions and doors; sign-ins of unknown
-- e-mails belong to no clinic (superadmins read them), exports to no row.
-- ---------------------------------------------------------------------------
alter table public.audit_log drop constraint audit_log_entity_check;
alter table public.audit_log add constraint audit_log_entity_check check (
  entity in (
    'appointment', 'invoice', 'payment', 'user', 'clinic', 'facebook_connection',
    'patient', 'dentist', 'procedure', 'procedure_category', 'availability', 'sign_in', 'export'
  )
);
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (
  action in ('insert', 'update', 'delete', 'void', 'connect', 'disconnect', 'sign_in', 'sign_in_failed', 'export')
);
alter table public.audit_log drop constraint audit_log_source_check;
alter table public.audit_log add constraint audit_log_source_check check (
  source in ('browser', 'edge_function', 'service', 'webhook', 'auth', 'sql')
);

alter table public.audit_log alter column clinic_id drop not null;
alter table public.audit_log alter column entity_id drop not null;
alter table public.audit_log add column table_name text;
alter table public.audit_log add column client_address text
  check (client_address is null or char_length(client_address) <= 100);

comment on column public.audit_log.clinic_id is
  'The clinic the changed row belongs to; no foreign key, the log outlives the clinic. Null for a failed sign-in of an address with no account (superadmins read those).';
comment on column public.audit_log.entity_id is 'Id of the changed row (for facebook_connection: the clinic id); null for exports.';
comment on column public.audit_log.table_name is 'The table whose row changed (null for sign-ins and exports).';
comment on column public.audit_log.client_address is 'Sign-ins: the address the attempt came from.';
comment on column public.audit_log.source is
  'browser, edge_function, service, webhook, auth (sign-ins) or sql (a direct connection that did not say which service it is).';

-- ---------------------------------------------------------------------------
-- Writing a row: who and through which door, decided once, here.
-- ---------------------------------------------------------------------------
create function public.audit_append(
  p_clinic_id bigint,
  p_entity text,
  p_entity_id bigint,
  p_label text,
  p_action text,
  p_before jsonb,
  p_after jsonb,
  p_table text default null,
  p_actor uuid default null,
  p_source text default null,
  p_address text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claims jsonb;
  v_headers jsonb;
  v_role text;
  v_source text;
  v_actor uuid;
  v_name text;
  v_email text;
  v_user_role text;
begin
  begin
    v_claims := nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb;
  exception when others then
    v_claims := null;
  end;
  v_role := v_claims ->> 'role';
  if v_role = 'authenticated' and v_claims ->> 'sub' is not null then
    -- A browser cannot claim another door or another person.
    v_source := 'browser';
    v_actor := (v_claims ->> 'sub')::uuid;
  elsif v_role = 'anon' then
    v_source := 'browser';
  else
    if v_role = 'service_role' then
      begin
        v_headers := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
      exception when others then
        v_headers := null;
      end;
      v_source := case
        when pg_catalog.lower(v_headers ->> 'x-ngiti-door') = 'edge-function' then 'edge_function'
        else 'service'
      end;
    else
      v_source := case pg_catalog.current_setting('ngiti.audit_source', true)
        when 'webhook' then 'webhook'
        when 'service' then 'service'
        else 'sql'
      end;
    end if;
    v_source := coalesce(p_source, v_source);
    v_actor := p_actor;
    if v_actor is null then
      begin
        v_actor := nullif(pg_catalog.current_setting('ngiti.audit_actor', true), '')::uuid;
      exception when invalid_text_representation then
        v_actor := null;
      end;
    end if;
  end if;
  if v_actor is not null then
    select u.name, u.email, u.role into v_name, v_email, v_user_role from public.users u where u.user_id = v_actor;
    if not found then
      select a.email into v_email from auth.users a where a.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (
    clinic_id, entity, entity_id, entity_label, action, before, after,
    actor_user_id, actor_name, actor_email, actor_role, source, table_name, client_address
  ) values (
    p_clinic_id, p_entity, p_entity_id, pg_catalog.left(p_label, 500), p_action, p_before, p_after,
    v_actor, v_name, v_email, v_user_role, v_source, p_table, pg_catalog.left(p_address, 100)
  );
end;
$$;

comment on function public.audit_append(bigint, text, bigint, text, text, jsonb, jsonb, text, uuid, text, text) is
  'Appends one audit_log row with the actor''s snapshot and the door (browser / edge_function / service / webhook / '
  'auth / sql). A user''s JWT always decides the door and the actor; p_actor and p_source apply only without one. '
  'Called only by the audit triggers.';

-- The per-table functions of 20261126000400 that stay (the Facebook page token) write through the
-- same door logic.
create or replace function public.audit_write(
  p_clinic_id bigint,
  p_entity text,
  p_entity_id bigint,
  p_label text,
  p_action text,
  p_before jsonb,
  p_after jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  select public.audit_append(p_clinic_id, p_entity, p_entity_id, p_label, p_action, p_before, p_after)
$$;

-- ---------------------------------------------------------------------------
-- The generic trigger
-- ---------------------------------------------------------------------------

-- A name beside an id, so the log reads without joins and after the row is gone.
create function public.audit_reference_name(p_column text, p_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case p_column
    when 'patient_id' then (select p.name from public.patients p where p.id = p_id::bigint)
    when 'dentist_id' then (select d.name from public.dentists d where d.id = p_id::bigint)
    when 'category_id' then (select c.name from public.procedure_categories c where c.id = p_id::bigint)
  end
$$;

-- A row as the log keeps it: no skipped columns, money in centavos, secrets masked.
create function public.audit_shape(p_row jsonb, p_skip text[], p_money text[])
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_object_agg(
      case when e.key = any (p_money) then e.key || '_centavos' else e.key end,
      case
        when e.value = 'null'::jsonb then e.value
        when e.key ~* '(token|password|secret|hash)' then pg_catalog.to_jsonb('stored'::text)
        when e.key = any (p_money) and e.value #>> '{}' ~ '^-?[0-9]+(\.[0-9]+)?$'
          then pg_catalog.to_jsonb(pg_catalog.round((e.value #>> '{}')::numeric * 100)::bigint)
        else e.value
      end), '{}'::jsonb)
    from pg_catalog.jsonb_each(p_row) e
   where p_row is not null
     and e.key <> all (p_skip || array['id', 'clinic_id', 'created_at', 'updated_at'])
$$;

-- Adds the referenced names (patient, dentist, category) beside the ids in p_fields.
create function public.audit_with_names(p_fields jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_column text;
  v_fields jsonb := p_fields;
begin
  if v_fields is null then
    return null;
  end if;
  foreach v_column in array array['patient_id', 'dentist_id', 'category_id'] loop
    if v_fields ? v_column then
      v_fields := v_fields || pg_catalog.jsonb_build_object(
        pg_catalog.left(v_column, -3),
        case when v_fields ->> v_column is not null
          then public.audit_reference_name(v_column, v_fields ->> v_column) end);
    end if;
  end loop;
  return v_fields;
end;
$$;

create function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entity text := tg_argv[0];
  v_skip text[] := coalesce(pg_catalog.string_to_array(nullif(tg_argv[1], ''), ','), '{}');
  v_money text[] := coalesce(pg_catalog.string_to_array(nullif(tg_argv[2], ''), ','), '{}');
  v_old_raw jsonb;
  v_new_raw jsonb;
  v_row jsonb;
  v_old jsonb;
  v_new jsonb;
  v_change record;
  v_key text;
  v_clinic bigint;
  v_label text;
  v_action text;
  v_actor uuid;
begin
  if tg_op <> 'INSERT' then v_old_raw := pg_catalog.to_jsonb(old); end if;
  if tg_op <> 'DELETE' then v_new_raw := pg_catalog.to_jsonb(new); end if;
  v_row := coalesce(v_new_raw, v_old_raw);
  v_clinic := case when tg_table_name = 'clinics' then v_row ->> 'id' else v_row ->> 'clinic_id' end::bigint;
  v_label := coalesce(
    v_row ->> 'name',
    public.audit_reference_name('patient_id', v_row ->> 'patient_id'),
    public.audit_reference_name('dentist_id', v_row ->> 'dentist_id'));
  v_old := public.audit_shape(v_old_raw, v_skip, v_money);
  v_new := public.audit_shape(v_new_raw, v_skip, v_money);

  if tg_op = 'INSERT' then
    -- A staff profile is inserted by the auth server's trigger on the new account, where nobody's JWT
    -- is set: create-user names who asked in the account's app_metadata (only the service role
    -- writes it), and that is who added the user.
    if tg_table_name = 'users' and v_row ->> 'user_id' is not null then
      begin
        select (a.raw_app_meta_data ->> 'created_by')::uuid into v_actor
          from auth.users a where a.id = (v_row ->> 'user_id')::uuid;
      exception when invalid_text_representation then
        v_actor := null;
      end;
    end if;
    perform public.audit_append(v_clinic, v_entity, (v_row ->> 'id')::bigint, v_label, 'insert', null,
      public.audit_with_names(pg_catalog.jsonb_strip_nulls(v_new)), tg_table_name, v_actor);
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.audit_append(v_clinic, v_entity, (v_row ->> 'id')::bigint, v_label, 'delete',
      public.audit_with_names(pg_catalog.jsonb_strip_nulls(v_old)), null, tg_table_name);
    return null;
  end if;

  -- A secret replaced by another reads 'stored' on both sides once masked: say 'replaced'.
  for v_key in select k from pg_catalog.jsonb_object_keys(v_new) k where k ~* '(token|password|secret|hash)' loop
    if v_old_raw -> v_key <> 'null'::jsonb and v_new_raw -> v_key <> 'null'::jsonb
       and v_old_raw -> v_key is distinct from v_new_raw -> v_key then
      v_new := v_new || pg_catalog.jsonb_build_object(v_key, 'replaced');
    end if;
  end loop;
  select * into v_change from public.audit_changes(v_old, v_new);
  if v_change.after is null then
    return null;
  end if;
  v_action := case
    when (v_new_raw ->> 'deleted')::boolean and not (v_old_raw ->> 'deleted')::boolean then 'delete'
    when v_new_raw ->> 'voided_at' is not null and v_old_raw ->> 'voided_at' is null then 'void'
    else 'update'
  end;
  perform public.audit_append(v_clinic, v_entity, (v_row ->> 'id')::bigint, v_label, v_action,
    public.audit_with_names(v_change.before), public.audit_with_names(v_change.after), tg_table_name);
  return null;
end;
$$;

comment on function public.audit_row_change() is
  'The audit trigger of every audited table: arguments (entity, skipped columns, money columns). Records every '
  'other column that changed, before -> after; money as *_centavos; secrets as stored / replaced / null.';

-- ---------------------------------------------------------------------------
-- Attach it everywhere, replacing the hand-written functions whose behaviour it
-- covers (appointments, invoices, payments, staff profiles, clinic settings).
-- ---------------------------------------------------------------------------
drop trigger appointments_audit on public.appointments;
drop trigger invoices_audit on public.invoices;
drop trigger payments_audit on public.payments;
drop trigger users_audit on public.users;
drop trigger clinics_audit on public.clinics;
drop function public.audit_appointment_change();
drop function public.audit_appointment_fields(text, timestamptz, bigint, boolean);
drop function public.audit_invoice_change();
drop function public.audit_payment_change();
drop function public.audit_user_change();
drop function public.audit_clinic_change();

create trigger appointments_audit after insert or update or delete on public.appointments
  for each row execute function public.audit_row_change('appointment', '', '');
create trigger invoices_audit after insert or update or delete on public.invoices
  for each row execute function public.audit_row_change('invoice', 'idempotency_key', 'total');
create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function public.audit_row_change('payment', 'idempotency_key', 'amount');
-- user_id is the login behind the profile; the actor columns name people by it already.
create trigger users_audit after insert or update or delete on public.users
  for each row execute function public.audit_row_change('user', 'user_id', '');
-- The page columns are the Facebook connection's (below); the token hint is part of a secret.
create trigger clinics_audit after insert or update or delete on public.clinics
  for each row execute function public.audit_row_change('clinic', 'fb_page_id,messenger_page_id,page_token_hint', '');
create trigger patients_audit after insert or update or delete on public.patients
  for each row execute function public.audit_row_change('patient', '', '');
create trigger dentists_audit after insert or update or delete on public.dentists
  for each row execute function public.audit_row_change('dentist', '', '');
create trigger procedures_audit after insert or update or delete on public.procedures
  for each row execute function public.audit_row_change('procedure', '', 'price');
create trigger procedure_categories_audit after insert or update or delete on public.procedure_categories
  for each row execute function public.audit_row_change('procedure_category', '', '');
create trigger dentist_availability_audit after insert or update or delete on public.dentist_availability
  for each row execute function public.audit_row_change('availability', '', '');

-- The Facebook page connection on clinics: connect / disconnect / update, as before.
create function public.audit_facebook_page_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change record;
begin
  select * into v_change from public.audit_changes(
    pg_catalog.jsonb_build_object('fb_page_id', old.fb_page_id, 'messenger_page_id', old.messenger_page_id),
    pg_catalog.jsonb_build_object('fb_page_id', new.fb_page_id, 'messenger_page_id', new.messenger_page_id));
  if v_change.after is not null then
    perform public.audit_append(new.id, 'facebook_connection', new.id, new.name,
      case
        when old.fb_page_id is null and old.messenger_page_id is null then 'connect'
        when new.fb_page_id is null and new.messenger_page_id is null then 'disconnect'
        else 'update'
      end,
      v_change.before, v_change.after, 'clinics');
  end if;
  return null;
end;
$$;

create trigger clinics_facebook_page_audit after update of fb_page_id, messenger_page_id on public.clinics
  for each row execute function public.audit_facebook_page_change();

-- ---------------------------------------------------------------------------
-- Events that are not row changes (sign-ins, exports): written through a table
-- whose trigger appends them and keeps nothing, so audit_log's rule "rows come
-- from an audit trigger" holds for them too. Only the functions below insert.
-- ---------------------------------------------------------------------------
create table public.audit_events (
  clinic_id bigint,
  entity text not null,
  entity_id bigint,
  entity_label text,
  action text not null,
  after jsonb,
  actor_user_id uuid,
  source text not null,
  client_address text
);

comment on table public.audit_events is
  'Always empty: an insert appends the event to audit_log (trigger audit_events_append) and stores nothing. '
  'Written only by audit_record_sign_in and audit_record_export.';

alter table public.audit_events enable row level security;
revoke all on public.audit_events from public, anon, authenticated, service_role;

create function public.audit_event_append()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.audit_append(new.clinic_id, new.entity, new.entity_id, new.entity_label, new.action, null,
    new.after, null, new.actor_user_id, new.source, new.client_address);
  return null;
end;
$$;

create trigger audit_events_append before insert on public.audit_events
  for each row execute function public.audit_event_append();

-- A sign-in or a failed one, as the auth server saw it: whose account the e-mail is (null when
-- none; the e-mail typed is not kept then, it may be anything, a password included), from where.
create function public.audit_record_sign_in(p_user_id uuid, p_succeeded boolean, p_address text, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.users;
  v_email text;
begin
  if p_user_id is not null then
    select * into v_profile from public.users u where u.user_id = p_user_id;
    select a.email into v_email from auth.users a where a.id = p_user_id;
  end if;
  insert into public.audit_events (clinic_id, entity, entity_id, entity_label, action, after, actor_user_id, source,
                                   client_address)
  values (
    v_profile.clinic_id, 'sign_in', v_profile.id, coalesce(v_profile.name, v_email),
    case when p_succeeded then 'sign_in' else 'sign_in_failed' end,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'email', v_email, 'failure', case when not p_succeeded then pg_catalog.left(p_reason, 100) end)),
    case when v_email is not null then p_user_id end, 'auth', p_address);
end;
$$;

comment on function public.audit_record_sign_in(uuid, boolean, text, text) is
  'The auth server records a sign-in (p_succeeded) or a failed one: the account (null when the e-mail has none), '
  'the client address and, for a failure, why (invalid_credentials, email_not_confirmed, user_banned).';

-- An export, recorded by the service that made it: who, which list, its filters, how many rows.
create function public.audit_record_export(
  p_clinic_id bigint, p_actor uuid, p_kind text, p_rows integer, p_filters jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_events (clinic_id, entity, entity_label, action, after, actor_user_id, source)
  values (p_clinic_id, 'export', pg_catalog.left(p_kind, 100), 'export',
          pg_catalog.jsonb_build_object('kind', p_kind, 'rows', p_rows, 'filters', coalesce(p_filters, '{}'::jsonb)),
          p_actor, 'service');
end;
$$;

comment on function public.audit_record_export(bigint, uuid, text, integer, jsonb) is
  'The export service records an export: clinic, who (auth user id), which list, how many rows, with what filters.';

-- ---------------------------------------------------------------------------
-- Privileges: nobody but the database calls the trigger helpers; the two
-- recorders are the service role's (the auth server and the export service).
-- ---------------------------------------------------------------------------
revoke execute on function
  public.audit_append(bigint, text, bigint, text, text, jsonb, jsonb, text, uuid, text, text),
  public.audit_reference_name(text, text),
  public.audit_shape(jsonb, text[], text[]),
  public.audit_with_names(jsonb),
  public.audit_row_change(),
  public.audit_facebook_page_change(),
  public.audit_event_append(),
  public.audit_record_sign_in(uuid, boolean, text, text),
  public.audit_record_export(bigint, uuid, text, integer, jsonb)
from public, anon, authenticated, service_role;

grant execute on function
  public.audit_record_sign_in(uuid, boolean, text, text),
  public.audit_record_export(bigint, uuid, text, integer, jsonb)
to service_role;
