-- ============================================================================
-- Ngiti baseline, 5 of 10: procedures, HMOs, invoices, payments and HMO
-- claims. See docs/billing.md, docs/adr/0050-hmo-coverage-and-statutory-
-- discounts.md and docs/adr/0052-hmo-claims-and-batches.md.
--
--   procedure_categories  a name is unique per clinic ignoring case and
--   procedures            surrounding spaces ('Cleaning' and ' cleaning '
--                         clash, 23505); a procedure's name likewise per
--                         category. Appointments keep the procedure's name in
--                         `reason` and invoices their stored total, so
--                         deleting a procedure or changing its price rewrites
--                         neither.
--   hmos, hmo_coverages   the HMOs a clinic is accredited with (claim deadline,
--                         optional annual limit per patient) and which of its
--                         procedures each covers: a contracted price or a
--                         covered percentage, exactly one.
--   patient_hmo_cards     a patient's HMO cards over time; hmo_card_status is
--                         the one validity rule of a card on a clinic day.
--   statutory_rates()     the 20% senior citizen (RA 9994) / PWD (RA 10754)
--                         discount and 12% VAT, in one place.
--   invoices, payments    money in pesos (public.pesos). Payments that can't
--                         double-post (an idempotency key), bills from
--                         appointments, receipts and the billing change feed.
--                         Views expose amounts as integer centavos (bigint), so
--                         no client parses a JSON number.
--   invoice_items         an itemised invoice's lines; invoice_split is the one
--                         rule that splits a bill between the HMO and the
--                         patient, with the statutory discount.
--   hmo_claim_batches, hmo_claims, hmo_payments, hmo_claim_settlements: what
--                         an invoice claims from its HMO, bundled per HMO, and
--                         how the HMO's payments settle it.
--
-- Invoices and payments stay append-only for browsers: a mistake is corrected
-- by an admin's void (void_invoice, void_payment) with a reason; a voided row
-- stays, and no longer counts.
--
-- A payment beyond the invoice's balance at the moment it is recorded is
-- refused (PT409: HTTP 409 from PostgREST) unless the insert says
-- overpayment_accepted = true at the balance it was warned of (accepted_balance),
-- which the SPA sends only once the user confirmed 'Add Payment anyway'. The
-- invoice row is locked while the balance is read, so concurrent payments are
-- counted one after another.
--
-- RPCs refuse as 4xx: PostgREST answers HTTP nnn for SQLSTATE PTnnn, so a row
-- the caller cannot see is PT404 (HTTP 404) and a row no longer in the state
-- the call needs is PT409 (HTTP 409); the hint names the refusal
-- (common/contract/error-codes.ts).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- procedures and their categories
-- ---------------------------------------------------------------------------
create table public.procedure_categories (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  created_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on table public.procedure_categories is 'A group of procedures in a clinic''s price list.';

create unique index procedure_categories_clinic_name_ci_key
  on public.procedure_categories (clinic_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.procedure_categories_clinic_name_ci_key is
  'A clinic has one category of a name, ignoring case and surrounding spaces (23505).';

-- The exact (clinic_id, name) constraint is the arbiter of upserts on the natural key
-- (on_conflict=clinic_id,name). It is added after the case-insensitive index on purpose: unique
-- indexes are checked in creation order, so a duplicate insert names that index.
alter table public.procedure_categories
  add constraint procedure_categories_clinic_id_name_key unique (clinic_id, name);

select private.setup_clinic_table('public.procedure_categories', grants => array['select, insert, update, delete'],
  audit => array['procedure_category'], policies => array[
  ['select', 'procedures.read', 'Staff can view procedure categories of their clinic'],
  ['insert', 'procedures.manage', 'Front desk can add procedure categories to their clinic'],
  ['update', 'procedures.manage', 'Front desk can update procedure categories of their clinic'],
  ['delete', 'procedures.manage', 'Front desk can delete procedure categories of their clinic']]);

-- ---------------------------------------------------------------------------
-- procedures
-- ---------------------------------------------------------------------------

create table public.procedures (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  category_id bigint not null,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  price public.pesos not null default 0 check (price >= 0),
  created_at timestamptz not null default now(),
  -- The condition a planned procedure charts (a filling procedure: filling).
  chart_condition public.chart_condition,
  constraint procedures_category_fkey foreign key (category_id, clinic_id)
    references public.procedure_categories (id, clinic_id) on delete cascade,
  constraint procedures_id_clinic_id_key unique (id, clinic_id)
);

comment on column public.procedures.chart_condition is
  'What the procedure puts on the dental chart when it is planned or done (a filling procedure: filling); '
  'null when it charts nothing of itself, then the plan form asks.';

comment on table public.procedures is 'A procedure and its price in pesos.';

comment on column public.procedures.price is
  'Pesos (public.pesos, stored with two decimals), at least 0 (default 0.00). Appointments keep the procedure '
  'name in reason and invoices their own total, so a new price or a deleted procedure leaves both unchanged.';

create index procedures_category_id_idx on public.procedures (category_id, clinic_id);

create unique index procedures_category_name_ci_key
  on public.procedures (category_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.procedures_category_name_ci_key is
  'A category has one procedure of a name, ignoring case and surrounding spaces (23505).';

select private.setup_clinic_table('public.procedures', grants => array['select, insert, update, delete'],
  audit => array['procedure', 'money=price'], policies => array[
  ['select', 'procedures.read', 'Staff can view procedures of their clinic'],
  ['insert', 'procedures.manage', 'Front desk can add procedures to their clinic'],
  ['update', 'procedures.manage', 'Front desk can update procedures of their clinic'],
  ['delete', 'procedures.manage', 'Front desk can delete procedures of their clinic']]);


-- ---------------------------------------------------------------------------
-- The statutory rates, once
-- ---------------------------------------------------------------------------
create function public.statutory_rates()
returns table (discount_rate numeric(5, 4), vat_rate numeric(5, 4))
language sql immutable set search_path = '' as $$
  select 0.2000::numeric(5, 4), 0.1200::numeric(5, 4)
$$;

select private.setup_function('public.statutory_rates()', '{authenticated,service_role}',
  'The statutory rates billing applies: discount_rate 0.20 for senior citizens (RA 9994) and persons with '
  'disability (RA 10754) on dental services, who are also exempt from VAT; vat_rate 0.12 (a VAT-registered '
  'clinic''s rate). The one place these numbers live.');

-- ---------------------------------------------------------------------------
-- hmos
-- ---------------------------------------------------------------------------
create table public.hmos (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  claim_deadline_days integer not null default 30 check (claim_deadline_days between 1 and 365),
  annual_limit public.pesos check (annual_limit is null or annual_limit > 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, clinic_id)
);

comment on column public.hmos.claim_deadline_days is 'Days after the visit within which the clinic must file its claim (1-365, default 30).';

comment on column public.hmos.annual_limit is 'Most the HMO pays per patient per year, in pesos; null for no limit.';

comment on column public.hmos.active is 'Accepted now: new cards name active HMOs only, and cards of an inactive one are not valid.';

comment on table public.hmos is
  'An HMO the clinic is accredited with (Maxicare, Intellicare, ...). Never deleted: an HMO the clinic stops '
  'accepting is made inactive, and its cards stop being valid.';

create unique index hmos_clinic_name_ci_key on public.hmos (clinic_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.hmos_clinic_name_ci_key is 'A clinic has one HMO of a name, ignoring case and spaces around it.';

create function public.trim_hmo_name()
returns trigger language plpgsql set search_path = '' as $$
begin
  new.name := pg_catalog.btrim(new.name);
  return new;
end;
$$;

select private.setup_function('public.trim_hmo_name()', '{service_role}', 'Trigger: stores an HMO''s name trimmed.');

create trigger hmos_trim_name before insert or update of name on public.hmos
  for each row execute function public.trim_hmo_name();

create trigger hmos_coded_refusals before insert or update on public.hmos
  for each row execute function public.refuse_with_codes('hmos_clinic_name_ci_key=hmo_name_taken',
    'hmos_claim_deadline_days_check=hmo_claim_deadline_invalid', 'hmos_annual_limit_check=hmo_annual_limit_invalid');

select private.setup_clinic_table('public.hmos',
  grants => array[
    'select',
    'insert (clinic_id, name, claim_deadline_days, annual_limit, active)',
    'update (name, claim_deadline_days, annual_limit, active)'],
  audit => array['hmo', 'money=annual_limit'],
  policies => array[
    ['select', 'patients.read', 'Staff can view the HMOs of their clinic'],
    ['insert', 'hmos.manage', 'Admins can add HMOs to their clinic'],
    ['update', 'hmos.manage', 'Admins can update HMOs of their clinic']]);


-- Coverage rows stay in one clinic through procedures_id_clinic_id_key (…_invoice_items.sql).

-- ---------------------------------------------------------------------------
-- hmo_coverages
-- ---------------------------------------------------------------------------
create table public.hmo_coverages (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  hmo_id bigint not null,
  procedure_id bigint not null,
  contracted_price public.pesos check (contracted_price is null or contracted_price >= 0),
  covered_percent numeric(5, 2) check (covered_percent is null or covered_percent between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hmo_coverages_hmo_fkey foreign key (hmo_id, clinic_id)
    references public.hmos (id, clinic_id) on delete cascade,
  constraint hmo_coverages_procedure_fkey foreign key (procedure_id, clinic_id)
    references public.procedures (id, clinic_id) on delete cascade,
  constraint hmo_coverages_price_or_percent check (num_nonnulls(contracted_price, covered_percent) = 1),
  constraint hmo_coverages_hmo_procedure_key unique (hmo_id, procedure_id)
);

comment on column public.hmo_coverages.contracted_price is 'Pesos the HMO pays for the procedure; null when covered by percentage.';

comment on column public.hmo_coverages.covered_percent is 'Percent (0-100) of the procedure''s price the HMO pays; null when at a contracted price.';

comment on table public.hmo_coverages is
  'A procedure of the clinic''s price list that an HMO covers: at a contracted price (the HMO pays that much) '
  'or at a covered percentage of the clinic''s price; exactly one of the two. Not listed: not covered.';

create index hmo_coverages_procedure_idx on public.hmo_coverages (procedure_id);

create trigger hmo_coverages_coded_refusals before insert or update on public.hmo_coverages
  for each row execute function public.refuse_with_codes('hmo_coverages_price_or_percent=hmo_coverage_price_or_percent',
    'hmo_coverages_covered_percent_check=hmo_coverage_percent_invalid',
    'hmo_coverages_contracted_price_check=hmo_coverage_price_invalid',
    'hmo_coverages_hmo_procedure_key=hmo_coverage_taken');

select private.setup_clinic_table('public.hmo_coverages',
  grants => array[
    'select',
    'insert (clinic_id, hmo_id, procedure_id, contracted_price, covered_percent)',
    'update (contracted_price, covered_percent)',
    'delete'],
  audit => array['hmo_coverage', 'money=contracted_price'],
  policies => array[
    ['select', 'patients.read', 'Staff can view what their clinic''s HMOs cover'],
    ['insert', 'hmos.manage', 'Admins can add HMO coverage in their clinic'],
    ['update', 'hmos.manage', 'Admins can change HMO coverage in their clinic'],
    ['delete', 'hmos.manage', 'Admins can remove HMO coverage in their clinic']]);


-- ---------------------------------------------------------------------------
-- patient_hmo_cards
-- ---------------------------------------------------------------------------
create table public.patient_hmo_cards (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  hmo_id bigint not null,
  member_number text not null check (btrim(member_number) <> '' and char_length(member_number) <= 50),
  company text check (company is null or (btrim(company) <> '' and char_length(company) <= 200)),
  valid_from date,
  valid_until date,
  note text check (note is null or (btrim(note) <> '' and char_length(note) <= 500)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint patient_hmo_cards_patient_fkey foreign key (patient_id, clinic_id)
    references public.patients (id, clinic_id) on delete cascade,
  constraint patient_hmo_cards_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  constraint patient_hmo_cards_dates_ordered check (valid_until is null or valid_from is null or valid_until >= valid_from)
);

comment on column public.patient_hmo_cards.member_number is 'The card or member number the HMO knows the patient by.';

comment on column public.patient_hmo_cards.company is 'The employer or company the card is through; optional.';

comment on column public.patient_hmo_cards.valid_from is 'First clinic day the card is valid; null when not recorded.';

comment on column public.patient_hmo_cards.valid_until is 'Last clinic day the card is valid (inclusive); null when not recorded.';

comment on table public.patient_hmo_cards is
  'A patient''s HMO card (several over time). Which one is valid on a day: public.patient_hmo_card_on.';

create index patient_hmo_cards_patient_idx on public.patient_hmo_cards (clinic_id, patient_id);

create index patient_hmo_cards_hmo_idx on public.patient_hmo_cards (hmo_id);

create trigger patient_hmo_cards_coded_refusals before insert or update on public.patient_hmo_cards
  for each row execute function public.refuse_with_codes('patient_hmo_cards_member_number_check=hmo_card_member_required',
    'patient_hmo_cards_dates_ordered=hmo_card_dates_reversed');

-- After the row passed its policy: asked before, the caller's view of the HMOs would answer
-- another clinic's writer "inactive" instead of the policy's refusal.
create function public.check_patient_hmo_card_hmo()
returns trigger language plpgsql set search_path = '' as $$
begin
  if not exists (select from public.hmos h where h.id = new.hmo_id and h.clinic_id = new.clinic_id and h.active) then
    raise exception 'The clinic does not accept this HMO (inactive or unknown).'
      using errcode = 'check_violation', hint = 'hmo_inactive';
  end if;
  return null;
end;
$$;

select private.setup_function('public.check_patient_hmo_card_hmo()', '{service_role}',
  'Trigger: a new card, or a card given another HMO, names an active HMO of its clinic (hmo_inactive).');

create trigger patient_hmo_cards_check_hmo after insert on public.patient_hmo_cards
  for each row execute function public.check_patient_hmo_card_hmo();

-- A card keeps its HMO when that HMO is made inactive later: editing the card's note is still allowed.
create trigger patient_hmo_cards_check_changed_hmo after update of hmo_id on public.patient_hmo_cards
  for each row when (new.hmo_id is distinct from old.hmo_id) execute function public.check_patient_hmo_card_hmo();

select private.setup_clinic_table('public.patient_hmo_cards',
  grants => array[
    'select',
    'insert (clinic_id, patient_id, hmo_id, member_number, company, valid_from, valid_until, note)',
    'update (hmo_id, member_number, company, valid_from, valid_until, note)',
    'delete'],
  audit => array['hmo_card'],
  policies => array[
    ['select', 'patients.read', 'Staff can view HMO cards of their clinic''s patients'],
    ['insert', 'patients.write', 'Staff can add HMO cards to their clinic''s patients'],
    ['update', 'patients.write', 'Staff can update HMO cards of their clinic''s patients'],
    ['delete', 'patients.write', 'Staff can remove HMO cards of their clinic''s patients']]);

-- ---------------------------------------------------------------------------
-- The card rule: hmo_card_status, and the functions that read cards by it
-- ---------------------------------------------------------------------------
create function public.hmo_card_status(p_valid_from date, p_valid_until date, p_hmo_active boolean, p_day date)
returns public.hmo_card_status language sql immutable set search_path = '' as $$
  select case
    when not coalesce(p_hmo_active, false) then 'hmo_inactive'
    when p_valid_until is not null and p_day > p_valid_until then 'expired'
    when p_valid_from is not null and p_day < p_valid_from then 'not_yet_valid'
    when p_valid_from is null or p_valid_until is null then 'validity_missing'
    else 'valid'
  end::public.hmo_card_status
$$;

select private.setup_function('public.hmo_card_status(date, date, boolean, date)', '{authenticated,service_role}',
  'The one rule of an HMO card on clinic day p_day: valid when its HMO is active and valid_from <= p_day <= '
  'valid_until (both inclusive, both recorded); otherwise hmo_inactive, expired, not_yet_valid or validity_missing, '
  'in that order.');

create function public.patient_hmo_cards_on(p_patient_id bigint, p_day date)
returns table (
  id bigint,
  clinic_id bigint,
  patient_id bigint,
  hmo_id bigint,
  hmo_name text,
  member_number text,
  company text,
  valid_from date,
  valid_until date,
  note text,
  status public.hmo_card_status
)
language sql stable set search_path = '' as $$
  select k.id, k.clinic_id, k.patient_id, k.hmo_id, h.name, k.member_number, k.company, k.valid_from,
         k.valid_until, k.note, public.hmo_card_status(k.valid_from, k.valid_until, h.active, p_day)
    from public.patient_hmo_cards k
    join public.hmos h on h.id = k.hmo_id and h.clinic_id = k.clinic_id
   where k.patient_id = p_patient_id
   order by public.hmo_card_status(k.valid_from, k.valid_until, h.active, p_day) = 'valid' desc,
            k.valid_until desc nulls first, k.id desc
$$;

select private.setup_function('public.patient_hmo_cards_on(bigint, date)', '{authenticated,service_role}',
  'Every HMO card of patient p_patient_id with its status on clinic day p_day (hmo_card_status): the valid ones '
  'first, then by valid until, latest first. Security invoker: what patients.read lets the caller see.');

create function public.patient_hmo_card_on(p_patient_id bigint, p_day date)
returns setof public.patient_hmo_cards language sql stable set search_path = '' as $$
  select k.*
    from public.patient_hmo_cards k
    join public.patient_hmo_cards_on(p_patient_id, p_day) s on s.id = k.id
   where s.status = 'valid'
   order by k.valid_until desc, k.id desc
$$;

select private.setup_function('public.patient_hmo_card_on(bigint, date)', '{authenticated,service_role}',
  'The HMO cards of patient p_patient_id valid on clinic day p_day, the one lasting longest first (a patient '
  'may hold cards of two HMOs). Booking and billing ask this; none answered means no valid card.');

create function public.patient_hmo_card_at(p_patient_id bigint, p_at timestamptz)
returns setof public.patient_hmo_cards language sql stable set search_path = '' as $$
  select k.*
    from public.patients p
    join public.clinics c on c.id = p.clinic_id
    cross join lateral public.patient_hmo_card_on(p.id, (p_at at time zone c.timezone)::date) k
   where p.id = p_patient_id
$$;

select private.setup_function('public.patient_hmo_card_at(bigint, timestamptz)', '{authenticated,service_role}',
  'patient_hmo_card_on for the clinic day (the clinic''s time zone) that instant p_at falls on, e.g. an '
  'appointment''s time.');

-- ---------------------------------------------------------------------------
-- invoices: append-only for browsers; an admin's void (void_invoice) corrects a mistake
-- ---------------------------------------------------------------------------
create table public.invoices (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  patient_id bigint not null,
  total public.pesos not null,
  created_at timestamptz not null default now(),
  appointment_id bigint,
  idempotency_key uuid not null default gen_random_uuid(),
  voided_at timestamptz,
  void_reason text,
  voided_by uuid,
  created_by uuid default auth.uid(),
  -- Who voided: the name as it was then, beside voided_by. Both are the
  -- database's to set, from the caller's JWT, never the client's (browsers have
  -- no update grant on either table).
  voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200),
  -- The HMO's share and the senior citizen / PWD discount, as billed (invoice_split).
  hmo_id bigint,
  hmo_card_id bigint references public.patient_hmo_cards (id) on delete set null,
  hmo_share numeric(12, 2) not null default 0 check (hmo_share >= 0),
  discount_id_type public.discount_id_type,
  discount_id_number text,
  vat_exemption numeric(12, 2) not null default 0 check (vat_exemption >= 0),
  statutory_discount numeric(12, 2) not null default 0 check (statutory_discount >= 0),
  itemised_request_digest text,
  -- The HMO claim whose unpaid amount this invoice bills the patient for (bill_patient_for_hmo_claim);
  -- its foreign key follows public.hmo_claims.
  rebills_claim_id bigint,
  unique (id, patient_id, clinic_id),
  constraint invoices_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id),
  constraint invoices_appointment_fkey foreign key (appointment_id, clinic_id)
    references public.appointments (id, clinic_id) on delete set null (appointment_id),
  constraint invoices_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint invoices_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  ),
  -- (id, clinic_id) keys for composite foreign keys: an invoice line (or an HMO's coverage row)
  -- never names another clinic's invoice or procedure.
  constraint invoices_id_clinic_id_key unique (id, clinic_id),
  -- A visit the HMO pays in full leaves the patient ₱0.00; every other invoice (one made with a
  -- total only has no HMO share) is at least ₱0.01. invoice_summaries reads ₱0.00 as Paid.
  constraint invoices_total_is_pesos check (total >= 0.01 or (total = 0 and hmo_share > 0)),
  constraint invoices_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  constraint invoices_hmo_share_has_hmo check (hmo_share = 0 or hmo_id is not null),
  constraint invoices_discount_has_id check (
    (vat_exemption = 0 and statutory_discount = 0) or discount_id_type is not null)
);

comment on column public.invoices.voided_by_name is
  'The name of the staff member who voided the invoice, as it was then; null when not void or voided by the service.';

comment on column public.invoices.hmo_id is 'The HMO billed for this visit''s covered lines; null when none.';

comment on column public.invoices.hmo_card_id is 'The patient''s card that was valid at the visit; null when none (or deleted since).';

comment on column public.invoices.hmo_share is 'Sum of the lines'' hmo_share: what the invoice claims from the HMO. Not part of total.';

comment on column public.invoices.discount_id_type is 'The senior citizen / PWD ID billed with, copied from the patient at billing.';

comment on column public.invoices.discount_id_number is 'That ID''s number, as billed.';

comment on column public.invoices.vat_exemption is 'VAT taken off the patient''s share (VAT-registered clinics only).';

comment on column public.invoices.statutory_discount is 'The statutory discount (statutory_rates().discount_rate) taken off the patient''s share.';

comment on column public.invoices.rebills_claim_id is
  'The HMO claim (denied or written off) whose unpaid amount this invoice bills the patient for; null otherwise. '
  'A claim has at most one such invoice that is not void.';

comment on column public.invoices.itemised_request_digest is
  'md5 of the create_itemised_invoice call that made it (patient, appointment, lines as sent); null for an invoice '
  'made total only. A repeat of its idempotency key with another call is refused.';


comment on table public.invoices is
  'An amount a patient owes. Paid, Partial or Unpaid is derived from the payments, never stored.';

comment on column public.invoices.total is
  'What the patient owes, in pesos (public.pesos, two decimals): at least 0.01, at most 9,999,999,999.99; 0.00 only '
  'when the HMO pays the whole visit (hmo_share > 0). Itemised: the patients'' shares less VAT exemption and '
  'statutory discount (invoice_split).';

comment on column public.invoices.appointment_id is
  'The appointment billed, if any; at most one invoice per appointment is not void. Null when the appointment row is removed.';

comment on column public.invoices.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second invoice.';

comment on column public.invoices.voided_at is 'Set by void_invoice (admins only); a void invoice takes no payments.';

comment on column public.invoices.void_reason is 'Why it was voided; required with voided_at.';

comment on column public.invoices.voided_by is 'auth.users id of the admin who voided it.';

comment on column public.invoices.created_by is 'auth.users id of the staff member who added it (browsers cannot set it).';

create index invoices_clinic_id_idx on public.invoices (clinic_id, id desc);

create index invoices_patient_id_idx on public.invoices (patient_id, clinic_id);

create unique index invoices_one_live_per_appointment_idx on public.invoices (appointment_id)
  where appointment_id is not null and voided_at is null;

create index invoices_clinic_id_created_at_idx on public.invoices (clinic_id, created_at desc, id desc);

create index invoices_clinic_id_voided_at_idx on public.invoices (clinic_id, voided_at) where voided_at is not null;

create index invoices_hmo_idx on public.invoices (hmo_id) where hmo_id is not null;

create index invoices_discount_idx on public.invoices (clinic_id, created_at) where discount_id_type is not null;

-- Once the reason passed: lock row p_id of the table whose row type p_row has (pass
-- null::public.<table>) and answer it, when the caller sees it (else p_not_found), voids in its
-- clinic, and it is not void yet (else p_already_void); the messages and codes are the row's.
create function private.lock_voidable(
  p_row anyelement,
  p_id bigint,
  p_not_found_message text,
  p_not_found_hint text,
  p_already_void_message text,
  p_already_void_hint text
)
returns anyelement language plpgsql set search_path = '' as $$
begin
  p_row := private.lock_clinic_row(p_row, p_id, p_not_found_message, p_not_found_hint);
  perform private.require_permission(p_row.clinic_id, 'billing.void', 'Only an admin can void.', 'void_forbidden');
  if p_row.voided_at is not null then
    raise exception '%', p_already_void_message using errcode = 'PT409', hint = p_already_void_hint;
  end if;
  return p_row;
end;
$$;

-- The void itself, of the row lock_voidable answered: void now, for p_reason (as void_reason
-- answered it), by the caller.
create function private.stamp_void(p_row anyelement, p_reason text)
returns void language plpgsql set search_path = '' as $$
begin
  execute pg_catalog.format(
    'update %s set voided_at = pg_catalog.now(), void_reason = $1, voided_by = (select auth.uid()) where id = $2',
    pg_catalog.pg_typeof(p_row))
    using p_reason, p_row.id;
end;
$$;

-- Called by the security definer void RPCs only.
select private.setup_function('private.lock_voidable(anyelement, bigint, text, text, text, text)', '{}');

select private.setup_function('private.stamp_void(anyelement, text)', '{}');

-- ---------------------------------------------------------------------------
-- void_invoice
-- ---------------------------------------------------------------------------
create function public.void_invoice(p_invoice_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_invoice public.invoices;
begin
  -- The lock waits for payments being added to this invoice (they hold a share lock).
  v_invoice := private.lock_voidable(null::public.invoices, p_invoice_id,
    'Invoice not found.', 'invoice_not_found', 'This invoice is already void.', 'invoice_already_void');
  if exists (select 1 from public.payments p where p.invoice_id = v_invoice.id and p.voided_at is null) then
    raise exception 'Void this invoice''s payments first.'
      using errcode = 'PT409',
            hint = 'invoice_has_payments';
  end if;
  perform private.stamp_void(v_invoice, v_reason);
end;
$$;

select private.setup_function('public.void_invoice(bigint, text)', '{authenticated,service_role}',
  'Voids an invoice without live payments, with a reason (admins of its clinic, superadmins). Its appointment can be billed again.');

-- billing_changes: every change of an invoice or payment, with the invoice it touches.
-- Browsers insert only the columns of the spec (plus appointment and key);
-- void and author columns are the database's to set. No update, no delete.
select private.setup_clinic_table('public.invoices',
  grants => array['select', 'insert (clinic_id, patient_id, total, appointment_id, idempotency_key)'],
  audit => array['invoice', 'skip=idempotency_key,itemised_request_digest',
    'money=total,hmo_share,vat_exemption,statutory_discount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=id'],
  policies => array[
    ['select', 'billing.read', 'Staff can view invoices of their clinic'],
    ['insert', 'billing.write', 'Staff can add invoices in their clinic']]);

-- A patient renamed at one desk is renamed on every Billing screen of the clinic. The billing lists
-- name each invoice's and payment's patient through their views' join on public.patients, so a
-- rename changes what they show while no invoice or payment row changes. It is announced here too,
-- touching no one invoice (invoice_id null): the Billing tab reads that patient's invoices again
-- (refreshBillingChanges), and the other billing readers (day sheet, discounts report) read again
-- whole as on any change.
create trigger patients_notify_billing_of_rename after update of name on public.patients
  for each row when (old.name is distinct from new.name)
  execute function public.notify_change('billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id',
    'invoice_id=null');


-- ---------------------------------------------------------------------------
-- payments
-- ---------------------------------------------------------------------------

create table public.payments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  invoice_id bigint not null,
  patient_id bigint not null,
  amount public.pesos not null constraint payments_amount_is_pesos check (amount >= 0.01),
  method public.payment_method not null,
  reference_number text check (
    reference_number is null or (btrim(reference_number) <> '' and char_length(reference_number) <= 100)
  ),
  notes text check (notes is null or (btrim(notes) <> '' and char_length(notes) <= 1000)),
  payment_date timestamptz not null default now(),
  created_at timestamptz not null default now(),
  idempotency_key uuid not null default gen_random_uuid(),
  voided_at timestamptz,
  void_reason text,
  voided_by uuid,
  recorded_by uuid default auth.uid(),
  overpayment_accepted boolean not null default false,
  -- The default only stands until the numbering trigger below replaces it (the check refuses a 0
  -- that got through); it tells clients that an insert need not give a number (nor may: no grant).
  receipt_number bigint not null default 0,
  recorded_by_name text check (recorded_by_name is null or char_length(recorded_by_name) <= 200),
  voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200),
  accepted_balance public.pesos,
  constraint payments_invoice_fkey foreign key (invoice_id, patient_id, clinic_id)
    references public.invoices (id, patient_id, clinic_id) on delete cascade,
  constraint payments_patient_fkey foreign key (patient_id, clinic_id) references public.patients (id, clinic_id),
  constraint payments_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint payments_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  ),
  constraint payments_receipt_number_given check (receipt_number >= 1),
  constraint payments_receipt_number_key unique (clinic_id, receipt_number),
  constraint payments_accepted_balance_is_owed check (
    accepted_balance is null or (overpayment_accepted and accepted_balance >= 0)
  )
);

comment on column public.payments.receipt_number is
  'The payment''s acknowledgement receipt number: 1, 2, 3, … per clinic, without gaps (a voided payment keeps its number).';

comment on column public.payments.recorded_by_name is
  'The name of the staff member who recorded the payment, as it was then (the receipt''s cashier); null for the service.';

comment on column public.payments.voided_by_name is
  'The name of the staff member who voided the payment, as it was then; null when not void or voided by the service.';

comment on column public.payments.accepted_balance is
  'What the invoice still owed (its balance, 0.00 once paid in full or more) when whoever recorded the payment '
  'accepted it as an overpayment; an overpayment is refused (PT409 payment_balance_changed) unless the invoice '
  'still owes exactly this when it is recorded. Null when no overpayment was accepted.';

comment on table public.payments is 'A payment towards an invoice; its patient is always the invoice''s patient.';

comment on column public.payments.method is 'cash, card, e-wallet or bank (bank transfer).';

comment on column public.payments.amount is 'Pesos (public.pesos, stored with two decimals): at least 0.01, at most 9,999,999,999.99.';

comment on column public.payments.idempotency_key is
  'Chosen by the client per form: a repeated insert (double click, retry, second tab) answers 23505 and makes no second payment.';

comment on column public.payments.voided_at is 'Set by void_payment (admins only); a void payment no longer counts.';

comment on column public.payments.void_reason is 'Why it was voided; required with voided_at.';

comment on column public.payments.voided_by is 'auth.users id of the admin who voided it.';

comment on column public.payments.recorded_by is 'auth.users id of the staff member who recorded it (browsers cannot set it).';

comment on column public.payments.overpayment_accepted is
  'True when whoever recorded the payment accepted that it is more than what the invoice owed (accepted_balance; '
  'the SPA''s ''Add Payment anyway''); without it such a payment is refused (PT409).';

create index payments_clinic_id_date_idx on public.payments (clinic_id, payment_date desc);

create index payments_invoice_id_idx on public.payments (invoice_id, patient_id, clinic_id);

create index payments_patient_id_idx on public.payments (patient_id, clinic_id);

-- The sums of invoice_summaries read only this index (index-only scans).
create index payments_live_by_invoice_idx on public.payments (invoice_id) include (amount) where voided_at is null;

create index payments_clinic_id_date_id_idx on public.payments (clinic_id, payment_date desc, id desc);

-- Indexes for the reports at scale (50,000 appointments, 25,000 payments)
create index payments_clinic_id_voided_at_idx on public.payments (clinic_id, voided_at) where voided_at is not null;

-- ---------------------------------------------------------------------------
-- void_payment
-- ---------------------------------------------------------------------------
create function public.void_payment(p_payment_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_payment public.payments;
begin
  v_payment := private.lock_voidable(null::public.payments, p_payment_id,
    'Payment not found.', 'payment_not_found', 'This payment is already void.', 'payment_already_void');
  perform private.stamp_void(v_payment, v_reason);
end;
$$;

select private.setup_function('public.void_payment(bigint, text)', '{authenticated,service_role}',
  'Voids a payment with a reason (admins of its clinic, superadmins). It stays listed and no longer counts.');

-- Browsers insert only the columns of the spec (plus key and overpayment consent);
-- void and author columns are the database's to set. No update, no delete.
select private.setup_clinic_table('public.payments',
  grants => array['select', 'insert (clinic_id, patient_id, invoice_id, amount, method, reference_number, notes, '
    'idempotency_key, overpayment_accepted)'],
  audit => array['payment', 'skip=idempotency_key', 'money=amount,accepted_balance'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id'],
  policies => array[
    ['select', 'billing.read', 'Staff can view payments of their clinic'],
    ['insert', 'billing.write', 'Staff can record payments in their clinic']]);


-- ---------------------------------------------------------------------------
-- payment_entries
-- ---------------------------------------------------------------------------

create view public.payment_entries
with (security_invoker = true)
as
select
  p.id,
  p.clinic_id,
  p.invoice_id,
  p.patient_id,
  pt.name as patient_name,
  (p.amount * 100)::bigint as amount_centavos,
  p.method,
  p.reference_number,
  p.notes,
  p.payment_date,
  p.created_at,
  p.voided_at,
  p.void_reason,
  p.idempotency_key
from public.payments p
join public.patients pt on pt.id = p.patient_id and pt.clinic_id = p.clinic_id;

comment on view public.payment_entries is 'Payments with the patient''s name and the amount in integer centavos; void ones included.';

revoke all on public.payment_entries from public, anon, authenticated;

grant select on public.payment_entries to authenticated;

grant all on public.payment_entries to service_role;

-- ---------------------------------------------------------------------------
-- Each clinic's last receipt number. Private: only the numbering trigger
-- reads and writes it.
-- ---------------------------------------------------------------------------
create table private.receipt_counters (
  clinic_id bigint primary key references public.clinics (id) on delete cascade,
  last_number bigint not null check (last_number >= 0)
);

comment on table private.receipt_counters is
  'The last receipt number given in each clinic; the next payment takes the one after it.';

-- ---------------------------------------------------------------------------
-- number_payment_receipt: the next number of the clinic's series, taken under
-- the counter row's lock, so two desks never get the same one, and given back
-- with the insert's rollback, so the series has no gaps. Runs after the
-- payment's guards (triggers fire in name order).
-- ---------------------------------------------------------------------------
create function public.number_payment_receipt()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into private.receipt_counters as c (clinic_id, last_number)
  values (new.clinic_id, 1)
  on conflict (clinic_id) do update set last_number = c.last_number + 1
  returning c.last_number into new.receipt_number;
  new.recorded_by_name := (select u.name from public.users u where u.user_id = new.recorded_by);
  return new;
end;
$$;

select private.setup_function('public.number_payment_receipt()', '{service_role}',
  'Trigger: gives a new payment the next receipt number of its clinic and the name of the staff member recording it.');

create trigger payments_receipt_number before insert on public.payments
  for each row execute function public.number_payment_receipt();

create function public.name_voider()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if old.voided_at is null and new.voided_at is not null then
    -- A signed-in caller is the voider whatever the row says; the service and SQL writing history
    -- (the demo data) may name one.
    new.voided_by := coalesce((select auth.uid()), new.voided_by);
    new.voided_by_name := (select u.name from public.users u where u.user_id = new.voided_by);
  end if;
  return new;
end;
$$;

select private.setup_function('public.name_voider()', '{service_role}',
  'Trigger: when an invoice or payment becomes void, records who voided it (auth.uid(), else the voided_by the '
  'service wrote) and their name as it was then.');

create trigger invoices_name_voider before update of voided_at on public.invoices
  for each row execute function public.name_voider();

create trigger payments_name_voider before update of voided_at on public.payments
  for each row execute function public.name_voider();

-- The line's printed label, written once: '36 MO Composite filling' (tooth, surfaces in the
-- conventional M O D B L order, name); without a tooth just the name. Every reader (receipt, day
-- sheet, Billing) reads the stored column, never builds it.
create function public.invoice_item_label(p_tooth smallint, p_surfaces text[], p_description text)
returns text language sql immutable set search_path = '' as $$
  select pg_catalog.concat_ws(' ',
    p_tooth::text,
    nullif((select pg_catalog.string_agg(s, '' order by pg_catalog.array_position(array['M', 'O', 'D', 'B', 'L'], s))
              from pg_catalog.unnest(p_surfaces) s), ''),
    p_description)
$$;

select private.setup_function('public.invoice_item_label(smallint, text[], text)', '{authenticated,service_role}',
  'How an invoice line reads: tooth, surfaces (M O D B L order) and name, e.g. ''36 MO Composite filling''.');

create function public.invoice_line_total(p_unit_price numeric, p_quantity integer, p_discount numeric)
returns numeric language sql immutable set search_path = '' as $$
  select p_unit_price * p_quantity - p_discount
$$;

select private.setup_function('public.invoice_line_total(numeric, integer, numeric)', '{authenticated,service_role}',
  'A line''s total: unit price x quantity - line discount (exact numeric; the invoice total is their sum).');

-- ---------------------------------------------------------------------------
-- invoice_items
-- ---------------------------------------------------------------------------
create table public.invoice_items (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  invoice_id bigint not null,
  position smallint not null check (position between 1 and 100),
  procedure_id bigint,
  description text not null check (btrim(description) <> '' and char_length(description) <= 200),
  tooth smallint check (tooth is null or public.is_fdi_tooth(tooth)),
  surfaces text[] not null default '{}' check (public.chart_surfaces_valid(surfaces)),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  quantity integer not null check (quantity between 1 and 1000),
  discount numeric(12, 2) not null default 0 check (discount >= 0),
  line_total numeric(12, 2) not null generated always as (public.invoice_line_total(unit_price, quantity, discount)) stored,
  label text not null generated always as (public.invoice_item_label(tooth, surfaces, description)) stored,
  created_at timestamptz not null default now(),
  hmo_share numeric(12, 2) not null default 0,
  patient_share numeric(12, 2) not null
    generated always as (public.invoice_line_total(unit_price, quantity, discount) - hmo_share) stored,
  constraint invoice_items_invoice_fkey foreign key (invoice_id, clinic_id)
    references public.invoices (id, clinic_id) on delete cascade,
  constraint invoice_items_procedure_fkey foreign key (procedure_id, clinic_id)
    references public.procedures (id, clinic_id) on delete set null (procedure_id),
  constraint invoice_items_position_key unique (invoice_id, position),
  constraint invoice_items_discount_within_line check (discount <= unit_price * quantity),
  constraint invoice_items_surfaces_need_tooth check (tooth is not null or cardinality(surfaces) = 0),
  constraint invoice_items_hmo_share_within_line
    check (hmo_share >= 0 and hmo_share <= public.invoice_line_total(unit_price, quantity, discount))
);

comment on column public.invoice_items.position is 'The line''s place on the invoice, 1, 2, 3, …';

comment on column public.invoice_items.procedure_id is
  'The price-list procedure billed, if any; null once that procedure is deleted (description keeps its name).';

comment on column public.invoice_items.description is 'The procedure''s name as it was when billed, or the line''s own text.';

comment on column public.invoice_items.tooth is 'FDI tooth number (public.is_fdi_tooth), or null for no tooth.';

comment on column public.invoice_items.surfaces is 'Surfaces of that tooth (public.chart_surfaces_valid); empty for none.';

comment on column public.invoice_items.line_total is 'unit_price x quantity - discount (public.invoice_line_total).';

comment on column public.invoice_items.label is
  'How the line reads everywhere: ''36 MO Composite filling'' (public.invoice_item_label).';

comment on column public.invoice_items.hmo_share is
  'Pesos of this line the patient''s HMO pays (its claim); 0 when the HMO does not cover it or there is no valid card.';

comment on column public.invoice_items.patient_share is 'line_total - hmo_share: the patient''s part of the line, before any statutory discount.';

comment on table public.invoice_items is
  'The lines of an itemised invoice (made by create_itemised_invoice, whose total is the sum of line_total). '
  'Never edited nor deleted from the API; voiding the invoice voids them.';

create index invoice_items_invoice_idx on public.invoice_items (invoice_id, clinic_id);

create index invoice_items_procedure_idx on public.invoice_items (procedure_id) where procedure_id is not null;

-- Browsers read; lines are written by create_itemised_invoice only (no insert, update or delete
-- grant), so a line is never added to an invoice after it was made.
select private.setup_clinic_table('public.invoice_items',
  grants => array['select'],
  audit => array['invoice_item', 'money=unit_price,discount,line_total,hmo_share,patient_share'],
  policies => array[
    ['select', 'billing.read', 'Staff can view invoice lines of their clinic']]);

-- ---------------------------------------------------------------------------
-- What the receipt and the day sheet print
-- ---------------------------------------------------------------------------
create function public.invoice_item_lines(p_invoice_id bigint)
returns json language sql stable set search_path = '' as $$
  select coalesce(pg_catalog.json_agg(r order by r.position), '[]'::json)
    from (
      select it.position, it.label, it.quantity, (it.unit_price * 100)::bigint as unit_price_centavos,
             (it.discount * 100)::bigint as discount_centavos, (it.line_total * 100)::bigint as line_total_centavos,
             (it.hmo_share * 100)::bigint as hmo_share_centavos,
             (it.patient_share * 100)::bigint as patient_share_centavos
        from public.invoice_items it
       where it.invoice_id = p_invoice_id
    ) r
$$;

select private.setup_function('public.invoice_item_lines(bigint)', '{authenticated,service_role}',
  'The lines of invoice p_invoice_id in order: [{position, label, quantity, unit_price_centavos, discount_centavos, '
  'line_total_centavos, hmo_share_centavos, patient_share_centavos}]; [] for an invoice that is not itemised (or '
  'not visible to the caller).');

create function public.payment_receipt(p_payment_id bigint)
returns json language plpgsql stable set search_path = '' as $$
begin
  return (
  select pg_catalog.json_build_object(
    'payment_id', p.id,
    'receipt_number', p.receipt_number,
    'invoice_id', p.invoice_id,
    'clinic_name', c.name,
    'clinic_time_zone', c.timezone,
    'clinic_address', c.address,
    'clinic_phone', c.contact_phone,
    'clinic_email', c.contact_email,
    'patient_name', pt.name,
    'cashier_name', p.recorded_by_name,
    'amount_centavos', (p.amount * 100)::bigint,
    'method', p.method,
    'reference_number', p.reference_number,
    'notes', p.notes,
    'payment_date', p.payment_date,
    'voided_at', p.voided_at,
    'appointment_reason', a.reason,
    'appointment_time', a.appointment_time,
    'invoice_total_centavos', (i.total * 100)::bigint,
    'balance_after_centavos', (i.total * 100)::bigint - (
      select coalesce((sum(e.amount) * 100)::bigint, 0)
        from public.payments e
       where e.invoice_id = p.invoice_id
         and e.voided_at is null
         and (e.payment_date, e.id) <= (p.payment_date, p.id)
    ),
    'items', public.invoice_item_lines(i.id),
    'hmo_name', h.name,
    'hmo_member_number', k.member_number,
    'hmo_share_centavos', (i.hmo_share * 100)::bigint,
    'discount_id_type', i.discount_id_type,
    'discount_id_number', i.discount_id_number,
    'vat_exemption_centavos', (i.vat_exemption * 100)::bigint,
    'statutory_discount_centavos', (i.statutory_discount * 100)::bigint
  )
  from public.payments p
  join public.invoices i on i.id = p.invoice_id
  join public.patients pt on pt.id = p.patient_id
  join public.clinics c on c.id = p.clinic_id
  left join public.appointments a on a.id = i.appointment_id and a.clinic_id = i.clinic_id
  left join public.hmos h on h.id = i.hmo_id and h.clinic_id = i.clinic_id
  left join public.patient_hmo_cards k on k.id = i.hmo_card_id and k.clinic_id = i.clinic_id
  where p.id = p_payment_id
  );
end;
$$;

select private.setup_function('public.payment_receipt(bigint)', '{authenticated,service_role}',
  'The acknowledgement receipt of a payment: clinic, receipt number, patient, cashier, amount (centavos), method, '
  'reference, date, what was paid for (the billed appointment''s reason and time, if any; the invoice''s lines with '
  'label, quantity, price, discount, line total, HMO share and patient share, empty when it is not itemised), the '
  'HMO and member number billed (null without), the HMO''s share, the senior citizen / PWD ID with the VAT '
  'exemption and statutory discount, the invoice total (what the patient owes) and the balance after the non-void '
  'payments up to and including this one by (payment_date, id); negative when overpaid.');

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

create function public.guard_procedure_delete()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- The clinic itself is being removed (its rows go by cascade): nothing to keep.
  if not exists (select 1 from public.clinics c where c.id = old.clinic_id) then
    return old;
  end if;
  if exists (select 1 from public.hmo_coverages c where c.procedure_id = old.id and c.clinic_id = old.clinic_id) then
    raise exception 'An HMO covers this procedure; remove it from the coverage first.'
      using errcode = 'foreign_key_violation', hint = 'procedure_has_hmo_coverage';
  end if;
  if exists (
    select 1
      from public.treatment_plan_items i
     where i.procedure_id = old.id and i.clinic_id = old.clinic_id
       and (i.status in ('proposed', 'accepted')
            or (i.status = 'done' and not exists (
                  select 1 from public.invoices v
                   where v.appointment_id = i.appointment_id and v.clinic_id = i.clinic_id and v.voided_at is null)))
  ) then
    raise exception 'This procedure is on a treatment plan still to be done or billed.'
      using errcode = 'foreign_key_violation', hint = 'procedure_on_open_plan';
  end if;
  return old;
end;
$$;

select private.setup_function('public.guard_procedure_delete()', '{service_role}',
  'Trigger: refuses deleting a procedure an HMO covers (23503 procedure_has_hmo_coverage) or one on a treatment '
  'plan item proposed, accepted, or done at an appointment not yet billed (23503 procedure_on_open_plan), unless '
  'its clinic is being removed.');

create trigger procedures_guard_delete before delete on public.procedures
  for each row execute function public.guard_procedure_delete();

-- One-expression SQL functions without SET, so the planner inlines them into the caller's query
-- and the invoices' and payments' (clinic_id, created_at / payment_date / voided_at) indexes
-- still serve the bounds. Callers fix their own search_path.
create function private.is_issued_in(p_invoice public.invoices, p_starts timestamptz, p_ends timestamptz)
returns boolean language sql immutable as $$
  select p_invoice.created_at >= p_starts and p_invoice.created_at < p_ends and p_invoice.voided_at is null
$$;

select private.setup_function('private.is_issued_in(public.invoices, timestamptz, timestamptz)',
  '{authenticated,service_role}');

create function private.is_void_seen_in(
  p_voided_at timestamptz,
  p_made_at timestamptz,
  p_starts timestamptz,
  p_ends timestamptz
)
returns boolean language sql immutable as $$
  select p_voided_at is not null
     and ((p_voided_at >= p_starts and p_voided_at < p_ends) or (p_made_at >= p_starts and p_made_at < p_ends))
$$;

select private.setup_function('private.is_void_seen_in(timestamptz, timestamptz, timestamptz, timestamptz)',
  '{authenticated,service_role}');

-- The form sends it with overpayment_accepted; select is granted on the whole table already.
grant insert (accepted_balance) on public.payments to authenticated;


-- ---------------------------------------------------------------------------
-- guard_payment_insert
-- ---------------------------------------------------------------------------
-- An overpayment is accepted at one balance, the one its warning named: under another (a payment
-- taken or voided meanwhile) it is another excess, which nobody accepted. What is owed is never
-- below 0.00, as the warning says it, so a further payment on an invoice already overpaid keeps
-- its excess whatever the credit before it.
create function public.guard_payment_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_total numeric;
  v_voided_at timestamptz;
  v_balance numeric;
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
      using errcode = 'check_violation', hint = 'invoice_void';
  end if;
  -- A repeat of an earlier insert (its payment already counts): let the unique key answer 23505.
  if exists (
    select 1 from public.payments p where p.clinic_id = new.clinic_id and p.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  select v_total - coalesce(sum(p.amount), 0) into v_balance
    from public.payments p
   where p.invoice_id = new.invoice_id and p.voided_at is null;
  if new.amount <= v_balance then
    -- It fits (a payment voided meanwhile raised the balance): no overpayment, so none is recorded
    -- as accepted. A balance given without acceptance, or below 0.00, is left to the check.
    if new.overpayment_accepted and new.accepted_balance >= 0 then
      new.overpayment_accepted := false;
      new.accepted_balance := null;
    end if;
    return new;
  end if;
  if not new.overpayment_accepted then
    raise exception 'This payment is more than the balance of the invoice.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', (v_balance * 100)::bigint),
            hint = 'payment_above_balance';
  end if;
  if new.accepted_balance is distinct from greatest(v_balance, 0) then
    raise exception 'The balance of the invoice changed since this overpayment was accepted.'
      using errcode = 'PT409',
            detail = pg_catalog.format('balance_centavos=%s', (v_balance * 100)::bigint),
            hint = 'payment_balance_changed';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_payment_insert()', '{service_role}',
  'Trigger: refuses a payment on a void invoice (23514) and one beyond the invoice''s balance (PT409): '
  'payment_above_balance unless overpayment_accepted, payment_balance_changed unless accepted_balance is what the '
  'invoice owes (its balance, not below 0); the balance read under a lock on the invoice. The detail of both: '
  'balance_centavos=<the balance>.');

create trigger payments_guard_insert before insert on public.payments
  for each row execute function public.guard_payment_insert();

-- ---------------------------------------------------------------------------
-- guard_invoice_insert
-- ---------------------------------------------------------------------------
create function public.guard_invoice_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_patient_deleted boolean;
  v_appointment_patient_id bigint;
begin
  -- A repeat of an earlier insert: let the unique key answer 23505.
  if exists (
    select 1 from public.invoices i where i.clinic_id = new.clinic_id and i.idempotency_key = new.idempotency_key
  ) then
    return new;
  end if;
  -- Read FOR SHARE, as a booking reads it: a delete_patient meanwhile waits for this invoice, or
  -- this waits for the delete and then sees the patient deleted. Patient first, appointment second.
  select p.deleted into v_patient_deleted
    from public.patients p
   where p.id = new.patient_id and p.clinic_id = new.clinic_id
     for share;
  if v_patient_deleted then
    raise exception 'This patient has been deleted.'
      using errcode = 'check_violation', hint = 'patient_deleted';
  end if;
  if new.appointment_id is null then
    return new;
  end if;
  -- One biller per appointment at a time: the lock makes the check below race-free.
  select a.patient_id into v_appointment_patient_id
    from public.appointments a
   where a.id = new.appointment_id and a.clinic_id = new.clinic_id
     for update;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if v_appointment_patient_id <> new.patient_id then
    raise exception 'The appointment belongs to another patient.'
      using errcode = 'check_violation', hint = 'invoice_patient_mismatch';
  end if;
  if exists (
    select 1 from public.invoices i
     where i.appointment_id = new.appointment_id and i.voided_at is null
       and i.idempotency_key <> new.idempotency_key
  ) then
    raise exception 'This appointment already has an invoice.'
      using errcode = 'check_violation', hint = 'appointment_already_billed';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_invoice_insert()', '{service_role}',
  'Trigger: an invoice''s patient is not deleted (23514 patient_deleted), and its appointment is of the same '
  'patient and has no other invoice that is not void.');

