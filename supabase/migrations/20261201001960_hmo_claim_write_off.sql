-- ============================================================================
-- 1. hmos.annual_limit is money like the billing columns: public.pesos keeps a
--    value as sent, so a limit written as 30000 was stored and shown as 30000
--    (Edit HMO read "30000" where every other amount reads "30000.00"). It is
--    now stored with exactly two decimals by keep_money_in_centavos, as
--    procedures.price, invoices.total and payments.amount are.
-- ============================================================================

-- keep_money_in_centavos, with hmos. Replaced rather than dropped and made again: the triggers
-- of procedures, invoices and payments (20261201000500_billing.sql) depend on it.
create or replace function public.keep_money_in_centavos()
returns trigger language plpgsql set search_path = '' as $$
begin
  case tg_table_name
    when 'procedures' then new.price := pg_catalog.round(new.price, 2);
    when 'invoices' then new.total := pg_catalog.round(new.total, 2);
    when 'payments' then new.amount := pg_catalog.round(new.amount, 2);
    when 'hmos' then new.annual_limit := pg_catalog.round(new.annual_limit, 2);
  end case;
  return new;
end;
$$;

select private.setup_function('public.keep_money_in_centavos()', '{service_role}',
  'Trigger: stores the money column of procedures, invoices, payments or hmos (annual_limit) with exactly two '
  'decimals (12.5 -> 12.50).');

create trigger hmos_money_in_centavos before insert or update of annual_limit on public.hmos
  for each row execute function public.keep_money_in_centavos();

update public.hmos set annual_limit = annual_limit
 where annual_limit is not null and pg_catalog.scale(annual_limit) <> 2;
