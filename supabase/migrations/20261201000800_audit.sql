-- ============================================================================
-- Ngiti baseline, 9 of 10: the audit trail, who changed what, when, and through
-- which door. See docs/audit-trail.md.
--
-- One generic trigger, audit_row_change() (in the platform file, attached to
-- each audited table beside it), records every column of a row (before ->
-- after, only what changed), so a column added later is audited without
-- touching a trigger. Per table, the trigger's arguments say only what to
-- leave out, which columns are money and what else to record:
--
--   audit_row_change(entity, option, ...)
--
-- id, clinic_id, created_at and updated_at are never recorded (the row's own
-- keys are columns of audit_log; the times are bookkeeping). Money is recorded
-- as integer centavos (<column>_centavos). Columns whose names say they hold a
-- secret (token, password, secret, hash) are recorded as 'stored', 'replaced'
-- or null, never their value. Sign-ins, failed sign-ins and exports are
-- recorded too (audit_events).
--
-- Each row keeps the actor (auth user id plus a snapshot of name, e-mail and
-- role, so it reads the same after the user is deleted) and the door
-- (audit_log.source), decided by audit_append() from the request:
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
  clinic_id bigint,
  entity public.audit_entity not null,
  entity_id bigint,
  entity_label text check (entity_label is null or char_length(entity_label) <= 500),
  action public.audit_action not null,
  before jsonb,
  after jsonb,
  actor_user_id uuid,
  actor_name text,
  actor_email text,
  actor_role text,
  source public.audit_source not null,
  occurred_at timestamptz not null default now(),
  table_name text,
  client_address text check (client_address is null or char_length(client_address) <= 100)
);

comment on table public.audit_log is
  'Append-only record of every audited change (appointments, invoices, payments, staff, clinic settings, Facebook '
  'connection), written by triggers only. Admins of the clinic and superadmins read it.';

comment on column public.audit_log.clinic_id is
  'The clinic the changed row belongs to; no foreign key, the log outlives the clinic. Null for a failed sign-in of an address with no account (superadmins read those).';

comment on column public.audit_log.entity_id is 'Id of the changed row (for facebook_connection: the clinic id); null for exports.';

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
  'browser, edge_function, service, webhook, auth (sign-ins) or sql (a direct connection that did not say which service it is).';

comment on column public.audit_log.table_name is 'The table whose row changed (null for sign-ins and exports).';

comment on column public.audit_log.client_address is 'Sign-ins: the address the attempt came from.';

create index audit_log_clinic_time_idx on public.audit_log (clinic_id, occurred_at desc, id desc);

create index audit_log_clinic_entity_time_idx on public.audit_log (clinic_id, entity, occurred_at desc, id desc);

create index audit_log_clinic_actor_time_idx on public.audit_log (clinic_id, actor_user_id, occurred_at desc, id desc);

-- ---------------------------------------------------------------------------
-- Append-only: nothing but the audit triggers writes, nobody updates or deletes
-- ---------------------------------------------------------------------------
create function public.audit_log_refuse_change()
returns trigger language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- Depth 1 is a statement on audit_log itself; rows come from the audit triggers (depth >= 2).
    if pg_catalog.pg_trigger_depth() >= 2 then
      return new;
    end if;
    raise exception 'The audit log is written by the database only.'
      using errcode = 'insufficient_privilege', hint = 'audit_log_written_by_database';
  end if;
  raise exception 'The audit log is append-only: its rows cannot be changed or removed.'
    using errcode = 'insufficient_privilege', hint = 'audit_log_append_only';
end;
$$;

select private.setup_function('public.audit_log_refuse_change()', '{}',
  'Trigger on audit_log: refuses (42501) UPDATE, DELETE, TRUNCATE and any INSERT not made by an audit trigger.');

-- The changed keys of p_new against p_old: (before, after) with only those keys; nulls when none.
create function public.audit_changes(p_old jsonb, p_new jsonb, out before jsonb, out after jsonb)
language sql immutable set search_path = '' as $$
  select pg_catalog.jsonb_object_agg(e.key, p_old -> e.key), pg_catalog.jsonb_object_agg(e.key, e.value)
    from pg_catalog.jsonb_each(p_new) e
   where (p_old -> e.key) is distinct from e.value
$$;

select private.setup_function('public.audit_changes(jsonb, jsonb)', '{}',
  'The keys whose values differ between p_old and p_new, as (before, after) objects; both null when nothing changed.');

-- The people who appear in a clinic's log (for the Audit Trail's user filter), each with the name of
-- their latest row, by name. A skip scan of audit_log_clinic_actor_time_idx (one index probe per
-- actor), so it stays fast however long the log grows. Security invoker: audit_log's select policy
-- decides which rows it sees.
create function public.audit_log_actors(p_clinic_id bigint)
returns table (actor_user_id uuid, actor_name text, actor_email text)
language sql stable set search_path = '' as $$
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

select private.setup_function('public.audit_log_actors(bigint)', '{authenticated,service_role}',
  'Everyone who made an audited change in clinic p_clinic_id, with their latest name and e-mail, by name. '
  'Empty for callers who may not read the clinic''s audit log.');

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
returns void language plpgsql security definer set search_path = '' as $$
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
    p_clinic_id, p_entity::public.audit_entity, p_entity_id, pg_catalog.left(p_label, 500),
    p_action::public.audit_action, p_before, p_after,
    v_actor, v_name, v_email, v_user_role, v_source::public.audit_source, p_table, pg_catalog.left(p_address, 100)
  );
end;
$$;