create trigger invoices_guard_insert before insert on public.invoices
  for each row execute function public.guard_invoice_insert();

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

-- An itemised invoice as create_itemised_invoice (below) and bill_patient_for_hmo_claim make it; the
-- latter names the claim it bills (p_rebills_claim_id), in the same insert. Run by their owner.
create function private.create_itemised_invoice(
  p_clinic_id bigint,
  p_patient_id bigint,
  p_idempotency_key uuid,
  p_items jsonb,
  p_appointment_id bigint,
  -- Null when no split was shown: refused like another split.
  p_shown_total_centavos bigint,
  p_shown_hmo_share_centavos bigint,
  p_rebills_claim_id bigint
)
returns bigint language plpgsql set search_path = '' as $$
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
                                 itemised_request_digest, rebills_claim_id)
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
            v_digest,
            p_rebills_claim_id)
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
  'private.create_itemised_invoice(bigint, bigint, uuid, jsonb, bigint, bigint, bigint, bigint)', '{}');

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
returns bigint language sql security definer set search_path = '' as $$
  select private.create_itemised_invoice(p_clinic_id, p_patient_id, p_idempotency_key, p_items, p_appointment_id,
    p_shown_total_centavos, p_shown_hmo_share_centavos, null)
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

-- ---------------------------------------------------------------------------
-- invoice_summaries: paid, balance and status derived in one place, with the
-- HMO's share beside what the patient owes so the Billing list can hint at it
-- (total is still what the patient owes).
-- security_invoker: the row-level security of the base tables applies.
-- ---------------------------------------------------------------------------
create view public.invoice_summaries
with (security_invoker = true)
as
select
  i.id,
  i.clinic_id,
  i.patient_id,
  pt.name as patient_name,
  i.appointment_id,
  (i.total * 100)::bigint as total_centavos,
  paid.paid_centavos,
  (i.total * 100)::bigint - paid.paid_centavos as balance_centavos,
  case
    when paid.paid_centavos >= (i.total * 100)::bigint then 'Paid'
    when paid.paid_centavos > 0 then 'Partial'
    else 'Unpaid'
  end as status,
  paid.payment_count,
  i.created_at,
  i.voided_at,
  i.void_reason,
  (i.hmo_share * 100)::bigint as hmo_share_centavos
