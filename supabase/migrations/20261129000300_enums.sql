-- ============================================================================
-- Closed sets become enum types. Runs unchanged on hosted Supabase, PostgreSQL
-- and PGlite.
--
-- A column whose values were a text check constraint's list now has an enum
-- type with the same values, so the catalog says what the column holds and
-- `npm run db:types` emits the union the app uses (no narrowing by hand). A
-- value outside the set is refused as invalid input (22P02) instead of by the
-- check (23514). An enum sorts by its labels' order, so every type lists its
-- labels in alphabetical order: whatever sorts by one of these columns (the
-- day sheet sorts by payment method) sorts as it did by text.
--
-- audit_log's entity, action and source stay text: the audit trigger
-- functions insert text values into them.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- The types
-- ---------------------------------------------------------------------------
create type public.appointment_status as enum ('Cancelled', 'Completed', 'Confirmed', 'No Show', 'Scheduled');
comment on type public.appointment_status is 'An appointment''s status (spec part 1 §4).';

create type public.staff_role as enum ('admin', 'dentist', 'receptionist', 'superadmin');
comment on type public.staff_role is 'A staff profile''s role (spec part 2 §6).';

create type public.payment_method as enum ('bank', 'card', 'cash', 'e-wallet');
comment on type public.payment_method is
  'How a payment was made: Bank Transfer, Card, Cash, E-Wallet. Alphabetical, as reports sort by it.';

create type public.reminder_recipient_type as enum ('guardian', 'patient');
comment on type public.reminder_recipient_type is 'Who an appointment''s reminders go to.';

create type public.reminder_outcome as enum ('failed', 'pending', 'sent', 'skipped');
comment on type public.reminder_outcome is
  'A reminder''s outcome; pending and skipped only for automated reminders (appointment_reminders_outcome_check).';

create type public.waitlist_entry_status as enum ('booked', 'offered', 'removed', 'waiting');
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

-- Each type's labels sort as its values did as text.
do $$
begin
  if exists (
    select 1
      from pg_catalog.pg_enum e
     where e.enumtypid in (
             'public.appointment_status'::regtype, 'public.staff_role'::regtype, 'public.payment_method'::regtype,
             'public.reminder_recipient_type'::regtype, 'public.reminder_outcome'::regtype,
             'public.waitlist_entry_status'::regtype, 'public.waitlist_offer_status'::regtype,
             'public.delivery_outcome'::regtype, 'public.message_channel'::regtype, 'public.reply_status'::regtype,
             'public.webhook_event_kind'::regtype, 'public.webhook_event_outcome'::regtype,
             'public.appointment_flag_kind'::regtype, 'public.recall_outcome'::regtype,
             'public.recall_request_status'::regtype, 'public.freed_slot_outcome'::regtype,
             'public.waitlist_reply_outcome'::regtype
           )
     group by e.enumtypid
    having pg_catalog.array_agg(e.enumlabel::text order by e.enumsortorder)
           <> pg_catalog.array_agg(e.enumlabel::text order by e.enumlabel::text)
  ) then
    raise exception 'An enum''s labels would sort otherwise than its values did as text.';
  end if;
end;
$$;

-- ---------------------------------------------------------------------------
-- The columns change type. A column that a view, a policy, a trigger, a
-- partial index or a check or exclusion constraint reads cannot change type
-- in place, so those are dropped and created again as they are now, read from
-- the catalog (a policy or view another migration redefined is kept as it
-- was). Their stored text compares the column with text ('Cancelled'::text),
-- which an enum does not do: the recreated text leaves literals untyped, so
-- they take the column's type. The check that listed the column's values is
-- dropped for good: the type says it now.
-- ---------------------------------------------------------------------------
create temporary table enum_columns (
  table_name regclass not null,
  column_name name not null,
  type_name regtype not null
) on commit drop;

