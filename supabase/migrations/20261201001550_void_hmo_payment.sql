-- ============================================================================
-- Voiding a wrongly recorded HMO payment, as a patient's payment is voided:
-- admins of the clinic and superadmins (billing.void), with a reason of at most
-- 500 characters. See docs/adr/0052-hmo-claims-and-batches.md.
--
-- The payment stays listed, marked void (who, when, why). Its settlements are
-- deleted in the same transaction: every sum of what a claim has settled reads
-- hmo_claim_settlements (the claim, batch and HMO views, record_hmo_payment's
-- outstanding check, deny_hmo_claim, a voided invoice's withdrawn claim), so
-- with them gone the claims owe again and nothing else has to learn about
-- voids. The payment's own audit row records the void. The day sheet's HMO
-- collections leave a voided payment out, and its voids list it.
-- ============================================================================

alter table public.hmo_payments
  add column voided_at timestamptz,
  add column void_reason text,
  add column voided_by uuid,
  add column voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200),
  add constraint hmo_payments_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  );

comment on column public.hmo_payments.voided_at is
  'Set by void_hmo_payment (admins only); a void HMO payment settles nothing and is not collected.';
comment on column public.hmo_payments.void_reason is 'Why it was voided; required with voided_at.';
comment on column public.hmo_payments.voided_by_name is
  'The name of the staff member who voided it, as it was then; null when not void or voided by the service.';

-- The voids of a day sheet's period, as on payments and invoices.
create index hmo_payments_clinic_id_voided_at_idx on public.hmo_payments (clinic_id, voided_at)
  where voided_at is not null;

create trigger hmo_payments_name_voider before update of voided_at on public.hmo_payments
  for each row execute function public.name_voider();

-- ---------------------------------------------------------------------------
-- void_hmo_payment
-- ---------------------------------------------------------------------------
-- void_hmo_payment is in 20261201001960_hmo_claim_write_off.sql: it undoes the write-off of a claim
-- the payment had settled part of.

-- ---------------------------------------------------------------------------
-- hmo_payment_entries, moved here from 20261201001530_hmo_claims.sql: with
-- the void's columns.
-- ---------------------------------------------------------------------------
drop view if exists public.hmo_payment_entries;

create view public.hmo_payment_entries
with (security_invoker = true)
as
select
  p.id,
  p.clinic_id,
  p.batch_id,
  p.hmo_id,
  h.name as hmo_name,
  (p.amount * 100)::bigint as amount_centavos,
  p.received_on,
  p.reference_number,
  p.recorded_by_name,
  p.created_at,
  p.voided_at,
  p.void_reason,
  p.voided_by_name
from public.hmo_payments p
join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id;

comment on view public.hmo_payment_entries is
  'HMO payments with the HMO''s name and the amount in integer centavos; a void one (voided_at) counts nowhere.';

revoke all on public.hmo_payment_entries from public, anon, authenticated;
grant select on public.hmo_payment_entries to authenticated;
grant all on public.hmo_payment_entries to service_role;

-- ---------------------------------------------------------------------------
-- day_sheet, moved here from 20261201001531_day_sheet_hmo_collections.sql:
-- a void HMO payment is not collected, and is listed among the voids. The
-- patient side's voids are merged with the HMO payments' and sorted again,
-- each entry with hmo_name (null but for an HMO payment).
-- ---------------------------------------------------------------------------
drop function if exists public.day_sheet(bigint, date, date);

create function public.day_sheet(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_sheet jsonb;
  v_period record;
begin
  -- Access and the period's checks are the patient side's own (it raises first).
  v_sheet := private.day_sheet_patient_side(p_clinic_id, p_from, p_to)::jsonb;
  v_period := private.report_period(p_clinic_id, p_from, p_to);
  return (
    with collected as materialized (
      select p.id, p.batch_id, h.name as hmo_name, p.amount, p.received_on, p.reference_number, p.recorded_by_name
        from public.hmo_payments p
        join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id and p.received_on between p_from and p_to
         and p.voided_at is null
    ),
    voids as (
      select v.value || '{"hmo_name": null}'::jsonb as entry,
             (v.value ->> 'voided_at')::timestamptz as voided_at, v.value ->> 'kind' as kind,
             (v.value ->> 'id')::bigint as id
        from pg_catalog.jsonb_array_elements(v_sheet -> 'voids') v
      union all
      -- Voided in the period, or received in it and void: as the patient side picks payments.
      select pg_catalog.jsonb_build_object(
               'kind', 'hmo_payment',
               'id', p.id,
               'invoice_id', null,
               'patient_name', null,
               'hmo_name', h.name,
               'amount_centavos', (p.amount * 100)::bigint,
               'method', null,
               'voided_at', p.voided_at,
               'void_reason', p.void_reason,
               'voided_by_name', p.voided_by_name
             ), p.voided_at, 'hmo_payment', p.id
        from public.hmo_payments p
        join public.hmos h on h.id = p.hmo_id and h.clinic_id = p.clinic_id
       where p.clinic_id = p_clinic_id
         and p.voided_at is not null
         and ((p.voided_at >= v_period.starts_at and p.voided_at < v_period.ends_at)
           or p.received_on between p_from and p_to)
    )
    select (v_sheet || pg_catalog.jsonb_build_object(
      'voids', (
        select coalesce(pg_catalog.jsonb_agg(v.entry order by v.voided_at, v.kind, v.id), '[]'::jsonb)
          from voids v
      ),
      'hmo_collections', pg_catalog.jsonb_build_object(
        'payments', (
          select coalesce(pg_catalog.jsonb_agg(r order by r.received_on, r.hmo_name, r.id), '[]'::jsonb)
            from (
              select c.id, c.batch_id, c.hmo_name, (c.amount * 100)::bigint as amount_centavos, c.received_on,
                     c.reference_number, c.recorded_by_name
                from collected c
            ) r
        ),
        'total_centavos', (select (coalesce(sum(c.amount), 0) * 100)::bigint from collected c)
      )))::json
  );
end;
$$;

select private.setup_function('public.day_sheet(bigint, date, date)', '{authenticated,service_role}',
  'The day sheet of clinic p_clinic_id for clinic days p_from..p_to: everything private.day_sheet_patient_side '
  'answers (appointments, production, patients'' payments and totals, voids, open invoices), with the voids joined '
  'by the HMO payments voided in the period or received in it and void (kind hmo_payment, hmo_name; hmo_name null '
  'on the other kinds; ordered by voided_at, kind, id), and apart from it hmo_collections: the HMO payments '
  'received on those days and not void {payments: [...], total_centavos}. Errors as the patient side.');
