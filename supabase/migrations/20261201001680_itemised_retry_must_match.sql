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
-- create_itemised_invoice moved to 20261201001930_the_split_the_desk_saw.sql: it saves the split the
-- desk was shown, and the amounts shown are part of the request a repeat must match.