insert into enum_columns values
  ('public.appointments', 'status', 'public.appointment_status'),
  ('public.appointment_notifications', 'status', 'public.appointment_status'),
  ('public.users', 'role', 'public.staff_role'),
  ('public.payments', 'method', 'public.payment_method'),
  ('public.appointments', 'reminder_recipient_type', 'public.reminder_recipient_type'),
  ('public.appointment_reminders', 'outcome', 'public.reminder_outcome'),
  ('public.waitlist_entries', 'status', 'public.waitlist_entry_status'),
  ('public.waitlist_offers', 'status', 'public.waitlist_offer_status'),
  ('public.appointment_notifications', 'outcome', 'public.delivery_outcome'),
  ('public.appointment_notifications', 'via', 'public.message_channel'),
  ('public.recall_messages', 'via', 'public.message_channel'),
  ('public.waitlist_offers', 'via', 'public.message_channel'),
  ('public.messenger_webhook_events', 'reply_status', 'public.reply_status'),
  ('public.waitlist_replies', 'reply_status', 'public.reply_status'),
  ('public.messenger_webhook_events', 'kind', 'public.webhook_event_kind'),
  ('public.messenger_webhook_events', 'outcome', 'public.webhook_event_outcome'),
  ('public.appointment_flags', 'kind', 'public.appointment_flag_kind'),
  ('public.recall_messages', 'outcome', 'public.recall_outcome'),
  ('public.recall_requests', 'status', 'public.recall_request_status'),
  ('public.waitlist_freed_slots', 'outcome', 'public.freed_slot_outcome'),
  ('public.waitlist_replies', 'outcome', 'public.waitlist_reply_outcome');

do $$
declare
  v_item record;
  v_statements text[] := '{}';
  v_statement text;
