-- ============================================================================
-- Ngiti baseline, 5 of 11: procedures, invoices and payments. See
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
-- overpayment_accepted = true at the balance it was warned of (accepted_balance),
-- which the SPA sends only once
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

-- ---------------------------------------------------------------------------
-- procedures.chart_condition: the condition a planned procedure charts
-- ---------------------------------------------------------------------------
alter table public.procedures add column chart_condition public.chart_condition;

comment on column public.procedures.chart_condition is
  'What the procedure puts on the dental chart when it is planned or done (a filling procedure: filling); '
  'null when it charts nothing of itself, then the plan form asks.';

alter table public.procedures add constraint procedures_id_clinic_id_key unique (id, clinic_id);

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

-- ---------------------------------------------------------------------------
-- Who voided: the name as it was then, beside voided_by. Both are the
-- database's to set, from the caller's JWT, never the client's (browsers have
-- no update grant on either table).
-- ---------------------------------------------------------------------------
alter table public.invoices
  add column voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200);

comment on column public.invoices.voided_by_name is
  'The name of the staff member who voided the invoice, as it was then; null when not void or voided by the service.';

-- (id, clinic_id) keys for composite foreign keys: an invoice line (and, later, an HMO's coverage
-- row) never names another clinic's invoice or procedure.
alter table public.invoices add constraint invoices_id_clinic_id_key unique (id, clinic_id);

comment on table public.invoices is
  'An amount a patient owes. Paid, Partial or Unpaid is derived from the payments, never stored.';

comment on column public.invoices.total is
  'What the patient owes, in pesos (public.pesos, two decimals): at least 0.01, at most 9,999,999,999.99; 0.00 only '
  'when the HMO pays the whole visit (hmo_share > 0). Itemised: the patients'' shares less VAT exemption and '
  'statutory discount (invoice_split).';

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
  audit => array['invoice', 'skip=idempotency_key,itemised_request_digest',
    'money=total,hmo_share,vat_exemption,statutory_discount'],
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

alter table public.payments
  add column receipt_number bigint,
  add column recorded_by_name text check (recorded_by_name is null or char_length(recorded_by_name) <= 200);

comment on column public.payments.receipt_number is
  'The payment''s acknowledgement receipt number: 1, 2, 3, … per clinic, without gaps (a voided payment keeps its number).';

comment on column public.payments.recorded_by_name is
  'The name of the staff member who recorded the payment, as it was then (the receipt''s cashier); null for the service.';

-- The default only stands until the numbering trigger below replaces it (the check refuses a 0
-- that got through); it tells clients that an insert need not give a number (nor may: no grant).
alter table public.payments
  alter column receipt_number set default 0,
  alter column receipt_number set not null,
  add constraint payments_receipt_number_given check (receipt_number >= 1),
  add constraint payments_receipt_number_key unique (clinic_id, receipt_number);

alter table public.payments
  add column voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200);

comment on column public.payments.voided_by_name is
  'The name of the staff member who voided the payment, as it was then; null when not void or voided by the service.';

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
  'True when whoever recorded the payment accepted that it is more than what the invoice owed (accepted_balance; '
  'the SPA''s ''Add Payment anyway''); without it such a payment is refused (PT409).';

create index payments_clinic_id_date_idx on public.payments (clinic_id, payment_date desc);

create index payments_invoice_id_idx on public.payments (invoice_id, patient_id, clinic_id);

create index payments_patient_id_idx on public.payments (patient_id, clinic_id);

-- The sums of invoice_summaries read only this index (index-only scans).
create index payments_live_by_invoice_idx on public.payments (invoice_id) include (amount) where voided_at is null;

create index payments_clinic_id_date_id_idx on public.payments (clinic_id, payment_date desc, id desc);

-- Indexes for the reports at scale (50,000 appointments, 25,000 payments)
create index payments_clinic_id_voided_at_idx on public.payments (clinic_id, voided_at) where voided_at is not null;

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

