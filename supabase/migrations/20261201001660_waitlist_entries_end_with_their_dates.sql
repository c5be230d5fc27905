-- ============================================================================
-- A waitlist entry whose last day has passed can be offered nothing more, but
-- it stayed Waiting: listed with a place in the queue for ever, and, since one
-- open entry per patient and dentist is allowed, adding the patient again for
-- new dates was refused as "already on the waitlist". Such an entry now ends
-- (status 'ended'): the notification service ends them on every pass, and a
-- new entry for the same patient and dentist ends theirs first.
-- ============================================================================

alter type public.waitlist_entry_status add value if not exists 'ended' after 'booked';

-- The waiting entries whose last day is before their clinic's today at p_now, ended; with p_like, only
-- those of its patient and dentist ("any dentist" included).
create function public.end_past_waitlist_entries(
  p_now timestamptz default pg_catalog.now(),
  p_like public.waitlist_entries default null
)
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  update public.waitlist_entries e
     set status = 'ended'
    from public.clinics c
   where c.id = e.clinic_id
     and e.status = 'waiting'
     and e.to_date < (p_now at time zone c.timezone)::date
     and (p_like is null
          or (e.clinic_id = p_like.clinic_id and e.patient_id = p_like.patient_id
              and e.dentist_id is not distinct from p_like.dentist_id));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

select private.setup_function('public.end_past_waitlist_entries(timestamptz, public.waitlist_entries)',
  '{service_role}',
  'Ends (status ended) every waiting waitlist entry whose to_date is before its clinic''s today at p_now (with '
  'p_like, only those of its patient and dentist); answers how many. The notification service calls it on every '
  'waitlist pass. Service role only.');

-- A new entry for a patient and dentist ("any dentist" included) ends their past one first, so the
-- one-open-entry index does not refuse it. Named to run after waitlist_entries_guard has checked it.
create function public.end_past_entry_before_new()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform public.end_past_waitlist_entries(pg_catalog.now(), new);
  return new;
end;
$$;

select private.setup_function('public.end_past_entry_before_new()', '{service_role}',
  'Trigger: before a new waitlist entry, ends the same patient''s waiting entry for the same dentist (or any) '
  'whose dates have passed.');

create trigger waitlist_entries_make_room before insert on public.waitlist_entries
  for each row execute function public.end_past_entry_before_new();
