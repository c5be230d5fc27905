-- ============================================================================
-- Deleting a procedure took more with it than its row: its HMO coverage went
-- by cascade (so a receptionist, who may not manage coverage, removed it, and
-- the HMO's share was lost for every later bill), and a plan item planned or
-- done but not yet billed lost its procedure, so Bill left it off the invoice
-- without a word. A procedure an HMO covers, or one on a plan item still to be
-- done or billed, is not deleted; renaming it or changing its price is how the
-- price list changes while it is in use. A clinic's own removal is not held.
-- ============================================================================

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
