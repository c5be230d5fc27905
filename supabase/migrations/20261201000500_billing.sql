-- ============================================================================
-- Ngiti baseline, 5 of 9: procedures, invoices and payments. See
-- docs/billing.md.
--
--   procedure_categories  a name is unique per clinic ignoring case and
--   procedures            surrounding spaces ('Cleaning' and ' cleaning '
--                         clash, 23505); a procedure's name likewise per
--                         category. Appointments keep the procedure's name in
--                         `reason` and invoices their stored total, so
--                         deleting a procedure or changing its price rewrites
--                         neither.
--   invoices, payments    money in pesos (public.pesos), at least 0.01.
--                         Payments that can't double-post (an idempotency
--                         key), bills from appointments, receipts and the
--                         billing change feed. Views expose amounts as integer
--                         centavos (bigint), so no client parses a JSON number.
--
-- Invoices and payments stay append-only for browsers: a mistake is corrected
-- by an admin's void (void_invoice, void_payment) with a reason; a voided row
-- stays, and no longer counts.
--
-- A payment beyond the invoice's balance at the moment it is recorded is
-- refused (PT409: HTTP 409 from PostgREST) unless the insert says
-- overpayment_accepted = true at the balance it was warned of (accepted_balance,
-- 20261201001830_billing_as_the_desk_saw_it.sql), which the SPA sends only once
-- the user confirmed 'Add Payment anyway'. The invoice row is locked while the
-- balance is read, so concurrent payments are counted one after another.
--
-- RPCs refuse as 4xx: PostgREST answers HTTP nnn for SQLSTATE PTnnn, so a row
-- the caller cannot see is PT404 (HTTP 404) and a row no longer in the state
-- the call needs is PT409 (HTTP 409); the hint names the refusal
-- (common/contract/error-codes.ts).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- procedures and their categories
-- ---------------------------------------------------------------------------
create table public.procedure_categories (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  created_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on table public.procedure_categories is 'A group of procedures in a clinic''s price list.';

create unique index procedure_categories_clinic_name_ci_key
  on public.procedure_categories (clinic_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.procedure_categories_clinic_name_ci_key is
  'A clinic has one category of a name, ignoring case and surrounding spaces (23505).';

-- The exact (clinic_id, name) constraint is the arbiter of upserts on the natural key
-- (on_conflict=clinic_id,name). It is added after the case-insensitive index on purpose: unique
-- indexes are checked in creation order, so a duplicate insert names that index.
alter table public.procedure_categories
  add constraint procedure_categories_clinic_id_name_key unique (clinic_id, name);

select private.setup_clinic_table('public.procedure_categories', grants => array['select, insert, update, delete'],
  audit => array['procedure_category'], policies => array[
  ['select', 'procedures.read', 'Staff can view procedure categories of their clinic'],
  ['insert', 'procedures.manage', 'Front desk can add procedure categories to their clinic'],
  ['update', 'procedures.manage', 'Front desk can update procedure categories of their clinic'],
  ['delete', 'procedures.manage', 'Front desk can delete procedure categories of their clinic']]);

-- ---------------------------------------------------------------------------
-- procedures
-- ---------------------------------------------------------------------------

create table public.procedures (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  category_id bigint not null,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  price public.pesos not null default 0 check (price >= 0),
  created_at timestamptz not null default now(),
  constraint procedures_category_fkey foreign key (category_id, clinic_id)
    references public.procedure_categories (id, clinic_id) on delete cascade
);

comment on table public.procedures is 'A procedure and its price in pesos.';
comment on column public.procedures.price is
  'Pesos (public.pesos, stored with two decimals), at least 0 (default 0.00). Appointments keep the procedure '
  'name in reason and invoices their own total, so a new price or a deleted procedure leaves both unchanged.';

create index procedures_category_id_idx on public.procedures (category_id, clinic_id);

create unique index procedures_category_name_ci_key
  on public.procedures (category_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.procedures_category_name_ci_key is
  'A category has one procedure of a name, ignoring case and surrounding spaces (23505).';

select private.setup_clinic_table('public.procedures', grants => array['select, insert, update, delete'],
  audit => array['procedure', 'money=price'], policies => array[
  ['select', 'procedures.read', 'Staff can view procedures of their clinic'],
  ['insert', 'procedures.manage', 'Front desk can add procedures to their clinic'],
  ['update', 'procedures.manage', 'Front desk can update procedures of their clinic'],
  ['delete', 'procedures.manage', 'Front desk can delete procedures of their clinic']]);

create trigger procedures_money_in_centavos before insert or update of price on public.procedures
  for each row execute function public.keep_money_in_centavos('price');

-- ---------------------------------------------------------------------------
-- invoices: append-only for browsers; an admin's void (void_invoice) corrects a mistake
-- ---------------------------------------------------------------------------
create table public.invoices (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  total public.pesos not null constraint invoices_total_is_pesos check (total >= 0.01),
  created_at timestamptz not null default now(),
  appointment_id bigint,
  idempotency_key uuid not null default gen_random_uuid(),
  voided_at timestamptz,
  void_reason text,
  voided_by uuid,
  created_by uuid default auth.uid(),
  unique (id, patient_id, clinic_id),
  constraint invoices_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id),
  constraint invoices_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete set null (appointment_id),
  constraint invoices_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint invoices_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  )
);

comment on table public.invoices is
  'An amount a patient owes. Paid, Partial or Unpaid is derived from the payments, never stored.';
comment on column public.invoices.total is 'Pesos (public.pesos, stored with two decimals): at least 0.01, at most 9,999,999,999.99.';
comment on column public.invoices.appointment_id is
  'The appointment billed, if any; at most one invoice per appointment is not void. Null when the appointment row is removed.';
comment on column public.invoices.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second invoice.';
comment on column public.invoices.voided_at is 'Set by void_invoice (admins only); a void invoice takes no payments.';
comment on column public.invoices.void_reason is 'Why it was voided; required with voided_at.';
comment on column public.invoices.voided_by is 'auth.users id of the admin who voided it.';
comment on column public.invoices.created_by is 'auth.users id of the staff member who added it (browsers cannot set it).';

create index invoices_clinic_id_idx on public.invoices (clinic_id, id desc);

create index invoices_patient_id_idx on public.invoices (patient_id, clinic_id);

create unique index invoices_one_live_per_appointment_idx on public.invoices (appointment_id)
  where appointment_id is not null and voided_at is null;

create index invoices_clinic_id_created_at_idx on public.invoices (clinic_id, created_at desc, id desc);

create index invoices_clinic_id_voided_at_idx on public.invoices (clinic_id, voided_at) where voided_at is not null;

-- guard_invoice_insert and its trigger are in 20261201001830_billing_as_the_desk_saw_it.sql: a deleted
-- patient is not invoiced.

-- ---------------------------------------------------------------------------
-- Voids: what void_invoice, void_payment and void_hmo_payment all do, written once
-- ---------------------------------------------------------------------------
-- private.void_reason (before the row is read: the caller's permission and reason) is in
-- 20261201001960_hmo_claim_write_off.sql, its reason rule shared with a write-off.

-- Once the reason passed: lock row p_id of the table whose row type p_row has (pass
-- null::public.<table>) and answer it, when the caller sees it (else p_not_found), voids in its
-- clinic, and it is not void yet (else p_already_void); the messages and codes are the row's.
create function private.lock_voidable(
  p_row anyelement,
  p_id bigint,
  p_not_found_message text,
  p_not_found_hint text,
  p_already_void_message text,
  p_already_void_hint text
)
returns anyelement language plpgsql set search_path = '' as $$
begin
  p_row := private.lock_clinic_row(p_row, p_id, p_not_found_message, p_not_found_hint);
  perform private.require_permission(p_row.clinic_id, 'billing.void', 'Only an admin can void.', 'void_forbidden');
  if p_row.voided_at is not null then
    raise exception '%', p_already_void_message using errcode = 'PT409', hint = p_already_void_hint;
  end if;
  return p_row;
end;
$$;

-- The void itself, of the row lock_voidable answered: void now, for p_reason (as void_reason
-- answered it), by the caller.
create function private.stamp_void(p_row anyelement, p_reason text)
returns void language plpgsql set search_path = '' as $$
begin
  execute pg_catalog.format(
    'update %s set voided_at = pg_catalog.now(), void_reason = $1, voided_by = (select auth.uid()) where id = $2',
    pg_catalog.pg_typeof(p_row))
    using p_reason, p_row.id;
end;
$$;

-- Called by the security definer void RPCs only.
select private.setup_function('private.lock_voidable(anyelement, bigint, text, text, text, text)', '{}');
select private.setup_function('private.stamp_void(anyelement, text)', '{}');

-- ---------------------------------------------------------------------------
-- void_invoice
-- ---------------------------------------------------------------------------
create function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_invoice public.invoices;
begin
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  v_invoice := private.lock_voidable(null::public.invoices, p_invoice_id,
    'Invoice not found.', 'invoice_not_found', 'This invoice is already void.', 'invoice_already_void');
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.'
      using errcode = 'PT409',
            hint = 'invoice_has_payments';
  end if;
  perform private.stamp_void(v_invoice, v_reason);
end;
$$;

select private.setup_function('public.void_invoice(bigint, text)', '{authenticated,service_role}',
  'Voids an invoice without live payments, with a reason (admins of its clinic, superadmins). Its appointment can be billed again.');

-- billing_changes: every change of an invoice or payment, with the invoice it touches.
-- Browsers insert only the columns of the spec (plus appointment and key);
-- void and author columns are the database's to set. No update, no delete.
select private.setup_clinic_table('public.invoices',
  grants => array['select', 'insert (clinic_id, patient_id, total, appointment_id, idempotency_key)'],
  audit => array['invoice', 'skip=idempotency_key', 'money=total'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=id'],
  policies => array[
    ['select', 'billing.read', 'Staff can view invoices of their clinic'],
    ['insert', 'billing.write', 'Staff can add invoices in their clinic']]);

create trigger invoices_money_in_centavos before insert or update of total on public.invoices
  for each row execute function public.keep_money_in_centavos('total');

-- ---------------------------------------------------------------------------
-- payments
-- ---------------------------------------------------------------------------

create table public.payments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  invoice_id bigint not null,
  patient_id bigint not null,
  amount public.pesos not null constraint payments_amount_is_pesos check (amount >= 0.01),
  method public.payment_method not null,
  reference_number text check (
    reference_number is null or (btrim(reference_number) <> '' and char_length(reference_number) <= 100)
  ),
  notes text check (notes is null or (btrim(notes) <> '' and char_length(notes) <= 1000)),
  payment_date timestamptz not null default now(),
  created_at timestamptz not null default now(),
  idempotency_key uuid not null default gen_random_uuid(),
  voided_at timestamptz,
  void_reason text,
  voided_by uuid,
  recorded_by uuid default auth.uid(),
  overpayment_accepted boolean not null default false,
  constraint payments_invoice_fkey foreign key (invoice_id, patient_id, clinic_id)
    references public.invoices (id, patient_id, clinic_id) on delete cascade,
  constraint payments_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id),
  constraint payments_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint payments_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  )
);

