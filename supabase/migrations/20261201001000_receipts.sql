-- ============================================================================
-- Receipts a Philippine clinic can hand over: a receipt number in a gapless
-- series per clinic, the cashier who received the money, and what was paid
-- for. Still an acknowledgement receipt, not a BIR invoice
-- (docs/adr/0013-money-and-billing-records.md).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Each clinic's last receipt number. Private: only the numbering trigger
-- reads and writes it.
-- ---------------------------------------------------------------------------
create table private.receipt_counters (
  clinic_id bigint primary key references public.clinics (id) on delete cascade,
  last_number bigint not null check (last_number >= 0)
);

comment on table private.receipt_counters is
  'The last receipt number given in each clinic; the next payment takes the one after it.';

alter table public.payments
  add column receipt_number bigint,
  add column recorded_by_name text check (recorded_by_name is null or char_length(recorded_by_name) <= 200);

comment on column public.payments.receipt_number is
  'The payment''s acknowledgement receipt number: 1, 2, 3, … per clinic, without gaps (a voided payment keeps its number).';
comment on column public.payments.recorded_by_name is
  'The name of the staff member who recorded the payment, as it was then (the receipt''s cashier); null for the service.';

-- Numbers for the payments already recorded, in the order they were paid.
update public.payments p
   set receipt_number = numbered.n
  from (
    select id, pg_catalog.row_number() over (partition by clinic_id order by payment_date, id) as n
      from public.payments
  ) numbered
 where numbered.id = p.id;

update public.payments p
   set recorded_by_name = u.name
  from public.users u
 where u.user_id = p.recorded_by;

insert into private.receipt_counters (clinic_id, last_number)
select clinic_id, max(receipt_number) from public.payments group by clinic_id;

-- The default only stands until the numbering trigger below replaces it (the check refuses a 0
-- that got through); it tells clients that an insert need not give a number (nor may: no grant).
alter table public.payments
  alter column receipt_number set default 0,
  alter column receipt_number set not null,
  add constraint payments_receipt_number_given check (receipt_number >= 1),
  add constraint payments_receipt_number_key unique (clinic_id, receipt_number);

-- ---------------------------------------------------------------------------
-- number_payment_receipt: the next number of the clinic's series, taken under
-- the counter row's lock, so two desks never get the same one, and given back
-- with the insert's rollback, so the series has no gaps. Runs after the
-- payment's guards (triggers fire in name order).
-- ---------------------------------------------------------------------------
create function public.number_payment_receipt()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into private.receipt_counters as c (clinic_id, last_number)
  values (new.clinic_id, 1)
  on conflict (clinic_id) do update set last_number = c.last_number + 1
  returning c.last_number into new.receipt_number;
  new.recorded_by_name := (select u.name from public.users u where u.user_id = new.recorded_by);
  return new;
end;
$$;

select private.setup_function('public.number_payment_receipt()', '{service_role}',
  'Trigger: gives a new payment the next receipt number of its clinic and the name of the staff member recording it.');

create trigger payments_receipt_number before insert on public.payments
  for each row execute function public.number_payment_receipt();

-- payment_receipt (the receipt's answer) is in 20261201001520_invoice_split.sql.
