-- ============================================================================
-- A waitlist entry whose last day has passed can be offered nothing more, but
-- it stayed Waiting: listed with a place in the queue for ever, and, since one
-- open entry per patient and dentist is allowed, adding the patient again for
-- new dates was refused as "already on the waitlist". Such an entry now ends
-- (status 'ended'): the notification service ends them on every pass, and a
-- new entry for the same patient and dentist ends theirs first.
-- ============================================================================

alter type public.waitlist_entry_status add value if not exists 'ended' after 'booked';

-- The entries of p_clinic_id (every clinic when null) still waiting after their last day, ended.
create function public.end_past_waitlist_entries(p_now timestamptz default pg_catalog.now())
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  update public.waitlist_entries e
     set status = 'ended'
    from public.clinics c
   where c.id = e.clinic_id
     and e.status = 'waiting'
     and e.to_date < (p_now at time zone c.timezone)::date;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

select private.setup_function('public.end_past_waitlist_entries(timestamptz)', '{service_role}',
  'Ends (status ended) every waiting waitlist entry whose to_date is before its clinic''s today at p_now; answers '
  'how many. The notification service calls it on every waitlist pass. Service role only.');

-- A new entry for a patient and dentist ("any dentist" included) ends their past one first, so the
-- one-open-entry index does not refuse it. Named to run after waitlist_entries_guard has checked it.
create function public.end_past_entry_before_new()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.waitlist_entries e
     set status = 'ended'
    from public.clinics c
   where c.id = e.clinic_id
     and e.clinic_id = new.clinic_id and e.patient_id = new.patient_id
     and e.dentist_id is not distinct from new.dentist_id
     and e.status = 'waiting'
     and e.to_date < (pg_catalog.now() at time zone c.timezone)::date;
  return new;
end;
$$;

select private.setup_function('public.end_past_entry_before_new()', '{service_role}',
  'Trigger: before a new waitlist entry, ends the same patient''s waiting entry for the same dentist (or any) '
  'whose dates have passed.');

create trigger waitlist_entries_make_room before insert on public.waitlist_entries
  for each row execute function public.end_past_entry_before_new();