from public.invoices i
join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
-- A left join to a one-row aggregate: a count(*) of the view (PostgREST's count=exact) that uses
-- none of its columns drops the join and sums nothing.
left join lateral (
  select
    coalesce((sum(p.amount) * 100)::bigint, 0) as paid_centavos,
    count(*)::integer as payment_count
  from public.payments p
  where p.invoice_id = i.id and p.voided_at is null
) as paid on true;

comment on column public.invoice_summaries.hmo_share_centavos is
  'What the patient''s HMO pays of the invoice (its claim), in centavos; not part of total, balance or status.';

comment on view public.invoice_summaries is
  'Invoices with paid (non-void payments), balance (total - paid, negative when overpaid) and status '
  '(Paid, Partial, Unpaid), amounts in integer centavos. The one place status is derived.';

comment on column public.invoice_summaries.payment_count is 'Number of payments that are not void.';

-- Privileges. New views would otherwise be open to anon (the platform's default privileges) and PUBLIC.
revoke all on public.invoice_summaries from public, anon, authenticated;

grant select on public.invoice_summaries to authenticated;

grant all on public.invoice_summaries to service_role;

-- ---------------------------------------------------------------------------
-- hmo_claim_batches
-- ---------------------------------------------------------------------------
create table public.hmo_claim_batches (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  hmo_id bigint not null,
  opened_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by uuid,
  unique (id, clinic_id),
  constraint hmo_claim_batches_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id)
);

comment on column public.hmo_claim_batches.closed_at is 'When staff closed (sent) the batch; new claims then open a new batch.';

comment on column public.hmo_claim_batches.closed_by is 'auth.users id of whoever closed it.';

comment on table public.hmo_claim_batches is
  'A billing batch: the claims sent to one HMO together. Open (closed_at null) batches take new claims, one per HMO.';

create unique index hmo_claim_batches_one_open_idx on public.hmo_claim_batches (hmo_id) where closed_at is null;

comment on index public.hmo_claim_batches_one_open_idx is 'An HMO has at most one open batch.';

create index hmo_claim_batches_clinic_idx on public.hmo_claim_batches (clinic_id, hmo_id, id desc);

select private.setup_clinic_table('public.hmo_claim_batches',
  grants => array['select'],
  audit => array['hmo_claim_batch'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=null'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO claim batches of their clinic']]);