-- Browsers insert only the columns of the spec (plus key and overpayment consent);
-- void and author columns are the database's to set. No update, no delete.
select private.setup_clinic_table('public.payments',
  grants => array['select', 'insert (clinic_id, patient_id, invoice_id, amount, method, reference_number, notes, '
    'idempotency_key, overpayment_accepted)'],
  audit => array['payment', 'skip=idempotency_key', 'money=amount,accepted_balance'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id'],
  policies => array[
    ['select', 'billing.read', 'Staff can view payments of their clinic'],
    ['insert', 'billing.write', 'Staff can record payments in their clinic']]);

create trigger payments_money_in_centavos before insert or update of amount, accepted_balance on public.payments
  for each row execute function public.keep_money_in_centavos('amount', 'accepted_balance');

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

-- The line's printed label, written once: '36 MO Composite filling' (tooth, surfaces in the
-- conventional M O D B L order, name); without a tooth just the name. Every reader (receipt, day
-- sheet, Billing) reads the stored column, never builds it.
create function public.invoice_item_label(p_tooth smallint, p_surfaces text[], p_description text)
returns text language sql immutable set search_path = '' as $$
  select pg_catalog.concat_ws(' ',
    p_tooth::text,
    nullif((select pg_catalog.string_agg(s, '' order by pg_catalog.array_position(array['M', 'O', 'D', 'B', 'L'], s))
              from pg_catalog.unnest(p_surfaces) s), ''),
    p_description)
$$;

select private.setup_function('public.invoice_item_label(smallint, text[], text)', '{authenticated,service_role}',
  'How an invoice line reads: tooth, surfaces (M O D B L order) and name, e.g. ''36 MO Composite filling''.');

create function public.invoice_line_total(p_unit_price numeric, p_quantity integer, p_discount numeric)
returns numeric language sql immutable set search_path = '' as $$
  select p_unit_price * p_quantity - p_discount
$$;

select private.setup_function('public.invoice_line_total(numeric, integer, numeric)', '{authenticated,service_role}',
  'A line''s total: unit price x quantity - line discount (exact numeric; the invoice total is their sum).');

-- ---------------------------------------------------------------------------
-- invoice_items
-- ---------------------------------------------------------------------------
create table public.invoice_items (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  invoice_id bigint not null,
  position smallint not null check (position between 1 and 100),
  procedure_id bigint,
  description text not null check (btrim(description) <> '' and char_length(description) <= 200),
  tooth smallint check (tooth is null or public.is_fdi_tooth(tooth)),
  surfaces text[] not null default '{}' check (public.chart_surfaces_valid(surfaces)),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  quantity integer not null check (quantity between 1 and 1000),
  discount numeric(12, 2) not null default 0 check (discount >= 0),
  line_total numeric(12, 2) not null generated always as (public.invoice_line_total(unit_price, quantity, discount)) stored,
  label text not null generated always as (public.invoice_item_label(tooth, surfaces, description)) stored,
  created_at timestamptz not null default now(),
  constraint invoice_items_invoice_fkey foreign key (invoice_id, clinic_id)
    references public.invoices (id, clinic_id) on delete cascade,
  constraint invoice_items_procedure_fkey foreign key (procedure_id, clinic_id)
    references public.procedures (id, clinic_id) on delete set null (procedure_id),
  constraint invoice_items_position_key unique (invoice_id, position),
  constraint invoice_items_discount_within_line check (discount <= unit_price * quantity),
  constraint invoice_items_surfaces_need_tooth check (tooth is not null or cardinality(surfaces) = 0)
);

comment on column public.invoice_items.position is 'The line''s place on the invoice, 1, 2, 3, …';

comment on column public.invoice_items.procedure_id is
  'The price-list procedure billed, if any; null once that procedure is deleted (description keeps its name).';

comment on column public.invoice_items.description is 'The procedure''s name as it was when billed, or the line''s own text.';

comment on column public.invoice_items.tooth is 'FDI tooth number (public.is_fdi_tooth), or null for no tooth.';

comment on column public.invoice_items.surfaces is 'Surfaces of that tooth (public.chart_surfaces_valid); empty for none.';

