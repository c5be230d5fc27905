-- ============================================================================
-- A patient who taps Book on a recall after the desk already booked them (by
-- phone, say) left a booking request that nothing closed: requests close only
-- when an appointment is booked after them, so staff were invited to book the
-- patient a second time or to dismiss the request by hand. A request made
-- while the patient holds a live appointment ahead is now booked at once.
-- ============================================================================

-- book_recall_request_if_booked_ahead (with its trigger) is in
-- 20261201001690_one_rule_for_booked_ahead.sql: it asks private.is_booked_ahead.
