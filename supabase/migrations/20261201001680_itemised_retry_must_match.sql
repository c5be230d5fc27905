-- ============================================================================
-- create_itemised_invoice, moved here from 20261201001520_invoice_split.sql:
-- a retry of Add Invoice whose first answer was lost answered the invoice the
-- form's key had made, even when the desk had changed the lines, the patient
-- or the appointment in between: the desk read 'Invoice added!' for an
-- invoice that is not what the form says. The invoice now keeps a digest of
-- the call that made it, and a repeat of the key with another call is refused
-- (PT409 invoice_key_reused, the invoice's id in the detail).
-- ============================================================================

alter table public.invoices add column itemised_request_digest text;

comment on column public.invoices.itemised_request_digest is
  'md5 of the create_itemised_invoice call that made it (patient, appointment, lines as sent); null for an invoice '
  'made total only. A repeat of its idempotency key with another call is refused.';

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

-- ---------------------------------------------------------------------------
-- create_itemised_invoice: saves invoice_split's answer
-- ---------------------------------------------------------------------------
drop function if exists public.create_itemised_invoice(bigint, bigint, uuid, jsonb, bigint);

create function public.create_itemised_invoice(
  p_clinic_id bigint,
  p_patient_id bigint,
  p_idempotency_key uuid,
  p_items jsonb,
  p_appointment_id bigint default null
)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_split jsonb;
  v_invoice_id bigint;
  v_digest text := pg_catalog.md5(pg_catalog.jsonb_build_array(p_patient_id, p_appointment_id, p_items)::text);
  v_earlier_digest text;
begin
  perform private.require_permission(p_clinic_id, 'billing.write', 'You cannot add invoices in this clinic.',
    'invoice_forbidden');
  if p_idempotency_key is null then
    raise exception 'An itemised invoice needs the form''s idempotency key.'
      using errcode = 'invalid_parameter_value', hint = 'invoice_key_required';
  end if;

  -- A repeat of the form's key (double click, retry, second tab) answers the invoice it made.
  select i.id, i.itemised_request_digest into v_invoice_id, v_earlier_digest from public.invoices i
   where i.clinic_id = p_clinic_id and i.idempotency_key = p_idempotency_key;
  if found then
    return private.invoice_of_repeated_key(v_invoice_id, v_earlier_digest, v_digest);
  end if;

  -- One bill of a patient at a time: the HMO's annual limit is read and spent under this lock.
  perform from public.patients p where p.id = p_patient_id and p.clinic_id = p_clinic_id for update;

  v_split := public.invoice_split(p_clinic_id, p_patient_id, p_items, p_appointment_id)::jsonb;

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

select private.setup_function('public.create_itemised_invoice(bigint, bigint, uuid, jsonb, bigint)', '{authenticated,service_role}',
  'Adds an invoice with its lines in one transaction, split by public.invoice_split: the lines with their HMO '
  'shares, the HMO and card, the senior citizen / PWD ID, VAT exemption and statutory discount; total is what the '
  'patient owes (0.00 when the HMO pays it all). p_items: [{procedure_id?, description? (when no procedure), tooth?, '
  'surfaces?: ["M","O"], unit_price: "333.33", quantity?: 1, discount?: "0"}] (prices as decimal strings). A repeat '
  'of p_idempotency_key in the clinic answers the invoice it made, or PT409 invoice_key_reused (detail: its id) when '
  'that invoice was made by another call. Refusals: 42501 invoice_forbidden, 22023 '
  'invoice_key_required / invoice_items_required / invoice_items_too_many / invoice_item_unreadable / '
  'invoice_item_procedure_unknown / invoice_item_description_required, 23514 invoice_item_* line rules, '
  'invoice_items_total_too_small / _too_large, 23503 invoice_patient_unknown, and the invoice''s own '
  '(invoice_patient_mismatch, appointment_already_billed, 23503 another clinic''s appointment).');