-- ---------------------------------------------------------------------------
-- hmo_claims
-- ---------------------------------------------------------------------------
create table public.hmo_claims (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  batch_id bigint not null,
  hmo_id bigint not null,
  invoice_id bigint not null,
  patient_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  visit_date date not null,
  created_at timestamptz not null default now(),
  denied_at timestamptz,
  denial_reason text,
  denied_by uuid,
  withdrawn_at timestamptz,
  written_off_at timestamptz,
  write_off_reason text,
  written_off_by uuid,
  unique (id, clinic_id),
  constraint hmo_claims_invoice_key unique (invoice_id),
  constraint hmo_claims_batch_fkey foreign key (batch_id, clinic_id) references public.hmo_claim_batches (id, clinic_id),
  constraint hmo_claims_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  constraint hmo_claims_invoice_fkey foreign key (invoice_id, patient_id, clinic_id)
    references public.invoices (id, patient_id, clinic_id) on delete cascade,
  constraint hmo_claims_denial_has_reason check (
    (denied_at is null and denial_reason is null and denied_by is null)
    or (denied_at is not null and btrim(denial_reason) <> '' and char_length(denial_reason) <= 500)),
  constraint hmo_claims_write_off_has_reason check (
    (written_off_at is null and write_off_reason is null and written_off_by is null)
    or (written_off_at is not null and btrim(write_off_reason) <> '' and char_length(write_off_reason) <= 500))
);

