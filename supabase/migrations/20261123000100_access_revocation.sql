-- Access revocation for live updates (notification service).
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite. See docs/realtime.md.
--
-- A live-update socket is opened with an access token that stays valid for up
-- to an hour. Whatever ends a user's access before that is announced on the
-- channel 'access_changes', and every service instance closes that user's (or
-- that session's) sockets at once:
--   * the account is deleted (auth.users), soft-deleted (deleted_at) or banned
--     (banned_until set to a future time);
--   * a session ends (auth.sessions row deleted: sign-out, scope global or
--     local, and whatever GoTrue deletes with the account or a ban; or its
--     not_after set to now when a used refresh token came back);
--   * the staff profile (public.users) changes role or clinic, or is deleted.
-- The payload stays small: {user_id, session_id, reason}; session_id is null
-- unless one session ended. Notifications are delivered at commit, so a
-- rolled-back change is never announced.

create function public.notify_access_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_session_id uuid;
  v_reason text;
begin
  if tg_table_schema = 'auth' and tg_table_name = 'sessions' then
    v_user_id := old.user_id;
    v_session_id := old.id;
    v_reason := 'session_ended';
  elsif tg_table_schema = 'auth' and tg_table_name = 'users' then
    v_user_id := old.id;
    if tg_op = 'DELETE' then
      v_reason := 'user_deleted';
    elsif new.deleted_at is not null then
      v_reason := 'user_deleted';
    else
      v_reason := 'user_banned';
    end if;
  else
    -- public.users: the staff profile
    v_user_id := old.user_id;
    v_reason := case when tg_op = 'DELETE' then 'profile_deleted' else 'profile_changed' end;
  end if;
  if v_user_id is not null then
    perform pg_catalog.pg_notify(
      'access_changes',
      pg_catalog.json_build_object('user_id', v_user_id, 'session_id', v_session_id, 'reason', v_reason)::text
    );
  end if;
  return null;
end;
$$;

comment on function public.notify_access_change() is
  'Trigger: pg_notify(''access_changes'', {user_id, session_id, reason}) when an account, session or staff profile '
  'stops granting the access a live-update socket was opened with.';

revoke execute on function public.notify_access_change() from public, anon, authenticated;

create trigger access_revoked_on_user_delete
  after delete on auth.users
  for each row execute function public.notify_access_change();

create trigger access_revoked_on_user_ban_or_soft_delete
  after update of banned_until, deleted_at on auth.users
  for each row when (
    (new.banned_until is distinct from old.banned_until and new.banned_until > pg_catalog.now())
    or (new.deleted_at is not null and old.deleted_at is null)
  )
  execute function public.notify_access_change();

create trigger access_revoked_on_session_end
  after delete on auth.sessions
  for each row execute function public.notify_access_change();

create trigger access_changed_on_profile_update
  after update of role, clinic_id, user_id on public.users
  for each row when (
    new.role is distinct from old.role
    or new.clinic_id is distinct from old.clinic_id
    or new.user_id is distinct from old.user_id
  )
  execute function public.notify_access_change();

create trigger access_revoked_on_profile_delete
  after delete on public.users
  for each row execute function public.notify_access_change();

-- GoTrue ends a session whose used refresh token came back (the family is revoked) by setting
-- not_after rather than deleting it: that ends its access too.
create trigger access_revoked_on_session_expiry
  after update of not_after on auth.sessions
  for each row when (
    new.not_after is not null and new.not_after <= pg_catalog.now()
    and (old.not_after is null or old.not_after > pg_catalog.now())
  )
  execute function public.notify_access_change();
