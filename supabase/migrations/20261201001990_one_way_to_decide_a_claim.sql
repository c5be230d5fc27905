-- ============================================================================
-- deny_hmo_claim (from 20261201001970_money_rules_and_deny_after_write_off.sql)
-- and write_off_hmo_claim (from 20261201001960_hmo_claim_write_off.sql) began
-- with the same twenty lines: find the claim, lock its batch, ask the
-- permission, check the reason, lock the claim, refuse one withdrawn or
-- written off. Those steps are private.claim_to_decide now, written once;
-- each function keeps only what is its own. Same refusals, same order.
-- ============================================================================

create function private.claim_to_decide(
  p_claim_id bigint,
  p_permission text,
  p_forbidden_message text,
  p_forbidden_hint text,
  p_reason text,
  p_reason_required_message text,
  p_reason_required_hint text,
  p_reason_too_long_hint text,
  out o_claim public.hmo_claims,
  out o_reason text
)
language plpgsql set search_path = '' as $$
begin
  select c.* into o_claim from public.hmo_claims c where c.id = p_claim_id;
  if not found or not public.can_access_clinic(o_claim.clinic_id) then
    raise exception 'Claim not found.' using errcode = 'PT404', hint = 'hmo_claim_not_found';
  end if;
  -- The batch first, as record_hmo_payment locks it: a decision waits for a payment being spread
  -- and then decides on what that payment left.
  perform private.lock_hmo_batch(o_claim.batch_id);
  perform private.require_permission(o_claim.clinic_id, p_permission, p_forbidden_message, p_forbidden_hint);
  o_reason := private.stated_reason(p_reason, p_reason_required_message, p_reason_required_hint, p_reason_too_long_hint);
  select c.* into o_claim from public.hmo_claims c where c.id = p_claim_id for update;
  if o_claim.withdrawn_at is not null then
    raise exception 'This claim was withdrawn with its invoice.' using errcode = 'PT409', hint = 'hmo_claim_withdrawn';
  end if;
  if o_claim.written_off_at is not null then
    raise exception 'This claim is already written off.' using errcode = 'PT409', hint = 'hmo_claim_already_written_off';
  end if;
end;
$$;

-- Called by deny_hmo_claim and write_off_hmo_claim (security definer) only.
select private.setup_function(
  'private.claim_to_decide(bigint, text, text, text, text, text, text, text)', '{}');

-- ---------------------------------------------------------------------------
-- deny_hmo_claim
-- ---------------------------------------------------------------------------
drop function if exists public.deny_hmo_claim(bigint, text);

create function public.deny_hmo_claim(p_claim_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_decision record;
  v_claim public.hmo_claims;
  v_reason text;
begin
  select d.* into v_decision
    from private.claim_to_decide(p_claim_id, 'billing.write', 'You cannot deny HMO claims in this clinic.',
      'hmo_claim_forbidden', p_reason, 'A reason is required to deny a claim.', 'hmo_claim_reason_required',
      'hmo_claim_reason_too_long') d;
  v_claim := v_decision.o_claim;
  v_reason := v_decision.o_reason;
  if v_claim.denied_at is not null then
    raise exception 'This claim is already denied.' using errcode = 'PT409', hint = 'hmo_claim_already_denied';
  end if;
  if exists (select from public.hmo_claim_settlements s where s.claim_id = v_claim.id) then
    raise exception 'The HMO has paid this claim; it cannot be denied.' using errcode = 'PT409', hint = 'hmo_claim_paid';
  end if;
  update public.hmo_claims
     set denied_at = pg_catalog.now(), denial_reason = v_reason, denied_by = (select auth.uid())
   where id = v_claim.id;
end;
$$;

select private.setup_function('public.deny_hmo_claim(bigint, text)', '{authenticated,service_role}',
  'Records that the HMO denied claim p_claim_id, with its reason (billing.write). Refused once any of it is paid '
  '(PT409 hmo_claim_paid), when withdrawn, already denied or written off (PT409 hmo_claim_withdrawn, '
  'hmo_claim_already_denied, hmo_claim_already_written_off), without a reason (22023).');

-- ---------------------------------------------------------------------------
-- write_off_hmo_claim
-- ---------------------------------------------------------------------------
create function public.write_off_hmo_claim(p_claim_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_decision record;
  v_claim public.hmo_claims;
  v_reason text;
  v_outstanding bigint;
begin
  select d.* into v_decision
    from private.claim_to_decide(p_claim_id, 'billing.void', 'Only an admin can write off an HMO claim.',
      'hmo_claim_write_off_forbidden', p_reason, 'A reason is required to write off a claim.',
      'hmo_claim_write_off_reason_required', 'hmo_claim_write_off_reason_too_long') d;
  v_claim := v_decision.o_claim;
  v_reason := v_decision.o_reason;
  select s.outstanding_centavos into v_outstanding from public.hmo_claim_summaries s where s.id = v_claim.id;
  if v_outstanding <= 0 then
    raise exception 'Nothing is left to write off on this claim.'
      using errcode = 'PT409', hint = 'hmo_claim_nothing_to_write_off';
  end if;
  update public.hmo_claims
     set written_off_at = pg_catalog.now(), write_off_reason = v_reason, written_off_by = (select auth.uid())
   where id = v_claim.id;
end;
$$;

select private.setup_function('public.write_off_hmo_claim(bigint, text)', '{authenticated,service_role}',
  'Writes off what the HMO has not paid of claim p_claim_id, with a reason (billing.void: admins, superadmins): the '
  'claim owes nothing since, nor does its batch or HMO for it. Refusals: PT404 hmo_claim_not_found (also another '
  'clinic''s), 42501 hmo_claim_write_off_forbidden, 22023 hmo_claim_write_off_reason_required / _too_long, PT409 '
  'hmo_claim_withdrawn, hmo_claim_already_written_off, hmo_claim_nothing_to_write_off (paid in full or denied).');
