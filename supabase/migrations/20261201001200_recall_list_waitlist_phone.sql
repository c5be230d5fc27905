-- ============================================================================
-- The recall list leaves out patients already on the waitlist (an entry still
-- waiting or offered), as it leaves out those booked ahead: both are already
-- coming back. It also gives each patient's phone, for those the clinic
-- cannot reach on Messenger and must call.
-- ============================================================================

-- recall_list is in 20261201001690_one_rule_for_booked_ahead.sql (by way of
-- 20261201001620_stale_recall_claims.sql: a send cut off before Messenger answered no longer
-- keeps the patient recalled for 30 days).

