-- ============================================================================
-- 1. deny_hmo_claim, moved here from 20261201001530_hmo_claims.sql: a claim
--    written off (write_off_hmo_claim, 20261201001960_hmo_claim_write_off.sql)
--    is refused (PT409 hmo_claim_already_written_off), as a second write-off
--    is. A claim the HMO paid none of could be written off and then denied,
--    and its status read 'denied': the admin's write-off silently overridden.
--    Its reason rule is private.stated_reason's, with deny's own codes.
-- ============================================================================
drop function if exists public.deny_hmo_claim(bigint, text);

create function public.deny_hmo_claim(p_claim_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_claim public.hmo_claims;
  v_reason text;
begin
  select c.* into v_claim from public.hmo_claims c where c.id = p_claim_id;
  if not found or not public.can_access_clinic(v_claim.clinic_id) then
    raise exception 'Claim not found.' using errcode = 'PT404', hint = 'hmo_claim_not_found';
  end if;
  -- The batch first, as record_hmo_payment locks it: a denial waits for a payment being spread.
  perform private.lock_hmo_batch(v_claim.batch_id);
  perform private.require_permission(v_claim.clinic_id, 'billing.write',
    'You cannot deny HMO claims in this clinic.', 'hmo_claim_forbidden');
  v_reason := private.stated_reason(p_reason, 'A reason is required to deny a claim.',
    'hmo_claim_reason_required', 'hmo_claim_reason_too_long');
  select c.* into v_claim from public.hmo_claims c where c.id = p_claim_id for update;
  if v_claim.withdrawn_at is not null then
    raise exception 'This claim was withdrawn with its invoice.' using errcode = 'PT409', hint = 'hmo_claim_withdrawn';
  end if;
  if v_claim.denied_at is not null then
    raise exception 'This claim is already denied.' using errcode = 'PT409', hint = 'hmo_claim_already_denied';
  end if;
  if v_claim.written_off_at is not null then
    raise exception 'This claim is already written off.' using errcode = 'PT409', hint = 'hmo_claim_already_written_off';
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
