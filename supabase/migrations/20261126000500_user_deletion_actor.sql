-- ============================================================================
-- Who removed a staff account (issue 17 part 5: every audit record holds who).
--
-- The delete-user function deletes the auth user; the profile row goes with it
-- (on delete cascade) inside the auth server's own transaction, where neither a
-- caller's JWT nor ngiti.audit_actor is set, so the audit row said 'service'
-- with nobody behind it. The function now notes the caller here just before.
-- When that user's profile row is removed, the trigger below takes the note
-- (and removes it) and names the caller in ngiti.audit_actor for the rest of
-- that transaction, which is that removal: the users audit trigger
-- (audit_user_change, unchanged) then records them through audit_write. The
-- source stays 'service': the change came through the function.
-- ============================================================================

create table public.user_deletion_requests (
  user_id uuid primary key,
  requested_by uuid not null,
  requested_at timestamptz not null default now()
);

comment on table public.user_deletion_requests is
  'The staff member who asked delete-user to remove an account, until the profile row is gone (then the users audit trail names them and the note is removed). Service role only.';

alter table public.user_deletion_requests enable row level security;
revoke all on public.user_deletion_requests from public, anon, authenticated;
grant select, insert, update, delete on public.user_deletion_requests to service_role;

create function public.take_user_deletion_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_requested_by uuid;
begin
  delete from public.user_deletion_requests r where r.user_id = old.user_id
    returning r.requested_by into v_requested_by;
  -- Only where nobody else is named: a signed-in user's JWT or a service's own actor wins.
  if v_requested_by is not null and coalesce(pg_catalog.current_setting('ngiti.audit_actor', true), '') = '' then
    perform pg_catalog.set_config('ngiti.audit_actor', v_requested_by::text, true);
  end if;
  return old;
end;
$$;

comment on function public.take_user_deletion_request() is
  'Before a profile row is deleted: takes delete-user''s note of who asked and names them as the audit actor of the transaction.';

revoke execute on function public.take_user_deletion_request() from public, anon, authenticated;

create trigger users_take_deletion_request before delete on public.users
  for each row execute function public.take_user_deletion_request();