comment on column public.invoice_items.line_total is 'unit_price x quantity - discount (public.invoice_line_total).';

comment on column public.invoice_items.label is
  'How the line reads everywhere: ''36 MO Composite filling'' (public.invoice_item_label).';

alter table public.invoice_items
  add column hmo_share numeric(12, 2) not null default 0,
  add column patient_share numeric(12, 2) not null
    generated always as (public.invoice_line_total(unit_price, quantity, discount) - hmo_share) stored,
  add constraint invoice_items_hmo_share_within_line
    check (hmo_share >= 0 and hmo_share <= public.invoice_line_total(unit_price, quantity, discount));

comment on column public.invoice_items.hmo_share is
  'Pesos of this line the patient''s HMO pays (its claim); 0 when the HMO does not cover it or there is no valid card.';

comment on column public.invoice_items.patient_share is 'line_total - hmo_share: the patient''s part of the line, before any statutory discount.';

comment on table public.invoice_items is
  'The lines of an itemised invoice (made by create_itemised_invoice, whose total is the sum of line_total). '
  'Never edited nor deleted from the API; voiding the invoice voids them.';

create index invoice_items_invoice_idx on public.invoice_items (invoice_id, clinic_id);

create index invoice_items_procedure_idx on public.invoice_items (procedure_id) where procedure_id is not null;

-- Browsers read; lines are written by create_itemised_invoice only (no insert, update or delete
-- grant), so a line is never added to an invoice after it was made.
select private.setup_clinic_table('public.invoice_items',
  grants => array['select'],
  audit => array['invoice_item', 'money=unit_price,discount,line_total,hmo_share,patient_share'],
  policies => array[
    ['select', 'billing.read', 'Staff can view invoice lines of their clinic']]);

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

-- What a repeat of an Add Invoice form's key answers: the invoice the key made, when the same call
-- made it; otherwise a refusal naming that invoice, which is not what the form now says.
create function private.invoice_of_repeated_key(p_invoice_id bigint, p_earlier_digest text, p_digest text)
returns bigint language plpgsql immutable set search_path = '' as $$
begin
  if p_earlier_digest is distinct from p_digest then
    raise exception 'This form already saved invoice % with other lines, patient or appointment.', p_invoice_id
      using errcode = 'PT409', hint = 'invoice_key_reused', detail = p_invoice_id::text;
  end if;
  return p_invoice_id;
end;
$$;

select private.setup_function('private.invoice_of_repeated_key(bigint, text, text)', '{}');

create function public.guard_procedure_delete()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- The clinic itself is being removed (its rows go by cascade): nothing to keep.
  if not exists (select 1 from public.clinics c where c.id = old.clinic_id) then
    return old;
  end if;
  if exists (select 1 from public.hmo_coverages c where c.procedure_id = old.id and c.clinic_id = old.clinic_id) then
    raise exception 'An HMO covers this procedure; remove it from the coverage first.'
      using errcode = 'foreign_key_violation', hint = 'procedure_has_hmo_coverage';
  end if;
  if exists (
    select 1
      from public.treatment_plan_items i
     where i.procedure_id = old.id and i.clinic_id = old.clinic_id
       and (i.status in ('proposed', 'accepted')
            or (i.status = 'done' and not exists (
                  select 1 from public.invoices v
                   where v.appointment_id = i.appointment_id and v.clinic_id = i.clinic_id and v.voided_at is null)))
  ) then
    raise exception 'This procedure is on a treatment plan still to be done or billed.'
      using errcode = 'foreign_key_violation', hint = 'procedure_on_open_plan';
  end if;
  return old;
end;
$$;

select private.setup_function('public.guard_procedure_delete()', '{service_role}',
  'Trigger: refuses deleting a procedure an HMO covers (23503 procedure_has_hmo_coverage) or one on a treatment '
  'plan item proposed, accepted, or done at an appointment not yet billed (23503 procedure_on_open_plan), unless '
  'its clinic is being removed.');

