-- ============================================================================
-- A patient on the waitlist twice (for one dentist, and for any dentist) could
-- end up with two bookings: the "any" entry took a later slot with another
-- dentist, and then an earlier slot with the chosen dentist was booked beside
-- it, since the booking it would move was looked for with that dentist only.
-- A slot both entries fit was also offered to them twice, the second tap
-- answered "already taken". waitlist_booking_to_move now also moves a booking
-- taken from another of their entries, and waitlist_entries_for_slot answers
-- one entry per patient. take_waitlist_offer ends a patient's other open
-- offers of slots no earlier than the one they took, and answers 'gone' to an
-- offer no earlier than a booking they took meanwhile. All three moved here
-- from 20261201001330_waitlist_fills_every_slot.sql, with the fit rule
-- (waitlist_entry_fits_slot), whose body names waitlist_booking_to_move.
-- ============================================================================

-- waitlist_booking_to_move, the fit rule (waitlist_entry_fits_slot) and waitlist_entries_for_slot
-- are in 20261201001690_one_rule_for_booked_ahead.sql: the booking to move is one
-- private.is_booked_ahead answers.

-- take_waitlist_offer is in 20261201001860_one_visit_a_day_from_the_waitlist.sql: no second visit a day.
