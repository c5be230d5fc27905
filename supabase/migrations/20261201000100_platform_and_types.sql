-- ============================================================================
-- Ngiti baseline, 1 of 10: the platform pieces every domain uses.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
--
-- Every clinic-scoped table carries clinic_id. Rows that other rows point at
-- also carry a unique (id, clinic_id), and the pointing rows use composite
-- foreign keys on (x_id, clinic_id): a row can only reference rows of its own
-- clinic, whoever writes it. Between any two tables there is exactly one
-- foreign key, so PostgREST embeds are never ambiguous.
--
-- The database is the security boundary: the browser talks to PostgREST with
-- the anon key (role anon) or a user's JWT (role authenticated); the
-- notification service and edge functions use the service role, which
-- bypasses row-level security. Every public table has RLS with one policy per
-- operation; what a role may never do at all is also withheld as a table
-- privilege, so it fails loudly (42501) instead of touching zero rows.
--
--   anon            nothing in public
--   authenticated   rows of their own clinic, by permission (public.authorize;
--                   the superadmin: every clinic)
--   service_role    everything (server code only)
--
-- Here: the money type, the enum types, helpers used by constraints, the
-- generic triggers (updated_at, a row never changes clinic, money in
-- centavos, the audit trigger and the change-feed trigger), and the migration
-- helpers that set up every clinic table with them (private.setup_clinic_table)
-- and every function's comment and callers (private.setup_function).
--
-- public.pesos is the type of every money column (procedures.price,
-- invoices.total, payments.amount): a domain over unconstrained numeric, so
-- its check sees the value as sent. NaN, Infinity, -Infinity, more than two
-- decimals (12.345) and more than ten digits of pesos are refused (23514)
-- instead of stored or silently rounded. Stored values have exactly two
-- decimals: a trigger writes them so (keep_money_in_centavos).
-- Non-decimal numeric input ('0x10', '0o20', '0b1', '1_000'), which numeric
-- accepts from PostgreSQL 16 on, is gone once parsed: no check can see it.
-- PostgreSQL 15 refuses it (22P02) and the local gateway answers the same for
-- every numeric column (local/gateway/rest/numeric-input.ts).
--
-- A closed set of values is an enum type, so the catalog says what a column
-- holds and `npm run db:types` emits the union the app uses. A value outside
-- the set is refused as invalid input (22P02). An enum sorts by its labels'
-- order, so every type lists its labels in alphabetical order: whatever sorts
-- by one of these columns (the day sheet sorts by payment method) sorts as
-- text would.
-- ============================================================================

create extension if not exists btree_gist with schema extensions;

-- ---------------------------------------------------------------------------
-- The money type
-- ---------------------------------------------------------------------------
-- between is false for NaN (larger than every number in Postgres) and for
-- ±Infinity; scale() is the number of decimals the value was written with.
create domain public.pesos as numeric
  constraint pesos_finite_centavos check (
    value between -9999999999.99 and 9999999999.99 and pg_catalog.scale(value) <= 2
  );

comment on domain public.pesos is
  'Pesos with at most two decimals, at most 9,999,999,999.99 either way; never NaN or infinite (23514). '
  'Money columns of this type are stored with exactly two decimals (setup_clinic_table gives each table '
  'with one keep_money_in_centavos).';

-- ---------------------------------------------------------------------------
-- The types
-- ---------------------------------------------------------------------------
create type public.appointment_status as enum ('Cancelled', 'Completed', 'Confirmed', 'No Show', 'Scheduled');

comment on type public.appointment_status is 'An appointment''s status.';

create type public.staff_role as enum ('admin', 'dentist', 'receptionist', 'superadmin');

comment on type public.staff_role is 'A staff profile''s role: which tabs and actions it may use.';

create type public.payment_method as enum ('bank', 'card', 'cash', 'e-wallet');

comment on type public.payment_method is
  'How a payment was made: Bank Transfer, Card, Cash, E-Wallet. Alphabetical, as reports sort by it.';

create type public.reminder_recipient_type as enum ('guardian', 'patient');

comment on type public.reminder_recipient_type is 'Who an appointment''s reminders go to.';

create type public.reminder_outcome as enum ('failed', 'pending', 'sent', 'skipped');

comment on type public.reminder_outcome is
  'A reminder''s outcome; pending and skipped only for automated reminders (appointment_reminders_outcome_check).';

create type public.waitlist_entry_status as enum ('booked', 'ended', 'offered', 'removed', 'waiting');

