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

comment on function public.number_payment_receipt() is
  'Trigger: gives a new payment the next receipt number of its clinic and the name of the staff member recording it.';

revoke execute on function public.number_payment_receipt() from public, anon, authenticated;

create trigger payments_receipt_number before insert on public.payments
  for each row execute function public.number_payment_receipt();

-- ---------------------------------------------------------------------------
-- payment_receipt: one payment with its clinic, number, patient, cashier, what
-- was paid for (the billed appointment's procedure and date, when the invoice
-- came from one; the invoice's lines, when it is itemised) and the balance
-- after it. Security invoker: another clinic's payment reads as null.
-- PL/pgSQL so that its body is read when called: the invoice lines' table is
-- made by a later migration (20261201001450_invoice_items.sql).
-- ---------------------------------------------------------------------------
drop function if exists public.payment_receipt(bigint);

create function public.payment_receipt(p_payment_id bigint)
returns json language plpgsql stable set search_path = '' as $$
begin
  return (
  select pg_catalog.json_build_object(
    'payment_id', p.id,
    'receipt_number', p.receipt_number,
    'invoice_id', p.invoice_id,
    'clinic_name', c.name,
    'clinic_time_zone', c.timezone,
    'clinic_address', c.address,
    'clinic_phone', c.contact_phone,
    'clinic_email', c.contact_email,
    'patient_name', pt.name,
    'cashier_name', p.recorded_by_name,
    'amount_centavos', (p.amount * 100)::bigint,
    'method', p.method,
    'reference_number', p.reference_number,
    'notes', p.notes,
    'payment_date', p.payment_date,
    'voided_at', p.voided_at,
    'appointment_reason', a.reason,
    'appointment_time', a.appointment_time,
    'invoice_total_centavos', (i.total * 100)::bigint,
    'balance_after_centavos', (i.total * 100)::bigint - (
      select coalesce((sum(e.amount) * 100)::bigint, 0)
        from public.payments e
       where e.invoice_id = p.invoice_id
         and e.voided_at is null
         and (e.payment_date, e.id) <= (p.payment_date, p.id)
    ),
    'items', public.invoice_item_lines(i.id)
  )
  from public.payments p
  join public.invoices i on i.id = p.invoice_id
  join public.patients pt on pt.id = p.patient_id
  join public.clinics c on c.id = p.clinic_id
  left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
  where p.id = p_payment_id
  );
end;
$$;

comment on function public.payment_receipt(bigint) is
  'The acknowledgement receipt of a payment: clinic, receipt number, patient, cashier, amount (centavos), method, '
  'reference, date, what was paid for (the billed appointment''s reason and time, if any; the invoice''s lines with '
  'label, quantity, price, discount and line total, empty when it is not itemised), the invoice total and '
  'the balance after the non-void payments up to and including this one by (payment_date, id); negative when overpaid.';

revoke execute on function public.payment_receipt(bigint) from public, anon, authenticated;
grant execute on function public.payment_receipt(bigint) to authenticated, service_role;