comment on column public.hmo_claims.amount is 'Pesos claimed: the invoice''s hmo_share when the claim was made.';

comment on column public.hmo_claims.visit_date is
  'The clinic day of the visit: the billed appointment''s, else the day the invoice was made.';

comment on column public.hmo_claims.denied_at is 'When staff recorded the HMO''s denial (deny_hmo_claim); a denied claim takes no payment.';

comment on column public.hmo_claims.denial_reason is 'The HMO''s reason for the denial; required with denied_at.';

comment on column public.hmo_claims.withdrawn_at is 'When the invoice was voided: the claim no longer counts.';

comment on column public.hmo_claims.written_off_at is
  'When an admin wrote off what the HMO had not paid of the claim (write_off_hmo_claim): it owes nothing since.';

comment on column public.hmo_claims.write_off_reason is 'Why the rest will not be paid; required with written_off_at.';

comment on column public.hmo_claims.written_off_by is 'auth.users id of whoever wrote it off.';

comment on table public.hmo_claims is
  'What one invoice claims from its HMO (its hmo_share), in a batch. Paid and partly paid are derived from '
  'hmo_claim_settlements (hmo_claim_summaries), never stored.';

create index hmo_claims_batch_idx on public.hmo_claims (batch_id, visit_date, id);

create index hmo_claims_clinic_idx on public.hmo_claims (clinic_id, hmo_id);

