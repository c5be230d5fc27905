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

-- ---------------------------------------------------------------------------
-- invoice_split (from 20261201001780_denied_claims_free_the_limit.sql)
-- ---------------------------------------------------------------------------
drop function if exists public.invoice_split(bigint, bigint, jsonb, bigint);

create function public.invoice_split(
  p_clinic_id bigint,
  p_patient_id bigint,
  p_items jsonb,
  p_appointment_id bigint default null
)
returns json language plpgsql stable security definer set search_path = '' as $$
declare
  v_item record;
  v_timezone text;
  v_vat_registered boolean;
  v_patient public.patients;
  v_at timestamptz;
  v_day date;
  v_card public.patient_hmo_cards;
  v_hmo public.hmos;
  v_problem_hmo text;
  v_problem_member text;
  v_problem_status public.hmo_card_status;
  v_limit_left numeric;
  v_rates record;
  v_lines jsonb := '[]';
  v_gross numeric := 0;
  v_hmo_total numeric := 0;
  v_patient_total numeric := 0;
  v_vat numeric := 0;
  v_discount_total numeric := 0;
begin
  -- Asked as the caller, like the invoices insert policy: this function reads as its owner so
  -- that the split sees the coverage and the year's claims whoever previews it.
  perform private.require_permission(p_clinic_id, 'billing.write', 'You cannot add invoices in this clinic.',
    'invoice_forbidden');
  if p_items is null or pg_catalog.jsonb_typeof(p_items) <> 'array' or pg_catalog.jsonb_array_length(p_items) = 0 then
    raise exception 'An itemised invoice needs at least one line.'
      using errcode = 'invalid_parameter_value', hint = 'invoice_items_required';
  end if;
  if pg_catalog.jsonb_array_length(p_items) > 100 then
    raise exception 'An invoice has at most 100 lines.'
      using errcode = 'invalid_parameter_value', hint = 'invoice_items_too_many';
  end if;

  select c.timezone, c.vat_registered into v_timezone, v_vat_registered
    from public.clinics c where c.id = p_clinic_id;
  select p.* into v_patient from public.patients p where p.id = p_patient_id and p.clinic_id = p_clinic_id;
  if not found then
    raise exception 'The patient is not one of this clinic''s patients.'
      using errcode = 'foreign_key_violation', hint = 'invoice_patient_unknown';
  end if;

  -- The visit's clinic day: the appointment's, or today's without one.
  select a.appointment_time into v_at from public.appointments a
   where a.id = p_appointment_id and a.clinic_id = p_clinic_id;
  v_at := coalesce(v_at, pg_catalog.now());
  v_day := (v_at at time zone v_timezone)::date;

  select k.* into v_card from public.patient_hmo_card_at(p_patient_id, v_at) k limit 1;
  if v_card.id is not null then
    select h.* into v_hmo from public.hmos h where h.id = v_card.hmo_id;
    -- What this HMO already pays for the patient in the visit's clinic year: its shares of invoices
    -- that are not void and whose claim it did not deny, dated by their appointment or else their
    -- making.
    if v_hmo.annual_limit is not null then
      select v_hmo.annual_limit - coalesce(sum(i.hmo_share), 0) into v_limit_left
        from public.invoices i
        left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
       where i.clinic_id = p_clinic_id and i.patient_id = p_patient_id and i.hmo_id = v_hmo.id
         and i.voided_at is null
         and not exists (select from public.hmo_claims c where c.invoice_id = i.id and c.denied_at is not null)
         and pg_catalog.date_part('year', coalesce(a.appointment_time, i.created_at) at time zone v_timezone)
             = pg_catalog.date_part('year', v_day);
      v_limit_left := greatest(v_limit_left, 0);
    end if;
  else
    select s.hmo_name, s.member_number, s.status into v_problem_hmo, v_problem_member, v_problem_status
      from public.patient_hmo_cards_on(p_patient_id, v_day) s limit 1;
  end if;

  for v_item in
    select e.ordinality::smallint as position, e.value as line
      from pg_catalog.jsonb_array_elements(p_items) with ordinality e
  loop
    declare
      v_procedure_id bigint;
      v_description text;
      v_tooth smallint;
      v_surfaces text[];
      v_entered_price numeric;
      v_price numeric;
      v_quantity integer;
      v_discount numeric;
      v_line_total numeric;
      v_coverage public.hmo_coverages;
      v_how text;
      v_share numeric := 0;
      v_limited boolean := false;
    begin
      begin
        v_procedure_id := (v_item.line ->> 'procedure_id')::bigint;
        v_tooth := (v_item.line ->> 'tooth')::smallint;
        v_surfaces := coalesce(
          (select pg_catalog.array_agg(s) from pg_catalog.jsonb_array_elements_text(v_item.line -> 'surfaces') s), '{}');
        v_entered_price := (v_item.line ->> 'unit_price')::numeric;
        v_quantity := coalesce((v_item.line ->> 'quantity')::integer, 1);
        v_discount := coalesce((v_item.line ->> 'discount')::numeric, 0);
      exception when others then
        raise exception 'Line % could not be read.', v_item.position
          using errcode = 'invalid_parameter_value', detail = pg_catalog.format('line=%s', v_item.position),
                hint = 'invoice_item_unreadable';
      end;
      if v_procedure_id is not null then
        select p.name into v_description from public.procedures p
         where p.id = v_procedure_id and p.clinic_id = p_clinic_id;
        if not found then
          raise exception 'The procedure of line % is not in the clinic''s price list.', v_item.position
            using errcode = 'invalid_parameter_value', detail = pg_catalog.format('line=%s', v_item.position),
                  hint = 'invoice_item_procedure_unknown';
        end if;
      else
        v_description := pg_catalog.btrim(v_item.line ->> 'description');
        if v_description is null or v_description = '' or char_length(v_description) > 200 then
          raise exception 'Line % needs a procedure or a description (at most 200 characters).', v_item.position
            using errcode = 'invalid_parameter_value', detail = pg_catalog.format('line=%s', v_item.position),
                  hint = 'invoice_item_description_required';
        end if;
      end if;
      perform private.check_invoice_item(v_item.position, v_tooth, v_surfaces, v_entered_price, v_quantity, v_discount);

      v_price := v_entered_price;
      if v_card.id is not null and v_procedure_id is not null then
        select c.* into v_coverage from public.hmo_coverages c
         where c.hmo_id = v_card.hmo_id and c.procedure_id = v_procedure_id;
        if v_coverage.id is not null then
          if v_coverage.contracted_price is not null then
            -- Clinics treat covered procedures at the contracted rate, and the HMO pays that line.
            v_how := 'contracted';
            v_price := v_coverage.contracted_price;
            perform private.check_invoice_item(v_item.position, v_tooth, v_surfaces, v_price, v_quantity, v_discount);
            v_share := public.invoice_line_total(v_price, v_quantity, v_discount);
          else
            v_how := 'percent';
            v_share := pg_catalog.round(
              public.invoice_line_total(v_price, v_quantity, v_discount) * v_coverage.covered_percent / 100, 2);
          end if;
          if v_limit_left is not null and v_share > v_limit_left then
            v_share := v_limit_left;
            v_limited := true;
          end if;
          v_limit_left := v_limit_left - v_share;
        end if;
      end if;

      v_line_total := public.invoice_line_total(v_price, v_quantity, v_discount);
      v_gross := v_gross + v_line_total;
      v_hmo_total := v_hmo_total + v_share;
      v_patient_total := v_patient_total + (v_line_total - v_share);
      v_lines := v_lines || pg_catalog.jsonb_build_object(
        'position', v_item.position,
        'procedure_id', v_procedure_id,
        'description', v_description,
        'label', public.invoice_item_label(v_tooth, v_surfaces, v_description),
        'tooth', v_tooth,
        'surfaces', pg_catalog.to_jsonb(v_surfaces),
        'entered_unit_price_centavos', (v_entered_price * 100)::bigint,
        'unit_price_centavos', (v_price * 100)::bigint,
        'quantity', v_quantity,
        'discount_centavos', (v_discount * 100)::bigint,
        'line_total_centavos', (v_line_total * 100)::bigint,
        'hmo_share_centavos', (v_share * 100)::bigint,
        'patient_share_centavos', ((v_line_total - v_share) * 100)::bigint,
        'coverage', v_how,
        'covered_percent', v_coverage.covered_percent,
        'limit_reached', v_limited);
    end;
  end loop;

  if v_gross < 0.01 then
    raise exception 'An invoice''s lines must add up to at least ₱0.01.'
      using errcode = 'check_violation', hint = 'invoice_items_total_too_small';
  end if;
  if v_gross > 9999999999.99 then
    raise exception 'An invoice''s lines add up to more than ₱9,999,999,999.99.'
      using errcode = 'check_violation', hint = 'invoice_items_total_too_large';
  end if;

  -- Senior citizen / PWD: on the patient's part only; a VAT-registered clinic first takes the VAT
  -- out of it, then the discount off the rest.
  if v_patient.discount_id_type is not null then
    select r.discount_rate, r.vat_rate into v_rates from public.statutory_rates() r;
    if v_vat_registered then
      v_vat := pg_catalog.round(v_patient_total - v_patient_total / (1 + v_rates.vat_rate), 2);
    end if;
    v_discount_total := pg_catalog.round((v_patient_total - v_vat) * v_rates.discount_rate, 2);
  end if;

  return pg_catalog.json_build_object(
    'visit_day', v_day,
    'card', case when v_card.id is not null then pg_catalog.json_build_object(
      'id', v_card.id, 'hmo_id', v_hmo.id, 'hmo_name', v_hmo.name, 'member_number', v_card.member_number,
      'annual_limit_centavos', (v_hmo.annual_limit * 100)::bigint,
      'limit_left_centavos', (v_limit_left * 100)::bigint) end,
    'card_problem', case when v_problem_status is not null then pg_catalog.json_build_object(
      'hmo_name', v_problem_hmo, 'member_number', v_problem_member, 'status', v_problem_status) end,
    'discount_id_type', v_patient.discount_id_type,
    'discount_id_number', v_patient.discount_id_number,
    'vat_registered', v_vat_registered,
    'lines', v_lines,
    'gross_centavos', (v_gross * 100)::bigint,
    'hmo_share_centavos', (v_hmo_total * 100)::bigint,
    'patient_share_centavos', (v_patient_total * 100)::bigint,
    'vat_exemption_centavos', (v_vat * 100)::bigint,
    'statutory_discount_centavos', (v_discount_total * 100)::bigint,
    'total_centavos', ((v_patient_total - v_vat - v_discount_total) * 100)::bigint);
