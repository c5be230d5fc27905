-- ============================================================================
-- Who pays an itemised invoice, decided once: the patient's HMO (by the card
-- valid on the visit's clinic day and what its HMO covers, within its annual
-- limit) and the senior citizen / PWD discount on what is left to the patient.
-- See docs/adr/0051-hmo-split-and-statutory-discount.md.
--
--   invoice_split            the rule: the lines as create_itemised_invoice
--                            reads them, each with its HMO share and patient
--                            share, and the totals (gross, HMO, patient,
--                            VAT exemption, statutory discount, total due),
--                            the card used or why none is. The Add Invoice
--                            form previews it; create_itemised_invoice saves
--                            exactly what it answers.
--   create_itemised_invoice  now stores the split: invoices.total is what the
--                            patient owes, which may be ₱0.00 when the HMO
--                            pays the whole visit.
--   invoice_item_lines,      print the shares, the HMO and card, the ID and
--   payment_receipt          the discount lines.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- A visit the HMO pays in full leaves the patient ₱0.00; every other invoice
-- (the spec's, made with a total only, has no HMO share) is at least ₱0.01.
-- invoice_summaries reads a ₱0.00 invoice as Paid (paid 0 >= total 0).
-- ---------------------------------------------------------------------------
alter table public.invoices
  drop constraint invoices_total_is_pesos,
  add constraint invoices_total_is_pesos check (total >= 0.01 or (total = 0 and hmo_share > 0));

comment on column public.invoices.total is
  'What the patient owes, in pesos (public.pesos, two decimals): at least 0.01, at most 9,999,999,999.99; 0.00 only '
  'when the HMO pays the whole visit (hmo_share > 0). Itemised: the patients'' shares less VAT exemption and '
  'statutory discount (invoice_split).';

-- ---------------------------------------------------------------------------
-- invoice_split: the one rule of who pays
-- ---------------------------------------------------------------------------
-- invoice_split is in 20261201001930_the_split_the_desk_saw.sql: a claim the HMO denied no longer
-- spends the patient's annual limit, and a refused line names its place.

-- create_itemised_invoice (saves invoice_split's answer, when it is the split the desk was shown) is
-- in 20261201001930_the_split_the_desk_saw.sql.

-- ---------------------------------------------------------------------------
-- What the receipt and the day sheet print
-- ---------------------------------------------------------------------------
create function public.invoice_item_lines(p_invoice_id bigint)
returns json language sql stable set search_path = '' as $$
  select coalesce(pg_catalog.json_agg(r order by r.position), '[]'::json)
    from (
      select it.position, it.label, it.quantity, (it.unit_price * 100)::bigint as unit_price_centavos,
             (it.discount * 100)::bigint as discount_centavos, (it.line_total * 100)::bigint as line_total_centavos,
             (it.hmo_share * 100)::bigint as hmo_share_centavos,
             (it.patient_share * 100)::bigint as patient_share_centavos
        from public.invoice_items it
       where it.invoice_id = p_invoice_id
    ) r
$$;

select private.setup_function('public.invoice_item_lines(bigint)', '{authenticated,service_role}',
  'The lines of invoice p_invoice_id in order: [{position, label, quantity, unit_price_centavos, discount_centavos, '
  'line_total_centavos, hmo_share_centavos, patient_share_centavos}]; [] for an invoice that is not itemised (or '
  'not visible to the caller).');

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
    'items', public.invoice_item_lines(i.id),
    'hmo_name', h.name,
    'hmo_member_number', k.member_number,
    'hmo_share_centavos', (i.hmo_share * 100)::bigint,
    'discount_id_type', i.discount_id_type,
    'discount_id_number', i.discount_id_number,
    'vat_exemption_centavos', (i.vat_exemption * 100)::bigint,
    'statutory_discount_centavos', (i.statutory_discount * 100)::bigint
  )
  from public.payments p
  join public.invoices i on i.id = p.invoice_id
  join public.patients pt on pt.id = p.patient_id
  join public.clinics c on c.id = p.clinic_id
  left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
  left join public.hmos h on h.id = i.hmo_id and h.clinic_id = i.clinic_id
  left join public.patient_hmo_cards k on k.id = i.hmo_card_id and k.clinic_id = i.clinic_id
  where p.id = p_payment_id
  );
end;
$$;

select private.setup_function('public.payment_receipt(bigint)', '{authenticated,service_role}',
  'The acknowledgement receipt of a payment: clinic, receipt number, patient, cashier, amount (centavos), method, '
  'reference, date, what was paid for (the billed appointment''s reason and time, if any; the invoice''s lines with '
  'label, quantity, price, discount, line total, HMO share and patient share, empty when it is not itemised), the '
  'HMO and member number billed (null without), the HMO''s share, the senior citizen / PWD ID with the VAT '
  'exemption and statutory discount, the invoice total (what the patient owes) and the balance after the non-void '
  'payments up to and including this one by (payment_date, id); negative when overpaid.');

-- ---------------------------------------------------------------------------
-- invoice_summaries: paid, balance and status derived in one place, with the
-- HMO's share beside what the patient owes so the Billing list can hint at it
-- (total is still what the patient owes).
-- security_invoker: the row-level security of the base tables applies.
-- ---------------------------------------------------------------------------
create view public.invoice_summaries
with (security_invoker = true)
as
select
  i.id,
  i.clinic_id,
  i.patient_id,
  pt.name as patient_name,
  i.appointment_id,
  (i.total * 100)::bigint as total_centavos,
  paid.paid_centavos,
  (i.total * 100)::bigint - paid.paid_centavos as balance_centavos,
  case
    when paid.paid_centavos >= (i.total * 100)::bigint then 'Paid'
    when paid.paid_centavos > 0 then 'Partial'
    else 'Unpaid'
  end as status,
  paid.payment_count,
  i.created_at,
  i.voided_at,
  i.void_reason,
  (i.hmo_share * 100)::bigint as hmo_share_centavos
from public.invoices i
join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
-- A left join to a one-row aggregate: a count(*) of the view (PostgREST's count=exact) that uses
-- none of its columns drops the join and sums nothing.
left join lateral (
  select
    coalesce((sum(p.amount) * 100)::bigint, 0) as paid_centavos,
    count(*)::integer as payment_count
  from public.payments p
  where p.invoice_id = i.id and p.voided_at is null
) as paid on true;

comment on column public.invoice_summaries.hmo_share_centavos is
  'What the patient''s HMO pays of the invoice (its claim), in centavos; not part of total, balance or status.';
comment on view public.invoice_summaries is
  'Invoices with paid (non-void payments), balance (total - paid, negative when overpaid) and status '
  '(Paid, Partial, Unpaid), amounts in integer centavos. The one place status is derived.';
comment on column public.invoice_summaries.payment_count is 'Number of payments that are not void.';

-- Privileges. New views would otherwise be open to anon (the platform's default privileges) and PUBLIC.
revoke all on public.invoice_summaries from public, anon, authenticated;
grant select on public.invoice_summaries to authenticated;
grant all on public.invoice_summaries to service_role;