comment on type public.waitlist_entry_status is 'Where a waitlist entry stands.';

create type public.waitlist_offer_status as enum ('booked', 'expired', 'failed', 'gone', 'sending', 'sent', 'withdrawn');

comment on type public.waitlist_offer_status is 'Where one freed slot offered to one waitlist entry stands.';

create type public.delivery_outcome as enum ('failed', 'sent');

comment on type public.delivery_outcome is 'Whether a status notice reached Messenger.';

create type public.message_channel as enum ('message', 'template');

comment on type public.message_channel is
  'How a message went out: a plain message inside Messenger''s 24-hour window, or a template outside it.';

create type public.reply_status as enum ('failed', 'sent', 'skipped');

comment on type public.reply_status is 'Whether the answer to a Messenger reply was sent, failed, or was not needed.';

create type public.webhook_event_kind as enum ('postback', 'quick_reply');

comment on type public.webhook_event_kind is 'How a Messenger reply arrived.';

create type public.audit_entity as enum (
  'appointment', 'availability', 'clinic', 'dentist', 'export', 'facebook_connection', 'invoice', 'patient',
  'payment', 'procedure', 'procedure_category', 'sign_in', 'user', 'chart_entry', 'treatment_plan_item', 'invoice_item',
  'hmo', 'hmo_coverage', 'hmo_card', 'hmo_claim', 'hmo_claim_batch', 'hmo_payment'
);

comment on type public.audit_entity is 'What an audit_log entry is about: the kind of row that changed, or the event.';

create type public.audit_action as enum (
  'connect', 'delete', 'disconnect', 'export', 'insert', 'sign_in', 'sign_in_failed', 'update', 'void'
);

comment on type public.audit_action is 'What happened to the row (or which event it was) in an audit_log entry.';

create type public.audit_source as enum ('auth', 'browser', 'edge_function', 'service', 'sql', 'webhook');

comment on type public.audit_source is 'Through which door an audited change came (audit_append decides it).';

create type public.webhook_event_outcome as enum (
  'already_cancelled', 'already_confirmed', 'cancelled', 'confirmed', 'flagged', 'ignored', 'not_changeable', 'received'
);

comment on type public.webhook_event_outcome is 'What a Confirm / Cancel reply from Messenger did.';

create type public.appointment_flag_kind as enum ('late_cancellation_request');

comment on type public.appointment_flag_kind is 'What staff are asked to handle about an appointment.';

create type public.recall_outcome as enum ('failed', 'pending', 'sent', 'skipped');

comment on type public.recall_outcome is 'A recall message''s outcome; pending while it is being sent.';

create type public.recall_request_status as enum ('booked', 'dismissed', 'open');

comment on type public.recall_request_status is 'Where a patient''s booking request from a recall stands.';

create type public.freed_slot_outcome as enum ('no_fit', 'not_connected', 'offered', 'passed', 'rebooked');

comment on type public.freed_slot_outcome is 'What the waitlist did with a freed slot.';

create type public.waitlist_reply_outcome as enum ('already_booked', 'booked', 'expired', 'gone', 'ignored', 'withdrawn');

comment on type public.waitlist_reply_outcome is 'What a tap on a waitlist offer did.';

-- ---------------------------------------------------------------------------
-- Migration helpers: a clinic table's and a function's setup, written once
-- ---------------------------------------------------------------------------
-- The schema private holds migration helpers; PostgREST does not expose it, and nobody but the
-- migrations' owner may call them.
create schema private;