create trigger procedures_guard_delete before delete on public.procedures
  for each row execute function public.guard_procedure_delete();

-- One-expression SQL functions without SET, so the planner inlines them into the caller's query
-- and the invoices' and payments' (clinic_id, created_at / payment_date / voided_at) indexes
-- still serve the bounds. Callers fix their own search_path.
create function private.is_issued_in(p_invoice public.invoices, p_starts timestamptz, p_ends timestamptz)
returns boolean language sql immutable as $$
  select p_invoice.created_at >= p_starts and p_invoice.created_at < p_ends and p_invoice.voided_at is null
$$;

select private.setup_function('private.is_issued_in(public.invoices, timestamptz, timestamptz)',
  '{authenticated,service_role}');

create function private.is_void_seen_in(
  p_voided_at timestamptz,
  p_made_at timestamptz,
  p_starts timestamptz,
  p_ends timestamptz
)
returns boolean language sql immutable as $$
  select p_voided_at is not null
     and ((p_voided_at >= p_starts and p_voided_at < p_ends) or (p_made_at >= p_starts and p_made_at < p_ends))
$$;

select private.setup_function('private.is_void_seen_in(timestamptz, timestamptz, timestamptz, timestamptz)',
  '{authenticated,service_role}');

-- The form sends it with overpayment_accepted; select is granted on the whole table already.
grant insert (accepted_balance) on public.payments to authenticated;


-- ---------------------------------------------------------------------------
-- guard_payment_insert
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
-- guard_invoice_insert
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

create function private.check_invoice_item(
  p_position smallint,
  p_tooth smallint,
  p_surfaces text[],
  p_unit_price numeric,
  p_quantity integer,
  p_discount numeric
)
returns void language plpgsql immutable set search_path = '' as $$
declare
  v_line text := pg_catalog.format('line=%s', p_position);
begin
  if p_tooth is not null and not public.is_fdi_tooth(p_tooth) then
    raise exception 'Line %: tooth % is not an FDI tooth number (11-48 permanent, 51-85 primary).', p_position, p_tooth
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_tooth_invalid';
  end if;
  if not public.chart_surfaces_valid(coalesce(p_surfaces, '{}')) then
    raise exception 'Line %: surfaces are M, O, D, B and L, each at most once.', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_surfaces_invalid';
  end if;
  if p_tooth is null and cardinality(p_surfaces) > 0 then
    raise exception 'Line %: surfaces need a tooth.', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_surfaces_need_tooth';
  end if;
  if p_unit_price is null or p_unit_price < 0 or p_unit_price > 9999999999.99
     or p_unit_price <> pg_catalog.round(p_unit_price, 2) then
    raise exception 'Line %: a price is pesos from 0 to 9,999,999,999.99 with at most two decimals.', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_price_invalid';
  end if;
  if p_quantity is null or p_quantity < 1 or p_quantity > 1000 then
    raise exception 'Line %: a quantity is a whole number from 1 to 1000.', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_quantity_invalid';
  end if;
  if p_discount is null or p_discount < 0 or p_discount <> pg_catalog.round(p_discount, 2) then
    raise exception 'Line %: a discount is pesos of at least 0 with at most two decimals.', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_discount_invalid';
  end if;
  if p_discount > p_unit_price * p_quantity then
    raise exception 'Line %: a discount cannot be more than the line (price x quantity).', p_position
      using errcode = 'check_violation', detail = v_line, hint = 'invoice_item_discount_over_line';
  end if;
end;
$$;

-- Browsers write lines only through create_itemised_invoice (its owner runs this); the service may
-- insert lines itself, through the guard trigger.
select private.setup_function('private.check_invoice_item(smallint, smallint, text[], numeric, integer, numeric)',
  '{service_role}');

-- Coded refusals for whoever inserts a line (the RPC, the service); no line is ever changed.
create function public.guard_invoice_item()
returns trigger language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    raise exception 'An invoice''s lines never change: void the invoice and bill again.'
      using errcode = 'check_violation', hint = 'invoice_item_immutable';
  end if;
  perform private.check_invoice_item(new.position, new.tooth, new.surfaces, new.unit_price, new.quantity,
    new.discount);
  return new;
