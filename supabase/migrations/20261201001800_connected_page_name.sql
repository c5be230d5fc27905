-- ============================================================================
-- The connected Facebook page's name, kept on the clinic. Connect Facebook Page
-- ends with 'Facebook Page Connected!' and the page's name; when the poll finds
-- the clinic connected meanwhile (another tab, another admin) the SPA had only
-- the page id to show, because connecting dropped the pending pages, the one
-- place the name was. The notification service now stores the chosen page's
-- name with its ids and clears it on disconnect; like them, browsers only read
-- it (guard_clinic_page_connection, moved here from
-- 20261201000200_clinics_and_users.sql with the clinics' audit triggers), and
-- it never outlives the page (clinics_fb_page_name_needs_page). Clinics
-- connected before this change have no name until they connect again.
-- ============================================================================

alter table public.clinics
  add column fb_page_name text
    constraint clinics_fb_page_name_check
      check (fb_page_name is null or (btrim(fb_page_name) <> '' and char_length(fb_page_name) <= 500)),
  add constraint clinics_fb_page_name_needs_page check (fb_page_name is null or fb_page_id is not null);

comment on column public.clinics.fb_page_name is
  'Name of the connected Facebook page as Meta gave it when it was chosen (at most 500 characters, as the pages '
  'offered are kept); null without a page or for a page connected before names were kept. Written only by the '
  'notification service.';

-- As the other page columns: a browser may resend the value it read (the guard refuses any change).
grant update (fb_page_name) on public.clinics to authenticated;

-- ---------------------------------------------------------------------------
-- guard_clinic_page_connection
-- ---------------------------------------------------------------------------
create function public.guard_clinic_page_connection()
returns trigger language plpgsql set search_path = '' as $$
begin
  if not public.is_browser_role() then
    return new;
  end if;
  -- A new clinic has no page; a changed one keeps its page as it was.
  if (case when tg_op = 'INSERT'
        then new.fb_page_id is not null or new.messenger_page_id is not null or new.page_token_hint is not null
          or new.fb_page_name is not null
        else (new.fb_page_id, new.messenger_page_id, new.page_token_hint, new.fb_page_name)
               is distinct from (old.fb_page_id, old.messenger_page_id, old.page_token_hint, old.fb_page_name)
      end) then
    raise exception 'The Facebook page of a clinic is connected through the notification service.'
      using errcode = 'insufficient_privilege', hint = 'page_connected_by_service';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_clinic_page_connection()', '{service_role}',
  'Trigger: browser roles cannot set fb_page_id, messenger_page_id, page_token_hint or fb_page_name (42501).');

create trigger clinics_guard_page_connection before insert or update on public.clinics
  for each row execute function public.guard_clinic_page_connection();

-- ---------------------------------------------------------------------------
-- The clinics' audit triggers, moved here from 20261201000200_clinics_and_users.sql
-- ---------------------------------------------------------------------------
-- The page columns are the Facebook connection's (below); the token hint is part of a secret.
create trigger clinics_audit after insert or update or delete on public.clinics
  for each row execute function public.audit_row_change('clinic',
    'skip=fb_page_id,messenger_page_id,page_token_hint,fb_page_name');

-- The Facebook connection: the page columns of clinics (connect / disconnect / update), the name
-- with the ids, and the page access token of clinic_secrets (20261201000200_clinics_and_users.sql),
-- recorded as stored / replaced / null, never any part of it.
create trigger clinics_facebook_page_audit after update of fb_page_id, messenger_page_id, fb_page_name
  on public.clinics
  for each row execute function public.audit_row_change(
    'facebook_connection', 'only=fb_page_id,messenger_page_id,fb_page_name', 'actions=connection');
