-- ============================================================================
-- Itemised invoices: an invoice may list what it charges for, line by line.
-- See docs/adr/0047-itemised-invoices.md.
--
--   invoice_items            one line of an invoice: the procedure (from the
--                            price list, optional), its name as it was then,
--                            tooth (FDI) and surfaces, unit price, quantity,
--                            line discount; the line total and the printed
--                            label ('36 MO Composite filling') are computed.
--   create_itemised_invoice  the invoice and its lines in one call, the
--                            total the exact sum of the line totals;
--                            idempotent by the form's key like a plain insert.
--
-- An invoice made the spec's way (total only, no lines) is unchanged. Lines
-- are never edited nor deleted by anyone but the clinic's own cascade; a
-- mistake is voided with its invoice, as before.
-- ============================================================================

alter type public.audit_entity add value 'invoice_item';

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

-- A line's rules, once (private.check_invoice_item), are in 20261201001930_the_split_the_desk_saw.sql:
-- a refused line names its place.

-- (id, clinic_id) keys for composite foreign keys: an invoice line (and, later, an HMO's coverage
-- row) never names another clinic's invoice or procedure.
alter table public.invoices add constraint invoices_id_clinic_id_key unique (id, clinic_id);
alter table public.procedures add constraint procedures_id_clinic_id_key unique (id, clinic_id);

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
  constraint invoice_items_invoice_fkey foreign key (invoice_id, clinic_id)
    references public.invoices (id, clinic_id) on delete cascade,
  constraint invoice_items_procedure_fkey foreign key (procedure_id, clinic_id)
    references public.procedures (id, clinic_id) on delete set null (procedure_id),
  constraint invoice_items_position_key unique (invoice_id, position),
  constraint invoice_items_discount_within_line check (discount <= unit_price * quantity),
  constraint invoice_items_surfaces_need_tooth check (tooth is not null or cardinality(surfaces) = 0)
);

comment on table public.invoice_items is
  'The lines of an itemised invoice (made by create_itemised_invoice, whose total is the sum of line_total). '
  'Never edited nor deleted from the API; voiding the invoice voids them.';
comment on column public.invoice_items.position is 'The line''s place on the invoice, 1, 2, 3, …';
comment on column public.invoice_items.procedure_id is
  'The price-list procedure billed, if any; null once that procedure is deleted (description keeps its name).';
comment on column public.invoice_items.description is 'The procedure''s name as it was when billed, or the line''s own text.';
comment on column public.invoice_items.tooth is 'FDI tooth number (public.is_fdi_tooth), or null for no tooth.';
comment on column public.invoice_items.surfaces is 'Surfaces of that tooth (public.chart_surfaces_valid); empty for none.';
comment on column public.invoice_items.line_total is 'unit_price x quantity - discount (public.invoice_line_total).';
comment on column public.invoice_items.label is
  'How the line reads everywhere: ''36 MO Composite filling'' (public.invoice_item_label).';

create index invoice_items_invoice_idx on public.invoice_items (invoice_id, clinic_id);
create index invoice_items_procedure_idx on public.invoice_items (procedure_id) where procedure_id is not null;

-- guard_invoice_item (coded refusals for whoever inserts a line) and its trigger moved to
-- 20261201001930_the_split_the_desk_saw.sql: a refused line names its place.

-- Browsers read; lines are written by create_itemised_invoice only (no insert, update or delete
-- grant), so a line is never added to an invoice after it was made.
select private.setup_clinic_table('public.invoice_items',
  grants => array['select'],
  audit => array['invoice_item', 'money=unit_price,discount,line_total'],
  policies => array[
    ['select', 'billing.read', 'Staff can view invoice lines of their clinic']]);

-- create_itemised_invoice and invoice_item_lines (the lines as the receipt and the day sheet print
-- them) are in 20261201001520_invoice_split.sql, with the HMO split.
