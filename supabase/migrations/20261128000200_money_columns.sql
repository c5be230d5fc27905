-- ============================================================================
-- Money columns refuse what is not money. Runs unchanged on hosted Supabase,
-- PostgreSQL and PGlite.
--
-- public.pesos is the type of every money column (procedures.price,
-- invoices.total, payments.amount): a domain over unconstrained numeric, so
-- its check sees the value as sent. NaN, Infinity, -Infinity, more than two
-- decimals (12.345) and more than ten digits of pesos are refused (23514)
-- instead of stored (NaN passed every >= check, and the Procedures tab then
-- failed to read the clinic's price list) or silently rounded by
-- numeric(12, 2). Stored values keep numeric(12, 2)'s form: a trigger writes
-- them with exactly two decimals.
--
-- Non-decimal numeric input ('0x10', '0o20', '0b1', '1_000'), which numeric
-- accepts from PostgreSQL 16 on, is gone once parsed: no check can see it.
-- PostgreSQL 15 refuses it (22P02) and the local gateway answers the same for
-- every numeric column (local/gateway/rest/numeric-input.ts).
-- ============================================================================

-- ---------------------------------------------------------------------------
-- The money type
-- ---------------------------------------------------------------------------
-- between is false for NaN (larger than every number in Postgres) and for
-- ±Infinity; scale() is the number of decimals the value was written with.
create domain public.pesos as numeric
  constraint pesos_finite_centavos check (
    value between -9999999999.99 and 9999999999.99 and pg_catalog.scale(value) <= 2
  );

comment on domain public.pesos is
  'Pesos with at most two decimals, at most 9,999,999,999.99 either way; never NaN or infinite (23514). '
  'Money columns of this type are stored with exactly two decimals (keep_money_in_centavos).';

-- ---------------------------------------------------------------------------
-- Money columns become pesos. A column a view reads cannot change type, so
-- the views that read them (and views on those) are dropped and created again
-- exactly as they are now: definition, options (security_invoker), comments
-- and grants. Read from the catalog rather than written out here, so that a
-- view another migration redefined is kept as it was.
-- ---------------------------------------------------------------------------
create temporary table money_views (
  position integer not null,
  oid oid not null,
  name text not null,
  definition text not null,
  options text[],
  comment text,
  column_comments jsonb not null,
  grants jsonb not null
) on commit drop;

do $$
declare
  v_view record;
begin
  insert into money_views
  with recursive readers (oid, depth) as (
    select distinct r.ev_class, 1
      from pg_catalog.pg_depend d
      join pg_catalog.pg_rewrite r on r.oid = d.objid
      join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where d.classid = 'pg_catalog.pg_rewrite'::regclass
       and r.ev_class <> d.refobjid
       and (d.refobjid, a.attname) in (
         ('public.procedures'::regclass, 'price'),
         ('public.invoices'::regclass, 'total'),
         ('public.payments'::regclass, 'amount')
       )
    union
    select r.ev_class, readers.depth + 1
      from readers
      join pg_catalog.pg_depend d on d.refobjid = readers.oid and d.classid = 'pg_catalog.pg_rewrite'::regclass
      join pg_catalog.pg_rewrite r on r.oid = d.objid
     where r.ev_class <> readers.oid
  ),
  deepest as (
    select oid, max(depth) as depth from readers group by oid
  )
  select
    deepest.depth,
    c.oid,
    pg_catalog.format('%I.%I', n.nspname, c.relname),
    pg_catalog.pg_get_viewdef(c.oid),
    c.reloptions,
    pg_catalog.obj_description(c.oid, 'pg_class'),
    coalesce((
      select pg_catalog.jsonb_object_agg(a.attname, pg_catalog.col_description(c.oid, a.attnum))
        from pg_catalog.pg_attribute a
       where a.attrelid = c.oid and a.attnum > 0 and pg_catalog.col_description(c.oid, a.attnum) is not null
    ), '{}'),
    coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'grantee', case when g.grantee = 0 then 'public' else pg_catalog.quote_ident(r.rolname) end,
               'privilege', g.privilege_type))
        from pg_catalog.aclexplode(c.relacl) g
        left join pg_catalog.pg_roles r on r.oid = g.grantee
       where g.grantee <> c.relowner
    ), '[]')
  from deepest
  join pg_catalog.pg_class c on c.oid = deepest.oid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace;

  if exists (
    select 1 from pg_catalog.pg_class c
     where c.oid in (select oid from money_views) and (c.relkind <> 'v' or c.relhastriggers)
  ) then
    -- A materialized view or a view with triggers would need more than this keeps: stop loudly.
    raise exception 'A view over a money column is not a plain view; extend this migration.';
  end if;

  for v_view in select * from money_views order by position desc, name loop
    execute pg_catalog.format('drop view %s', v_view.name);
  end loop;