comment on table public.payments is 'A payment towards an invoice; its patient is always the invoice''s patient.';
comment on column public.payments.method is 'cash, card, e-wallet or bank (bank transfer).';
comment on column public.payments.amount is 'Pesos (public.pesos, stored with two decimals): at least 0.01, at most 9,999,999,999.99.';
comment on column public.payments.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second payment.';
comment on column public.payments.voided_at is 'Set by void_payment (admins only); a void payment no longer counts.';
comment on column public.payments.void_reason is 'Why it was voided; required with voided_at.';
comment on column public.payments.voided_by is 'auth.users id of the admin who voided it.';
comment on column public.payments.recorded_by is 'auth.users id of the staff member who recorded it (browsers cannot set it).';
comment on column public.payments.overpayment_accepted is
  'True when whoever recorded the payment accepted that it is more than the invoice''s balance (the SPA''s '
  '''Add Payment anyway''); without it such a payment is refused (PT409).';

create index payments_clinic_id_date_idx on public.payments (clinic_id, payment_date desc);

create index payments_invoice_id_idx on public.payments (invoice_id, patient_id, clinic_id);

create index payments_patient_id_idx on public.payments (patient_id, clinic_id);

-- The sums of invoice_summaries read only this index (index-only scans).
create index payments_live_by_invoice_idx on public.payments (invoice_id) include (amount) where voided_at is null;

create index payments_clinic_id_date_id_idx on public.payments (clinic_id, payment_date desc, id desc);

-- Indexes for the reports at scale (50,000 appointments, 25,000 payments)
create index payments_clinic_id_voided_at_idx on public.payments (clinic_id, voided_at) where voided_at is not null;

-- guard_payment_insert and its trigger are in 20261201001830_billing_as_the_desk_saw_it.sql: an
-- overpayment is accepted at the balance the desk was warned of.

-- ---------------------------------------------------------------------------
-- void_payment
-- ---------------------------------------------------------------------------
create function public.void_payment(p_payment_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_payment public.payments;
begin
  v_payment := private.lock_voidable(null::public.payments, p_payment_id,
    'Payment not found.', 'payment_not_found', 'This payment is already void.', 'payment_already_void');
  perform private.stamp_void(v_payment, v_reason);
end;
$$;

select private.setup_function('public.void_payment(bigint, text)', '{authenticated,service_role}',
  'Voids a payment with a reason (admins of its clinic, superadmins). It stays listed and no longer counts.');

-- The receipt's answer (payment_receipt) is in 20261201001000_receipts.sql, with the receipt numbers.

-- Browsers insert only the columns of the spec (plus key and overpayment consent);
-- void and author columns are the database's to set. No update, no delete.
select private.setup_clinic_table('public.payments',
  grants => array['select', 'insert (clinic_id, patient_id, invoice_id, amount, method, reference_number, notes, '
    'idempotency_key, overpayment_accepted)'],
  audit => array['payment', 'skip=idempotency_key', 'money=amount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id'],
  policies => array[
    ['select', 'billing.read', 'Staff can view payments of their clinic'],
    ['insert', 'billing.write', 'Staff can record payments in their clinic']]);

-- Made again in 20261201001970_money_rules_and_deny_after_write_off.sql: accepted_balance too.
create trigger payments_money_in_centavos before insert or update of amount on public.payments
  for each row execute function public.keep_money_in_centavos('amount');

-- invoice_summaries (paid, balance and status derived in one place) is in
-- 20261201001520_invoice_split.sql, with the HMO's share.

-- ---------------------------------------------------------------------------
-- payment_entries
-- ---------------------------------------------------------------------------

create view public.payment_entries
with (security_invoker = true)
as
select
  p.id,
  p.clinic_id,
  p.invoice_id,
  p.patient_id,
  pt.name as patient_name,
  (p.amount * 100)::bigint as amount_centavos,
  p.method,
  p.reference_number,
  p.notes,
  p.payment_date,
  p.created_at,
  p.voided_at,
  p.void_reason,
  p.idempotency_key
from public.payments p
join public.patients pt on pt.id = p.patient_id and pt.clinic_id = p.clinic_id;

comment on view public.payment_entries is 'Payments with the patient''s name and the amount in integer centavos; void ones included.';

revoke all on public.payment_entries from public, anon, authenticated;
grant select on public.payment_entries to authenticated;
grant all on public.payment_entries to service_role;
