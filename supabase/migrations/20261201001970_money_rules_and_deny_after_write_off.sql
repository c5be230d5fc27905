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

-- ============================================================================
-- 2. Every public.pesos column is stored with exactly two decimals, not only
--    those of procedures, invoices, payments (amount) and hmos: an HMO's
--    contracted price, a treatment plan item's price, the claims, HMO
--    payments and settlements of HMO billing, and a payment's accepted
--    balance kept a value as sent (1500, not 1500.00).
-- ============================================================================

-- keep_money_in_centavos, with every money column. Replaced rather than dropped and made again:
-- the triggers of procedures, invoices, payments (20261201000500_billing.sql) and hmos
-- (20261201001960_hmo_claim_write_off.sql) depend on it.
create or replace function public.keep_money_in_centavos()
returns trigger language plpgsql set search_path = '' as $$
begin
  case tg_table_name
    when 'procedures', 'treatment_plan_items' then new.price := pg_catalog.round(new.price, 2);
    when 'invoices' then new.total := pg_catalog.round(new.total, 2);
    when 'payments' then
      new.amount := pg_catalog.round(new.amount, 2);
      new.accepted_balance := pg_catalog.round(new.accepted_balance, 2);
    when 'hmos' then new.annual_limit := pg_catalog.round(new.annual_limit, 2);
    when 'hmo_coverages' then new.contracted_price := pg_catalog.round(new.contracted_price, 2);
    when 'hmo_claims', 'hmo_payments', 'hmo_claim_settlements' then new.amount := pg_catalog.round(new.amount, 2);
  end case;
  return new;
end;
$$;

select private.setup_function('public.keep_money_in_centavos()', '{service_role}',
  'Trigger: stores every money column (public.pesos) with exactly two decimals (12.5 -> 12.50): the price of '
  'procedures and treatment_plan_items, invoices.total, payments.amount and accepted_balance, hmos.annual_limit, '
  'hmo_coverages.contracted_price, and the amount of hmo_claims, hmo_payments and hmo_claim_settlements.');

drop trigger payments_money_in_centavos on public.payments;
create trigger payments_money_in_centavos before insert or update of amount, accepted_balance on public.payments
  for each row execute function public.keep_money_in_centavos();
create trigger treatment_plan_items_money_in_centavos before insert or update of price on public.treatment_plan_items
  for each row execute function public.keep_money_in_centavos();
create trigger hmo_coverages_money_in_centavos before insert or update of contracted_price on public.hmo_coverages
  for each row execute function public.keep_money_in_centavos();
create trigger hmo_claims_money_in_centavos before insert or update of amount on public.hmo_claims
  for each row execute function public.keep_money_in_centavos();
create trigger hmo_payments_money_in_centavos before insert or update of amount on public.hmo_payments
  for each row execute function public.keep_money_in_centavos();
create trigger hmo_claim_settlements_money_in_centavos before insert or update of amount
  on public.hmo_claim_settlements
  for each row execute function public.keep_money_in_centavos();

update public.payments set accepted_balance = accepted_balance
 where accepted_balance is not null and pg_catalog.scale(accepted_balance) <> 2;
update public.treatment_plan_items set price = price where pg_catalog.scale(price) <> 2;
update public.hmo_coverages set contracted_price = contracted_price
 where contracted_price is not null and pg_catalog.scale(contracted_price) <> 2;
update public.hmo_claims set amount = amount where pg_catalog.scale(amount) <> 2;
update public.hmo_payments set amount = amount where pg_catalog.scale(amount) <> 2;
update public.hmo_claim_settlements set amount = amount where pg_catalog.scale(amount) <> 2;
