-- ============================================================================
-- 1. hmos.annual_limit is money like the billing columns: public.pesos keeps a
--    value as sent, so a limit written as 30000 was stored and shown as 30000
--    (Edit HMO read "30000" where every other amount reads "30000.00"). It is
--    now stored with exactly two decimals by keep_money_in_centavos, as
--    procedures.price, invoices.total and payments.amount are.
-- ============================================================================

create trigger hmos_money_in_centavos before insert or update of annual_limit on public.hmos
  for each row execute function public.keep_money_in_centavos('annual_limit');

update public.hmos set annual_limit = annual_limit
 where annual_limit is not null and pg_catalog.scale(annual_limit) <> 2;

-- ============================================================================
-- 2. Writing off what an HMO will not pay of a claim. See
--    docs/adr/0059-writing-off-an-hmo-claim.md.
--
-- A claim the HMO paid short (record_hmo_payment spreads a payment oldest
-- visit first) kept its remainder outstanding for ever: in its batch's
-- outstanding and overdue, and in what hmo_receivables says the HMO owes. A
-- denial cannot close it (refused once any of it is paid). An admin now
-- writes off the rest, with a reason (write_off_hmo_claim): what people
-- decide is stored (written_off_at, write_off_reason, written_off_by), the
-- rest is derived in hmo_claim_summaries as before: a written-off claim owes
-- nothing, so neither its batch nor its HMO counts it as owed or overdue.
-- ============================================================================

alter table public.hmo_claims
  add column written_off_at timestamptz,
  add column write_off_reason text,
  add column written_off_by uuid,
  add constraint hmo_claims_write_off_has_reason check (
    (written_off_at is null and write_off_reason is null and written_off_by is null)
    or (written_off_at is not null and btrim(write_off_reason) <> '' and char_length(write_off_reason) <= 500));

comment on column public.hmo_claims.written_off_at is
  'When an admin wrote off what the HMO had not paid of the claim (write_off_hmo_claim): it owes nothing since.';
comment on column public.hmo_claims.write_off_reason is 'Why the rest will not be paid; required with written_off_at.';
comment on column public.hmo_claims.written_off_by is 'auth.users id of whoever wrote it off.';

-- ---------------------------------------------------------------------------
-- The views, moved here from 20261201001530_hmo_claims.sql: a written-off
-- claim. They are made again whole (hmo_claim_batch_summaries and
-- hmo_receivables read hmo_claim_summaries), with the read-only triggers
-- 20261201001720_read_only_views_refuse_writes.sql gives the other views.
-- security_invoker: the row-level security of the base tables applies.
-- ---------------------------------------------------------------------------
drop view if exists public.hmo_receivables;
drop view if exists public.hmo_claim_batch_summaries;
drop view if exists public.hmo_claim_summaries;

create view public.hmo_claim_summaries
with (security_invoker = true)
as
select
  c.id,
  c.clinic_id,
  c.batch_id,
  c.hmo_id,
  c.invoice_id,
  c.patient_id,
  pt.name as patient_name,
  c.visit_date,
  (c.amount * 100)::bigint as amount_centavos,
  settled.settled_centavos,
  case when c.denied_at is null and c.withdrawn_at is null and c.written_off_at is null
    then (c.amount * 100)::bigint - settled.settled_centavos else 0 end as outstanding_centavos,
  case
    when c.withdrawn_at is not null then 'withdrawn'
    when c.denied_at is not null then 'denied'
    when c.written_off_at is not null then 'written_off'
    when settled.settled_centavos >= (c.amount * 100)::bigint then 'paid'
    when settled.settled_centavos > 0 then 'partly_paid'
    else 'submitted'
  end as status,
  c.denied_at,
  c.denial_reason,
  c.withdrawn_at,
  c.created_at,
  case when c.written_off_at is not null and c.withdrawn_at is null and c.denied_at is null
    then greatest((c.amount * 100)::bigint - settled.settled_centavos, 0) else 0 end as written_off_centavos,
  c.written_off_at,
  c.write_off_reason
from public.hmo_claims c
join public.patients pt on pt.id = c.patient_id and pt.clinic_id = c.clinic_id
left join lateral (
  select coalesce((sum(s.amount) * 100)::bigint, 0) as settled_centavos
    from public.hmo_claim_settlements s
   where s.claim_id = c.id
) as settled on true;

comment on view public.hmo_claim_summaries is
  'HMO claims with settled, outstanding and written off (integer centavos) and status: withdrawn (invoice void), '
  'denied, written_off (the rest given up: owes nothing), paid (settled the whole amount), partly_paid, submitted. '
  'The one place a claim''s status is derived.';

create view public.hmo_claim_batch_summaries
with (security_invoker = true)
as
select
  b.id,
  b.clinic_id,
  b.hmo_id,
  h.name as hmo_name,
  b.opened_at,
  b.closed_at,
  sums.first_visit_date,
  sums.first_visit_date + h.claim_deadline_days as due_date,
  sums.claim_count,
  sums.claimed_centavos,
  sums.settled_centavos,
  sums.outstanding_centavos,
  (sums.outstanding_centavos > 0
    and sums.first_visit_date + h.claim_deadline_days < (pg_catalog.now() at time zone cl.timezone)::date) as overdue,
  sums.written_off_centavos
