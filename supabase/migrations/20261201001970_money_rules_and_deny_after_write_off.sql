-- ============================================================================
-- 1. deny_hmo_claim, moved here from 20261201001530_hmo_claims.sql: a claim
--    written off (write_off_hmo_claim, 20261201001960_hmo_claim_write_off.sql)
--    is refused (PT409 hmo_claim_already_written_off), as a second write-off
--    is. A claim the HMO paid none of could be written off and then denied,
--    and its status read 'denied': the admin's write-off silently overridden.
--    Its reason rule is private.stated_reason's, with deny's own codes.
-- ============================================================================
-- deny_hmo_claim moved to 20261201001990_one_way_to_decide_a_claim.sql, with write_off_hmo_claim's
-- shared first steps.

-- ============================================================================
-- 2. Every public.pesos column is stored with exactly two decimals, not only
--    those of procedures, invoices, payments (amount) and hmos: an HMO's
--    contracted price, a treatment plan item's price, the claims, HMO
--    payments and settlements of HMO billing, and a payment's accepted
--    balance kept a value as sent (1500, not 1500.00).
-- ============================================================================

drop trigger payments_money_in_centavos on public.payments;
create trigger payments_money_in_centavos before insert or update of amount, accepted_balance on public.payments
  for each row execute function public.keep_money_in_centavos('amount', 'accepted_balance');
create trigger treatment_plan_items_money_in_centavos before insert or update of price on public.treatment_plan_items
  for each row execute function public.keep_money_in_centavos('price');
create trigger hmo_coverages_money_in_centavos before insert or update of contracted_price on public.hmo_coverages
  for each row execute function public.keep_money_in_centavos('contracted_price');
create trigger hmo_claims_money_in_centavos before insert or update of amount on public.hmo_claims
  for each row execute function public.keep_money_in_centavos('amount');
create trigger hmo_payments_money_in_centavos before insert or update of amount on public.hmo_payments
  for each row execute function public.keep_money_in_centavos('amount');
create trigger hmo_claim_settlements_money_in_centavos before insert or update of amount
  on public.hmo_claim_settlements
  for each row execute function public.keep_money_in_centavos('amount');

update public.payments set accepted_balance = accepted_balance
 where accepted_balance is not null and pg_catalog.scale(accepted_balance) <> 2;
update public.treatment_plan_items set price = price where pg_catalog.scale(price) <> 2;
update public.hmo_coverages set contracted_price = contracted_price
 where contracted_price is not null and pg_catalog.scale(contracted_price) <> 2;
update public.hmo_claims set amount = amount where pg_catalog.scale(amount) <> 2;
update public.hmo_payments set amount = amount where pg_catalog.scale(amount) <> 2;
update public.hmo_claim_settlements set amount = amount where pg_catalog.scale(amount) <> 2;
