/**
 * The stable codes of the database's refusals. Every `raise exception` in supabase/migrations
 * carries one in its `hint` (PostgREST answers it as `hint`), beside a SQLSTATE and a message
 * worded for people. Clients decide what to show by the code, never by the message, so a
 * sentence can be reworded without breaking a screen. Browser-safe: no imports.
 */
export const DATABASE_ERROR_CODES = [
  // Clinics and staff accounts
  'clinic_change_forbidden',
  'page_connected_by_service',
  // Update Clinic's settings or the settings as read, sent without one of their keys (update_clinic_settings)
  'clinic_settings_invalid',
  'profile_account_fixed',
  'superadmin_by_service_only',
  // An admin changing or deleting the superadmin's profile (guard_user_profile, delete-user)
  'superadmin_account_protected',
  'own_role_change',
  'staff_email_required',
  'signup_name_required',
  'signup_clinic_name_required',
  'profile_needs_account',
  'last_admin',
  'user_not_found',
  // Booking (enforce_appointment_rules, guard_browser_booking; the message is the same for all)
  'slot_taken',
  'clinic_closed',
  'outside_clinic_hours',
  'lunch_break',
  'dentist_unavailable',
  'dentist_inactive',
  'dentist_deleted',
  'patient_deleted',
  'appointment_in_past',
  'unknown_procedure',
  // A cancellation's reason on an appointment that is not cancelled (stamp_appointment_cancellation)
  'cancel_reason_needs_cancelled',
  // Dentist availability
  'availability_day_required',
  'availability_blocks_invalid',
  'availability_forbidden',
  'availability_block_invalid',
  'availability_block_out_of_hours',
  'availability_blocks_overlap',
  'availability_block_booked',
  // A save made from a read of the day that another desk has changed since (save_availability_day)
  'availability_changed',
  // Patients and dentists
  'patient_required',
  'patient_not_found',
  'patient_has_appointments',
  'patient_delete_refused',
  'dentist_required',
  'dentist_not_found',
  'dentist_delete_forbidden',
  'dentist_delete_failed',
  'dentist_soft_delete_failed',
  // The patient pickers' search (search_patients)
  'patient_search_clinic_required',
  'patient_search_limit_invalid',
  'patient_search_pattern_invalid',
  // Billing
  'invoice_patient_mismatch',
  'appointment_already_billed',
  'invoice_void',
  'payment_above_balance',
  // 'Add Payment anyway' at a balance the invoice no longer has (detail: balance_centavos=<now>)
  'payment_balance_changed',
  'void_forbidden',
  'void_reason_required',
  'void_reason_too_long',
  'invoice_not_found',
  'payment_not_found',
  'invoice_already_void',
  'payment_already_void',
  'invoice_has_payments',
  // Itemised invoices (create_itemised_invoice, check_invoice_item, guard_invoice_item)
  'invoice_forbidden',
  'invoice_key_required',
  'invoice_key_reused',
  // Save pressed on a split (patient total, HMO share) that is not the database's for the lines sent
  // (detail: total_centavos=<its>, hmo_share_centavos=<its>)
  'invoice_split_changed',
  'invoice_items_required',
  'invoice_items_too_many',
  'invoice_items_total_too_small',
  'invoice_items_total_too_large',
  'invoice_item_unreadable',
  'invoice_item_procedure_unknown',
  'invoice_item_description_required',
  'invoice_item_tooth_invalid',
  'invoice_item_surfaces_invalid',
  'invoice_item_surfaces_need_tooth',
  'invoice_item_price_invalid',
  'invoice_item_quantity_invalid',
  'invoice_item_discount_invalid',
  'invoice_item_discount_over_line',
  'invoice_item_immutable',
  // Who pays an itemised invoice (invoice_split)
  'invoice_patient_unknown',
  // Reports
  'report_forbidden',
  'report_period_required',
  'report_period_reversed',
  'report_period_too_long',
  'clinic_not_found',
  // Recalls
  'recall_request_closed',
  'recall_dismiss_forbidden',
  // Waitlist
  'waitlist_entry_starts_waiting',
  'waitlist_dates_past',
  'dentist_not_bookable',
  'waitlist_entry_remove_only',
  'waitlist_entry_closed',
  'waitlist_offer_service_only',
  // The dental chart (guard_chart_entry, remove_superseded_chart_entry)
  'chart_tooth_invalid',
  'chart_surfaces_invalid',
  'chart_surfaces_whole_tooth',
  'chart_appointment_mismatch',
  'chart_entry_removed',
  'chart_entry_remove_only',
  // HMOs, their coverage and patients' cards; senior citizen / PWD IDs (…_hmo_coverage.sql)
  'hmo_name_taken',
  'hmo_claim_deadline_invalid',
  'hmo_annual_limit_invalid',
  'hmo_coverage_price_or_percent',
  'hmo_coverage_percent_invalid',
  'hmo_coverage_price_invalid',
  'hmo_coverage_taken',
  'hmo_card_member_required',
  'hmo_card_dates_reversed',
  'hmo_inactive',
  'discount_id_number_required',
  'discount_id_type_required',
  // HMO claims, billing batches and HMO payments (record_hmo_payment, deny_hmo_claim,
  // close_hmo_claim_batch, and voiding an invoice whose claim the HMO paid)
  'invoice_claim_paid',
  // Voiding an invoice whose claim's unpaid amount the patient was billed for (withdraw_hmo_claim)
  'invoice_claim_billed_to_patient',
  'hmo_batch_not_found',
  'hmo_batch_forbidden',
  'hmo_batch_closed',
  'hmo_payment_forbidden',
  'hmo_payment_key_required',
  'hmo_payment_amount_invalid',
  'hmo_payment_date_required',
  'hmo_payment_date_future',
  'hmo_payment_reference_too_long',
  'hmo_payment_above_outstanding',
  // A repeat of a Record HMO payment form's key that is not the payment it made: another call (batch,
  // amount, date, reference), or that payment voided since (detail: its id)
  'hmo_payment_key_reused',
  'hmo_payment_key_voided',
  'hmo_claim_not_found',
  'hmo_claim_forbidden',
  'hmo_claim_reason_required',
  'hmo_claim_reason_too_long',
  'hmo_claim_withdrawn',
  'hmo_claim_already_denied',
  'hmo_claim_paid',
  // Voiding an HMO payment (void_hmo_payment; the reason and the admin check are the voids' own)
  'hmo_payment_not_found',
  'hmo_payment_already_void',
  // ... while it would undo a write-off the patient was billed for
  'hmo_payment_claim_billed_to_patient',
  // Writing off what an HMO will not pay of a claim (write_off_hmo_claim; also hmo_claim_not_found,
  // hmo_claim_withdrawn)
  'hmo_claim_write_off_forbidden',
  'hmo_claim_write_off_reason_required',
  'hmo_claim_write_off_reason_too_long',
  'hmo_claim_already_written_off',
  'hmo_claim_nothing_to_write_off',
  // Billing the patient for what the HMO did not pay (bill_patient_for_hmo_claim; also
  // hmo_claim_not_found, invoice_forbidden, invoice_key_required, invoice_key_reused)
  'hmo_claim_already_billed',
  'hmo_claim_not_unpaid',
  // The HMO availment form (hmo_availment)
  'availment_without_hmo',
  // Treatment plans (plan_treatment, decide_plan_item, link_plan_item_appointment, complete_plan_items,
  // withdraw_plan_item)
  'plan_patient_not_found',
  'plan_forbidden',
  'plan_procedure_not_found',
  'plan_condition_required',
  'plan_phase_invalid',
  'plan_item_not_found',
  'plan_decision_invalid',
  'plan_item_decided',
  'plan_item_closed',
  'plan_appointment_mismatch',
  'plan_appointment_not_found',
  'plan_appointment_not_completed',
  'plan_item_mismatch',
  // A generic trigger (audit_row_change, notify_change) attached with arguments it cannot read
  'trigger_misconfigured',
  // The audit log refuses writes that are not its triggers' (nobody's, in the app)
  'audit_log_written_by_database',
  'audit_log_append_only',
  // A migration asked private.create_clinic_policy for a permission role_permissions does not list
  'unknown_permission',
  // A write to a summary view (refuse_view_write), by a role that may write at all
  'view_read_only',
  // A procedure still in use (guard_procedure_delete)
  'procedure_has_hmo_coverage',
  'procedure_on_open_plan',
] as const;

export type DatabaseErrorCode = (typeof DATABASE_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(DATABASE_ERROR_CODES);

/** The code a database error carries (its `hint`), when it is one of ours. */
export function databaseErrorCodeOf(error: unknown): DatabaseErrorCode | undefined {
  if (typeof error !== 'object' || error === null || !('hint' in error)) return undefined;
  const { hint } = error;
  return typeof hint === 'string' && KNOWN.has(hint) ? (hint as DatabaseErrorCode) : undefined;
}