begin
  -- What reads the columns: (object class, object id) pairs, from pg_depend.
  create temporary table enum_readers on commit drop as
  select distinct d.classid, d.objid
    from enum_columns e
    join pg_catalog.pg_attribute a on a.attrelid = e.table_name and a.attname = e.column_name
    join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_class'::regclass
                               and d.refobjid = e.table_name and d.refobjsubid = a.attnum;

  -- Views, and the views on them, deepest dropped first and created last.
  for v_item in
    with recursive views (oid, depth) as (
      select distinct r.ev_class, 1
        from enum_readers x
        join pg_catalog.pg_rewrite r on r.oid = x.objid
       where x.classid = 'pg_catalog.pg_rewrite'::regclass
      union
      select r.ev_class, views.depth + 1
        from views
        join pg_catalog.pg_depend d on d.refobjid = views.oid and d.classid = 'pg_catalog.pg_rewrite'::regclass
        join pg_catalog.pg_rewrite r on r.oid = d.objid
       where r.ev_class <> views.oid
    )
    select c.oid, pg_catalog.format('%I.%I', n.nspname, c.relname) as name, max(views.depth) as depth,
           pg_catalog.pg_get_viewdef(c.oid) as definition, c.reloptions as options,
           pg_catalog.obj_description(c.oid, 'pg_class') as comment,
           (select coalesce(pg_catalog.jsonb_object_agg(a.attname, pg_catalog.col_description(c.oid, a.attnum)), '{}')
              from pg_catalog.pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and pg_catalog.col_description(c.oid, a.attnum) is not null)
             as column_comments,
           (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                     'grantee', case when g.grantee = 0 then 'public' else pg_catalog.quote_ident(r.rolname) end,
                     'privilege', g.privilege_type)), '[]')
              from pg_catalog.aclexplode(c.relacl) g
              left join pg_catalog.pg_roles r on r.oid = g.grantee
             where g.grantee <> c.relowner) as grants
      from views
      join pg_catalog.pg_class c on c.oid = views.oid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     group by c.oid, n.nspname, c.relname
     order by max(views.depth) desc, 2
  loop
    if (select c.relkind from pg_catalog.pg_class c where c.oid = v_item.oid) <> 'v' then
      raise exception 'A view over an enum column is not a plain view; extend this migration.';
    end if;
    execute pg_catalog.format('drop view %s', v_item.name);
    v_statement := pg_catalog.format(
      'create view %s%s as %s',
      v_item.name,
      case when v_item.options is null then ''
           else pg_catalog.format(' with (%s)', pg_catalog.array_to_string(v_item.options, ', ')) end,
      pg_catalog.rtrim(v_item.definition, ';')
    );
    if v_item.comment is not null then
      v_statement := v_statement || pg_catalog.format('; comment on view %s is %L', v_item.name, v_item.comment);
    end if;
    v_statement := v_statement || (
      select coalesce(pg_catalog.string_agg(
               pg_catalog.format('; comment on column %s.%I is %L', v_item.name, c.key, c.value), ''), '')
        from pg_catalog.jsonb_each_text(v_item.column_comments) c
    ) || pg_catalog.format('; revoke all on %s from public, anon, authenticated, service_role', v_item.name) || (
      select coalesce(pg_catalog.string_agg(
               pg_catalog.format('; grant %s on %s to %s', g ->> 'privilege', v_item.name, g ->> 'grantee'), ''), '')
        from pg_catalog.jsonb_array_elements(v_item.grants) g
    );
    -- Views are created again last, shallowest first.
    v_statements := v_statement || v_statements;
  end loop;

  -- Policies.
  for v_item in
    select p.oid, p.polname, pg_catalog.format('%I.%I', n.nspname, c.relname) as table_name,
           case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                         when 'd' then 'delete' else 'all' end as command,
           case when p.polpermissive then 'permissive' else 'restrictive' end as kind,
           (select pg_catalog.string_agg(case when r = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(r)) end, ', ')
              from unnest(p.polroles) r) as roles,
           pg_catalog.pg_get_expr(p.polqual, p.polrelid) as using_expression,
           pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) as check_expression,
           pg_catalog.obj_description(p.oid, 'pg_policy') as comment
      from pg_catalog.pg_policy p
      join pg_catalog.pg_class c on c.oid = p.polrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where p.oid in (select objid from enum_readers where classid = 'pg_catalog.pg_policy'::regclass)
     order by 3, 2
  loop
    execute pg_catalog.format('drop policy %I on %s', v_item.polname, v_item.table_name);
    v_statement := pg_catalog.format('create policy %I on %s as %s for %s to %s', v_item.polname, v_item.table_name,
                                     v_item.kind, v_item.command, v_item.roles)
      || coalesce(pg_catalog.format(' using (%s)', v_item.using_expression), '')
      || coalesce(pg_catalog.format(' with check (%s)', v_item.check_expression), '');
    if v_item.comment is not null then
      v_statement := v_statement
        || pg_catalog.format('; comment on policy %I on %s is %L', v_item.polname, v_item.table_name, v_item.comment);
    end if;
    v_statements := v_statements || v_statement;
  end loop;

  -- Triggers (a WHEN condition or an UPDATE OF list names the column).
  for v_item in
    select t.oid, t.tgname, pg_catalog.format('%I.%I', n.nspname, c.relname) as table_name,
           pg_catalog.pg_get_triggerdef(t.oid) as definition, t.tgenabled,
           pg_catalog.obj_description(t.oid, 'pg_trigger') as comment
      from pg_catalog.pg_trigger t
      join pg_catalog.pg_class c on c.oid = t.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where t.oid in (select objid from enum_readers where classid = 'pg_catalog.pg_trigger'::regclass)
       and not t.tgisinternal
     order by 3, 2
  loop
    if v_item.tgenabled <> 'O' then
      raise exception 'Trigger % is not simply enabled; extend this migration.', v_item.tgname;
    end if;
    execute pg_catalog.format('drop trigger %I on %s', v_item.tgname, v_item.table_name);
    v_statement := v_item.definition;
    if v_item.comment is not null then
      v_statement := v_statement
        || pg_catalog.format('; comment on trigger %I on %s is %L', v_item.tgname, v_item.table_name, v_item.comment);
    end if;
    v_statements := v_statements || v_statement;
  end loop;

  -- Check and exclusion constraints; the check listing the column's values goes.
  for v_item in
    select con.oid, con.conname, pg_catalog.format('%I.%I', n.nspname, c.relname) as table_name,
           pg_catalog.pg_get_constraintdef(con.oid) as definition,
           pg_catalog.obj_description(con.oid, 'pg_constraint') as comment,
           (select e.type_name
              from enum_columns e
              join pg_catalog.pg_attribute a on a.attrelid = e.table_name and a.attname = e.column_name
             where e.table_name = con.conrelid and con.contype = 'c' and con.conkey = array[a.attnum]
               and pg_catalog.pg_get_constraintdef(con.oid)
                   ~ ('^CHECK \(\(' || pg_catalog.quote_ident(e.column_name)
                      || ' = ANY \(ARRAY\[''[^'']*''::text(, ''[^'']*''::text)*\]\)\)\)$')
           ) as listed_type
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where con.contype in ('c', 'x')
       and (
         exists (
           select 1
             from enum_columns e
             join pg_catalog.pg_attribute a on a.attrelid = e.table_name and a.attname = e.column_name
            where e.table_name = con.conrelid and a.attnum = any (con.conkey)
         )
         -- An exclusion constraint's WHERE is its index's.
         or con.conindid in (select objid from enum_readers where classid = 'pg_catalog.pg_class'::regclass)
       )
     order by 3, 2
  loop
    -- The type must allow exactly what the check allowed.
    if v_item.listed_type is not null and (
      select pg_catalog.array_agg(m[1] collate "C" order by m[1] collate "C")
        from pg_catalog.regexp_matches(v_item.definition, '''([^'']*)''::text', 'g') m
    ) is distinct from (
      select pg_catalog.array_agg(e.enumlabel::text collate "C" order by e.enumlabel::text collate "C")
        from pg_catalog.pg_enum e
       where e.enumtypid = v_item.listed_type
    ) then
      raise exception '% lists other values than %; extend this migration.', v_item.conname, v_item.listed_type;
    end if;
    execute pg_catalog.format('alter table %s drop constraint %I', v_item.table_name, v_item.conname);
    if v_item.listed_type is null then
      v_statement := pg_catalog.format('alter table %s add constraint %I %s', v_item.table_name, v_item.conname,
                                       v_item.definition);
      if v_item.comment is not null then
        v_statement := v_statement || pg_catalog.format('; comment on constraint %I on %s is %L', v_item.conname,
                                                        v_item.table_name, v_item.comment);
      end if;
      v_statements := v_statements || v_statement;
    end if;
  end loop;

  -- Indexes whose predicate or expressions read the column (not those of constraints, above).
  for v_item in
    select i.indexrelid, pg_catalog.format('%I.%I', n.nspname, ic.relname) as name,
           pg_catalog.pg_get_indexdef(i.indexrelid) as definition,
           pg_catalog.obj_description(i.indexrelid, 'pg_class') as comment
      from pg_catalog.pg_index i
      join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      join pg_catalog.pg_namespace n on n.oid = ic.relnamespace
     where i.indexrelid in (select objid from enum_readers where classid = 'pg_catalog.pg_class'::regclass)
       and not exists (select 1 from pg_catalog.pg_constraint con where con.conindid = i.indexrelid)
     order by 2
  loop
    execute pg_catalog.format('drop index %s', v_item.name);
    v_statement := v_item.definition;
    if v_item.comment is not null then
      v_statement := v_statement || pg_catalog.format('; comment on index %s is %L', v_item.name, v_item.comment);
    end if;
    v_statements := v_statements || v_statement;
  end loop;

  -- The columns, with their defaults.
  for v_item in
    select e.table_name, e.column_name, e.type_name, pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) as default_value
      from enum_columns e
      join pg_catalog.pg_attribute a on a.attrelid = e.table_name and a.attname = e.column_name
      left join pg_catalog.pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  loop
    if v_item.default_value is not null then
      execute pg_catalog.format('alter table %s alter column %I drop default', v_item.table_name, v_item.column_name);
    end if;
    execute pg_catalog.format('alter table %s alter column %I type %s using %I::text::%s', v_item.table_name,
                              v_item.column_name, v_item.type_name, v_item.column_name, v_item.type_name);
    if v_item.default_value is not null then
      v_statements := v_statements || pg_catalog.format('alter table %s alter column %I set default %s',
                                                        v_item.table_name, v_item.column_name, v_item.default_value);
    end if;
  end loop;

  -- Everything dropped, created again with untyped literals: `x = ANY (ARRAY['a'::text, …])`
  -- becomes `x IN ('a', …)` and `'a'::text` becomes `'a'`.
  foreach v_statement in array v_statements loop
    v_statement := pg_catalog.regexp_replace(v_statement, '= ANY \(ARRAY\[([^]]*)\]\)', 'IN (\1)', 'g');
    v_statement := pg_catalog.regexp_replace(v_statement, '<> ALL \(ARRAY\[([^]]*)\]\)', 'NOT IN (\1)', 'g');
    v_statement := pg_catalog.regexp_replace(v_statement, '(''(?:[^'']|'''')*'')::text(?![[:alnum:]_[])', '\1', 'g');
    execute v_statement;
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------
-- Functions that compare a role with text: an enum is compared as text.
-- ---------------------------------------------------------------------------
create or replace function public.sync_profile_role_to_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users
     set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || pg_catalog.jsonb_build_object('role', new.role)
   where id = new.user_id
     and raw_app_meta_data ? 'role'
     and raw_app_meta_data ->> 'role' is distinct from new.role::text;
  return null;
end;
$$;
