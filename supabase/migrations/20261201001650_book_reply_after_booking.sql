-- ============================================================================
-- A patient who taps Book on a recall after the desk already booked them (by
-- phone, say) left a booking request that nothing closed: requests close only
-- when an appointment is booked after them, so staff were invited to book the
-- patient a second time or to dismiss the request by hand. A request made
-- while the patient holds a live appointment ahead is now booked at once.
-- ============================================================================

create function public.book_recall_request_if_booked_ahead()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1
      from public.appointments a
     where a.clinic_id = new.clinic_id and a.patient_id = new.patient_id
       and not a.deleted and a.status in ('Scheduled', 'Confirmed') and a.appointment_time > pg_catalog.now()
  ) then
    new.status := 'booked';
    new.handled_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

select private.setup_function('public.book_recall_request_if_booked_ahead()', '{service_role}',
  'Trigger: a booking request of a patient who already holds a live appointment ahead is booked when made '
  '(as close_recall_requests_on_booking books it when the appointment comes later).');

create trigger recall_requests_booked_ahead before insert on public.recall_requests
  for each row execute function public.book_recall_request_if_booked_ahead();
