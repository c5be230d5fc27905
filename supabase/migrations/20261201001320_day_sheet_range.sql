-- ============================================================================
-- The day sheet over a range of clinic days: production (the invoices issued,
-- by dentist) beside the collections, the collections by cashier, and who
-- voided what. See docs/reports.md.
--
-- Money is summed in pesos (numeric, two decimals: the columns' own type) and
-- answered as integer centavos like the rest of the report, so no client
-- parses a JSON number with decimals.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Who voided: the name as it was then, beside voided_by. Both are the
-- database's to set, from the caller's JWT, never the client's (browsers have
-- no update grant on either table).
-- ---------------------------------------------------------------------------
alter table public.invoices
  add column voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200);
alter table public.payments
  add column voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200);

comment on column public.invoices.voided_by_name is
  'The name of the staff member who voided the invoice, as it was then; null when not void or voided by the service.';
comment on column public.payments.voided_by_name is
  'The name of the staff member who voided the payment, as it was then; null when not void or voided by the service.';

update public.invoices i set voided_by_name = u.name from public.users u where u.user_id = i.voided_by;
update public.payments p set voided_by_name = u.name from public.users u where u.user_id = p.voided_by;

create function public.name_voider()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if old.voided_at is null and new.voided_at is not null then
    -- A signed-in caller is the voider whatever the row says; the service and SQL writing history
    -- (the demo data) may name one.
    new.voided_by := coalesce((select auth.uid()), new.voided_by);
    new.voided_by_name := (select u.name from public.users u where u.user_id = new.voided_by);
  end if;
  return new;
end;
$$;

select private.setup_function('public.name_voider()', '{service_role}',
  'Trigger: when an invoice or payment becomes void, records who voided it (auth.uid(), else the voided_by the '
  'service wrote) and their name as it was then.');

create trigger invoices_name_voider before update of voided_at on public.invoices
  for each row execute function public.name_voider();
create trigger payments_name_voider before update of voided_at on public.payments
  for each row execute function public.name_voider();

-- ---------------------------------------------------------------------------
-- day_sheet over p_from..p_to (at most 31 clinic days). Replaces the one-day
-- day_sheet and its export, whose answers it extends.
-- ---------------------------------------------------------------------------
drop function if exists public.day_sheet_export(bigint, date);
drop function if exists public.day_sheet(bigint, date);

-- The patient side of the day sheet (private.day_sheet_patient_side since
-- 20261201001531_day_sheet_hmo_collections.sql) is in 20261201001730_cashiers_by_account.sql:
-- collections by cashier are counted per staff account, not per name.

-- day_sheet_export (the same answer, recorded in the audit trail) is in
-- 20261201001531_day_sheet_hmo_collections.sql, which counts the HMO collections too.