select private.setup_clinic_table('public.hmo_claims',
  grants => array['select'],
  audit => array['hmo_claim', 'money=amount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO claims of their clinic']]);

-- An invoice billing the patient for what the HMO did not pay names its claim (invoices come first:
-- claims name their invoice). One that is not void per claim: the patient is never billed twice.
alter table public.invoices add constraint invoices_rebills_claim_fkey
  foreign key (rebills_claim_id, clinic_id) references public.hmo_claims (id, clinic_id);

create unique index invoices_rebills_claim_key on public.invoices (rebills_claim_id)
  where rebills_claim_id is not null and voided_at is null;


-- ---------------------------------------------------------------------------
-- hmo_payments
-- ---------------------------------------------------------------------------
create table public.hmo_payments (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  batch_id bigint not null,
  hmo_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  received_on date not null,
  reference_number text check (
    reference_number is null or (btrim(reference_number) <> '' and char_length(reference_number) <= 100)),
  idempotency_key uuid not null,
  recorded_by uuid default auth.uid(),
  recorded_by_name text check (recorded_by_name is null or char_length(recorded_by_name) <= 200),
  created_at timestamptz not null default now(),
  voided_at timestamptz,
  void_reason text,
  voided_by uuid,
  voided_by_name text check (voided_by_name is null or char_length(voided_by_name) <= 200),
  request_digest text,
  unique (id, clinic_id),
  constraint hmo_payments_idempotency_key_key unique (clinic_id, idempotency_key),
  constraint hmo_payments_batch_fkey foreign key (batch_id, clinic_id) references public.hmo_claim_batches (id, clinic_id),
  constraint hmo_payments_hmo_fkey foreign key (hmo_id, clinic_id) references public.hmos (id, clinic_id),
  constraint hmo_payments_void_has_reason check (
    (voided_at is null and void_reason is null and voided_by is null)
    or (voided_at is not null and btrim(void_reason) <> '' and char_length(void_reason) <= 500)
  )
);

comment on column public.hmo_payments.received_on is 'The clinic day the money was received; the day sheet lists it on that day.';

comment on column public.hmo_payments.idempotency_key is
  'Chosen by the form: a repeat (double click, retry) answers the payment it made and settles nothing twice.';

comment on column public.hmo_payments.recorded_by_name is 'The name of the staff member who recorded it, as it was then.';

comment on column public.hmo_payments.voided_at is
  'Set by void_hmo_payment (admins only); a void HMO payment settles nothing and is not collected.';

comment on column public.hmo_payments.void_reason is 'Why it was voided; required with voided_at.';

comment on column public.hmo_payments.voided_by_name is
  'The name of the staff member who voided it, as it was then; null when not void or voided by the service.';

comment on column public.hmo_payments.request_digest is
  'md5 of the record_hmo_payment call that made it (batch, amount, date received, reference, as the function '
  'reads them); null for a payment recorded before it was kept. A repeat of its idempotency key with another call '
  'is refused. Written by record_hmo_payment only (browsers read hmo_payments).';

comment on table public.hmo_payments is
  'Money an HMO paid against a batch (record_hmo_payment), spread over its claims in hmo_claim_settlements.';

create index hmo_payments_batch_idx on public.hmo_payments (batch_id);

create index hmo_payments_clinic_received_idx on public.hmo_payments (clinic_id, received_on);

-- The voids of a day sheet's period, as on payments and invoices.
create index hmo_payments_clinic_id_voided_at_idx on public.hmo_payments (clinic_id, voided_at)
  where voided_at is not null;

select private.setup_clinic_table('public.hmo_payments',
  grants => array['select'],
  -- The request digest is a retry check, not a fact of the payment: the trail leaves it out, as the key.
  audit => array['hmo_payment', 'skip=idempotency_key,request_digest', 'money=amount'],
  notify => array['billing_changes', 'table=TG_TABLE_NAME', 'op=TG_OP', 'id', 'clinic_id', 'invoice_id=null'],
  policies => array[['select', 'billing.read', 'Staff can view the HMO payments of their clinic']]);

create trigger hmo_payments_name_voider before update of voided_at on public.hmo_payments
  for each row execute function public.name_voider();


-- ---------------------------------------------------------------------------
-- hmo_claim_settlements
-- ---------------------------------------------------------------------------
create table public.hmo_claim_settlements (
  id bigint generated always as identity primary key,
  clinic_id bigint not null references public.clinics (id) on delete cascade,
  hmo_payment_id bigint not null,
  claim_id bigint not null,
  amount public.pesos not null check (amount >= 0.01),
  constraint hmo_claim_settlements_payment_claim_key unique (hmo_payment_id, claim_id),
  constraint hmo_claim_settlements_payment_fkey foreign key (hmo_payment_id, clinic_id)
    references public.hmo_payments (id, clinic_id) on delete cascade,
  constraint hmo_claim_settlements_claim_fkey foreign key (claim_id, clinic_id)
    references public.hmo_claims (id, clinic_id) on delete cascade
);

comment on table public.hmo_claim_settlements is
  'The part of an HMO payment that settles one claim; written by record_hmo_payment only.';

create index hmo_claim_settlements_claim_idx on public.hmo_claim_settlements (claim_id) include (amount);

-- Part of its payment: the payment's audit row and change notice speak for it.
select private.setup_clinic_table('public.hmo_claim_settlements',
  grants => array['select'],
  policies => array[['select', 'billing.read', 'Staff can view how HMO payments settled claims in their clinic']]);


-- ---------------------------------------------------------------------------
-- invoice_split: the one rule that splits an itemised bill between the HMO and
-- the patient, with the statutory discount. Under RA 9994 and RA 10754 that
-- discount and a line's own discount are not cumulative: each line gets the
-- higher (docs/adr/0063-statutory-discount-not-cumulative.md).
-- ---------------------------------------------------------------------------

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
      v_share numeric;
      v_whole_share numeric;
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
      v_share := private.hmo_line_share(v_coverage, v_price, v_quantity, v_discount, v_limit_left);
      if v_statutory and v_discount > 0 then
        v_whole_share := private.hmo_line_share(v_coverage, v_price, v_quantity, 0, v_limit_left);
        if (public.invoice_line_total(v_price, v_quantity, 0) - v_whole_share) * (1 - v_rates.discount_rate)
           < public.invoice_line_total(v_price, v_quantity, v_discount) - v_share then
          v_discount := 0;
          v_share := v_whole_share;
        else
          v_statutory := false;
        end if;
      end if;

      if v_how is not null then
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

-- ---------------------------------------------------------------------------
-- file_hmo_claim: an invoice with an HMO share becomes a claim in its HMO's
-- open batch (a new batch when none is open).
-- ---------------------------------------------------------------------------
create function public.file_hmo_claim()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_batch_id bigint;
  v_visit_date date;
begin
  if new.hmo_share <= 0 or new.hmo_id is null or new.voided_at is not null then
    return null;
  end if;
  -- Written once: a later change of the share (before anything is settled) follows below.
  if exists (select from public.hmo_claims c where c.invoice_id = new.id) then
    update public.hmo_claims c set amount = new.hmo_share
     where c.invoice_id = new.id and c.amount <> new.hmo_share
       and c.denied_at is null and c.withdrawn_at is null
       and not exists (select from public.hmo_claim_settlements s where s.claim_id = c.id);
    return null;
  end if;
  -- The open batch, or a new one. A batch being closed meanwhile holds its row: the insert sees it
  -- still open and does nothing, the select waits for the close and then finds no open batch, so
  -- try again (the closed batch no longer conflicts).
  loop
    insert into public.hmo_claim_batches (clinic_id, hmo_id) values (new.clinic_id, new.hmo_id)
      on conflict (hmo_id) where closed_at is null do nothing;
    select b.id into v_batch_id from public.hmo_claim_batches b
     where b.hmo_id = new.hmo_id and b.closed_at is null
       for update;
    exit when v_batch_id is not null;
  end loop;
  select ((coalesce(a.appointment_time, new.created_at)) at time zone cl.timezone)::date into v_visit_date
    from public.clinics cl
    left join public.appointments a on a.id = new.appointment_id and a.clinic_id = new.clinic_id
   where cl.id = new.clinic_id;
  insert into public.hmo_claims (clinic_id, batch_id, hmo_id, invoice_id, patient_id, amount, visit_date)
  values (new.clinic_id, v_batch_id, new.hmo_id, new.id, new.patient_id, new.hmo_share, v_visit_date);
  return null;
end;
$$;

select private.setup_function('public.file_hmo_claim()', '{service_role}',
  'Trigger: an invoice with hmo_share > 0 (not void) becomes a claim in its HMO''s open batch, opening one when '
  'none is; a later change of the share updates the claim while nothing of it is settled or denied.');

create trigger invoices_file_hmo_claim after insert or update of hmo_share, hmo_id on public.invoices
  for each row execute function public.file_hmo_claim();

-- ---------------------------------------------------------------------------
-- withdraw_hmo_claim: voiding an invoice withdraws its claim; refused once
-- the HMO paid any of it.
-- ---------------------------------------------------------------------------
create function public.withdraw_hmo_claim()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_rebill_id bigint;
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
  select s.patient_invoice_id into v_rebill_id from public.hmo_claim_summaries s
   where s.invoice_id = new.id and s.patient_invoice_id is not null;
  if found then
    raise exception 'The patient was billed for what the HMO did not pay of this invoice (invoice #%): void that one first.',
      v_rebill_id
      using errcode = 'PT409', detail = pg_catalog.format('invoice_id=%s', v_rebill_id),
            hint = 'invoice_claim_billed_to_patient';
  end if;
  update public.hmo_claims set withdrawn_at = pg_catalog.now()
   where invoice_id = new.id and withdrawn_at is null;
  return null;
