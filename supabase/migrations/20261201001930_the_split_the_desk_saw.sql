-- ============================================================================
-- Add Invoice (itemised) saved what the desk had not seen, and could not say
-- which line it refused:
--   The split under the lines is asked 300 ms after typing pauses, so Save
--     could be pressed before it had caught up with the lines: the invoice
--     stored the database's split (right), but not the one the desk confirmed.
--     create_itemised_invoice now takes the patient total and the HMO share
--     shown when Save was pressed (p_shown_total_centavos,
--     p_shown_hmo_share_centavos) and refuses to save another split
--     (PT409 invoice_split_changed, the database's amounts in the detail);
--     the form then shows the new split and asks to save again. The amounts
--     are part of the request a repeat of the form's key must match.
--   A refused line (its tooth, surfaces, price, quantity, discount or
--     procedure) now names its place on the invoice: detail 'line=<position>',
--     1 for the first line, from invoice_split (the preview), the save and
--     the guard trigger alike.
-- Moved here whole: check_invoice_item and guard_invoice_item with its trigger
-- from 20261201001450_invoice_items.sql, invoice_split from
-- 20261201001780_denied_claims_free_the_limit.sql, create_itemised_invoice from
-- 20261201001680_itemised_retry_must_match.sql.
-- See docs/adr/0057-the-split-the-desk-saw.md.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- A line's rules, once (from 20261201001450_invoice_items.sql): the guard
-- trigger and invoice_split (so create_itemised_invoice) both raise through
-- this, so a refusal has the same code whoever writes the line, and names the
-- line's place (detail line=<position>) whoever asks.
-- ---------------------------------------------------------------------------
drop function if exists private.check_invoice_item(smallint, text[], numeric, integer, numeric);

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

-- ---------------------------------------------------------------------------
-- guard_invoice_item and its trigger (from 20261201001450_invoice_items.sql)
-- ---------------------------------------------------------------------------
drop function if exists public.guard_invoice_item() cascade;

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

-- invoice_split moved to 20261201001980_written_off_frees_the_limit.sql: a written-off part frees the limit.

-- ---------------------------------------------------------------------------
-- create_itemised_invoice (from 20261201001680_itemised_retry_must_match.sql):
-- saves invoice_split's answer, when it is the split the desk was shown
-- ---------------------------------------------------------------------------
drop function if exists public.create_itemised_invoice(bigint, bigint, uuid, jsonb, bigint);

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
