-- ============================================================================
-- Billing: exact money, payments that can't double-post, bills from
-- appointments, admin-only voids, receipts and the billing change feed.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite. See docs/billing.md.
--
-- Money is numeric(12, 2) pesos: at least 0.01, at most 9,999,999,999.99
-- (larger answers 22003, numeric field overflow). A direct API call with more
-- than two decimals is rounded to the centavo by the column type, as Postgres
-- does; the SPA refuses such input at the field before sending anything. Views
-- expose amounts as integer centavos (bigint), so no client parses a JSON
-- number.
--
-- Invoices and payments stay append-only for browsers: a mistake is corrected
-- by an admin's void (void_invoice, void_payment) with a reason; a voided row
-- stays, and no longer counts.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Money columns: numeric(12, 2), at least one centavo
-- ---------------------------------------------------------------------------
alter table public.invoices drop constraint invoices_total_check;
alter table public.payments drop constraint payments_amount_check;

alter table public.invoices add constraint invoices_total_is_pesos check (total >= 0.01);
alter table public.payments add constraint payments_amount_is_pesos check (amount >= 0.01);

comment on column public.invoices.total is 'Pesos, numeric(12, 2): at least 0.01, at most 9,999,999,999.99.';
comment on column public.payments.amount is 'Pesos, numeric(12, 2): at least 0.01, at most 9,999,999,999.99.';

-- ---------------------------------------------------------------------------
-- invoices: appointment, idempotency key, void, author
-- ---------------------------------------------------------------------------
alter table public.invoices
  add column appointment_id bigint,
  add column idempotency_key uuid not null default gen_random_uuid(),
  add column voided_at timestamptz,
  add column void_reason text,
  add column voided_by uuid,
  add column created_by uuid default auth.uid(),
  add constraint invoices_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete set null (appointment_id),
  add constraint invoices_idempotency_key_key unique (clinic_id, idempotency_key),
  add constraint invoices_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  );

comment on column public.invoices.appointment_id is
  'The appointment billed, if any; at most one invoice per appointment is not void. Null when the appointment row is removed.';
comment on column public.invoices.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second invoice.';
comment on column public.invoices.voided_at is 'Set by void_invoice (admins only); a void invoice takes no payments.';
comment on column public.invoices.void_reason is 'Why it was voided; required with voided_at.';
comment on column public.invoices.voided_by is 'auth.users id of the admin who voided it.';
comment on column public.invoices.created_by is 'auth.users id of the staff member who added it (browsers cannot set it).';

create unique index invoices_one_live_per_appointment_idx on public.invoices (appointment_id)
  where appointment_id is not null and voided_at is null;
create index invoices_clinic_id_created_at_idx on public.invoices (clinic_id, created_at desc, id desc);

-- ---------------------------------------------------------------------------
-- payments: idempotency key, void, author
-- ---------------------------------------------------------------------------
alter table public.payments
  add column idempotency_key uuid not null default gen_random_uuid(),
  add column voided_at timestamptz,
  add column void_reason text,
  add column voided_by uuid,
  add column recorded_by uuid default auth.uid(),
  add constraint payments_idempotency_key_key unique (clinic_id, idempotency_key),
  add constraint payments_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  );

comment on column public.payments.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second payment.';
comment on column public.payments.voided_at is 'Set by void_payment (admins only); a void payment no longer counts.';
comment on column public.payments.void_reason is 'Why it was voided; required with voided_at.';
comment on column public.payments.voided_by is 'auth.users id of the admin who voided it.';
comment on column public.payments.recorded_by is 'auth.users id of the staff member who recorded it (browsers cannot set it).';

-- The sums of invoice_summaries read only this index (index-only scans).
create index payments_live_by_invoice_idx on public.payments (invoice_id) include (amount) where voided_at is null;
create index payments_clinic_id_date_id_idx on public.payments (clinic_id, payment_date desc, id desc);

-- ---------------------------------------------------------------------------
-- Browsers insert only the columns of the spec (plus appointment and key);
-- void and author columns are the database's to set. No update, no delete.
-- ---------------------------------------------------------------------------
revoke insert, update, delete on public.invoices from authenticated;
revoke insert, update, delete on public.payments from authenticated;
grant insert (clinic_id, patient_id, total, appointment_id, idempotency_key) on public.invoices to authenticated;
grant insert (clinic_id, patient_id, invoice_id, amount, method, reference_number, notes, idempotency_key)
  on public.payments to authenticated;

