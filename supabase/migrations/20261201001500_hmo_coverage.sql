-- ============================================================================
-- HMOs, what they cover, patients' HMO cards, and senior citizen / PWD IDs:
-- the data the itemised invoice's HMO split and statutory discount read.
-- See docs/adr/0050-hmo-coverage-and-statutory-discounts.md.
--
--   hmos                      the HMOs a clinic is accredited with: claim
--                             deadline in days, optional annual limit per
--                             patient, active flag. Admins manage them.
--   hmo_coverages             which of the clinic's procedures an HMO covers:
--                             a contracted price or a covered percentage,
--                             exactly one.
--   patient_hmo_cards         a patient's HMO cards over time: member number,
--                             company, valid from / until (dates), note.
--   hmo_card_status(...)      the one validity rule of a card on a clinic day;
--   patient_hmo_cards_on(p, d)  every card of p with its status on day d;
--   patient_hmo_card_on(p, d)   the cards valid on day d (what billing uses);
--   patient_hmo_card_at(p, t)   the same at an instant, on the clinic's day.
--   patients.discount_id_*    senior citizen (RA 9994) / PWD (RA 10754) ID.
--   clinics.vat_registered    whether the clinic charges VAT at all.
--   statutory_rates()         the 20% discount and 12% VAT, in one place.
-- ============================================================================

-- ---------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------
create type public.discount_id_type as enum ('pwd', 'senior_citizen');

comment on type public.discount_id_type is
  'A patient''s statutory discount ID: senior citizen (RA 9994) or person with disability (RA 10754).';

create type public.hmo_card_status as enum ('expired', 'hmo_inactive', 'not_yet_valid', 'valid', 'validity_missing');

comment on type public.hmo_card_status is
  'Where an HMO card stands on a clinic day: valid, expired, not yet valid, without valid from / until dates, '
  'or of an HMO the clinic no longer accepts.';

alter type public.audit_entity add value 'hmo';
alter type public.audit_entity add value 'hmo_coverage';
alter type public.audit_entity add value 'hmo_card';

-- ---------------------------------------------------------------------------
-- Permissions: admins manage the clinic's HMOs and what they cover; every
-- role that reads patients reads them (cards name an HMO). Patients' cards
-- and discount IDs are patient fields (patients.read / patients.write).
-- ---------------------------------------------------------------------------
insert into public.role_permissions (role, permission) values ('admin', 'hmos.manage');

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
-- clinics.vat_registered
-- ---------------------------------------------------------------------------
alter table public.clinics add column vat_registered boolean not null default false;

comment on column public.clinics.vat_registered is
  'Whether the clinic is VAT-registered. Not registered: senior citizen / PWD patients get the discount only, '
  'there is no VAT to exempt.';

grant insert (vat_registered), update (vat_registered) on public.clinics to authenticated;

-- ---------------------------------------------------------------------------
-- patients.discount_id_type / discount_id_number
-- ---------------------------------------------------------------------------
alter table public.patients
  add column discount_id_type public.discount_id_type,
  add column discount_id_number text
    check (discount_id_number is null or (btrim(discount_id_number) <> '' and char_length(discount_id_number) <= 50)),
  add constraint patients_discount_id_complete check ((discount_id_type is null) = (discount_id_number is null));

comment on column public.patients.discount_id_type is
  'Senior citizen or PWD ID the patient showed; null for none. Billing gives statutory_rates() discount_rate.';
comment on column public.patients.discount_id_number is 'The ID''s number; required with a type, null without.';

create function public.guard_patient_discount_id()
returns trigger language plpgsql set search_path = '' as $$
begin
  if new.discount_id_type is not null and coalesce(pg_catalog.btrim(new.discount_id_number), '') = '' then
    raise exception 'A senior citizen or PWD ID needs its number.'
      using errcode = 'check_violation', hint = 'discount_id_number_required';
  end if;
  if new.discount_id_type is null and new.discount_id_number is not null then
    raise exception 'An ID number needs its type: senior citizen or PWD.'
      using errcode = 'check_violation', hint = 'discount_id_type_required';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_patient_discount_id()', '{service_role}',
  'Trigger: a discount ID type needs a number (discount_id_number_required), a number needs a type '
  '(discount_id_type_required).');

create trigger patients_guard_discount_id before insert or update of discount_id_type, discount_id_number
  on public.patients for each row execute function public.guard_patient_discount_id();

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

comment on table public.hmos is
  'An HMO the clinic is accredited with (Maxicare, Intellicare, ...). Never deleted: an HMO the clinic stops '
  'accepting is made inactive, and its cards stop being valid.';
comment on column public.hmos.claim_deadline_days is 'Days after the visit within which the clinic must file its claim (1-365, default 30).';
comment on column public.hmos.annual_limit is 'Most the HMO pays per patient per year, in pesos; null for no limit.';
comment on column public.hmos.active is 'Accepted now: new cards name active HMOs only, and cards of an inactive one are not valid.';

create unique index hmos_clinic_name_ci_key on public.hmos (clinic_id, pg_catalog.lower(pg_catalog.btrim(name)));

comment on index public.hmos_clinic_name_ci_key is 'A clinic has one HMO of a name, ignoring case and spaces around it.';

