-- ============================================================================
-- The summary views (GROUP BY and joins: not updatable) answered a write with
-- Postgres' "cannot insert into view" (55000), which PostgREST answers 500,
-- for any caller, before any privilege was looked at. With an INSTEAD OF
-- trigger a write to them is checked against the caller's privileges first:
-- browsers (select only) get 42501 (HTTP 401/403), and a role that may write
-- reaches the trigger, which refuses with PT405 view_read_only.
-- ============================================================================

create function private.refuse_view_write()
returns trigger language plpgsql set search_path = '' as $$
begin
  raise exception '% is a read-only view.', tg_table_name
    using errcode = 'PT405', hint = 'view_read_only';
end;
$$;

select private.setup_function('private.refuse_view_write()', '{}');

-- hmo_claim_summaries, hmo_claim_batch_summaries and hmo_receivables get theirs with the views, in
-- 20261201001960_hmo_claim_write_off.sql.
do $$
declare
  v_view text;
begin
  foreach v_view in array array[
    'hmo_payment_entries', 'invoice_summaries', 'patient_no_show_flags', 'payment_entries', 'treatment_plan_totals'
  ] loop
    execute format('create trigger %I instead of insert or update or delete on public.%I '
                   'for each row execute function private.refuse_view_write()', v_view || '_read_only', v_view);
  end loop;
end;
$$;
