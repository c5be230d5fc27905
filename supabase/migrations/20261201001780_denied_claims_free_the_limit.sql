-- ============================================================================
-- invoice_split, moved here from 20261201001520_invoice_split.sql: the HMO's
-- annual limit counted the share of every invoice not void, a claim the HMO
-- denied too, so a denial (the HMO paid nothing) still used up the patient's
-- room for the year and the next visit's covered work went to the patient.
-- A denied claim's share is left out now. The rest is unchanged.
-- ============================================================================

-- invoice_split moved to 20261201001930_the_split_the_desk_saw.sql: a refused line names its place.
