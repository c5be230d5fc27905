-- ============================================================================
-- withdraw_hmo_claim, moved here from 20261201001530_hmo_claims.sql: voiding an
-- invoice waits for an HMO payment of its claim's batch being recorded. It did
-- not: the payment locks only the batch, the void only the invoice and (no key)
-- the claim, so neither waited, neither saw the other's settlement or
-- withdrawal, and the HMO's money could be settled on a withdrawn claim of a
-- void invoice, the state 'invoice_claim_paid' exists to refuse.
-- ============================================================================

drop function if exists public.withdraw_hmo_claim() cascade;

-- ---------------------------------------------------------------------------
-- withdraw_hmo_claim: voiding an invoice withdraws its claim; refused once
-- the HMO paid any of it.
-- ---------------------------------------------------------------------------
create function public.withdraw_hmo_claim()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if old.voided_at is not null or new.voided_at is null then
    return null;
  end if;
  -- The claim's batch, locked as record_hmo_payment locks it: a payment of the batch being
  -- recorded now commits first, and its settlements are then seen below.
  perform from public.hmo_claim_batches b
    join public.hmo_claims c on c.batch_id = b.id
   where c.invoice_id = new.id and c.withdrawn_at is null
     for update of b;
  if exists (
    select from public.hmo_claims c join public.hmo_claim_settlements s on s.claim_id = c.id
     where c.invoice_id = new.id
  ) then
    raise exception 'The HMO has paid this invoice''s claim; the invoice cannot be voided.'
      using errcode = 'PT409', hint = 'invoice_claim_paid';
  end if;
  update public.hmo_claims set withdrawn_at = pg_catalog.now()
   where invoice_id = new.id and withdrawn_at is null;
  return null;
end;
$$;

select private.setup_function('public.withdraw_hmo_claim()', '{service_role}',
  'Trigger: voiding an invoice withdraws its HMO claim; refused (PT409 invoice_claim_paid) when the HMO has paid '
  'any of it.');

create trigger invoices_withdraw_hmo_claim after update of voided_at on public.invoices
  for each row execute function public.withdraw_hmo_claim();