end;
$$;

select private.setup_function('public.guard_invoice_item()', '{service_role}',
  'Trigger: refuses a line with a bad tooth, surfaces, price, quantity or discount (codes invoice_item_*, detail '
  'line=<its position>) and any change of a line (invoice_item_immutable).');

create trigger invoice_items_guard before insert or update on public.invoice_items
  for each row execute function public.guard_invoice_item();

create function public.create_itemised_invoice(
  p_clinic_id bigint,
  p_patient_id bigint,
  p_idempotency_key uuid,
  p_items jsonb,
  p_appointment_id bigint default null,
  -- Null (left out) when no split was shown: refused like another split.
  p_shown_total_centavos bigint default null,
  p_shown_hmo_share_centavos bigint default null
)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_split jsonb;
  v_invoice_id bigint;
  v_digest text := pg_catalog.md5(pg_catalog.jsonb_build_array(
    p_patient_id, p_appointment_id, p_items, p_shown_total_centavos, p_shown_hmo_share_centavos)::text);
  v_earlier_digest text;
begin
  perform private.require_permission(p_clinic_id, 'billing.write', 'You cannot add invoices in this clinic.',
    'invoice_forbidden');
  if p_idempotency_key is null then
    raise exception 'An itemised invoice needs the form''s idempotency key.'
      using errcode = 'invalid_parameter_value', hint = 'invoice_key_required';
  end if;

  -- One bill of a patient at a time: the HMO's annual limit is read and spent under this lock.
  -- Taken before the key is looked up, so that a repeat of a call that made its invoice while this
  -- one waited answers that invoice, not a split changed by that invoice's own share.
  perform from public.patients p where p.id = p_patient_id and p.clinic_id = p_clinic_id for update;

  -- A repeat of the form's key (double click, retry, second tab) answers the invoice it made.
  select i.id, i.itemised_request_digest into v_invoice_id, v_earlier_digest from public.invoices i
   where i.clinic_id = p_clinic_id and i.idempotency_key = p_idempotency_key;
  if found then
    return private.invoice_of_repeated_key(v_invoice_id, v_earlier_digest, v_digest);
  end if;

  v_split := public.invoice_split(p_clinic_id, p_patient_id, p_items, p_appointment_id)::jsonb;

  -- The desk saves the split it saw: one asked before the lines, the card or the year's claims
  -- changed is not this one (nothing shown at all is not either).
  if p_shown_total_centavos is distinct from (v_split ->> 'total_centavos')::bigint
     or p_shown_hmo_share_centavos is distinct from (v_split ->> 'hmo_share_centavos')::bigint then
    raise exception 'The patient''s total or the HMO''s share is not the one shown: check the new split and save again.'
      using errcode = 'PT409',
            detail = pg_catalog.format('total_centavos=%s, hmo_share_centavos=%s',
                                       v_split ->> 'total_centavos', v_split ->> 'hmo_share_centavos'),
            hint = 'invoice_split_changed';
  end if;

  begin
    insert into public.invoices (clinic_id, patient_id, total, appointment_id, idempotency_key, hmo_id, hmo_card_id,
                                 hmo_share, discount_id_type, discount_id_number, vat_exemption, statutory_discount,
                                 itemised_request_digest)
    values (p_clinic_id, p_patient_id, pg_catalog.round((v_split ->> 'total_centavos')::numeric / 100, 2),
            p_appointment_id,
            p_idempotency_key,
            case when (v_split ->> 'hmo_share_centavos')::bigint > 0 then (v_split -> 'card' ->> 'hmo_id')::bigint end,
            case when (v_split ->> 'hmo_share_centavos')::bigint > 0 then (v_split -> 'card' ->> 'id')::bigint end,
            pg_catalog.round((v_split ->> 'hmo_share_centavos')::numeric / 100, 2),
            (v_split ->> 'discount_id_type')::public.discount_id_type,
            v_split ->> 'discount_id_number',
            pg_catalog.round((v_split ->> 'vat_exemption_centavos')::numeric / 100, 2),
            pg_catalog.round((v_split ->> 'statutory_discount_centavos')::numeric / 100, 2),
            v_digest)
    returning id into v_invoice_id;
  exception when unique_violation then
    -- The same key won a race with this call: its invoice is this call's answer.
    select i.id, i.itemised_request_digest into v_invoice_id, v_earlier_digest from public.invoices i
     where i.clinic_id = p_clinic_id and i.idempotency_key = p_idempotency_key;
    if not found then
      raise;
    end if;
    return private.invoice_of_repeated_key(v_invoice_id, v_earlier_digest, v_digest);
  end;

  insert into public.invoice_items
    (clinic_id, invoice_id, position, procedure_id, description, tooth, surfaces, unit_price, quantity, discount,
     hmo_share)
  select p_clinic_id, v_invoice_id, (l ->> 'position')::smallint, (l ->> 'procedure_id')::bigint,
         l ->> 'description', (l ->> 'tooth')::smallint,
         coalesce((select pg_catalog.array_agg(s) from pg_catalog.jsonb_array_elements_text(l -> 'surfaces') s), '{}'),
         pg_catalog.round((l ->> 'unit_price_centavos')::numeric / 100, 2), (l ->> 'quantity')::integer,
         pg_catalog.round((l ->> 'discount_centavos')::numeric / 100, 2),
         pg_catalog.round((l ->> 'hmo_share_centavos')::numeric / 100, 2)
    from pg_catalog.jsonb_array_elements(v_split -> 'lines') l;
  return v_invoice_id;