end;
$$;

alter table public.procedures alter column price type public.pesos;
alter table public.invoices alter column total type public.pesos;
alter table public.payments alter column amount type public.pesos;

do $$
declare
  v_view record;
  v_column record;
  v_grant record;
begin
  for v_view in select * from money_views order by position, name loop
    execute pg_catalog.format(
      'create view %s%s as %s',
      v_view.name,
      case when v_view.options is null then '' else ' with (' || pg_catalog.array_to_string(v_view.options, ', ') || ')' end,
      v_view.definition
    );
    execute pg_catalog.format('comment on view %s is %L', v_view.name, v_view.comment);
    for v_column in select * from pg_catalog.jsonb_each_text(v_view.column_comments) loop
      execute pg_catalog.format('comment on column %s.%I is %L', v_view.name, v_column.key, v_column.value);
    end loop;
    -- Only the grants it had: a new view would otherwise take the platform's default privileges.
    execute pg_catalog.format('revoke all on %s from public, anon, authenticated, service_role', v_view.name);
    for v_grant in select * from pg_catalog.jsonb_to_recordset(v_view.grants) as g(grantee text, privilege text) loop
      execute pg_catalog.format('grant %s on %s to %s', v_grant.privilege, v_view.name, v_grant.grantee);
    end loop;
  end loop;
end;
$$;

comment on column public.procedures.price is
  'Pesos (public.pesos, stored with two decimals), at least 0 (default 0.00). Appointments keep the procedure '
  'name in reason and invoices their own total, so a new price or a deleted procedure leaves both unchanged.';
comment on column public.invoices.total is 'Pesos (public.pesos, stored with two decimals): at least 0.01, at most 9,999,999,999.99.';
comment on column public.payments.amount is 'Pesos (public.pesos, stored with two decimals): at least 0.01, at most 9,999,999,999.99.';

-- numeric(12, 2) stored every value with two decimals; pesos keeps what was
-- sent (12.5), so the rows are written the way they were before.
create function public.keep_money_in_centavos()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  case tg_table_name
    when 'procedures' then new.price := pg_catalog.round(new.price, 2);
    when 'invoices' then new.total := pg_catalog.round(new.total, 2);
    when 'payments' then new.amount := pg_catalog.round(new.amount, 2);
  end case;
  return new;
end;
$$;

comment on function public.keep_money_in_centavos() is
  'Trigger: stores the money column of procedures, invoices or payments with exactly two decimals (12.5 -> 12.50).';

create trigger procedures_money_in_centavos before insert or update of price on public.procedures
  for each row execute function public.keep_money_in_centavos();
create trigger invoices_money_in_centavos before insert or update of total on public.invoices
  for each row execute function public.keep_money_in_centavos();
create trigger payments_money_in_centavos before insert or update of amount on public.payments
  for each row execute function public.keep_money_in_centavos();

revoke execute on function public.keep_money_in_centavos() from public, anon, authenticated;
