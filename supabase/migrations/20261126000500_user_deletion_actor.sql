-- ============================================================================
-- Who removed a staff account (issue 17 part 5: every audit record holds who).
--
-- The delete-user function deletes the auth user; the profile row goes with it
-- (on delete cascade) inside the auth server's own transaction, where neither a
-- caller's JWT nor ngiti.audit_actor is set, so the audit row said 'service'
-- with nobody behind it. The function now notes the caller here just before;
-- the users audit trigger takes the note when that user's profile row is
-- removed (and removes the note), and records the caller as the actor. The
-- source stays 'service': the change came through the function.
-- ============================================================================

create table public.user_deletion_requests (
  user_id uuid primary key,
  requested_by uuid not null,
  requested_at timestamptz not null default now()
);

comment on table public.user_deletion_requests is
  'The staff member who asked delete-user to remove an account, until the profile row is gone (then the users audit trigger records them and removes the note). Service role only.';

alter table public.user_deletion_requests enable row level security;
revoke all on public.user_deletion_requests from public, anon, authenticated;
grant select, insert, update, delete on public.user_deletion_requests to service_role;

create or replace function public.audit_user_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
  v_change record;
  v_requested_by uuid;
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
    delete from public.user_deletion_requests r where r.user_id = old.user_id
      returning r.requested_by into v_requested_by;
    -- Only where nobody else is named: a signed-in user's JWT or a service's own actor wins.
    if v_requested_by is not null and coalesce(pg_catalog.current_setting('ngiti.audit_actor', true), '') = '' then
      perform pg_catalog.set_config('ngiti.audit_actor', v_requested_by::text, true);
      perform public.audit_write(old.clinic_id, 'user', old.id, old.name, 'delete', v_old, null);
      -- For this row only: the rest of the transaction names nobody, as before.
      perform pg_catalog.set_config('ngiti.audit_actor', '', true);
    else
      perform public.audit_write(old.clinic_id, 'user', old.id, old.name, 'delete', v_old, null);
    end if;
  else
    select * into v_change from public.audit_changes(v_old, v_new);
    if v_change.after is not null then
      perform public.audit_write(new.clinic_id, 'user', new.id, new.name, 'update', v_change.before, v_change.after);
    end if;
  end if;
  return null;
end;
$$;