from public.hmo_claim_batches b
join public.hmos h on h.id = b.hmo_id and h.clinic_id = b.clinic_id
join public.clinics cl on cl.id = b.clinic_id
left join lateral (
  select
    min(c.visit_date) filter (where c.withdrawn_at is null) as first_visit_date,
    (count(*) filter (where c.withdrawn_at is null))::integer as claim_count,
    coalesce(sum(c.amount_centavos) filter (where c.status not in ('withdrawn', 'denied')), 0)::bigint
      as claimed_centavos,
    coalesce(sum(c.settled_centavos), 0)::bigint as settled_centavos,
    coalesce(sum(c.outstanding_centavos), 0)::bigint as outstanding_centavos,
    coalesce(sum(c.written_off_centavos), 0)::bigint as written_off_centavos
  from public.hmo_claim_summaries c
  where c.batch_id = b.id
) as sums on true;

comment on view public.hmo_claim_batch_summaries is
  'Billing batches with their first visit date, due date (first visit + the HMO''s claim_deadline_days), claims '
  '(not withdrawn), claimed (not denied nor withdrawn), settled, outstanding and written off in integer centavos, '
  'and overdue: past the due date on the clinic''s today and not fully paid (a written-off rest owes nothing).';

create view public.hmo_receivables
with (security_invoker = true)
as
select
  h.id as hmo_id,
  h.clinic_id,
  h.name as hmo_name,
  coalesce(sum(b.outstanding_centavos), 0)::bigint as owed_centavos,
  coalesce(sum(b.outstanding_centavos) filter (where b.overdue), 0)::bigint as overdue_centavos,
  (count(b.id) filter (where b.overdue))::integer as overdue_batch_count
from public.hmos h
join public.hmo_claim_batch_summaries b on b.hmo_id = h.id and b.clinic_id = h.clinic_id
group by h.id, h.clinic_id, h.name;

comment on view public.hmo_receivables is
  'Per HMO with batches: what it owes (outstanding of every batch) and what is overdue, in integer centavos.';

do $$
declare
  v_view text;
begin
  foreach v_view in array array['hmo_claim_summaries', 'hmo_claim_batch_summaries', 'hmo_receivables'] loop
    execute format('revoke all on public.%I from public, anon, authenticated', v_view);
    execute format('grant select on public.%I to authenticated', v_view);
    execute format('grant all on public.%I to service_role', v_view);
    execute format('create trigger %I instead of insert or update or delete on public.%I '
                   'for each row execute function private.refuse_view_write()', v_view || '_read_only', v_view);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------
-- A reason staff must give (a void's, a write-off's): trimmed, not blank, at
-- most 500 characters, refused (22023) with the caller's words and codes.
-- ---------------------------------------------------------------------------
create function private.stated_reason(p_reason text, p_required_message text, p_required_hint text, p_too_long_hint text)
returns text language plpgsql immutable set search_path = '' as $$
begin
  if p_reason is null or pg_catalog.btrim(p_reason) = '' then
    raise exception '%', p_required_message using errcode = 'invalid_parameter_value', hint = p_required_hint;
  end if;
  if char_length(pg_catalog.btrim(p_reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters).'
      using errcode = 'invalid_parameter_value', hint = p_too_long_hint;
  end if;
  return pg_catalog.btrim(p_reason);
end;
$$;

select private.setup_function('private.stated_reason(text, text, text, text)', '{}');

-- private.void_reason, moved here from 20261201000500_billing.sql: its reason rule is stated_reason's.
drop function if exists private.void_reason(text);

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

-- write_off_hmo_claim moved to 20261201001990_one_way_to_decide_a_claim.sql, with deny_hmo_claim's
-- shared first steps.

-- ---------------------------------------------------------------------------
-- void_hmo_payment, moved here from 20261201001550_void_hmo_payment.sql: a
-- claim written off after the payment settled part of it owes again, its
-- write-off undone, since what it gave up was the rest after that payment.
-- ---------------------------------------------------------------------------
drop function if exists public.void_hmo_payment(bigint, text);

create function public.void_hmo_payment(p_hmo_payment_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_payment public.hmo_payments;
begin
  select p.* into v_payment from public.hmo_payments p where p.id = p_hmo_payment_id;
  if found and public.can_access_clinic(v_payment.clinic_id) then
    -- The batch first, as record_hmo_payment locks it: a void waits for a payment being spread.
    perform private.lock_hmo_batch(v_payment.batch_id);
  end if;
  v_payment := private.lock_voidable(null::public.hmo_payments, p_hmo_payment_id,
    'HMO payment not found.', 'hmo_payment_not_found',
    'This HMO payment is already void.', 'hmo_payment_already_void');
  perform private.stamp_void(v_payment, v_reason);
  update public.hmo_claims c
     set written_off_at = null, write_off_reason = null, written_off_by = null
   where c.written_off_at is not null
     and c.id in (select s.claim_id from public.hmo_claim_settlements s where s.hmo_payment_id = v_payment.id);
  delete from public.hmo_claim_settlements where hmo_payment_id = v_payment.id;
end;
$$;

select private.setup_function('public.void_hmo_payment(bigint, text)', '{authenticated,service_role}',
  'Voids HMO payment p_hmo_payment_id with a reason (admins of its clinic, superadmins): it stays listed, its '
  'settlements are deleted so its claims owe again, a write-off of any of them undone. Refusals: 42501 '
  'void_forbidden, 22023 void_reason_required / void_reason_too_long, PT404 hmo_payment_not_found, PT409 '
  'hmo_payment_already_void.');
