-- ============================================================================
-- update_appointment_as_read: Edit Appointment's Save, with what the form read
-- in the request body. The Save was a PATCH of appointments filtered on the
-- dentist, patient, time, status and reason the form opened with
-- (docs/adr/0023-concurrent-edits.md), and the reason is up to 1,000
-- characters of procedure and notes: in CJK or emoji that percent-encodes to
-- 9-12 KB of URL, and hosted Supabase's gateway answers 414 (URI too long)
-- past about 8 KB. The function is that same update, one statement with the
-- same filters, called by POST.
--
-- Security invoker: the caller's grants, the appointments' row-level security
-- and every trigger (booking rules, browser booking guards, audit, change
-- feed) apply as they did to the PATCH, and refuse with the same codes. The
-- table's grants stay: the list's status changes, deletes, reminder settings
-- and flags still write appointments directly.
-- ============================================================================

-- The read values with a default are the ones that may be null: a reason never stored, and a status
-- left out (a started appointment corrected where it is keeps its own).
create function public.update_appointment_as_read(
  p_appointment_id bigint,
  p_clinic_id bigint,
  p_dentist_id bigint,
  p_patient_id bigint,
  p_appointment_time timestamptz,
  p_reason text,
  p_read_dentist_id bigint,
  p_read_patient_id bigint,
  p_read_appointment_time timestamptz,
  p_read_status public.appointment_status,
  p_read_reason text default null,
  p_status public.appointment_status default null
)
returns table (id bigint, updated_at timestamptz)
language sql security invoker set search_path = '' as $$
  update public.appointments a
     set dentist_id = p_dentist_id,
         patient_id = p_patient_id,
         appointment_time = p_appointment_time,
         reason = p_reason,
         status = coalesce(p_status, a.status)
   where a.id = p_appointment_id
     and a.clinic_id = p_clinic_id
     and not a.deleted
     and a.dentist_id = p_read_dentist_id
     and a.patient_id = p_read_patient_id
     and a.appointment_time = p_read_appointment_time
     and a.status = p_read_status
     and a.reason is not distinct from p_read_reason
  returning a.id, a.updated_at
$$;

select private.setup_function(
  'public.update_appointment_as_read(bigint, bigint, bigint, bigint, timestamptz, text, bigint, bigint, timestamptz, '
  'public.appointment_status, text, public.appointment_status)',
  '{authenticated,service_role}',
  'Edit Appointment''s Save: sets dentist_id, patient_id, appointment_time, reason and status (p_status; null '
  'keeps the stored one) of appointment p_appointment_id of clinic p_clinic_id, only while it is not deleted and '
  'still holds the p_read_* values (p_read_reason null: no reason stored). Returns {id, updated_at} of the row '
  'written; none when it matched nothing (changed or deleted since it was read, or not the caller''s to write). '
  'Security invoker: row-level security and the booking triggers apply as to a PATCH of the table, with their '
  'codes (23P01 a refused slot, 23514 an unknown procedure, 42501 not allowed).');
