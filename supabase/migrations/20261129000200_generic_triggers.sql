-- ============================================================================
-- One audit trigger and one change-feed trigger, configured per table.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite. See docs/audit-trail.md
-- and docs/realtime.md.
--
-- Before this, the audit trail kept two hand-written trigger functions beside
-- the generic audit_row_change() (the Facebook page columns of clinics and the
-- page token of clinic_secrets), and every change feed had its own copy of a
-- notify_*() function. Here each table's trigger says in its arguments what it
-- records or announces, and the functions hold the rules once:
--
--   audit_row_change(entity, option, ...)   appends to audit_log
--   notify_change(channel, field, ...)      pg_notify(channel, {field: value, ...})
--
-- The audit rows and the notification payloads are exactly what the old
-- functions wrote (the service, the SPA and the tests read them). Both read
-- the row through to_json(b), so they hold whatever the columns' types are.
-- This file drops the old functions and attaches every audit and change-feed
-- trigger anew: it is the one place that says which tables are audited and
-- which feed the notification service.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Off with the old triggers and functions
-- ---------------------------------------------------------------------------
drop trigger if exists appointments_audit on public.appointments;
drop trigger if exists invoices_audit on public.invoices;
drop trigger if exists payments_audit on public.payments;
drop trigger if exists users_audit on public.users;
drop trigger if exists clinics_audit on public.clinics;
drop trigger if exists clinics_facebook_page_audit on public.clinics;
drop trigger if exists clinic_secrets_audit on public.clinic_secrets;
drop trigger if exists patients_audit on public.patients;
drop trigger if exists dentists_audit on public.dentists;
drop trigger if exists procedures_audit on public.procedures;
drop trigger if exists procedure_categories_audit on public.procedure_categories;
drop trigger if exists dentist_availability_audit on public.dentist_availability;

drop trigger if exists appointments_notify_insert_delete on public.appointments;
drop trigger if exists appointments_notify_update on public.appointments;
drop trigger if exists appointment_flags_notify_insert on public.appointment_flags;
drop trigger if exists appointment_flags_notify_resolve on public.appointment_flags;
drop trigger if exists invoices_notify_change on public.invoices;
drop trigger if exists payments_notify_change on public.payments;
drop trigger if exists recall_messages_notify on public.recall_messages;
drop trigger if exists recall_requests_notify on public.recall_requests;
drop trigger if exists waitlist_entries_notify_change on public.waitlist_entries;
drop trigger if exists waitlist_offers_notify_change on public.waitlist_offers;
drop trigger if exists access_revoked_on_user_delete on auth.users;
drop trigger if exists access_revoked_on_user_ban_or_soft_delete on auth.users;
drop trigger if exists access_revoked_on_session_end on auth.sessions;
drop trigger if exists access_revoked_on_session_expiry on auth.sessions;
drop trigger if exists access_changed_on_profile_update on public.users;
drop trigger if exists access_revoked_on_profile_delete on public.users;

drop function public.audit_facebook_page_change();
drop function public.audit_page_token_change();
drop function public.audit_write(bigint, text, bigint, text, text, jsonb, jsonb);
drop function public.audit_row_change();
drop function public.notify_appointment_change();
drop function public.notify_appointment_flag_change();
drop function public.notify_billing_change();
drop function public.notify_recall_change();
drop function public.notify_waitlist_change();
drop function public.notify_access_change();

-- ---------------------------------------------------------------------------
-- The audit trigger
-- ---------------------------------------------------------------------------