end;
$$;

select private.setup_function('public.invoice_split(bigint, bigint, jsonb, bigint)', '{authenticated,service_role}',
  'Who pays an itemised invoice (the Add Invoice preview; create_itemised_invoice stores the same). p_items as '
  'create_itemised_invoice reads them. The HMO card valid on the visit''s clinic day (the appointment''s, else '
  'today): a procedure covered at a contracted price is billed at it and paid by the HMO; by percent the HMO pays '
  'round(line_total x percent, 2); within the HMO''s annual limit for the patient''s clinic year (the shares of '
  'claims it denied left out), line by line. '
  'Senior citizen / PWD on the patients'' shares S: VAT-registered vat_exemption = round(S - S/(1+vat), 2), '
  'statutory_discount = round((S - vat_exemption) x rate, 2). Answers {visit_day, card | null, card_problem '
  '{hmo_name, member_number, status} | null, discount_id_type, discount_id_number, vat_registered, lines [{position, '
  'procedure_id, description, label, tooth, surfaces, entered_unit_price_centavos, unit_price_centavos, quantity, '
  'discount_centavos, line_total_centavos, hmo_share_centavos, patient_share_centavos, coverage contracted|percent|'
  'null, covered_percent, limit_reached}], gross_centavos, hmo_share_centavos, patient_share_centavos, '
  'vat_exemption_centavos, statutory_discount_centavos, total_centavos}. Refusals as create_itemised_invoice''s, '
  'and 23503 invoice_patient_unknown; a refused line''s have the detail line=<its position, 1 for the first>.');

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