-- Every function is set up by `select private.setup_function(function, callers, comment)` after its
-- create: its comment (none when null), and EXECUTE for exactly the roles in callers, some of
-- authenticated and service_role ('{}': the database and the migrations' owner alone). A new
-- function is executable by PUBLIC and, in public, by anon, authenticated and service_role (the
-- platform's default privileges); anon never keeps it. Functions used in constraints and policies
-- must stay executable by authenticated: Postgres checks EXECUTE when it evaluates them.
create function private.setup_function(p_function regprocedure, callers text[], p_comment text default null)
returns void language plpgsql set search_path = '' as $$
declare
  v_role text;
begin
  assert callers <@ array['authenticated', 'service_role'], format('callers of %s: %s', p_function, callers);
  if p_comment is not null then
    execute format('comment on function %s is %L', p_function, p_comment);
  end if;
  execute format('revoke execute on function %s from public, anon', p_function);
  foreach v_role in array array['authenticated', 'service_role'] loop
    execute format(case when v_role = any (callers) then 'grant execute on function %s to %I'
                        else 'revoke execute on function %s from %I' end, p_function, v_role);
  end loop;
end
$$;

select private.setup_function('private.setup_function(regprocedure, text[], text)', '{}');

-- The policy most tables have, one per operation: rows of the signed-in user's clinic (any clinic for
-- the superadmin), for holders of a permission (public.authorize, in the next file). Written once
-- here and created by `select private.create_clinic_policy(table, name, operation, permission)`, or
-- by setup_clinic_table below. authorize() is asked about current_clinic_id(), not the row's clinic,
-- and every call is wrapped in a select, so the planner runs each once per statement: with the
-- row's clinic_id as the argument it would run per row.
create function private.create_clinic_policy(
  p_table regclass,
  p_name text,
  p_operation text,
  p_permission text,
  clinic_column name default 'clinic_id'
)
returns void language plpgsql set search_path = '' as $$
declare
  predicate text := format(
    '(%I = (select public.current_clinic_id()) or (select public.is_superadmin())) '
      'and (select public.authorize(public.current_clinic_id(), %L))',
    clinic_column, p_permission);
begin
  if not exists (select from public.role_permissions where permission = p_permission) then
    raise exception 'Unknown permission %', p_permission using errcode = '22023', hint = 'unknown_permission';
  end if;
  execute format('create policy %I on %s for %s to authenticated %s', p_name, p_table, p_operation,
    case p_operation
      when 'select' then format('using (%s)', predicate)
      when 'delete' then format('using (%s)', predicate)
      when 'insert' then format('with check (%s)', predicate)
      when 'update' then format('using (%s) with check (%s)', predicate, predicate)
    end);
end
$$;

select private.setup_function('private.create_clinic_policy(regclass, text, text, text, name)', '{}');

-- Every table with a clinic_id is set up by `select private.setup_clinic_table(table, ...)`, the
-- same way: its privileges (none for anon; for authenticated only the grants clauses, e.g. 'select'
-- or 'insert (clinic_id, name)'; service_grants for service_role, all by default, none when null);
-- row-level security on; its sequence (an identity or serial id) closed to anon and
-- authenticated, who insert through the column's default and need no grant; the trigger
-- <table>_clinic_id_is_fixed (a row never moves to another clinic); <table>_set_updated_at when it has
-- an updated_at column; <table>_money_in_centavos when it has public.pesos columns (all of them,
-- keep_money_in_centavos). Options: policies, one {operation, permission, name} each
-- (create_clinic_policy); audit, the arguments of <table>_audit (audit_row_change, entity first);
-- notify, the arguments of <table>_notify_change (notify_change, channel first), which fires after
-- notify_on. A table's own policies and triggers follow its call. The test clinic-tables.test.ts
-- holds every table with a clinic_id to it.
create function private.setup_clinic_table(
  p_table regclass,
  policies text[] default null,
  audit text[] default null,
  notify text[] default null,
  notify_on text default 'insert or update or delete',
  grants text[] default null,
  service_grants text default 'all'
)
returns void language plpgsql set search_path = '' as $$
declare
  v_name text := (select c.relname from pg_catalog.pg_class c where c.oid = p_table);
  v_sequence regclass;
  v_policy text[];
  v_grant text;
  v_money_columns text;
  v_money_arguments text;
begin
  execute format('revoke all on %s from public, anon, authenticated, service_role', p_table);
  if service_grants is not null then
    execute format('grant %s on %s to service_role', service_grants, p_table);
  end if;
  foreach v_grant in array coalesce(grants, '{}') loop
    execute format('grant %s on %s to authenticated', v_grant, p_table);
  end loop;
  execute format('alter table %s enable row level security', p_table);
  for v_sequence in
    select d.objid::regclass
      from pg_catalog.pg_depend d
      join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
     where d.classid = 'pg_catalog.pg_class'::regclass and d.refobjid = p_table and d.deptype in ('a', 'i')
  loop
    execute format('revoke all on sequence %s from anon, authenticated', v_sequence);
  end loop;
  if policies is not null then
    foreach v_policy slice 1 in array policies loop
      perform private.create_clinic_policy(p_table, v_policy[3], v_policy[1], v_policy[2]);
    end loop;
  end if;
  if exists (
    select from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped
  ) then
    execute format('create trigger %I before update on %s for each row execute function public.set_updated_at()',
      v_name || '_set_updated_at', p_table);
  end if;
  execute format(
    'create trigger %I before update of clinic_id on %s for each row execute function public.prevent_clinic_change()',
    v_name || '_clinic_id_is_fixed', p_table);
  select pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum),
         pg_catalog.string_agg(pg_catalog.quote_literal(a.attname), ', ' order by a.attnum)
    into v_money_columns, v_money_arguments
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.atttypid = 'public.pesos'::regtype and a.attnum > 0 and not a.attisdropped;
  if v_money_columns is not null then
    execute format('create trigger %I before insert or update of %s on %s for each row '
      'execute function public.keep_money_in_centavos(%s)',
      v_name || '_money_in_centavos', v_money_columns, p_table, v_money_arguments);
  end if;
  if audit is not null then
    execute format(
      'create trigger %I after insert or update or delete on %s for each row execute function public.audit_row_change(%s)',
      v_name || '_audit', p_table, (select string_agg(quote_literal(a), ', ') from unnest(audit) a));
  end if;
  if notify is not null then
    execute format('create trigger %I after %s on %s for each row execute function public.notify_change(%s)',
      v_name || '_notify_change', notify_on, p_table, (select string_agg(quote_literal(a), ', ') from unnest(notify) a));
  end if;