end;
$$;

select private.setup_function(
  'public.create_itemised_invoice(bigint, bigint, uuid, jsonb, bigint, bigint, bigint)', '{authenticated,service_role}',
  'Adds an invoice with its lines in one transaction, split by public.invoice_split: the lines with their HMO '
  'shares, the HMO and card, the senior citizen / PWD ID, VAT exemption and statutory discount; total is what the '
  'patient owes (0.00 when the HMO pays it all). p_items: [{procedure_id?, description? (when no procedure), tooth?, '
  'surfaces?: ["M","O"], unit_price: "333.33", quantity?: 1, discount?: "0"}] (prices as decimal strings). '
  'p_shown_total_centavos and p_shown_hmo_share_centavos: the total_centavos and hmo_share_centavos of the split '
  'the caller was shown (invoice_split); another split, or none (left out), is refused, PT409 '
  'invoice_split_changed (detail: total_centavos=<its>, hmo_share_centavos=<its>). A repeat of p_idempotency_key '
  'in the clinic answers the invoice it made, or PT409 invoice_key_reused (detail: its id) when that invoice was '
  'made by another call (patient, appointment, lines or amounts shown). Refusals: 42501 invoice_forbidden, 22023 '
  'invoice_key_required / invoice_items_required / invoice_items_too_many / invoice_item_unreadable / '
  'invoice_item_procedure_unknown / invoice_item_description_required, 23514 invoice_item_* line rules (a line''s '
  'with detail line=<its position, 1 for the first>), invoice_items_total_too_small / _too_large, 23503 '
  'invoice_patient_unknown, and the invoice''s own (invoice_patient_mismatch, appointment_already_billed, '
  'patient_deleted, 23503 another clinic''s appointment).');

-- Before the row is read: the caller voids in their own clinic (or is a superadmin) and gives a
-- reason of at most 500 characters. Answers the reason as it is stored (trimmed).
create function private.void_reason(p_reason text)
returns text language plpgsql stable set search_path = '' as $$
begin
  perform private.require_permission(public.current_clinic_id(), 'billing.void', 'Only an admin can void.', 'void_forbidden');
  return private.stated_reason(p_reason, 'A reason is required to void.', 'void_reason_required', 'void_reason_too_long');
end;
$$;

-- Called by the security definer void RPCs only.
select private.setup_function('private.void_reason(text)', '{}');