-- Privileges: nobody but the database calls the trigger helpers; the two
-- recorders are the service role's (the auth server and the export service).
select private.setup_function('public.audit_append(bigint, text, bigint, text, text, jsonb, jsonb, text, uuid, text, text)', '{}',
  'Appends one audit_log row with the actor''s snapshot and the door (browser / edge_function / service / webhook / '
  'auth / sql). A user''s JWT always decides the door and the actor; p_actor and p_source apply only without one. '
  'Called only by the audit triggers.');

-- ---------------------------------------------------------------------------
-- The generic trigger
-- ---------------------------------------------------------------------------

-- A name beside an id, so the log reads without joins and after the row is gone.
create function public.audit_reference_name(p_column text, p_id text)
returns text language sql stable security definer set search_path = '' as $$
  select case p_column
    when 'patient_id' then (select p.name from public.patients p where p.id = p_id::bigint)
    when 'dentist_id' then (select d.name from public.dentists d where d.id = p_id::bigint)
    when 'category_id' then (select c.name from public.procedure_categories c where c.id = p_id::bigint)
  end
$$;

select private.setup_function('public.audit_reference_name(text, text)', '{}');

-- A row as the log keeps it: no skipped columns, money in centavos, secrets masked.
create function public.audit_shape(p_row jsonb, p_skip text[], p_money text[])
returns jsonb language sql stable set search_path = '' as $$
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

select private.setup_function('public.audit_shape(jsonb, text[], text[])', '{}');

-- Adds the referenced names (patient, dentist, category) beside the ids in p_fields.
create function public.audit_with_names(p_fields jsonb)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
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

select private.setup_function('public.audit_with_names(jsonb)', '{}');

-- A sign-in or a failed one, as the auth server saw it: whose account the e-mail is (null when
-- none; the e-mail typed is not kept then, it may be anything, a password included), from where.
create function public.audit_record_sign_in(p_user_id uuid, p_succeeded boolean, p_address text, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
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

select private.setup_function('public.audit_record_sign_in(uuid, boolean, text, text)', '{service_role}',
  'The auth server records a sign-in (p_succeeded) or a failed one: the account (null when the e-mail has none), '
  'the client address and, for a failure, why (invalid_credentials, email_not_confirmed, user_banned).');

-- An export in the audit trail: which list (p_kind), how many rows, with what filters, who made it
-- and where (p_source: the service, or the browser for the exports the database answers itself).
create function private.record_export(
  p_clinic_id bigint, p_actor uuid, p_kind text, p_rows integer, p_filters jsonb, p_source text
)
returns void language plpgsql set search_path = '' as $$
begin
  insert into public.audit_events (clinic_id, entity, entity_label, action, after, actor_user_id, source)
  values (p_clinic_id, 'export', pg_catalog.left(p_kind, 100), 'export',
          pg_catalog.jsonb_build_object('kind', p_kind, 'rows', p_rows, 'filters', coalesce(p_filters, '{}'::jsonb)),
          p_actor, p_source);
end;
$$;

-- Called by the security definer export functions only.
select private.setup_function('private.record_export(bigint, uuid, text, integer, jsonb, text)', '{}');

-- An export, recorded by the service that made it: who, which list, its filters, how many rows.
create function public.audit_record_export(
  p_clinic_id bigint, p_actor uuid, p_kind text, p_rows integer, p_filters jsonb
)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_export(p_clinic_id, p_actor, p_kind, p_rows, p_filters, 'service');
end;
$$;

select private.setup_function('public.audit_record_export(bigint, uuid, text, integer, jsonb)', '{service_role}',
  'The export service records an export: clinic, who (auth user id), which list, how many rows, with what filters.');

-- Reading: admins of the clinic and superadmins. Privileges: reads only, for everyone; the owner
-- keeps INSERT for the security-definer audit functions and loses the rest.
select private.setup_clinic_table('public.audit_log', grants => array['select'], service_grants => 'select',
  policies => array[
  ['select', 'audit.read', 'Admins can read their clinic''s audit log']]);

revoke update, delete, truncate on public.audit_log from current_user;

create trigger audit_log_append_only before insert or update or delete on public.audit_log
  for each row execute function public.audit_log_refuse_change();

create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function public.audit_log_refuse_change();

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
  'Written only by audit_record_sign_in and private.record_export.';

create function public.audit_event_append()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform public.audit_append(new.clinic_id, new.entity, new.entity_id, new.entity_label, new.action, null,
    new.after, null, new.actor_user_id, new.source, new.client_address);
  return null;
end;
$$;

select private.setup_function('public.audit_event_append()', '{}');

select private.setup_clinic_table('public.audit_events', service_grants => null);

create trigger audit_events_append before insert on public.audit_events
  for each row execute function public.audit_event_append();

-- ---------------------------------------------------------------------------
-- The clinics' audit triggers
-- ---------------------------------------------------------------------------
-- The page columns are the Facebook connection's (below); the token hint is part of a secret.
create trigger clinics_audit after insert or update or delete on public.clinics
  for each row execute function public.audit_row_change('clinic',
    'skip=fb_page_id,messenger_page_id,page_token_hint,fb_page_name');

-- The Facebook connection: the page columns of clinics (connect / disconnect / update), the name
-- with the ids, and the page access token of clinic_secrets (clinics_and_users),
-- recorded as stored / replaced / null, never any part of it.
create trigger clinics_facebook_page_audit after update of fb_page_id, messenger_page_id, fb_page_name
  on public.clinics
  for each row execute function public.audit_row_change(
    'facebook_connection', 'only=fb_page_id,messenger_page_id,fb_page_name', 'actions=connection');