end;
$$;

select private.setup_function('public.withdraw_hmo_claim()', '{service_role}',
  'Trigger: voiding an invoice withdraws its HMO claim; refused (PT409) when the HMO has paid any of it '
  '(invoice_claim_paid) or the patient was billed for what it did not pay (invoice_claim_billed_to_patient, '
  'detail invoice_id=<that invoice>).');

create trigger invoices_withdraw_hmo_claim after update of voided_at on public.invoices
  for each row execute function public.withdraw_hmo_claim();

-- ---------------------------------------------------------------------------
-- The batch a write is about, locked, as the caller sees it (PT404 otherwise).
-- Each caller then asks billing.write in its clinic with its own code.
-- ---------------------------------------------------------------------------
create function private.lock_hmo_batch(p_batch_id bigint)
returns public.hmo_claim_batches language sql set search_path = '' as $$
  select private.lock_clinic_row(null::public.hmo_claim_batches, p_batch_id, 'Billing batch not found.', 'hmo_batch_not_found')
$$;

select private.setup_function('private.lock_hmo_batch(bigint)', '{}');

-- ---------------------------------------------------------------------------
-- close_hmo_claim_batch
-- ---------------------------------------------------------------------------
create function public.close_hmo_claim_batch(p_batch_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_batch public.hmo_claim_batches;
begin
  v_batch := private.lock_hmo_batch(p_batch_id);
  perform private.require_permission(v_batch.clinic_id, 'billing.write',
    'You cannot close billing batches in this clinic.', 'hmo_batch_forbidden');
  if v_batch.closed_at is not null then
    raise exception 'This batch is already closed.' using errcode = 'PT409', hint = 'hmo_batch_closed';
  end if;
  update public.hmo_claim_batches
     set closed_at = pg_catalog.now(), closed_by = (select auth.uid())
   where id = v_batch.id;
end;
$$;

select private.setup_function('public.close_hmo_claim_batch(bigint)', '{authenticated,service_role}',
  'Closes (sends) a billing batch (billing.write); the HMO''s next claim opens a new batch. PT404 '
  'hmo_batch_not_found, 42501 hmo_batch_forbidden, PT409 hmo_batch_closed.');

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

-- ---------------------------------------------------------------------------
-- void_hmo_payment
-- ---------------------------------------------------------------------------
create function public.void_hmo_payment(p_hmo_payment_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := private.void_reason(p_reason);
  v_payment public.hmo_payments;
  v_rebill_id bigint;
begin
  select p.* into v_payment from public.hmo_payments p where p.id = p_hmo_payment_id;
  if found and public.can_access_clinic(v_payment.clinic_id) then
    -- The batch first, as record_hmo_payment locks it: a void waits for a payment being spread.
    perform private.lock_hmo_batch(v_payment.batch_id);
  end if;
  v_payment := private.lock_voidable(null::public.hmo_payments, p_hmo_payment_id,
    'HMO payment not found.', 'hmo_payment_not_found',
    'This HMO payment is already void.', 'hmo_payment_already_void');
  -- Undoing a write-off the patient was billed for would let the HMO pay it too.
  select c.patient_invoice_id into v_rebill_id
    from public.hmo_claim_settlements s
    join public.hmo_claim_summaries c on c.id = s.claim_id and c.written_off_at is not null
   where s.hmo_payment_id = v_payment.id and c.patient_invoice_id is not null
   limit 1;
  if found then
    raise exception 'The patient was billed for a claim this payment settled part of (invoice #%): void that one first.',
      v_rebill_id
      using errcode = 'PT409', detail = pg_catalog.format('invoice_id=%s', v_rebill_id),
            hint = 'hmo_payment_claim_billed_to_patient';
  end if;
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
  'hmo_payment_already_void, and PT409 hmo_payment_claim_billed_to_patient (detail invoice_id=<its>) while a '
  'written-off claim it settled part of is billed to the patient.');

-- ---------------------------------------------------------------------------
-- Deciding a claim: denying it or writing it off
-- ---------------------------------------------------------------------------
create function private.claim_to_decide(
  p_claim_id bigint,
  p_permission text,
  p_forbidden_message text,
  p_forbidden_hint text,
  p_reason text,
  p_reason_required_message text,
  p_reason_required_hint text,
  p_reason_too_long_hint text,
  out o_claim public.hmo_claims,
  out o_reason text
)
language plpgsql set search_path = '' as $$
begin
  select c.* into o_claim from public.hmo_claims c where c.id = p_claim_id;
  if not found or not public.can_access_clinic(o_claim.clinic_id) then
    raise exception 'Claim not found.' using errcode = 'PT404', hint = 'hmo_claim_not_found';
  end if;
  -- The batch first, as record_hmo_payment locks it: a decision waits for a payment being spread
  -- and then decides on what that payment left.
  perform private.lock_hmo_batch(o_claim.batch_id);
  perform private.require_permission(o_claim.clinic_id, p_permission, p_forbidden_message, p_forbidden_hint);
  o_reason := private.stated_reason(p_reason, p_reason_required_message, p_reason_required_hint, p_reason_too_long_hint);
  select c.* into o_claim from public.hmo_claims c where c.id = p_claim_id for update;
  if o_claim.withdrawn_at is not null then
    raise exception 'This claim was withdrawn with its invoice.' using errcode = 'PT409', hint = 'hmo_claim_withdrawn';
  end if;
  if o_claim.written_off_at is not null then
    raise exception 'This claim is already written off.' using errcode = 'PT409', hint = 'hmo_claim_already_written_off';
  end if;
end;
$$;

-- Called by deny_hmo_claim and write_off_hmo_claim (security definer) only.
select private.setup_function(
  'private.claim_to_decide(bigint, text, text, text, text, text, text, text)', '{}');

create function public.deny_hmo_claim(p_claim_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_decision record;
  v_claim public.hmo_claims;
  v_reason text;
begin
  select d.* into v_decision
    from private.claim_to_decide(p_claim_id, 'billing.write', 'You cannot deny HMO claims in this clinic.',
      'hmo_claim_forbidden', p_reason, 'A reason is required to deny a claim.', 'hmo_claim_reason_required',
      'hmo_claim_reason_too_long') d;
  v_claim := v_decision.o_claim;
  v_reason := v_decision.o_reason;
  if v_claim.denied_at is not null then
    raise exception 'This claim is already denied.' using errcode = 'PT409', hint = 'hmo_claim_already_denied';
  end if;
  if exists (select from public.hmo_claim_settlements s where s.claim_id = v_claim.id) then
    raise exception 'The HMO has paid this claim; it cannot be denied.' using errcode = 'PT409', hint = 'hmo_claim_paid';
  end if;
  update public.hmo_claims
     set denied_at = pg_catalog.now(), denial_reason = v_reason, denied_by = (select auth.uid())
   where id = v_claim.id;
end;
$$;

select private.setup_function('public.deny_hmo_claim(bigint, text)', '{authenticated,service_role}',
  'Records that the HMO denied claim p_claim_id, with its reason (billing.write). Refused once any of it is paid '
  '(PT409 hmo_claim_paid), when withdrawn, already denied or written off (PT409 hmo_claim_withdrawn, '
  'hmo_claim_already_denied, hmo_claim_already_written_off), without a reason (22023).');

-- ---------------------------------------------------------------------------
-- write_off_hmo_claim
-- ---------------------------------------------------------------------------
create function public.write_off_hmo_claim(p_claim_id bigint, p_reason text)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_decision record;
  v_claim public.hmo_claims;
  v_reason text;
  v_outstanding bigint;
begin
  select d.* into v_decision
    from private.claim_to_decide(p_claim_id, 'billing.void', 'Only an admin can write off an HMO claim.',
      'hmo_claim_write_off_forbidden', p_reason, 'A reason is required to write off a claim.',
      'hmo_claim_write_off_reason_required', 'hmo_claim_write_off_reason_too_long') d;
  v_claim := v_decision.o_claim;
  v_reason := v_decision.o_reason;
  select s.outstanding_centavos into v_outstanding from public.hmo_claim_summaries s where s.id = v_claim.id;
  if v_outstanding <= 0 then
    raise exception 'Nothing is left to write off on this claim.'
      using errcode = 'PT409', hint = 'hmo_claim_nothing_to_write_off';
  end if;
  update public.hmo_claims
     set written_off_at = pg_catalog.now(), write_off_reason = v_reason, written_off_by = (select auth.uid())
   where id = v_claim.id;
end;
$$;

select private.setup_function('public.write_off_hmo_claim(bigint, text)', '{authenticated,service_role}',
  'Writes off what the HMO has not paid of claim p_claim_id, with a reason (billing.void: admins, superadmins): the '
  'claim owes nothing since, nor does its batch or HMO for it. Refusals: PT404 hmo_claim_not_found (also another '
  'clinic''s), 42501 hmo_claim_write_off_forbidden, 22023 hmo_claim_write_off_reason_required / _too_long, PT409 '
  'hmo_claim_withdrawn, hmo_claim_already_written_off, hmo_claim_nothing_to_write_off (paid in full or denied).');

-- What a denied or written-off claim left unpaid becomes the patient's to pay: a new invoice of one
-- line, split like any other (a senior citizen's or PWD's discount applies), that names the claim.
create function public.bill_patient_for_hmo_claim(p_claim_id bigint, p_idempotency_key uuid)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  v_claim public.hmo_claims;
  v_summary record;
  v_hmo_name text;
  v_items jsonb;
  v_split jsonb;
  v_invoice_id bigint;
begin
  select c.* into v_claim from public.hmo_claims c where c.id = p_claim_id;
  if not found or not public.can_access_clinic(v_claim.clinic_id) then
    raise exception 'Claim not found.' using errcode = 'PT404', hint = 'hmo_claim_not_found';
  end if;
  perform private.require_permission(v_claim.clinic_id, 'billing.write', 'You cannot add invoices in this clinic.',
    'invoice_forbidden');
  if p_idempotency_key is null then
    raise exception 'Billing the patient needs the form''s idempotency key.'
      using errcode = 'invalid_parameter_value', hint = 'invoice_key_required';
  end if;
  -- The batch first, as a payment or a decision locks it, then the claim.
  perform private.lock_hmo_batch(v_claim.batch_id);
  perform from public.hmo_claims c where c.id = p_claim_id for update;

  -- A repeat of the key (double click, retry) answers the invoice it made.
  select i.id into v_invoice_id from public.invoices i
   where i.clinic_id = v_claim.clinic_id and i.idempotency_key = p_idempotency_key;
  if found then
    if exists (select from public.invoices i where i.id = v_invoice_id and i.rebills_claim_id = p_claim_id) then
      return v_invoice_id;
    end if;
    raise exception 'This form was already saved as another invoice (#%).', v_invoice_id
      using errcode = 'PT409', detail = pg_catalog.format('invoice_id=%s', v_invoice_id), hint = 'invoice_key_reused';
  end if;

  select s.* into v_summary from public.hmo_claim_summaries s where s.id = p_claim_id;
  if v_summary.patient_invoice_id is not null then
    raise exception 'The patient was already billed for this claim (invoice #%).', v_summary.patient_invoice_id
      using errcode = 'PT409', detail = pg_catalog.format('invoice_id=%s', v_summary.patient_invoice_id),
            hint = 'hmo_claim_already_billed';
  end if;
  if v_summary.patient_billable_centavos <= 0 then
    raise exception 'Only what the HMO did not pay of a denied or written-off claim can be billed to the patient.'
      using errcode = 'PT409', hint = 'hmo_claim_not_unpaid';
  end if;

  select h.name into v_hmo_name from public.hmos h where h.id = v_claim.hmo_id;
  v_items := pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
    'description', pg_catalog.left(pg_catalog.format('Not paid by %s: claim of invoice #%s, visit of %s',
      v_hmo_name, v_claim.invoice_id, pg_catalog.to_char(v_claim.visit_date, 'FMMon FMDD, YYYY')), 200),
    'unit_price', (v_summary.patient_billable_centavos / 100.0)::text));
  v_split := public.invoice_split(v_claim.clinic_id, v_claim.patient_id, v_items)::jsonb;
  return private.create_itemised_invoice(v_claim.clinic_id, v_claim.patient_id, p_idempotency_key, v_items,
    null, (v_split ->> 'total_centavos')::bigint, (v_split ->> 'hmo_share_centavos')::bigint, p_claim_id);