end
$$;

select private.setup_function('private.setup_clinic_table(regclass, text[], text[], text[], text, text[], text)', '{}');

-- ---------------------------------------------------------------------------
-- Helpers used by constraints
-- ---------------------------------------------------------------------------

-- Stable rather than immutable: the tz database can change between upgrades.
create function public.is_valid_time_zone(p_name text)
returns boolean language sql stable set search_path = '' as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = p_name)
$$;

select private.setup_function('public.is_valid_time_zone(text)', '{authenticated,service_role}',
  'True when p_name is a time zone name Postgres knows (IANA names such as Asia/Manila).');

-- timestamptz + interval is only stable in general (days and months depend on
-- the session time zone); a fixed number of minutes is not, so this is honest.
create function public.appointment_slot(p_start timestamptz)
returns tstzrange language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.tstzrange(p_start, p_start + interval '20 minutes', '[)')
$$;

select private.setup_function('public.appointment_slot(timestamptz)', '{authenticated,service_role}',
  'The 20-minute period an appointment starting at p_start occupies, as [start, start + 20 min).');

-- ---------------------------------------------------------------------------
-- Generic triggers: updated_at, and rows never change clinic
-- ---------------------------------------------------------------------------
create function public.set_updated_at()
returns trigger language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

select private.setup_function('public.set_updated_at()', '{service_role}',
  'Trigger: stamps updated_at on every update.');

-- ---------------------------------------------------------------------------
-- prevent_clinic_change
-- ---------------------------------------------------------------------------
create function public.prevent_clinic_change()
returns trigger language plpgsql set search_path = '' as $$
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

select private.setup_function('public.prevent_clinic_change()', '{service_role}',
  'Trigger: refuses any change of clinic_id (SQLSTATE 42501), for every role, superadmin and service role included.');

-- Not security definer on purpose: inside a security definer function
-- current_user is the owner, which is exactly "not a browser".
create function public.is_browser_role()
returns boolean language sql stable set search_path = '' as $$
  select current_user in ('anon', 'authenticated')
$$;

select private.setup_function('public.is_browser_role()', '{authenticated,service_role}',
  'True when the statement runs as anon or authenticated (a browser), false for service_role, owners and definer functions.');

-- PostgREST hands the SPA an error's hint but not the name of the constraint that refused a row,
-- so a table whose refusals staff read in words names those constraints, each with its code
-- (common/contract/error-codes.ts), in the arguments of one trigger: 'constraint=code'. The rule
-- stays the constraint's, written once: this asks the check (evaluated on the new row) or the
-- unique key (looked up, as its index computes it, among the other rows, by id, that the caller
-- can see) before the constraint does, and refuses with the code in the hint. A column's own
-- check is named <table>_<column>_check. A listed check that comes out null refuses too: listed
-- checks are written null-safe, and a null they meet is one the column's NOT NULL refuses anyway.
create function public.refuse_with_codes()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_pair text;
  v_name text;
  v_code text;
  v_check text;
  v_key text;
  v_key_predicate text;
  v_refused boolean;
