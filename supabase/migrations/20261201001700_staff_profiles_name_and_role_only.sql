-- ============================================================================
-- Browsers could update every column of a staff profile: an admin's PATCH of
-- a colleague's email locked them out at their next sign-in (the profile's
-- address must be the account's), put a wrong actor_email on their audit rows
-- and showed it in Users & Roles; created_at moved their Date Added. Edit User
-- changes the name and the role only, and the address follows the account
-- (handle_user_email_change), so those two are all browsers may update.
-- ============================================================================

revoke update on public.users from authenticated;

grant update (name, role) on public.users to authenticated;
