-- ============================================================================
-- Booking guards for requests from a browser.
--
-- The booking form only offers future slots and the clinic's own procedures.
-- A crafted request (an edited payload, a script with a staff member's token)
-- must not get around that, so for browser roles (public.is_browser_role():
-- anon and authenticated) the database also refuses:
--
--   booking in the past  a live appointment (not deleted, not Cancelled) that
--                        is inserted, or whose time, dentist or patient is
--                        changed, at a time that has already started
--                        (appointment_time <= now()). Same error as every
--                        refused booking: SQLSTATE 23P01, message 'This slot
--                        may already be taken or dentist is unavailable.',
--                        detail 'in the past'.
--   unknown procedure    a reason whose procedure part (before ' — Notes: ')
--                        is not the name of a procedure of the appointment's
--                        clinic, on insert and on updates that change the
--                        reason: SQLSTATE 23514 (check_violation, HTTP 400),
--                        message 'The procedure is not in this clinic''s price
--                        list.', detail 'unknown procedure'. A null reason is
--                        left alone (the column allows it: no procedure named
--                        is not a false one).
--
-- Not refused: the service role, table owners and SQL (the seed, the
-- notification service) may still write history in the past and any reason;
-- status changes of a past appointment (Completed, No Show, and back from
-- Cancelled) stay allowed, as do soft deletes. Sundays, hours, lunch, blocks,
-- overlaps and inactive or deleted dentists are refused for everyone by
-- public.enforce_appointment_rules(); another clinic's dentist or patient by
-- the composite foreign keys (23503) and row-level security (42501).
-- ============================================================================

create function public.guard_browser_booking()
returns trigger
language plpgsql
-- Not security definer: is_browser_role() must see the caller's role, and the
-- look-ups below run under the caller's row-level security (staff read their
-- clinic's dentists, patients and procedures).
set search_path = ''
as $$
declare
  v_is_booking boolean;
  v_procedure text;
begin
  if not public.is_browser_role() then
    return new;
  end if;
  -- Another clinic: row-level security refuses the row after this trigger;
  -- answer nothing here that would tell its price list or schedule apart.
  if not public.can_access_clinic(new.clinic_id) then
    return new;
  end if;
  -- An unknown dentist or patient, or one of another clinic: the composite
  -- foreign keys refuse the row (23503), as they do for everyone.
  if not exists (select 1 from public.dentists d where d.id = new.dentist_id and d.clinic_id = new.clinic_id)
     or not exists (select 1 from public.patients p where p.id = new.patient_id and p.clinic_id = new.clinic_id) then
    return new;
  end if;

  v_is_booking := tg_op = 'INSERT'
    or new.appointment_time is distinct from old.appointment_time
    or new.dentist_id is distinct from old.dentist_id
    or new.patient_id is distinct from old.patient_id;
  if v_is_booking
     and not (new.deleted or new.status = 'Cancelled')
     and new.appointment_time <= now() then
    raise exception using
      errcode = 'exclusion_violation',
      message = 'This slot may already be taken or dentist is unavailable.',
      detail = 'in the past';
  end if;

  if new.reason is not null and (tg_op = 'INSERT' or new.reason is distinct from old.reason) then
    v_procedure := pg_catalog.btrim(pg_catalog.split_part(new.reason, ' — Notes: ', 1));
    if not exists (
      select 1
      from public.procedures pr
      where pr.clinic_id = new.clinic_id
        and pg_catalog.btrim(pr.name) = v_procedure
    ) then
      raise exception using
        errcode = 'check_violation',
        message = 'The procedure is not in this clinic''s price list.',
        detail = 'unknown procedure';
    end if;
  end if;

  return new;
end;
$$;

comment on function public.guard_browser_booking() is
  'Trigger: for browser roles only, refuses booking or moving a live appointment to a time that has started '
  '(23P01, ''This slot may already be taken or dentist is unavailable.'', detail ''in the past'') and a reason '
  'whose procedure part (before '' — Notes: '') is not a procedure of the clinic, on insert or when the reason '
  'changes (23514, detail ''unknown procedure''). The service role, owners and SQL may still write history.';

create trigger appointments_guard_browser_booking before insert or update on public.appointments
  for each row execute function public.guard_browser_booking();

-- EXECUTE is not checked when a trigger fires; nobody calls this directly.
revoke execute on function public.guard_browser_booking() from public, anon, authenticated;
