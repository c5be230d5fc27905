-- ============================================================================
-- A recall send cut off before Messenger answered (the service restarted, or
-- could not record the outcome) leaves a 'pending' row. The service passes
-- over such a claim once it is stale, but only when the next send is tried,
-- and the recall list counted it as a recall: the patient read "Recalled
-- <date>" with the button off for 30 days, the last recall "Sending". When a
-- claim is stale, and what it then reads as, is now written once, here, for
-- the list and the service.
-- ============================================================================

-- A pending claim older than this was left by a send that never finished: it no longer blocks.
create function public.recall_claim_is_stale(p_created_at timestamptz, p_now timestamptz)
returns boolean language sql immutable set search_path = '' as $$
  select p_created_at < p_now - interval '5 minutes'
$$;

select private.setup_function('public.recall_claim_is_stale(timestamptz, timestamptz)', '{authenticated,service_role}',
  'Whether a pending recall created at p_created_at is, at p_now, a send that never finished (older than 5 minutes).');

-- A recall's outcome as of p_now: a stale pending claim reads as failed, with why.
create function private.recall_outcome_as_of(
  p_outcome public.recall_outcome,
  p_error text,
  p_created_at timestamptz,
  p_now timestamptz,
  out outcome public.recall_outcome,
  out error text
) language sql immutable set search_path = '' as $$
  select case when v.stale then 'failed'::public.recall_outcome else p_outcome end,
         case when v.stale then 'The send was interrupted before Messenger answered.' else p_error end
    from (select p_outcome = 'pending' and public.recall_claim_is_stale(p_created_at, p_now) as stale) v
$$;

select private.setup_function(
  'private.recall_outcome_as_of(public.recall_outcome, text, timestamptz, timestamptz)', '{authenticated,service_role}');

-- recall_list is in
-- 20261201001690_one_rule_for_booked_ahead.sql: it asks private.is_booked_ahead.