-- The columns of p_row named in p_only ({column: key}), under their keys; p_row whole without p_only.
create function public.audit_pick(p_row jsonb, p_only jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when p_row is null or p_only is null then p_row
    else (select pg_catalog.jsonb_object_agg(o.value #>> '{}', coalesce(p_row -> o.key, 'null'::jsonb))
            from pg_catalog.jsonb_each(p_only) o)
  end
$$;

create function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function public.audit_row_change() is
  'The audit trigger of every audited table: audit_row_change(entity, option, ...), options '
  'skip=<columns> (not recorded), money=<columns> (as *_centavos), only=<column[:key]>,... (record just these), '
  'about=clinic (the row''s clinic is the entity: its id and name, no table), '
  'actions=row (insert / update / delete / void, the default) | update (every change is an update of the fields) '
  '| connection (like update, connect / disconnect when the fields were / become all null). '
  'Records what changed, before -> after; id, clinic_id, created_at, updated_at never; secrets as stored / replaced / null.';

-- Every row of these tables, each column that changed.
create trigger appointments_audit after insert or update or delete on public.appointments
  for each row execute function public.audit_row_change('appointment');
create trigger invoices_audit after insert or update or delete on public.invoices
  for each row execute function public.audit_row_change('invoice', 'skip=idempotency_key', 'money=total');
create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function public.audit_row_change('payment', 'skip=idempotency_key', 'money=amount');
-- user_id is the login behind the profile; the actor columns name people by it already.
create trigger users_audit after insert or update or delete on public.users
  for each row execute function public.audit_row_change('user', 'skip=user_id');
-- The page columns are the Facebook connection's (below); the token hint is part of a secret.
create trigger clinics_audit after insert or update or delete on public.clinics
  for each row execute function public.audit_row_change('clinic', 'skip=fb_page_id,messenger_page_id,page_token_hint');
create trigger patients_audit after insert or update or delete on public.patients
  for each row execute function public.audit_row_change('patient');
create trigger dentists_audit after insert or update or delete on public.dentists
  for each row execute function public.audit_row_change('dentist');
create trigger procedures_audit after insert or update or delete on public.procedures
  for each row execute function public.audit_row_change('procedure', 'money=price');
create trigger procedure_categories_audit after insert or update or delete on public.procedure_categories
  for each row execute function public.audit_row_change('procedure_category');
create trigger dentist_availability_audit after insert or update or delete on public.dentist_availability
  for each row execute function public.audit_row_change('availability');

-- The Facebook connection: the page columns of clinics (connect / disconnect / update), and the page
-- access token of clinic_secrets, recorded as stored / replaced / null, never any part of it.
create trigger clinics_facebook_page_audit after update of fb_page_id, messenger_page_id on public.clinics
  for each row execute function public.audit_row_change(
    'facebook_connection', 'only=fb_page_id,messenger_page_id', 'actions=connection');
create trigger clinic_secrets_audit after insert or update or delete on public.clinic_secrets
  for each row execute function public.audit_row_change(
    'facebook_connection', 'only=fb_page_access_token:page_access_token', 'about=clinic', 'actions=update');

-- ---------------------------------------------------------------------------
-- The change-feed trigger
-- ---------------------------------------------------------------------------

-- Built as json_build_object builds it ({"key" : value, ...}), so a payload is the same text whatever
-- the table: listeners and tests see what the hand-written triggers sent.
create function public.notify_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function public.notify_change() is
  'The change-feed trigger: notify_change(channel, field, ...) sends pg_notify(channel, {field: value, ...}) '
  '(delivered at commit). A field is key (the row''s column key), key=column, key=old.column (as it was before '
  'an update), key=TG_OP, key=TG_TABLE_NAME, or key=<JSON constant> (null, true, false, "text"). '
  'An argument ''from <schema>.<table> where <column> = <this row''s column> [and ...]'' makes the fields after it '
  'read that table''s matching row instead (nothing is sent when there is none).';

-- ---------------------------------------------------------------------------
-- appointment_changes: every change of an appointment, and of one of its flags.
-- The payload stays small (NOTIFY allows 8000 bytes): the service loads the row.
-- ---------------------------------------------------------------------------
create trigger appointments_notify_insert after insert on public.appointments
  for each row execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');
create trigger appointments_notify_delete after delete on public.appointments
  for each row execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted=true');
-- An update that changes nothing but the updated_at stamp (a form saved unchanged) is not news.
create trigger appointments_notify_update after update on public.appointments
  for each row when (
    (pg_catalog.to_jsonb(old) - 'updated_at') is distinct from (pg_catalog.to_jsonb(new) - 'updated_at')
  )
  execute function public.notify_change('appointment_changes',
    'op=TG_OP', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

-- A flag raised or resolved is news about its appointment: the appointment's own notice.
create trigger appointment_flags_notify_insert after insert on public.appointment_flags
  for each row execute function public.notify_change('appointment_changes',
    'from public.appointments where id = appointment_id and clinic_id = clinic_id',
    'op="UPDATE"', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');
create trigger appointment_flags_notify_resolve after update of resolved_at on public.appointment_flags
  for each row when (old.resolved_at is distinct from new.resolved_at)
  execute function public.notify_change('appointment_changes',
    'from public.appointments where id = appointment_id and clinic_id = clinic_id',
    'op="UPDATE"', 'id', 'clinic_id', 'dentist_id', 'patient_id', 'status', 'appointment_time', 'deleted');

-- ---------------------------------------------------------------------------
-- billing_changes: every change of an invoice or payment, with the invoice it touches.
-- ---------------------------------------------------------------------------
create trigger invoices_notify_change after insert or update or delete on public.invoices
  for each row execute function public.notify_change('billing_changes',
    'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=id');
create trigger payments_notify_change after insert or update or delete on public.payments
  for each row execute function public.notify_change('billing_changes',
    'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id');

-- ---------------------------------------------------------------------------
-- recall_changes: every new or changed recall and booking request.
-- ---------------------------------------------------------------------------
create trigger recall_messages_notify after insert or update on public.recall_messages
  for each row execute function public.notify_change('recall_changes',
    'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'patient_id');
create trigger recall_requests_notify after insert or update on public.recall_requests
  for each row execute function public.notify_change('recall_changes',
    'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'patient_id');

-- ---------------------------------------------------------------------------
-- waitlist_changes: every change of an entry or of one of its offers, by entry.
-- ---------------------------------------------------------------------------
create trigger waitlist_entries_notify_change after insert or update or delete on public.waitlist_entries
  for each row execute function public.notify_change('waitlist_changes', 'clinic_id', 'entry_id=id');
create trigger waitlist_offers_notify_change after insert or update or delete on public.waitlist_offers
  for each row execute function public.notify_change('waitlist_changes', 'clinic_id', 'entry_id');

-- ---------------------------------------------------------------------------
-- access_changes: whatever ends a user's access before their token expires
-- ({user_id, session_id, reason}; session_id only when one session ended).
-- ---------------------------------------------------------------------------
create trigger access_revoked_on_user_delete after delete on auth.users
  for each row execute function public.notify_change('access_changes',
    'user_id=id', 'session_id=null', 'reason="user_deleted"');
create trigger access_revoked_on_user_soft_delete after update of banned_until, deleted_at on auth.users
  for each row when (
    new.deleted_at is not null
    and (old.deleted_at is null or (new.banned_until is distinct from old.banned_until and new.banned_until > pg_catalog.now()))
  )
  execute function public.notify_change('access_changes', 'user_id=old.id', 'session_id=null', 'reason="user_deleted"');
create trigger access_revoked_on_user_ban after update of banned_until, deleted_at on auth.users
  for each row when (
    new.deleted_at is null and new.banned_until is distinct from old.banned_until and new.banned_until > pg_catalog.now()
  )
  execute function public.notify_change('access_changes', 'user_id=old.id', 'session_id=null', 'reason="user_banned"');

create trigger access_revoked_on_session_end after delete on auth.sessions
  for each row when (old.user_id is not null)
  execute function public.notify_change('access_changes', 'user_id', 'session_id=id', 'reason="session_ended"');
-- GoTrue ends a session whose used refresh token came back (the family is revoked) by setting
-- not_after rather than deleting it: that ends its access too.
create trigger access_revoked_on_session_expiry after update of not_after on auth.sessions
  for each row when (
    old.user_id is not null
    and new.not_after is not null and new.not_after <= pg_catalog.now()
    and (old.not_after is null or old.not_after > pg_catalog.now())
  )
  execute function public.notify_change('access_changes',
    'user_id=old.user_id', 'session_id=old.id', 'reason="session_ended"');

-- A profile that moves to another login ends the old login's access.
create trigger access_changed_on_profile_update after update of role, clinic_id, user_id on public.users
  for each row when (
    old.user_id is not null
    and (new.role is distinct from old.role
      or new.clinic_id is distinct from old.clinic_id
      or new.user_id is distinct from old.user_id)
  )
  execute function public.notify_change('access_changes',
    'user_id=old.user_id', 'session_id=null', 'reason="profile_changed"');
create trigger access_revoked_on_profile_delete after delete on public.users
  for each row when (old.user_id is not null)
  execute function public.notify_change('access_changes', 'user_id', 'session_id=null', 'reason="profile_deleted"');

-- ---------------------------------------------------------------------------
-- Privileges: trigger functions and their helper, for the database only.
-- ---------------------------------------------------------------------------
revoke execute on function
  public.audit_pick(jsonb, jsonb),
  public.audit_row_change(),
  public.notify_change()
from public, anon, authenticated, service_role;
