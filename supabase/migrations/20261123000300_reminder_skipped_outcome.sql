-- ---------------------------------------------------------------------------
-- Automated reminders that were not needed: 'skipped'. The scheduler skips a
-- day's automated reminder when a manual reminder already went out to the same
-- recipient for the same appointment on the same clinic date (issue 12), and
-- logs the skip so staff see why nothing more was sent. A skip is not a
-- failure: nothing went wrong and nothing is to be fixed.
-- ---------------------------------------------------------------------------
alter table public.appointment_reminders drop constraint appointment_reminders_outcome_check;
alter table public.appointment_reminders
  add constraint appointment_reminders_outcome_check check (
    outcome in ('sent', 'failed')
    or (outcome in ('pending', 'skipped') and not is_manual)
  );

comment on column public.appointment_reminders.outcome is
  'sent; failed (then error says why); pending: an automated reminder claimed by a service instance '
  'and being sent, or waiting for a retry at next_attempt_at; or skipped: an automated reminder not '
  'sent because it was not needed (error says why, e.g. a manual reminder already went out that day).';