-- ---------------------------------------------------------------------------
-- Rules the constraints cannot word: billing an appointment, paying a void
-- invoice. Security definer: the row locks need UPDATE privilege, which
-- browsers do not have; only the rows the new row points at are read.
-- ---------------------------------------------------------------------------
create function public.guard_invoice_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_appointment_patient_id bigint;
begin
  if new.appointment_id is null then
    return new;
  end if;
  -- A repeat of an earlier insert: let the unique key answer 23505.
  if exists (
    select 1 from public.invoices i where i.clinic_id = new.clinic_id and i.idempotency_key = new.idempotency_key
  ) then
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
      using errcode = 'check_violation';
  end if;
  if exists (
    select 1 from public.invoices i
     where i.appointment_id = new.appointment_id and i.voided_at is null
       and i.idempotency_key <> new.idempotency_key
  ) then
    raise exception 'This appointment already has an invoice.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function public.guard_invoice_insert() is
  'Trigger: an invoice''s appointment is of the same patient and has no other invoice that is not void.';

create trigger invoices_guard_insert before insert on public.invoices
  for each row execute function public.guard_invoice_insert();

create function public.guard_payment_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_voided_at timestamptz;
begin
  -- Share lock: a concurrent void_invoice waits for this payment, or this payment for the void.
  select i.voided_at into v_voided_at
    from public.invoices i
   where i.id = new.invoice_id and i.clinic_id = new.clinic_id
     for share;
  if found and v_voided_at is not null then
    raise exception 'This invoice is void; it takes no more payments.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function public.guard_payment_insert() is 'Trigger: refuses a payment on a void invoice.';

create trigger payments_guard_insert before insert on public.payments
  for each row execute function public.guard_payment_insert();