begin
  foreach v_pair in array tg_argv loop
    v_name := pg_catalog.split_part(v_pair, '=', 1);
    v_code := pg_catalog.split_part(v_pair, '=', 2);
    select pg_catalog.pg_get_expr(c.conbin, c.conrelid) into v_check
      from pg_catalog.pg_constraint c
     where c.conrelid = tg_relid and c.conname = v_name and c.contype = 'c';
    if v_check is not null then
      execute pg_catalog.format('select not coalesce(%s, false) from (select ($1).*) as candidate', v_check)
        into v_refused using new;
      if v_refused then
        raise exception 'new row for relation "%" violates check constraint "%"', tg_table_name, v_name
          using errcode = 'check_violation', constraint = v_name, table = tg_table_name, schema = tg_table_schema,
                hint = v_code;
      end if;
      continue;
    end if;
    select pg_catalog.string_agg(pg_catalog.pg_get_indexdef(i.indexrelid, k.n, true), ', ' order by k.n),
           coalesce(pg_catalog.pg_get_expr(i.indpred, i.indrelid), 'true')
      into v_key, v_key_predicate
      from pg_catalog.pg_index i
      join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      cross join lateral pg_catalog.generate_series(1, i.indnkeyatts) as k (n)
     where i.indrelid = tg_relid and ic.relname = v_name and i.indisunique
     group by i.indexrelid, i.indrelid, i.indpred;
    if v_key is null then
      raise exception 'refuse_with_codes: % names no check or unique key of %', v_name, tg_relid::regclass
        using errcode = 'undefined_object', hint = 'trigger_misconfigured';
    end if;
    execute pg_catalog.format(
      'select exists (select from %s as existing where existing.id <> ($1).id and (%s) '
      '  and (%s) = (select %s from (select ($1).*) as candidate where %s))',
      tg_relid::regclass, v_key_predicate, v_key, v_key, v_key_predicate)
      into v_refused using new;
    if v_refused then
      raise exception 'duplicate key value violates unique constraint "%"', v_name
        using errcode = 'unique_violation', constraint = v_name, table = tg_table_name, schema = tg_table_schema,
              hint = v_code;
    end if;
  end loop;
  return new;
end;
$$;

select private.setup_function('public.refuse_with_codes()', '{service_role}',
  'Trigger: refuses a row that a check or unique key its arguments name (''constraint=code'') would refuse, '
  'before that constraint does, with the code as the hint (23514 or 23505).');

-- pesos keeps a value as it was sent (12.5); the money columns store it with exactly two
-- decimals (12.50), the form numeric(12, 2) gives. One trigger function for every money column:
-- setup_clinic_table gives each table with pesos columns a trigger naming them (its arguments).
create function public.keep_money_in_centavos()
returns trigger language plpgsql set search_path = '' as $$
declare
  v_row jsonb := pg_catalog.to_jsonb(new);
  v_rounded jsonb := '{}';
  v_column text;
begin
  foreach v_column in array tg_argv loop
    v_rounded := v_rounded
      || pg_catalog.jsonb_build_object(v_column, pg_catalog.round((v_row ->> v_column)::numeric, 2));
  end loop;
  return pg_catalog.jsonb_populate_record(new, v_rounded);
end;
$$;

select private.setup_function('public.keep_money_in_centavos()', '{service_role}',
  'Trigger: stores the money columns its trigger names (its arguments, public.pesos) with exactly two decimals '
  '(12.5 -> 12.50); a null stays null.');

-- ---------------------------------------------------------------------------
-- The audit trigger
-- ---------------------------------------------------------------------------