create function public.guard_hmo()
returns trigger language plpgsql set search_path = '' as $$
begin
  if exists (
    select from public.hmos h
     where h.clinic_id = new.clinic_id and h.id <> coalesce(new.id, -1)
       and pg_catalog.lower(pg_catalog.btrim(h.name)) = pg_catalog.lower(pg_catalog.btrim(new.name))
  ) then
    raise exception 'The clinic already has an HMO named %.', pg_catalog.btrim(new.name)
      using errcode = 'unique_violation', hint = 'hmo_name_taken';
  end if;
  if new.claim_deadline_days is null or new.claim_deadline_days not between 1 and 365 then
    raise exception 'The claim deadline is 1 to 365 days.'
      using errcode = 'check_violation', hint = 'hmo_claim_deadline_invalid';
  end if;
  if new.annual_limit is not null and new.annual_limit <= 0 then
    raise exception 'An annual limit is more than zero pesos; leave it empty for none.'
      using errcode = 'check_violation', hint = 'hmo_annual_limit_invalid';
  end if;
  new.name := pg_catalog.btrim(new.name);
  return new;
end;
$$;

select private.setup_function('public.guard_hmo()', '{service_role}',
  'Trigger: one HMO of a name per clinic (hmo_name_taken), claim deadline 1-365 days (hmo_claim_deadline_invalid), '
  'annual limit above zero (hmo_annual_limit_invalid); the name is stored trimmed.');

create trigger hmos_guard before insert or update on public.hmos
  for each row execute function public.guard_hmo();

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

comment on table public.hmo_coverages is
  'A procedure of the clinic''s price list that an HMO covers: at a contracted price (the HMO pays that much) '
  'or at a covered percentage of the clinic''s price; exactly one of the two. Not listed: not covered.';
comment on column public.hmo_coverages.contracted_price is 'Pesos the HMO pays for the procedure; null when covered by percentage.';
comment on column public.hmo_coverages.covered_percent is 'Percent (0-100) of the procedure''s price the HMO pays; null when at a contracted price.';

create index hmo_coverages_procedure_idx on public.hmo_coverages (procedure_id);

create function public.guard_hmo_coverage()
returns trigger language plpgsql set search_path = '' as $$
begin
  if pg_catalog.num_nonnulls(new.contracted_price, new.covered_percent) <> 1 then
    raise exception 'Give either a contracted price or a covered percentage, not both nor neither.'
      using errcode = 'check_violation', hint = 'hmo_coverage_price_or_percent';
  end if;
  if new.covered_percent is not null and new.covered_percent not between 0 and 100 then
    raise exception 'A covered percentage is from 0 to 100.'
      using errcode = 'check_violation', hint = 'hmo_coverage_percent_invalid';
  end if;
  if new.contracted_price is not null and new.contracted_price < 0 then
    raise exception 'A contracted price is not below zero.'
      using errcode = 'check_violation', hint = 'hmo_coverage_price_invalid';
  end if;
  if exists (
    select from public.hmo_coverages c
     where c.hmo_id = new.hmo_id and c.procedure_id = new.procedure_id and c.id <> coalesce(new.id, -1)
  ) then
    raise exception 'This HMO already covers that procedure.'
      using errcode = 'unique_violation', hint = 'hmo_coverage_taken';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_hmo_coverage()', '{service_role}',
  'Trigger: a contracted price or a covered percentage, exactly one (hmo_coverage_price_or_percent), a percentage '
  '0-100 (hmo_coverage_percent_invalid), a price not below zero (hmo_coverage_price_invalid), a procedure once '
  'per HMO (hmo_coverage_taken).');

create trigger hmo_coverages_guard before insert or update on public.hmo_coverages
  for each row execute function public.guard_hmo_coverage();

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

comment on table public.patient_hmo_cards is
  'A patient''s HMO card (several over time). Which one is valid on a day: public.patient_hmo_card_on.';
comment on column public.patient_hmo_cards.member_number is 'The card or member number the HMO knows the patient by.';
comment on column public.patient_hmo_cards.company is 'The employer or company the card is through; optional.';
comment on column public.patient_hmo_cards.valid_from is 'First clinic day the card is valid; null when not recorded.';
comment on column public.patient_hmo_cards.valid_until is 'Last clinic day the card is valid (inclusive); null when not recorded.';

create index patient_hmo_cards_patient_idx on public.patient_hmo_cards (clinic_id, patient_id);
create index patient_hmo_cards_hmo_idx on public.patient_hmo_cards (hmo_id);

create function public.guard_patient_hmo_card()
returns trigger language plpgsql set search_path = '' as $$
begin
  if coalesce(pg_catalog.btrim(new.member_number), '') = '' then
    raise exception 'An HMO card needs its member number.'
      using errcode = 'check_violation', hint = 'hmo_card_member_required';
  end if;
  if new.valid_from is not null and new.valid_until is not null and new.valid_until < new.valid_from then
    raise exception 'Valid until (%) is before valid from (%).', new.valid_until, new.valid_from
      using errcode = 'check_violation', hint = 'hmo_card_dates_reversed';
  end if;
  return new;
end;
$$;

select private.setup_function('public.guard_patient_hmo_card()', '{service_role}',
  'Trigger: a member number (hmo_card_member_required), valid until not before valid from (hmo_card_dates_reversed).');

create trigger patient_hmo_cards_guard before insert or update on public.patient_hmo_cards
  for each row execute function public.guard_patient_hmo_card();

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
