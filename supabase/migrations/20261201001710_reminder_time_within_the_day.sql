-- ============================================================================
-- A time column takes '24:00', and the reminder scheduler reads that as the
-- next midnight: a reminder time that is always ahead, so no automated
-- reminder ever went out and nothing said why. A clinic's reminder time is a
-- time of day, 00:00 to 23:59.
-- ============================================================================

alter table public.clinics
  add constraint clinics_reminder_time_within_the_day check (reminder_time < time '24:00');