-- ---------------------------------------------------------------------------
-- Voids: admins of the clinic and superadmins only, with a reason
-- ---------------------------------------------------------------------------
create function public.can_void_in_clinic(p_clinic_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_superadmin()
      or (public.has_any_role(array['admin']) and coalesce(p_clinic_id = public.current_clinic_id(), false))
$$;

comment on function public.can_void_in_clinic(bigint) is
  'True when the signed-in user may void invoices and payments of clinic p_clinic_id: its admin, or a superadmin.';

create function public.void_payment(p_payment_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if not public.has_any_role(array['admin', 'superadmin']) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  select p.* into v_payment from public.payments p where p.id = p_payment_id for update;
  if not found or not public.can_access_clinic(v_payment.clinic_id) then
    raise exception 'Payment not found.' using errcode = 'no_data_found';
  end if;
  if not public.can_void_in_clinic(v_payment.clinic_id) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_payment.voided_at is not null then
    raise exception 'This payment is already void.' using errcode = 'object_not_in_prerequisite_state';
  end if;
  update public.payments
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_payment.id;
end;
$$;

comment on function public.void_payment(bigint, text) is
  'Voids a payment with a reason (admins of its clinic, superadmins). It stays listed and no longer counts.';

create function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  if not public.has_any_role(array['admin', 'superadmin']) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'A reason is required to void.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).' using errcode = 'invalid_parameter_value';
  end if;
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found or not public.can_access_clinic(v_invoice.clinic_id) then
    raise exception 'Invoice not found.' using errcode = 'no_data_found';
  end if;
  if not public.can_void_in_clinic(v_invoice.clinic_id) then
    raise exception 'Only an admin can void.' using errcode = 'insufficient_privilege';
  end if;
  if v_invoice.voided_at is not null then
    raise exception 'This invoice is already void.' using errcode = 'object_not_in_prerequisite_state';
  end if;
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.' using errcode = 'object_not_in_prerequisite_state';
  end if;
  update public.invoices
     set voided_at = pg_catalog.now(), void_reason = btrim(p_reason), voided_by = (select auth.uid())
   where id = v_invoice.id;
end;
$$;

comment on function public.void_invoice(bigint, text) is
  'Voids an invoice without live payments, with a reason (admins of its clinic, superadmins). Its appointment can be billed again.';

-- ---------------------------------------------------------------------------
-- Views: paid, balance and status derived in one place (spec part 2 §4).
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
  i.void_reason
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

comment on view public.invoice_summaries is
  'Invoices with paid (non-void payments), balance (total - paid, negative when overpaid) and status '
  '(Paid, Partial, Unpaid), amounts in integer centavos. The one place status is derived.';
comment on column public.invoice_summaries.payment_count is 'Number of payments that are not void.';

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

-- ---------------------------------------------------------------------------
-- Receipt: one payment with its clinic, patient and the balance after it.
-- Security invoker: another clinic's payment reads as null.
-- ---------------------------------------------------------------------------
create function public.payment_receipt(p_payment_id bigint)
returns json
language sql
stable
set search_path = ''
as $$
  select pg_catalog.json_build_object(
    'payment_id', p.id,
    'invoice_id', p.invoice_id,
    'clinic_name', c.name,
    'clinic_time_zone', c.timezone,
    'clinic_address', c.address,
    'clinic_phone', c.contact_phone,
    'clinic_email', c.contact_email,
    'patient_name', pt.name,
    'amount_centavos', (p.amount * 100)::bigint,
    'method', p.method,
    'reference_number', p.reference_number,
    'notes', p.notes,
    'payment_date', p.payment_date,
    'voided_at', p.voided_at,
    'invoice_total_centavos', (i.total * 100)::bigint,
    'balance_after_centavos', (i.total * 100)::bigint - (
      select coalesce((sum(e.amount) * 100)::bigint, 0)
        from public.payments e
       where e.invoice_id = p.invoice_id
         and e.voided_at is null
         and (e.payment_date, e.id) <= (p.payment_date, p.id)
    )
  )
  from public.payments p
  join public.invoices i on i.id = p.invoice_id
  join public.patients pt on pt.id = p.patient_id
  join public.clinics c on c.id = p.clinic_id
  where p.id = p_payment_id
$$;

comment on function public.payment_receipt(bigint) is
  'The acknowledgement receipt of a payment: clinic, patient, amount (centavos), method, reference, date, '
  'invoice total and the balance after the non-void payments up to and including this one by (payment_date, id).';

-- ---------------------------------------------------------------------------
-- Change feed: every change of an invoice or payment is announced on the
-- channel 'billing_changes' (delivered at commit). The service relays it to
-- the clinic's room as 'billing-updated'. See docs/realtime.md.
-- ---------------------------------------------------------------------------
create function public.notify_billing_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
begin
  if tg_op = 'DELETE' then
    v_row := pg_catalog.to_jsonb(old);
  else
    v_row := pg_catalog.to_jsonb(new);
  end if;
  perform pg_catalog.pg_notify(
    'billing_changes',
    pg_catalog.json_build_object(
      'table', tg_table_name,
      'op', tg_op,
      'id', (v_row ->> 'id')::bigint,
      'clinic_id', (v_row ->> 'clinic_id')::bigint,
      'invoice_id', (v_row ->> case when tg_table_name = 'payments' then 'invoice_id' else 'id' end)::bigint
    )::text
  );
  return null;
end;
$$;

comment on function public.notify_billing_change() is
  'Trigger: pg_notify(''billing_changes'', {table, op, id, clinic_id, invoice_id}).';

create trigger invoices_notify_change after insert or update or delete on public.invoices
  for each row execute function public.notify_billing_change();
create trigger payments_notify_change after insert or update or delete on public.payments
  for each row execute function public.notify_billing_change();

-- ---------------------------------------------------------------------------
-- Privileges. New views and functions would otherwise be open to anon (the
-- platform's default privileges) and PUBLIC.
-- ---------------------------------------------------------------------------
revoke all on public.invoice_summaries, public.payment_entries from public, anon, authenticated;
grant select on public.invoice_summaries, public.payment_entries to authenticated;
grant all on public.invoice_summaries, public.payment_entries to service_role;

revoke execute on function
  public.guard_invoice_insert(),
  public.guard_payment_insert(),
  public.notify_billing_change(),
  public.can_void_in_clinic(bigint),
  public.void_payment(bigint, text),
  public.void_invoice(bigint, text),
  public.payment_receipt(bigint)
from public, anon, authenticated;

grant execute on function
  public.void_payment(bigint, text),
  public.void_invoice(bigint, text),
  public.payment_receipt(bigint)
to authenticated, service_role;
grant execute on function public.can_void_in_clinic(bigint) to service_role;
