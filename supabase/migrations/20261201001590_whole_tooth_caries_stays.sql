-- ============================================================================
-- complete_plan_items was moved here from 20261201001400_treatment_plans.sql: a
-- caries charted for the whole tooth (no surfaces) stays when an item on some
-- surfaces is done. It was removed, because an empty surface list is contained
-- in every list: an occlusal filling cleared a whole-tooth caries from the chart.
-- ============================================================================

-- complete_plan_items is in 20261201001920_completing_again_is_idempotent.sql (by way of
-- 20261201001610_withdrawn_plan_items_at_checkout.sql and …1790): an item withdrawn while the Completed
-- dialog was open no longer fails the others, and only restorative work removes caries.
