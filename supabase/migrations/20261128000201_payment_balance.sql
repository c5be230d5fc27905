-- ============================================================================
-- A payment beyond the invoice's balance at the moment it is recorded is
-- refused (PT409: HTTP 409 from PostgREST) unless the insert says
-- overpayment_accepted = true, which the SPA sends only once the user
-- confirmed 'Add Payment anyway'. The invoice row is locked while the balance
-- is read, so concurrent payments are counted one after another.
-- Runs unchanged on hosted Supabase, PostgreSQL and PGlite.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Payments: never beyond the balance unless the request accepts it
-- ---------------------------------------------------------------------------
alter table public.payments add column overpayment_accepted boolean not null default false;

comment on column public.payments.overpayment_accepted is
  'True when whoever recorded the payment accepted that it is more than the invoice''s balance (the SPA''s '
  '''Add Payment anyway''); without it such a payment is refused (PT409).';

grant insert (overpayment_accepted) on public.payments to authenticated;

-- Replaces the billing migration's guard (void invoices) and adds the balance.
-- The invoice row is locked for no key update: two payments of one invoice
-- take turns, and each reads the balance after the other committed (every
-- statement of a PL/pgSQL function takes a new snapshot in read committed),
-- while inserts elsewhere that only reference the invoice (a key share lock)
-- are not held up. void_invoice's lock for update waits for it, as before.
-- Security definer: the lock needs UPDATE privilege, which browsers do not have.
create or replace function public.guard_payment_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total numeric;
  v_voided_at timestamptz;
  v_paid numeric;
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
      using errcode = 'check_violation';
  end if;
  -- A repeat of an earlier insert (its payment already counts): let the unique key answer 23505.
  if exists (
    select 1 from public.payments p where p.clinic_id = new.clinic_id and p.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  if new.overpayment_accepted then
    return new;
  end if;
  select coalesce(sum(p.amount), 0) into v_paid
    from public.payments p
   where p.invoice_id = new.invoice_id and p.voided_at is null;
  if new.amount > v_total - v_paid then
    raise exception 'This payment is more than the balance of the invoice.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', ((v_total - v_paid) * 100)::bigint),
            hint = 'Send overpayment_accepted: true to record it anyway.';
  end if;
  return new;
end;
$$;

comment on function public.guard_payment_insert() is
  'Trigger: refuses a payment on a void invoice (23514) and, unless overpayment_accepted, one beyond the '
  'invoice''s balance (PT409), reading the balance under a lock on the invoice.';
