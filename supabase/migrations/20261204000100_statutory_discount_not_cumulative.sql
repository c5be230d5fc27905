-- A senior citizen's or PWD's 20% does not add to a line's own discount: they get the higher.
--
-- Under RA 9994 and RA 10754 the statutory discount and another discount on the same purchase
-- are not cumulative: the patient takes whichever is higher. invoice_split
-- (20261201000500_billing.sql) took the 20% off every line's patient share after the line's own
-- discount. Now a discounted line is compared: billed without its discount when 20% off its whole
-- patient share leaves the patient less to pay, else kept as typed and left out of the statutory
-- discount. The VAT exemption is not a discount and still covers every line. Each line of the
-- answer says what was typed (entered_discount_centavos), what is billed (discount_centavos) and
-- whether the statutory discount covers it (statutory_discount). See
-- docs/adr/0063-statutory-discount-not-cumulative.md.

-- What the HMO pays of one line at a discount, within what is left of its annual limit (null: no
-- limit): a contracted price is paid in full, a percentage rounded to the centavo; uncovered, 0.
create function private.hmo_line_share(
  p_coverage public.hmo_coverages,
  p_price numeric,
  p_quantity integer,
  p_discount numeric,
  p_limit_left numeric
)
returns numeric language sql immutable set search_path = '' as $$
  select least(
    case
      when p_coverage.contracted_price is not null then public.invoice_line_total(p_price, p_quantity, p_discount)
      when p_coverage.covered_percent is not null then
        pg_catalog.round(
          public.invoice_line_total(p_price, p_quantity, p_discount) * p_coverage.covered_percent / 100, 2)
      else 0
    end,
    p_limit_left)
$$;

select private.setup_function('private.hmo_line_share(public.hmo_coverages, numeric, integer, numeric, numeric)', '{}');

create or replace function public.invoice_split(
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
  v_statutory_base numeric := 0;
  v_statutory_vat numeric := 0;
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
  if v_patient.discount_id_type is not null then
    select r.discount_rate, r.vat_rate into v_rates from public.statutory_rates() r;
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
    -- that are not void and whose claim it did not deny, less what the clinic wrote off of a claim
    -- (the HMO will not pay it), dated by their appointment or else their making.
    if v_hmo.annual_limit is not null then
      select v_hmo.annual_limit
             - coalesce(sum(i.hmo_share - coalesce(s.written_off_centavos, 0) / 100::numeric), 0)
        into v_limit_left
        from public.invoices i
        left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
        left join public.hmo_claim_summaries s on s.invoice_id = i.id
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
      v_entered_discount numeric;
      v_statutory boolean := v_patient.discount_id_type is not null;
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
        if v_coverage.contracted_price is not null then
          -- Clinics treat covered procedures at the contracted rate, and the HMO pays that line.
          v_how := 'contracted';
          v_price := v_coverage.contracted_price;
          perform private.check_invoice_item(v_item.position, v_tooth, v_surfaces, v_price, v_quantity, v_discount);
        elsif v_coverage.id is not null then
          v_how := 'percent';
        end if;
      end if;

      -- RA 9994 and RA 10754: a senior citizen's or PWD's discount does not add to another
      -- discount; they take the higher. The VAT exemption applies either way, so it cancels out
      -- of the comparison: the line loses its own discount when 20% off its whole patient share
      -- leaves less to pay than its own discount does (a tie keeps the line as entered).
      v_entered_discount := v_discount;
      if v_statutory and v_discount > 0 then
        if (public.invoice_line_total(v_price, v_quantity, 0)
              - private.hmo_line_share(v_coverage, v_price, v_quantity, 0, v_limit_left))
             * (1 - v_rates.discount_rate)
           < public.invoice_line_total(v_price, v_quantity, v_discount)
              - private.hmo_line_share(v_coverage, v_price, v_quantity, v_discount, v_limit_left) then
          v_discount := 0;
        else
          v_statutory := false;
        end if;
      end if;

      if v_how is not null then
        v_share := private.hmo_line_share(v_coverage, v_price, v_quantity, v_discount, v_limit_left);
        v_limited := v_share < private.hmo_line_share(v_coverage, v_price, v_quantity, v_discount, null);
        v_limit_left := v_limit_left - v_share;
      end if;

      v_line_total := public.invoice_line_total(v_price, v_quantity, v_discount);
      v_gross := v_gross + v_line_total;
      v_hmo_total := v_hmo_total + v_share;
      v_patient_total := v_patient_total + (v_line_total - v_share);
      if v_statutory then
        v_statutory_base := v_statutory_base + (v_line_total - v_share);
      end if;
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
        'entered_discount_centavos', (v_entered_discount * 100)::bigint,
        'discount_centavos', (v_discount * 100)::bigint,
        'statutory_discount', v_statutory,
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
  -- out of all of it, then the discount off the rest of the lines that did not keep their own.
  if v_patient.discount_id_type is not null then
    if v_vat_registered then
      v_vat := pg_catalog.round(v_patient_total - v_patient_total / (1 + v_rates.vat_rate), 2);
      v_statutory_vat := pg_catalog.round(v_statutory_base - v_statutory_base / (1 + v_rates.vat_rate), 2);
    end if;
    v_discount_total := pg_catalog.round((v_statutory_base - v_statutory_vat) * v_rates.discount_rate, 2);
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
  'claims it denied and the written-off parts of claims left out), line by line. '
  'Senior citizen / PWD, not added to a line''s own discount (RA 9994, RA 10754): a discounted line is billed '
  'without it when (whole line - HMO share) x (1 - rate) < (line - HMO share), else it keeps it and gets no '
  'statutory discount. On the patients'' shares S, and D those of the lines without their own discount: '
  'VAT-registered vat_exemption = round(S - S/(1+vat), 2), statutory_discount = round((D - round(D - D/(1+vat), '
  '2)) x rate, 2). Answers {visit_day, card | null, card_problem {hmo_name, member_number, status} | null, '
  'discount_id_type, discount_id_number, vat_registered, lines [{position, procedure_id, description, label, '
  'tooth, surfaces, entered_unit_price_centavos, unit_price_centavos, quantity, entered_discount_centavos, '
  'discount_centavos, statutory_discount, line_total_centavos, hmo_share_centavos, patient_share_centavos, '
  'coverage contracted|percent|null, covered_percent, limit_reached}], gross_centavos, hmo_share_centavos, '
  'patient_share_centavos, vat_exemption_centavos, statutory_discount_centavos, total_centavos}. Refusals as '
  'create_itemised_invoice''s, and 23503 invoice_patient_unknown; a refused line''s have the detail line=<its '
  'position, 1 for the first>.');