-- The columns of p_row named in p_only ({column: key}), under their keys; p_row whole without p_only.
create function public.audit_pick(p_row jsonb, p_only jsonb)
returns jsonb language sql immutable set search_path = '' as $$
  select case
    when p_row is null or p_only is null then p_row
    else (select pg_catalog.jsonb_object_agg(o.value #>> '{}', coalesce(p_row -> o.key, 'null'::jsonb))
            from pg_catalog.jsonb_each(p_only) o)
  end
$$;

-- Privileges: trigger functions and their helper, for the database only.
select private.setup_function('public.audit_pick(jsonb, jsonb)', '{}');

create function public.audit_row_change()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_entity text := tg_argv[0];
  v_name text;
  v_value text;
  v_skip text[] := '{}';
  v_money text[] := '{}';
  v_only jsonb;
  v_about text := 'row';
  v_actions text := 'row';
  v_old_row jsonb;
  v_new_row jsonb;
  v_row jsonb;
  v_old_raw jsonb;
  v_new_raw jsonb;
  v_old jsonb;
  v_new jsonb;
  v_change record;
  v_key text;
  v_clinic bigint;
  v_entity_id bigint;
  v_label text;
  v_table text := tg_table_name;
  v_action text;
  v_actor uuid;
begin
  for i in 1 .. tg_nargs - 1 loop
    v_name := pg_catalog.split_part(tg_argv[i], '=', 1);
    v_value := pg_catalog.substr(tg_argv[i], pg_catalog.length(v_name) + 2);
    case v_name
      when 'skip' then v_skip := pg_catalog.string_to_array(v_value, ',');
      when 'money' then v_money := pg_catalog.string_to_array(v_value, ',');
      when 'only' then
        select pg_catalog.jsonb_object_agg(
                 pg_catalog.split_part(c, ':', 1),
                 coalesce(nullif(pg_catalog.split_part(c, ':', 2), ''), pg_catalog.split_part(c, ':', 1)))
          into v_only
          from pg_catalog.unnest(pg_catalog.string_to_array(v_value, ',')) c;
      when 'about' then v_about := v_value;
      when 'actions' then v_actions := v_value;
      else raise exception 'audit_row_change: unknown argument %', tg_argv[i] using hint = 'trigger_misconfigured';
    end case;
  end loop;

  if tg_op <> 'INSERT' then v_old_row := pg_catalog.to_jsonb(old); end if;
  if tg_op <> 'DELETE' then v_new_row := pg_catalog.to_jsonb(new); end if;
  v_row := coalesce(v_new_row, v_old_row);
  v_clinic := case when tg_table_name = 'clinics' then v_row ->> 'id' else v_row ->> 'clinic_id' end::bigint;
  if v_about = 'clinic' then
    -- The record is about the row's clinic (its Facebook connection), not the row.
    v_entity_id := v_clinic;
    v_label := (select c.name from public.clinics c where c.id = v_clinic);
    v_table := null;
  else
    v_entity_id := (v_row ->> 'id')::bigint;
    v_label := coalesce(
      v_row ->> 'name',
      public.audit_reference_name('patient_id', v_row ->> 'patient_id'),
      public.audit_reference_name('dentist_id', v_row ->> 'dentist_id'));
  end if;
  v_old_raw := public.audit_pick(v_old_row, v_only);
  v_new_raw := public.audit_pick(v_new_row, v_only);

  if v_actions = 'row' and tg_op = 'INSERT' then
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
    perform public.audit_append(v_clinic, v_entity, v_entity_id, v_label, 'insert', null,
      public.audit_with_names(pg_catalog.jsonb_strip_nulls(public.audit_shape(v_new_raw, v_skip, v_money))),
      v_table, v_actor);
    return null;
  end if;
  if v_actions = 'row' and tg_op = 'DELETE' then
    perform public.audit_append(v_clinic, v_entity, v_entity_id, v_label, 'delete',
      public.audit_with_names(pg_catalog.jsonb_strip_nulls(public.audit_shape(v_old_raw, v_skip, v_money))),
      null, v_table);
    return null;
  end if;

  -- Recording fields rather than rows, an inserted row changes them from nothing, a deleted one to nothing.
  if tg_op = 'INSERT' then
    select pg_catalog.jsonb_object_agg(k, 'null'::jsonb) into v_old_raw from pg_catalog.jsonb_object_keys(v_new_raw) k;
  elsif tg_op = 'DELETE' then
    select pg_catalog.jsonb_object_agg(k, 'null'::jsonb) into v_new_raw from pg_catalog.jsonb_object_keys(v_old_raw) k;
  end if;
  v_old := public.audit_shape(v_old_raw, v_skip, v_money);
  v_new := public.audit_shape(v_new_raw, v_skip, v_money);
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
    when v_actions = 'connection' and not exists (
      select 1 from pg_catalog.jsonb_each(v_old_raw) e where e.value <> 'null'::jsonb) then 'connect'
    when v_actions = 'connection' and not exists (
      select 1 from pg_catalog.jsonb_each(v_new_raw) e where e.value <> 'null'::jsonb) then 'disconnect'
    when v_actions <> 'row' then 'update'
    when (v_new_row ->> 'deleted')::boolean and not (v_old_row ->> 'deleted')::boolean then 'delete'
    when v_new_row ->> 'voided_at' is not null and v_old_row ->> 'voided_at' is null then 'void'
    else 'update'
  end;
  perform public.audit_append(v_clinic, v_entity, v_entity_id, v_label, v_action,
    public.audit_with_names(v_change.before), public.audit_with_names(v_change.after), v_table);
  return null;
end;
$$;

select private.setup_function('public.audit_row_change()', '{}',
  'The audit trigger of every audited table: audit_row_change(entity, option, ...), options '
  'skip=<columns> (not recorded), money=<columns> (as *_centavos), only=<column[:key]>,... (record just these), '
  'about=clinic (the row''s clinic is the entity: its id and name, no table), '
  'actions=row (insert / update / delete / void, the default) | update (every change is an update of the fields) '
  '| connection (like update, connect / disconnect when the fields were / become all null). '
  'Records what changed, before -> after; id, clinic_id, created_at, updated_at never; secrets as stored / replaced / null.');

-- ---------------------------------------------------------------------------
-- The change-feed trigger
-- ---------------------------------------------------------------------------

-- Built as json_build_object builds it ({"key" : value, ...}), so a payload is the same text whatever
-- the table.
create function public.notify_change()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_row json;
  v_old json;
  v_payload text := '';
  v_key text;
  v_source text;
  v_value text;
  v_from text[];
  v_where text;
  v_match jsonb;
  v_condition text[];
begin
  if tg_op = 'DELETE' then
    v_row := pg_catalog.to_json(old);
  else
    v_row := pg_catalog.to_json(new);
  end if;
  if tg_op <> 'INSERT' then
    v_old := pg_catalog.to_json(old);
  end if;
  for i in 1 .. tg_nargs - 1 loop
    v_from := pg_catalog.regexp_match(tg_argv[i], '^from ([a-z_]+)\.([a-z_]+) where (.+)$');
    if v_from is not null then
      -- Announce another row (e.g. a flag's appointment): the one whose columns match this row's.
      v_where := '';
      v_match := '{}';
      foreach v_source in array pg_catalog.regexp_split_to_array(v_from[3], ' and ') loop
        v_condition := pg_catalog.regexp_match(v_source, '^([a-z_]+) = ([a-z_]+)$');
        if v_condition is null then
          raise exception 'notify_change: unreadable condition %', v_source using hint = 'trigger_misconfigured';
        end if;
        v_where := v_where || case when v_where = '' then '' else ' and ' end
          || pg_catalog.format('t.%I = k.%I', v_condition[1], v_condition[1]);
        v_match := v_match || pg_catalog.jsonb_build_object(v_condition[1], (v_row -> v_condition[2])::jsonb);
      end loop;
      execute pg_catalog.format(
        'select pg_catalog.to_json(t) from %I.%I t, pg_catalog.jsonb_populate_record(null::%I.%I, $1) k where %s',
        v_from[1], v_from[2], v_from[1], v_from[2], v_where)
        into v_row using v_match;
      if v_row is null then
        return null;
      end if;
      continue;
    end if;
    v_key := pg_catalog.split_part(tg_argv[i], '=', 1);
    v_source := case when pg_catalog.strpos(tg_argv[i], '=') > 0
      then pg_catalog.substr(tg_argv[i], pg_catalog.length(v_key) + 2) else v_key end;
    v_value := case
      when v_source = 'TG_OP' then pg_catalog.to_json(tg_op)::text
      when v_source = 'TG_TABLE_NAME' then pg_catalog.to_json(tg_table_name::text)::text
      when v_source ~ '^(null|true|false|"[A-Za-z_]*")$' then v_source
      when v_source like 'old.%' then coalesce((v_old -> pg_catalog.substr(v_source, 5))::text, 'null')
      else coalesce((v_row -> v_source)::text, 'null')
    end;
    v_payload := v_payload || case when v_payload = '' then '' else ', ' end
      || pg_catalog.to_json(v_key)::text || ' : ' || v_value;
  end loop;
  perform pg_catalog.pg_notify(tg_argv[0], '{' || v_payload || '}');
  return null;
end;
$$;

select private.setup_function('public.notify_change()', '{}',
  'The change-feed trigger: notify_change(channel, field, ...) sends pg_notify(channel, {field: value, ...}) '
  '(delivered at commit). A field is key (the row''s column key), key=column, key=old.column (as it was before '
  'an update), key=TG_OP, key=TG_TABLE_NAME, or key=<JSON constant> (null, true, false, "text"). '
  'An argument ''from <schema>.<table> where <column> = <this row''s column> [and ...]'' makes the fields after it '
  'read that table''s matching row instead (nothing is sent when there is none).');

-- ---------------------------------------------------------------------------
-- Types of the dental chart, treatment plans and HMO billing
-- ---------------------------------------------------------------------------
create type public.chart_condition as enum (
  'caries', 'filling', 'crown', 'missing', 'extracted', 'root_canal', 'implant', 'bridge', 'sealant', 'fracture',
  'watch'
);

comment on type public.chart_condition is
  'What a chart entry says about a tooth: caries, filling, crown, missing, extracted, root canal, implant, bridge, '
  'sealant, fracture, to watch.';

create type public.chart_entry_state as enum ('existing', 'planned', 'completed');

comment on type public.chart_entry_state is
  'existing: found in the mouth; planned: to be done (a treatment plan item may point at it); completed: done here.';

-- ---------------------------------------------------------------------------
-- The FDI rules, once: the check constraints and the guard trigger both ask these.
-- ---------------------------------------------------------------------------
create function public.is_fdi_tooth(p_tooth smallint)
returns boolean language sql immutable set search_path = '' as $$
  select p_tooth is not null and (
    (p_tooth / 10 between 1 and 4 and p_tooth % 10 between 1 and 8)
    or (p_tooth / 10 between 5 and 8 and p_tooth % 10 between 1 and 5))
$$;

select private.setup_function('public.is_fdi_tooth(smallint)', '{authenticated,service_role}',
  'True for an FDI two-digit tooth number: 11-18, 21-28, 31-38, 41-48 (permanent), 51-55 ... 81-85 (primary).');

create function public.chart_surfaces_valid(p_surfaces text[])
returns boolean language sql immutable set search_path = '' as $$
  select p_surfaces is not null
    and coalesce(array_ndims(p_surfaces), 1) = 1
    and p_surfaces <@ array['M', 'O', 'D', 'B', 'L']
    and cardinality(p_surfaces) = (select count(distinct s) from unnest(p_surfaces) s)
$$;

select private.setup_function('public.chart_surfaces_valid(text[])', '{authenticated,service_role}',
  'True for a set of tooth surfaces, each at most once: M mesial, O occlusal/incisal, D distal, B buccal/facial, '
  'L lingual/palatal.');

create type public.plan_item_status as enum ('accepted', 'declined', 'done', 'proposed');

comment on type public.plan_item_status is
  'Where a treatment plan item stands: proposed (planned), accepted or declined by the patient, done at an appointment.';

create type public.discount_id_type as enum ('pwd', 'senior_citizen');

comment on type public.discount_id_type is
  'A patient''s statutory discount ID: senior citizen (RA 9994) or person with disability (RA 10754).';

create type public.hmo_card_status as enum ('expired', 'hmo_inactive', 'not_yet_valid', 'valid', 'validity_missing');

comment on type public.hmo_card_status is
  'Where an HMO card stands on a clinic day: valid, expired, not yet valid, without valid from / until dates, '
  'or of an HMO the clinic no longer accepts.';

create function private.refuse_view_write()
returns trigger language plpgsql set search_path = '' as $$
begin
  raise exception '% is a read-only view.', tg_table_name
    using errcode = 'PT405', hint = 'view_read_only';
end;
$$;

select private.setup_function('private.refuse_view_write()', '{}');

-- Whether the request runs as a browser (anon or authenticated). is_browser_role() asks for
-- current_user, which a security definer function replaces with its owner; the role the request
-- set stays.
create function private.is_browser_request()
returns boolean language sql stable set search_path = '' as $$
  select pg_catalog.current_setting('role') in ('anon', 'authenticated')
$$;

select private.setup_function('private.is_browser_request()', '{}');

-- ---------------------------------------------------------------------------
-- A reason staff must give (a void's, a write-off's): trimmed, not blank, at
-- most 500 characters, refused (22023) with the caller's words and codes.
-- ---------------------------------------------------------------------------
create function private.stated_reason(p_reason text, p_required_message text, p_required_hint text, p_too_long_hint text)
returns text language plpgsql immutable set search_path = '' as $$
begin
  if p_reason is null or pg_catalog.btrim(p_reason) = '' then
    raise exception '%', p_required_message using errcode = 'invalid_parameter_value', hint = p_required_hint;
  end if;
  if char_length(pg_catalog.btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).'
      using errcode = 'invalid_parameter_value', hint = p_too_long_hint;
  end if;
  return pg_catalog.btrim(p_reason);
end;
$$;

select private.setup_function('private.stated_reason(text, text, text, text)', '{}');
