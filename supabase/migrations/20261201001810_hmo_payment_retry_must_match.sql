-- ============================================================================
-- record_hmo_payment, moved here from 20261201001530_hmo_claims.sql: a retry
-- of Record HMO payment whose first answer was lost answered the payment the
-- form's key had made, even when the desk had changed the amount, the date or
-- the reference in between (or that payment had been voided meanwhile): the
-- desk read 'HMO payment recorded.' for a payment that is not what the form
-- says. As create_itemised_invoice does for Add Invoice
-- (20261201001680_itemised_retry_must_match.sql), the payment now keeps a
-- digest of the call that made it, and a repeat of the key with another call
-- is refused (PT409 hmo_payment_key_reused, the payment's id in the detail).
-- A repeat of the same call answers the payment it made, unless that payment
-- was voided since: then it is refused too (PT409 hmo_payment_key_voided, its
-- id in the detail), since nothing of what the form says is recorded any more.
-- See docs/adr/0052-hmo-claims-and-batches.md.
-- ============================================================================

alter table public.hmo_payments add column request_digest text;

comment on column public.hmo_payments.request_digest is
  'md5 of the record_hmo_payment call that made it (batch, amount, date received, reference, as the function '
  'reads them); null for a payment recorded before it was kept. A repeat of its idempotency key with another call '
  'is refused. Written by record_hmo_payment only (browsers read hmo_payments).';

-- The digest is a retry check, not a fact of the payment: the audit trail leaves it out, as it
-- leaves out the key (the trigger setup_clinic_table made in 20261201001530_hmo_claims.sql).
drop trigger hmo_payments_audit on public.hmo_payments;
create trigger hmo_payments_audit after insert or update or delete on public.hmo_payments
  for each row execute function public.audit_row_change('hmo_payment', 'skip=idempotency_key,request_digest', 'money=amount');

-- What a repeat of a Record HMO payment form's key answers: the payment the key made, when the same
-- call made it and it still stands; otherwise a refusal naming that payment. A payment recorded
-- before digests were kept is compared on nothing but its void.
create function private.hmo_payment_of_repeated_key(p_payment public.hmo_payments, p_digest text)
returns bigint language plpgsql immutable set search_path = '' as $$
begin
  if p_payment.request_digest is not null and p_payment.request_digest is distinct from p_digest then
    raise exception 'This form was already saved as another HMO payment (#%); check it before saving again.', p_payment.id
      using errcode = 'PT409', detail = p_payment.id::text, hint = 'hmo_payment_key_reused';
  end if;
  if p_payment.voided_at is not null then
    raise exception 'This form was already saved as HMO payment #%, which has since been voided; record it again in a new form.', p_payment.id
      using errcode = 'PT409', detail = p_payment.id::text, hint = 'hmo_payment_key_voided';
  end if;
  return p_payment.id;
end;
$$;

select private.setup_function('private.hmo_payment_of_repeated_key(public.hmo_payments, text)', '{}');

-- ---------------------------------------------------------------------------
-- record_hmo_payment
-- ---------------------------------------------------------------------------
create function public.record_hmo_payment(
  p_batch_id bigint,
  p_amount numeric,
  p_received_on date,
  p_reference_number text,
  p_idempotency_key uuid
)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_batch public.hmo_claim_batches;
  v_payment public.hmo_payments;
  v_payment_id bigint;
  v_outstanding numeric;
  v_left numeric;
  v_part numeric;
  v_claim record;
  v_reference text := nullif(pg_catalog.btrim(p_reference_number), '');
  -- The call as it is read: 400 and 400.00 are one amount, ' CHK-1 ' and 'CHK-1' one reference.
  v_digest text := pg_catalog.md5(pg_catalog.jsonb_build_array(
    p_batch_id, pg_catalog.trim_scale(p_amount), p_received_on, v_reference)::text);
  v_today date;
begin
  if p_idempotency_key is null then
    raise exception 'An HMO payment needs the form''s idempotency key.'
      using errcode = 'invalid_parameter_value', hint = 'hmo_payment_key_required';
  end if;
  -- The batch's lock makes payments of one batch (and denials) wait for each other.
  v_batch := private.lock_hmo_batch(p_batch_id);
  perform private.require_permission(v_batch.clinic_id, 'billing.write',
    'You cannot record HMO payments in this clinic.', 'hmo_payment_forbidden');

  -- A repeat of the form (double click, retry, second tab) answers the payment it made.
  select p.* into v_payment from public.hmo_payments p
   where p.clinic_id = v_batch.clinic_id and p.idempotency_key = p_idempotency_key;
  if found then
    return private.hmo_payment_of_repeated_key(v_payment, v_digest);
  end if;

  if p_amount is null or p_amount < 0.01 or p_amount <> pg_catalog.round(p_amount, 2) then
    raise exception 'Enter an amount of at least ₱0.01, in pesos and centavos.'
      using errcode = 'invalid_parameter_value', hint = 'hmo_payment_amount_invalid';
  end if;
  if p_received_on is null then
    raise exception 'Enter the date the payment was received.'
      using errcode = 'invalid_parameter_value', hint = 'hmo_payment_date_required';
  end if;
  select (pg_catalog.now() at time zone c.timezone)::date into v_today from public.clinics c where c.id = v_batch.clinic_id;
  if p_received_on > v_today then
    raise exception 'The date received cannot be in the future.'
      using errcode = 'invalid_parameter_value', hint = 'hmo_payment_date_future';
  end if;
  if v_reference is not null and char_length(v_reference) > 100 then
    raise exception 'The reference is too long (at most 100 characters).'
      using errcode = 'invalid_parameter_value', hint = 'hmo_payment_reference_too_long';
  end if;

  select (coalesce(sum(s.outstanding_centavos), 0) / 100.0)::numeric(12, 2) into v_outstanding
    from public.hmo_claim_summaries s where s.batch_id = v_batch.id;
  if p_amount > v_outstanding then
    raise exception 'This payment is more than what the batch still owes.'
      using errcode = 'PT409',
            detail = pg_catalog.format('outstanding_centavos=%s', (v_outstanding * 100)::bigint),
            hint = 'hmo_payment_above_outstanding';
  end if;

  begin
    insert into public.hmo_payments (clinic_id, batch_id, hmo_id, amount, received_on, reference_number,
                                     idempotency_key, recorded_by, recorded_by_name, request_digest)
    values (v_batch.clinic_id, v_batch.id, v_batch.hmo_id, p_amount, p_received_on, v_reference, p_idempotency_key,
            (select auth.uid()), (select u.name from public.users u where u.user_id = (select auth.uid())), v_digest)
    returning id into v_payment_id;
  exception when unique_violation then
    -- The same key won a race with this call from another batch (one batch's calls wait on its lock).
    select p.* into v_payment from public.hmo_payments p
     where p.clinic_id = v_batch.clinic_id and p.idempotency_key = p_idempotency_key;
    if not found then
      raise;
    end if;
    return private.hmo_payment_of_repeated_key(v_payment, v_digest);
  end;

  -- Oldest visit first; denied and withdrawn claims owe nothing and are skipped.
  v_left := p_amount;
  for v_claim in
    select s.id, (s.outstanding_centavos / 100.0)::numeric(12, 2) as outstanding
      from public.hmo_claim_summaries s
     where s.batch_id = v_batch.id and s.outstanding_centavos > 0
     order by s.visit_date, s.id
  loop
    exit when v_left <= 0;
    v_part := least(v_left, v_claim.outstanding);
    insert into public.hmo_claim_settlements (clinic_id, hmo_payment_id, claim_id, amount)
    values (v_batch.clinic_id, v_payment_id, v_claim.id, v_part);
    v_left := v_left - v_part;
  end loop;
  return v_payment_id;
end;
$$;

select private.setup_function('public.record_hmo_payment(bigint, numeric, date, text, uuid)', '{authenticated,service_role}',
  'Records an HMO''s payment against batch p_batch_id and settles its claims oldest visit first (denied and '
  'withdrawn skipped). Answers the payment''s id; a repeat of p_idempotency_key in the clinic answers the payment '
  'it made, or PT409 hmo_payment_key_reused (detail: its id) when that payment was made by another call (batch, '
  'amount, date, reference), or PT409 hmo_payment_key_voided (detail: its id) when it was voided since. Refusals: '
  'PT404 hmo_batch_not_found, 42501 hmo_payment_forbidden, 22023 hmo_payment_key_required / _amount_invalid / '
  '_date_required / _date_future / _reference_too_long, PT409 hmo_payment_above_outstanding (detail '
  'outstanding_centavos=N).');
