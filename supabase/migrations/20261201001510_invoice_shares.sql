-- ============================================================================
-- Who pays an itemised invoice: the columns the HMO split, the senior citizen /
-- PWD discount, the HMO's claims and the availment form all read. Only
-- create_itemised_invoice writes them (browsers have no insert grant on them).
-- See docs/adr/0050-hmo-coverage-and-statutory-discounts.md.
--
--   invoice_items.hmo_share       the part of the line the HMO pays (0 when
--                                 not covered); patient_share is the rest.
--   invoices.hmo_id / hmo_card_id the HMO and the card the visit was billed on.
--   invoices.hmo_share            the sum of the lines' HMO shares: the claim.
--   invoices.discount_id_*        the senior citizen / PWD ID as billed.
--   invoices.vat_exemption        VAT taken off the patient's share.
--   invoices.statutory_discount   the 20% taken off the patient's share.
--
-- The money identity of an itemised invoice:
--   sum(line_total) = hmo_share + sum(patient_share)
--   total (what the patient owes) = sum(patient_share) - vat_exemption - statutory_discount
-- A spec-style invoice (no lines) keeps every new column at its default.
-- ============================================================================

alter table public.invoice_items
  add column hmo_share numeric(12, 2) not null default 0,
  add column patient_share numeric(12, 2) not null
    generated always as (public.invoice_line_total(unit_price, quantity, discount) - hmo_share) stored,
  add constraint invoice_items_hmo_share_within_line
    check (hmo_share >= 0 and hmo_share <= public.invoice_line_total(unit_price, quantity, discount));

comment on column public.invoice_items.hmo_share is
  'Pesos of this line the patient''s HMO pays (its claim); 0 when the HMO does not cover it or there is no valid card.';
comment on column public.invoice_items.patient_share is 'line_total - hmo_share: the patient''s part of the line, before any statutory discount.';

alter table public.invoices
  add column hmo_id bigint,
  add column hmo_card_id bigint references public.patient_hmo_cards (id) on delete set null,
  add column hmo_share numeric(12, 2) not null default 0 check (hmo_share >= 0),
  add column discount_id_type public.discount_id_type,
  add column discount_id_number text,
  add column vat_exemption numeric(12, 2) not null default 0 check (vat_exemption >= 0),
  add column statutory_discount numeric(12, 2) not null default 0 check (statutory_discount >= 0),
  add constraint invoices_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  add constraint invoices_hmo_share_has_hmo check (hmo_share = 0 or hmo_id is not null),
  add constraint invoices_discount_has_id check (
    (vat_exemption = 0 and statutory_discount = 0) or discount_id_type is not null);

comment on column public.invoices.hmo_id is 'The HMO billed for this visit''s covered lines; null when none.';
comment on column public.invoices.hmo_card_id is 'The patient''s card that was valid at the visit; null when none (or deleted since).';
comment on column public.invoices.hmo_share is 'Sum of the lines'' hmo_share: what the invoice claims from the HMO. Not part of total.';
comment on column public.invoices.discount_id_type is 'The senior citizen / PWD ID billed with, copied from the patient at billing.';
comment on column public.invoices.discount_id_number is 'That ID''s number, as billed.';
comment on column public.invoices.vat_exemption is 'VAT taken off the patient''s share (VAT-registered clinics only).';
comment on column public.invoices.statutory_discount is 'The statutory discount (statutory_rates().discount_rate) taken off the patient''s share.';

create index invoices_hmo_idx on public.invoices (hmo_id) where hmo_id is not null;
create index invoices_discount_idx on public.invoices (clinic_id, created_at) where discount_id_type is not null;

-- The audit trail records the new amounts as money (integer centavos), like the total: the
-- invoices' and the lines' audit triggers are in 20261201001750_audit_every_money_column.sql.
