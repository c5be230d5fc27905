-- ============================================================================
-- Two billing writes that went through on what the desk no longer saw:
--   'Add Payment anyway' sent only overpayment_accepted = true, and the
--     payment trigger then skipped the balance: a desk warned of ₱200 over a
--     ₱1,000 balance saved ₱1,200 against ₱0 when another desk had taken the
--     ₱1,000 meanwhile. The insert now names the balance the overpayment was
--     accepted at (accepted_balance); read under the invoice's lock, another
--     balance is refused (PT409 payment_balance_changed, the balance in the
--     detail) and the form asks again with the new figures. A payment that
--     fits the balance is taken as before.
--   An invoice could be added for a deleted patient, by insert or by
--     create_itemised_invoice (which inserts through the same trigger); it is
--     refused now as a booking is (23514 patient_deleted).
-- guard_payment_insert and guard_invoice_insert moved here whole, with their
-- triggers, from 20261201000500_billing.sql.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- payments.accepted_balance
-- ---------------------------------------------------------------------------
alter table public.payments
  add column accepted_balance public.pesos,
  add constraint payments_accepted_balance_is_owed check (
    accepted_balance is null or (overpayment_accepted and accepted_balance >= 0)
  );

comment on column public.payments.accepted_balance is
  'What the invoice still owed (its balance, 0.00 once paid in full or more) when whoever recorded the payment '
  'accepted it as an overpayment; an overpayment is refused (PT409 payment_balance_changed) unless the invoice '
  'still owes exactly this when it is recorded. Null when no overpayment was accepted.';
comment on column public.payments.overpayment_accepted is
  'True when whoever recorded the payment accepted that it is more than what the invoice owed (accepted_balance; '
  'the SPA''s ''Add Payment anyway''); without it such a payment is refused (PT409).';

-- The form sends it with overpayment_accepted; select is granted on the whole table already.
grant insert (accepted_balance) on public.payments to authenticated;

-- Recorded as money, like amount (20261201001750_audit_every_money_column.sql).
drop trigger payments_audit on public.payments;
create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function public.audit_row_change(
    'payment', 'skip=idempotency_key', 'money=amount,accepted_balance');

-- ---------------------------------------------------------------------------
-- guard_payment_insert (from 20261201000500_billing.sql)
-- ---------------------------------------------------------------------------
-- An overpayment is accepted at one balance, the one its warning named: under another (a payment
-- taken or voided meanwhile) it is another excess, which nobody accepted. What is owed is never
-- below 0.00, as the warning says it, so a further payment on an invoice already overpaid keeps
-- its excess whatever the credit before it.
create function public.guard_payment_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_total numeric;
  v_voided_at timestamptz;
  v_balance numeric;
begin
  select i.total, i.voided_at into v_total, v_voided_at
    from public.invoices i
   where i.id = new.invoice_id and i.clinic_id = new.clinic_id
     for no key update;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if v_voided_at is not null then
    raise exception 'This invoice is void; it takes no more payments.'
      using errcode = 'check_violation', hint = 'invoice_void';
  end if;
  -- A repeat of an earlier insert (its payment already counts): let the unique key answer 23505.
  if exists (
    select 1 from public.payments p where p.clinic_id = new.clinic_id and p.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  select v_total - coalesce(sum(p.amount), 0) into v_balance
    from public.payments p
   where p.invoice_id = new.invoice_id and p.voided_at is null;
  if new.amount <= v_balance then
    -- It fits (a payment voided meanwhile raised the balance): no overpayment, so none is recorded
    -- as accepted. A balance given without acceptance, or below 0.00, is left to the check.
    if new.overpayment_accepted and new.accepted_balance >= 0 then
      new.overpayment_accepted := false;
      new.accepted_balance := null;
    end if;
    return new;
  end if;
  if not new.overpayment_accepted then
    raise exception 'This payment is more than the balance of the invoice.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', (v_balance * 100)::bigint),
            hint = 'payment_above_balance';
  end if;
  if new.accepted_balance is distinct from greatest(v_balance, 0) then
    raise exception 'The balance of the invoice changed since this overpayment was accepted.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', (v_balance * 100)::bigint),
            hint = 'payment_balance_changed';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_payment_insert()', '{service_role}',
  'Trigger: refuses a payment on a void invoice (23514) and one beyond the invoice''s balance (PT409): '
  'payment_above_balance unless overpayment_accepted, payment_balance_changed unless accepted_balance is what the '
  'invoice owes (its balance, not below 0); the balance read under a lock on the invoice. The detail of both: '
  'balance_centavos=<the balance>.');

create trigger payments_guard_insert before insert on public.payments
  for each row execute function public.guard_payment_insert();

-- ---------------------------------------------------------------------------
-- guard_invoice_insert (from 20261201000500_billing.sql)
-- ---------------------------------------------------------------------------
create function public.guard_invoice_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_patient_deleted boolean;
  v_appointment_patient_id bigint;
begin
  -- A repeat of an earlier insert: let the unique key answer 23505.
  if exists (
    select 1 from public.invoices i where i.clinic_id = new.clinic_id and i.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  -- Read FOR SHARE, as a booking reads it: a delete_patient meanwhile waits for this invoice, or
  -- this waits for the delete and then sees the patient deleted. Patient first, appointment second.
  select p.deleted into v_patient_deleted
    from public.patients p
   where p.id = new.patient_id and p.clinic_id = new.clinic_id
     for share;
  if v_patient_deleted then
    raise exception 'This patient has been deleted.'
      using errcode = 'check_violation', hint = 'patient_deleted';
  end if;
  if new.appointment_id is null then
    return new;
  end if;
  -- One biller per appointment at a time: the lock makes the check below race-free.
  select a.patient_id into v_appointment_patient_id
    from public.appointments a
   where a.id = new.appointment_id and a.clinic_id = new.clinic_id
     for update;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if v_appointment_patient_id <> new.patient_id then
    raise exception 'The appointment belongs to another patient.'
      using errcode = 'check_violation', hint = 'invoice_patient_mismatch';
  end if;
  if exists (
    select 1 from public.invoices i
     where i.appointment_id = new.appointment_id and i.voided_at is null
       and i.idempotency_key <> new.idempotency_key
  ) then
    raise exception 'This appointment already has an invoice.'
      using errcode = 'check_violation', hint = 'appointment_already_billed';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_invoice_insert()', '{service_role}',
  'Trigger: an invoice''s patient is not deleted (23514 patient_deleted), and its appointment is of the same '
  'patient and has no other invoice that is not void.');

create trigger invoices_guard_insert before insert on public.invoices
  for each row execute function public.guard_invoice_insert();
