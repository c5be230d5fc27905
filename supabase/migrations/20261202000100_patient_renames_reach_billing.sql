-- A patient renamed at one desk is renamed on every Billing screen of the clinic.
--
-- The billing lists name each invoice's and payment's patient through their views' join on
-- public.patients, so a rename changes what they show, yet no invoice or payment row changed and
-- billing_changes (20261201000500_billing.sql) said nothing: another desk kept the old name until
-- it read the lists again. A rename is announced there too, touching no one invoice
-- (invoice_id null): the Billing tab reads that patient's invoices again (refreshBillingChanges),
-- and the other billing readers (day sheet, discounts report) read again whole as on any change.
create trigger patients_notify_billing_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id',
    'invoice_id=null');
