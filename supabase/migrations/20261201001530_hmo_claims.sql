-- ============================================================================
-- HMO claims, their billing batches and the HMOs' payments. See
-- docs/adr/0052-hmo-claims-and-batches.md.
--
--   hmo_claim_batches       a bundle of claims sent to one HMO. One open batch
--                           per HMO takes new claims; staff close (send) it and
--                           the next claim opens a new one. Its due date is
--                           the HMO's claim_deadline_days after its first
--                           visit date (derived, hmo_claim_batch_summaries).
--   hmo_claims              what an invoice claims from its HMO (invoices.
--                           hmo_share), made by a trigger when the invoice is
--                           written. Denied (with a reason) or withdrawn (its
--                           invoice voided) are stored; paid / partly paid are
--                           derived from the settlements, never stored.
--   hmo_payments            money an HMO sent for a batch: amount, date
--                           received, reference, the form's idempotency key.
--   hmo_claim_settlements   how a payment was spread over the batch's claims,
--                           oldest visit first, denied and withdrawn skipped.
--   record_hmo_payment, deny_hmo_claim, close_hmo_claim_batch: the only
--   writes browsers make (billing.write, asked as the caller).
--
-- Money is public.pesos (numeric, two decimals) and is answered in integer
-- centavos by the views, like invoices and payments.
-- ============================================================================

alter type public.audit_entity add value 'hmo_claim';
alter type public.audit_entity add value 'hmo_claim_batch';
alter type public.audit_entity add value 'hmo_payment';

-- ---------------------------------------------------------------------------
-- hmo_claim_batches
-- ---------------------------------------------------------------------------
create table public.hmo_claim_batches (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  hmo_id bigint not null,
  opened_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by uuid,
  unique (id, clinic_id),
  constraint hmo_claim_batches_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id)
);

comment on table public.hmo_claim_batches is
  'A billing batch: the claims sent to one HMO together. Open (closed_at null) batches take new claims, one per HMO.';
comment on column public.hmo_claim_batches.closed_at is 'When staff closed (sent) the batch; new claims then open a new batch.';
comment on column public.hmo_claim_batches.closed_by is 'auth.users id of whoever closed it.';

create unique index hmo_claim_batches_one_open_idx on public.hmo_claim_batches (hmo_id) where closed_at is null;

comment on index public.hmo_claim_batches_one_open_idx is 'An HMO has at most one open batch.';

create index hmo_claim_batches_clinic_idx on public.hmo_claim_batches (clinic_id, hmo_id, id desc);

select private.setup_clinic_table('public.hmo_claim_batches',
  grants => array['select'],
  audit => array['hmo_claim_batch'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=null'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO claim batches of their clinic']]);

-- ---------------------------------------------------------------------------
-- hmo_claims
-- ---------------------------------------------------------------------------
create table public.hmo_claims (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  batch_id bigint not null,
  hmo_id bigint not null,
  invoice_id bigint not null,
  patient_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  visit_date date not null,
  created_at timestamptz not null default now(),
  denied_at timestamptz,
  denial_reason text,
  denied_by uuid,
  withdrawn_at timestamptz,
  unique (id, clinic_id),
  constraint hmo_claims_invoice_key unique (invoice_id),
  constraint hmo_claims_batch_fkey foreign key (batch_id, clinic_id) references public.hmo_claim_batches (id, clinic_id),
  constraint hmo_claims_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  constraint hmo_claims_invoice_fkey foreign key (invoice_id, patient_id, clinic_id)
    references public.invoices (id, patient_id, clinic_id) on delete cascade,
  constraint hmo_claims_denial_has_reason check (
    (denied_at is null and denial_reason is null and denied_by is null)
    or (denied_at is not null and btrim(denial_reason) <> '' and char_length(denial_reason) <= 500))
);

comment on table public.hmo_claims is
  'What one invoice claims from its HMO (its hmo_share), in a batch. Paid and partly paid are derived from '
  'hmo_claim_settlements (hmo_claim_summaries), never stored.';
comment on column public.hmo_claims.amount is 'Pesos claimed: the invoice''s hmo_share when the claim was made.';
comment on column public.hmo_claims.visit_date is
  'The clinic day of the visit: the billed appointment''s, else the day the invoice was made.';
comment on column public.hmo_claims.denied_at is 'When staff recorded the HMO''s denial (deny_hmo_claim); a denied claim takes no payment.';
comment on column public.hmo_claims.denial_reason is 'The HMO''s reason for the denial; required with denied_at.';
comment on column public.hmo_claims.withdrawn_at is 'When the invoice was voided: the claim no longer counts.';

create index hmo_claims_batch_idx on public.hmo_claims (batch_id, visit_date, id);
create index hmo_claims_clinic_idx on public.hmo_claims (clinic_id, hmo_id);

select private.setup_clinic_table('public.hmo_claims',
  grants => array['select'],
  audit => array['hmo_claim', 'money=amount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO claims of their clinic']]);