end;
$$;

select private.setup_function('public.bill_patient_for_hmo_claim(bigint, uuid)', '{authenticated,service_role}',
  'Bills the patient for what the HMO did not pay of claim p_claim_id (denied, or written off): a new itemised '
  'invoice of one line, ''Not paid by <HMO>: claim of invoice #<id>, visit of <date>'', split by invoice_split '
  '(a senior citizen / PWD discount on file applies), with rebills_claim_id set; answers its id. A repeat of '
  'p_idempotency_key answers that invoice. Refusals: PT404 hmo_claim_not_found (also another clinic''s), 42501 '
  'invoice_forbidden, 22023 invoice_key_required, PT409 hmo_claim_already_billed (detail invoice_id=<its>), '
  'hmo_claim_not_unpaid (the claim is not denied or written off, or nothing is unpaid), invoice_key_reused, and '
  'create_itemised_invoice''s (patient_deleted).');

-- ---------------------------------------------------------------------------
-- hmo_payment_entries
-- ---------------------------------------------------------------------------
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
-- The claims' read models: hmo_claim_summaries, hmo_claim_batch_summaries and
-- hmo_receivables
-- ---------------------------------------------------------------------------
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
  c.write_off_reason,
  rebilled.id as patient_invoice_id,
  case when c.withdrawn_at is null and (c.denied_at is not null or c.written_off_at is not null)
      and rebilled.id is null
    then greatest((c.amount * 100)::bigint - settled.settled_centavos, 0) else 0 end as patient_billable_centavos
from public.hmo_claims c
join public.patients pt on pt.id = c.patient_id and pt.clinic_id = c.clinic_id
left join lateral (
  select coalesce((sum(s.amount) * 100)::bigint, 0) as settled_centavos
    from public.hmo_claim_settlements s
   where s.claim_id = c.id
) as settled on true
left join public.invoices rebilled on rebilled.rebills_claim_id = c.id and rebilled.voided_at is null;

comment on view public.hmo_claim_summaries is
  'HMO claims with settled, outstanding and written off (integer centavos) and status: withdrawn (invoice void), '
  'denied, written_off (the rest given up: owes nothing), paid (settled the whole amount), partly_paid, submitted. '
  'The one place a claim''s status is derived. patient_invoice_id: the invoice, not void, that bills the patient '
  'for what the HMO did not pay (bill_patient_for_hmo_claim), else null; patient_billable_centavos: what that '
  'RPC would bill now (a denied or written-off claim''s unpaid amount, until billed), else 0.';

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
-- hmo_availment: the availment form of one invoice billed to an HMO.
-- Security invoker: the invoice is read under billing.read, the patient, card
-- and HMO under patients.read, so another clinic's invoice reads as null.
-- ---------------------------------------------------------------------------
create function public.hmo_availment(p_invoice_id bigint)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_invoice public.invoices;
begin
  select i.* into v_invoice from public.invoices i where i.id = p_invoice_id;
  if not found then
    return null;
  end if;
  if v_invoice.hmo_id is null then
    raise exception 'Invoice #% was not billed to an HMO: it has no availment form.', p_invoice_id
      using errcode = 'invalid_parameter_value', hint = 'availment_without_hmo';
  end if;

  return (
    select pg_catalog.json_build_object(
      'invoice_id', v_invoice.id,
      'clinic_name', c.name,
      'clinic_address', c.address,
      'clinic_phone', c.contact_phone,
      'clinic_email', c.contact_email,
      'clinic_time_zone', c.timezone,
      'dentist_name', d.name,
      'patient_name', pt.name,
      'hmo_name', h.name,
      'member_number', k.member_number,
      'company', k.company,
      'valid_from', k.valid_from,
      'valid_until', k.valid_until,
      -- The visit's clinic day: the billed appointment's, else the day the invoice was made.
      'visit_date', (coalesce(a.appointment_time, v_invoice.created_at) at time zone c.timezone)::date,
      'voided_at', v_invoice.voided_at,
      'hmo_total_centavos', (v_invoice.hmo_share * 100)::bigint,
      'items', (
        select coalesce(pg_catalog.json_agg(r order by r.position), '[]'::json)
          from (
            -- The label's own rule writes the surfaces ('MO'; '' for none), so they read as in the label.
            select it.position, it.label, it.tooth, public.invoice_item_label(null, it.surfaces, null) as surfaces,
                   (it.line_total * 100)::bigint as line_total_centavos, (it.hmo_share * 100)::bigint as hmo_share_centavos
              from public.invoice_items it
             where it.invoice_id = v_invoice.id and it.clinic_id = v_invoice.clinic_id
          ) r
      )
    )
    from public.clinics c
    join public.patients pt on pt.id = v_invoice.patient_id and pt.clinic_id = v_invoice.clinic_id
    join public.hmos h on h.id = v_invoice.hmo_id and h.clinic_id = v_invoice.clinic_id
    left join public.patient_hmo_cards k on k.id = v_invoice.hmo_card_id and k.clinic_id = v_invoice.clinic_id
    left join public.appointments a on a.id = v_invoice.appointment_id and a.clinic_id = v_invoice.clinic_id
    left join public.dentists d on d.id = a.dentist_id and d.clinic_id = a.clinic_id
   where c.id = v_invoice.clinic_id
  );
end;
$$;

select private.setup_function('public.hmo_availment(bigint)', '{authenticated,service_role}',
  'The HMO availment form of invoice p_invoice_id: clinic (name, address, phone, e-mail, time zone), the billed '
  'appointment''s dentist (null when none), patient, the HMO and the card billed (member number, company, valid '
  'from / until; null when the card was deleted since), the visit''s clinic day, voided_at, the HMO total '
  '(invoices.hmo_share) and each line {position, label, tooth, surfaces (''MO'', as in the label), line_total_centavos, hmo_share_centavos}. '
  'Money in integer centavos. Null for an invoice the caller cannot see; 22023 availment_without_hmo for one not '
  'billed to an HMO.');

-- ---------------------------------------------------------------------------
-- statutory_discounts: the senior citizen / PWD discounts granted on the
-- invoices issued over clinic days p_from..p_to (void ones left out). The
-- patient's gross share is what the identity of invoice_shares gives back:
-- total + vat_exemption + statutory_discount (= sum of the lines'
-- patient_share). Security invoker, front desk roles (reports.read).
-- ---------------------------------------------------------------------------
create function public.statutory_discounts(p_clinic_id bigint, p_from date, p_to date)
returns json language plpgsql stable set search_path = '' as $$
declare
  v_period record;
begin
  v_period := private.open_report(p_clinic_id, p_from, p_to, 731);

  return (
    with granted as materialized (
      select i.id, i.created_at, pt.name as patient_name, i.discount_id_type, i.discount_id_number,
             i.total + i.vat_exemption + i.statutory_discount as gross, i.vat_exemption, i.statutory_discount,
             i.total
        from public.invoices i
        join public.patients pt on pt.id = i.patient_id and pt.clinic_id = i.clinic_id
       where i.clinic_id = p_clinic_id
         and i.discount_id_type is not null
         and private.is_issued_in(i, v_period.starts_at, v_period.ends_at)
    )
    select pg_catalog.json_build_object(
      'from', p_from,
      'to', p_to,
      'time_zone', v_period.time_zone,
      'invoices', (
        select coalesce(pg_catalog.json_agg(r order by r.created_at, r.id), '[]'::json)
          from (
            select g.id, g.created_at, g.patient_name, g.discount_id_type, g.discount_id_number,
                   (g.gross * 100)::bigint as gross_centavos, (g.vat_exemption * 100)::bigint as vat_exemption_centavos,
                   (g.statutory_discount * 100)::bigint as discount_centavos,
                   (g.total * 100)::bigint as amount_due_centavos
              from granted g
          ) r
      ),
      'by_type', (
        select coalesce(pg_catalog.json_agg(t order by t.discount_id_type), '[]'::json)
          from (
            select g.discount_id_type, count(*)::integer as invoice_count,
                   (sum(g.gross) * 100)::bigint as gross_centavos,
                   (sum(g.vat_exemption) * 100)::bigint as vat_exemption_centavos,
                   (sum(g.statutory_discount) * 100)::bigint as discount_centavos,
                   (sum(g.total) * 100)::bigint as amount_due_centavos
              from granted g
             group by g.discount_id_type
          ) t
      ),
      'overall', (
        select pg_catalog.json_build_object(
                 'invoice_count', count(*)::integer,
                 'gross_centavos', (coalesce(sum(g.gross), 0) * 100)::bigint,
                 'vat_exemption_centavos', (coalesce(sum(g.vat_exemption), 0) * 100)::bigint,
                 'discount_centavos', (coalesce(sum(g.statutory_discount), 0) * 100)::bigint,
                 'amount_due_centavos', (coalesce(sum(g.total), 0) * 100)::bigint)
          from granted g
      )
    )
  );
end;
$$;

select private.setup_function('public.statutory_discounts(bigint, date, date)', '{authenticated,service_role}',
  'The senior citizen / PWD discounts of clinic p_clinic_id on invoices issued (not void) over clinic days '
  'p_from..p_to (at most 731): each invoice {id, created_at, patient_name, discount_id_type, discount_id_number, '
  'gross_centavos (the patient''s share before the discount), vat_exemption_centavos, discount_centavos, '
  'amount_due_centavos}, totals by ID type and overall. Money in integer centavos. Front desk roles only: 42501 '
  'report_forbidden, 22023 report_period_required / _reversed / _too_long, PT404 clinic_not_found.');

-- ---------------------------------------------------------------------------
-- statutory_discounts_export: the same answer, recorded in the audit trail
-- like the day sheet's export.
-- ---------------------------------------------------------------------------
create function public.statutory_discounts_export(p_clinic_id bigint, p_from date, p_to date)
-- Definer: only to write audit_events, which no role may insert into. The access rule stays
-- statutory_discounts()'s own: can_read_reports() reads the caller from the request's JWT.
returns json language plpgsql security definer set search_path = '' as $$
declare
  v_report json;
begin
  perform private.require_report_access(p_clinic_id);
  v_report := public.statutory_discounts(p_clinic_id, p_from, p_to);

  perform private.record_export(p_clinic_id, auth.uid(), 'statutory-discounts',
    pg_catalog.json_array_length(v_report -> 'invoices'), pg_catalog.jsonb_build_object('from', p_from, 'to', p_to),
    'browser');

  return v_report;
end;
$$;

select private.setup_function('public.statutory_discounts_export(bigint, date, date)', '{authenticated,service_role}',
  'statutory_discounts() for its CSV download, recorded in the audit trail (kind statutory-discounts, rows = '
  'invoices listed, filters {"from", "to"}). Errors as statutory_discounts().');
