-- ============================================================================
-- The audit trail records money as integer centavos (<column>_centavos), but
-- invoice lines' hmo_share and patient_share, added after their audit trigger
-- was set up, were recorded as pesos beside unit_price_centavos: one entry
-- read "hmo_share: 1200.00" next to "unit_price_centavos: 150000". And the
-- itemised invoice's request digest (a retry check, not a fact of the bill)
-- was recorded with every invoice. Both triggers are set here (the invoices'
-- moved from 20261201001510_invoice_shares.sql).
-- ============================================================================

drop trigger invoice_items_audit on public.invoice_items;
create trigger invoice_items_audit after insert or update or delete on public.invoice_items
  for each row execute function public.audit_row_change(
    'invoice_item', 'money=unit_price,discount,line_total,hmo_share,patient_share');

drop trigger invoices_audit on public.invoices;
create trigger invoices_audit after insert or update or delete on public.invoices
  for each row execute function public.audit_row_change(
    'invoice', 'skip=idempotency_key,itemised_request_digest', 'money=total,hmo_share,vat_exemption,statutory_discount');