-- ---------------------------------------------------------------------------
-- hmo_payments
-- ---------------------------------------------------------------------------
create table public.hmo_payments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  batch_id bigint not null,
  hmo_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  received_on date not null,
  reference_number text check (
    reference_number is null or (btrim(reference_number) <> '' and char_length(reference_number) <= 100)),
  idempotency_key uuid not null,
  recorded_by uuid default auth.uid(),
  recorded_by_name text check (recorded_by_name is null or char_length(recorded_by_name) <= 200),
  created_at timestamptz not null default now(),
  unique (id, clinic_id),
  constraint hmo_payments_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint hmo_payments_batch_fkey foreign key (batch_id, clinic_id) references public.hmo_claim_batches (id, clinic_id),
  constraint hmo_payments_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id)
);

comment on table public.hmo_payments is
  'Money an HMO paid against a batch (record_hmo_payment), spread over its claims in hmo_claim_settlements.';
comment on column public.hmo_payments.received_on is 'The clinic day the money was received; the day sheet lists it on that day.';
comment on column public.hmo_payments.idempotency_key is
  'Chosen by the form: a repeat (double click, retry) answers the payment it made and settles nothing twice.';
comment on column public.hmo_payments.recorded_by_name is 'The name of the staff member who recorded it, as it was then.';

create index hmo_payments_batch_idx on public.hmo_payments (batch_id);
create index hmo_payments_clinic_received_idx on public.hmo_payments (clinic_id, received_on);

select private.setup_clinic_table('public.hmo_payments',
  grants => array['select'],
  audit => array['hmo_payment', 'skip=idempotency_key', 'money=amount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=null'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO payments of their clinic']]);
-- Its audit trigger is set again in 20261201001810_hmo_payment_retry_must_match.sql, leaving out
-- the request digest.

-- ---------------------------------------------------------------------------
-- hmo_claim_settlements
-- ---------------------------------------------------------------------------
create table public.hmo_claim_settlements (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  hmo_payment_id bigint not null,
  claim_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  constraint hmo_claim_settlements_payment_claim_key unique (hmo_payment_id, claim_id),
  constraint hmo_claim_settlements_payment_fkey foreign key (hmo_payment_id, clinic_id)
    references public.hmo_payments (id, clinic_id) on delete cascade,
  constraint hmo_claim_settlements_claim_fkey foreign key (claim_id, clinic_id)
    references public.hmo_claims (id, clinic_id) on delete cascade
);

comment on table public.hmo_claim_settlements is
  'The part of an HMO payment that settles one claim; written by record_hmo_payment only.';

create index hmo_claim_settlements_claim_idx on public.hmo_claim_settlements (claim_id) include (amount);

-- Part of its payment: the payment's audit row and change notice speak for it.
select private.setup_clinic_table('public.hmo_claim_settlements',
  grants => array['select'],
  policies => array[['select', 'billing.read', 'Staff can view how HMO payments settled claims in their clinic']]);

-- The views hmo_claim_summaries (settled, outstanding and status, derived once),
-- hmo_claim_batch_summaries (due date and overdue) and hmo_receivables are in
-- 20261201001960_hmo_claim_write_off.sql, with a written-off claim.

-- hmo_payment_entries (with the void's columns) is in 20261201001550_void_hmo_payment.sql.

-- file_hmo_claim and its trigger are in 20261201001790_work_touches_only_its_own_rows.sql: an invoice saved
-- while its HMO's batch is being closed files its claim in the next batch.

-- withdraw_hmo_claim (voiding an invoice withdraws its claim) and its trigger are in
-- 20261201001600_void_waits_for_hmo_payments.sql: it waits for a payment of the claim's batch.


-- ---------------------------------------------------------------------------
-- The batch a write is about, locked, as the caller sees it (PT404 otherwise).
-- Each caller then asks billing.write in its clinic with its own code.
-- ---------------------------------------------------------------------------
create function private.lock_hmo_batch(p_batch_id bigint)
returns public.hmo_claim_batches language sql set search_path = '' as $$
  select private.lock_clinic_row(null::public.hmo_claim_batches, p_batch_id, 'Billing batch not found.', 'hmo_batch_not_found')
$$;

select private.setup_function('private.lock_hmo_batch(bigint)', '{}');

-- record_hmo_payment is in 20261201001810_hmo_payment_retry_must_match.sql: a repeat of the form's
-- key with another amount, date, reference or batch is refused.

-- deny_hmo_claim moved to 20261201001970_money_rules_and_deny_after_write_off.sql: a written-off
-- claim is refused, and its reason rule is private.stated_reason's.

-- ---------------------------------------------------------------------------
-- close_hmo_claim_batch
-- ---------------------------------------------------------------------------
create function public.close_hmo_claim_batch(p_batch_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_batch public.hmo_claim_batches;
begin
  v_batch := private.lock_hmo_batch(p_batch_id);
  perform private.require_permission(v_batch.clinic_id, 'billing.write',
    'You cannot close billing batches in this clinic.', 'hmo_batch_forbidden');
  if v_batch.closed_at is not null then
    raise exception 'This batch is already closed.' using errcode = 'PT409', hint = 'hmo_batch_closed';
  end if;
  update public.hmo_claim_batches
     set closed_at = pg_catalog.now(), closed_by = (select auth.uid())
   where id = v_batch.id;
end;
$$;

select private.setup_function('public.close_hmo_claim_batch(bigint)', '{authenticated,service_role}',
  'Closes (sends) a billing batch (billing.write); the HMO''s next claim opens a new batch. PT404 '
  'hmo_batch_not_found, 42501 hmo_batch_forbidden, PT409 hmo_batch_closed.');
