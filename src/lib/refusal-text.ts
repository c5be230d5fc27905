/**
 * What staff read for each of the database's refusals, by its code (common/contract/error-codes.ts):
 * the one place a code becomes words. A Record over every code, so a code added to the contract
 * does not compile until it has words here, and a refusal is never shown as 'Unknown'. Features
 * put these after their spec prefixes ('Error adding invoice: …', 'Error: …') or under their
 * failure lines; the server's sentence is never read.
 */
import { databaseErrorCodeOf, type DatabaseErrorCode } from '@common/contract/error-codes';

export const REFUSAL_TEXT: Readonly<Record<DatabaseErrorCode, string>> = {
  // Clinics and staff accounts
  clinic_change_forbidden: 'A record cannot move to another clinic.',
  page_connected_by_service: 'The Facebook page is connected with Connect Facebook Page only.',
  clinic_settings_invalid: 'The clinic settings were sent incomplete. Reload the page and try again.',
  profile_account_fixed: 'The sign-in account of a staff member cannot change.',
  superadmin_by_service_only: 'Only the service role can make someone a superadmin.',
  superadmin_account_protected: 'Only the superadmin can change this account.',
  own_role_change: 'You cannot change your own role.',
  staff_email_required: 'Staff accounts need an e-mail address.',
  signup_name_required: 'Sign-up needs a name.',
  signup_clinic_name_required: 'Sign-up needs a clinic name.',
  profile_needs_account: 'A staff member is added with Add User or sign-up.',
  last_admin: 'A clinic must keep at least one admin.',
  user_not_found: 'This user no longer exists.',
  // Booking
  slot_taken: 'This slot is already taken.',
  clinic_closed: 'Clinic is closed on this day.',
  outside_clinic_hours: 'This time is outside clinic hours.',
  lunch_break: 'This time is in the lunch break.',
  dentist_unavailable: 'The dentist is unavailable at this time.',
  dentist_inactive: 'This dentist is not active.',
  dentist_deleted: 'This dentist has been deleted.',
  patient_deleted: 'This patient has been deleted.',
  appointment_in_past: 'Date must not be in the past.',
  unknown_procedure: 'This procedure is not in the clinic’s price list.',
  cancel_reason_needs_cancelled: 'Only a cancelled appointment has a cancellation reason.',
  // Dentist availability
  availability_day_required: 'Dentist and date required!',
  availability_blocks_invalid: 'The blocked times could not be read.',
  availability_forbidden: 'Your role may not change this dentist’s availability.',
  availability_block_invalid: 'Each blocked time needs a start and an end.',
  availability_block_out_of_hours: 'Blocked times must start before they end, within 09:00 to 18:00.',
  availability_blocks_overlap: 'Blocked times of one day must not overlap.',
  availability_block_booked: 'An appointment was booked in one of these hours meanwhile; it now shows as Booked.',
  availability_changed:
    'This day was changed at another desk meanwhile; it now shows their changes. Check it and try again.',
  // Patients and dentists
  patient_required: 'A patient is required.',
  patient_not_found: 'This patient no longer exists. It may have been deleted.',
  patient_has_appointments: 'This patient has appointments now; deleting will also remove them.',
  patient_delete_refused: 'This patient could not be deleted.',
  dentist_required: 'A dentist is required.',
  dentist_not_found: 'This dentist no longer exists. It may have been deleted.',
  dentist_delete_forbidden: 'Your role may not delete dentists.',
  // The spec's own errors for these two; Confirm Delete shows them as they are.
  dentist_delete_failed: 'Error deleting dentist.',
  dentist_soft_delete_failed: 'Error soft deleting dentist.',
  // The pickers' search: the SPA always sends a clinic, a limit of 20 and an escaped pattern
  patient_search_clinic_required: 'Choose a clinic to search its patients.',
  patient_search_limit_invalid: 'A patient search lists 1 to 100 patients.',
  patient_search_pattern_invalid: 'The search could not be read.',
  // Billing
  invoice_patient_mismatch: 'The appointment belongs to another patient.',
  appointment_already_billed: 'This appointment already has an invoice.',
  invoice_void: 'This invoice is void; it takes no more payments.',
  payment_above_balance: 'This is more than the balance of the invoice.',
  payment_balance_changed: 'The balance of the invoice changed meanwhile; nothing was saved.',
  void_forbidden: 'Only an admin can void.',
  void_reason_required: 'A reason is required to void.',
  void_reason_too_long: 'The reason is too long (at most 500 characters).',
  invoice_not_found: 'Invoice not found.',
  payment_not_found: 'Payment not found.',
  invoice_already_void: 'This invoice is already void.',
  payment_already_void: 'This payment is already void.',
  invoice_has_payments: "Void this invoice's payments first.",
  // Itemised invoices
  invoice_forbidden: 'Your role may not add invoices in this clinic.',
  invoice_key_required: 'The form lost its key; close it and try again.',
  invoice_key_reused: 'This form already saved an invoice with other lines; close it to see that invoice.',
  invoice_split_changed: 'The amounts changed while you were typing. Check the new total and save again.',
  invoice_items_required: 'Add at least one item.',
  invoice_items_too_many: 'An invoice has at most 100 items.',
  invoice_items_total_too_small: 'The items must add up to at least ₱0.01.',
  invoice_items_total_too_large: 'The items add up to more than ₱9,999,999,999.99.',
  invoice_item_unreadable: 'An item could not be read.',
  invoice_item_procedure_unknown: 'This procedure is not in the clinic’s price list.',
  invoice_item_description_required: 'Each item needs a procedure.',
  invoice_item_tooth_invalid: 'That is not an FDI tooth number.',
  invoice_item_surfaces_invalid: 'Surfaces are M, O, D, B and L, each at most once.',
  invoice_item_surfaces_need_tooth: 'Surfaces need a tooth.',
  invoice_item_price_invalid: 'A price is pesos from ₱0.00 with at most 2 decimals.',
  invoice_item_quantity_invalid: 'Quantity is a whole number from 1 to 1000.',
  invoice_item_discount_invalid: 'A discount is pesos from ₱0.00 with at most 2 decimals.',
  invoice_item_discount_over_line: 'A discount cannot be more than its item.',
  invoice_item_immutable: 'An invoice’s items never change: void it and bill again.',
  invoice_patient_unknown: 'This patient is not one of the clinic’s patients.',
  // Reports
  report_forbidden: 'Your role may not read reports of this clinic.',
  report_period_required: 'Choose the first and last day of the period.',
  report_period_reversed: 'The period must start on or before its last day.',
  report_period_too_long: 'The period can be at most 2 years (731 days).',
  clinic_not_found: 'Clinic not found.',
  // Recalls
  recall_request_closed: 'This booking request was already handled.',
  recall_dismiss_forbidden: 'Only the front desk can dismiss booking requests.',
  // Waitlist
  waitlist_entry_starts_waiting: 'A new waitlist entry starts as waiting.',
  waitlist_dates_past: 'The waitlist dates cannot be in the past.',
  dentist_not_bookable: 'This dentist is not taking appointments.',
  waitlist_entry_remove_only: 'Staff can only remove a waitlist entry.',
  waitlist_entry_closed: 'This waitlist entry is already booked or removed.',
  waitlist_offer_service_only: 'Only the notification service books waitlist offers.',
  // The dental chart
  chart_tooth_invalid: 'That is not an FDI tooth number.',
  chart_surfaces_invalid: 'Choose each surface at most once.',
  chart_surfaces_whole_tooth: 'This condition is charted for the whole tooth: clear the surfaces.',
  chart_appointment_mismatch: 'That appointment is not this patient’s.',
  chart_entry_removed: 'The chart entry was already removed.',
  chart_entry_remove_only: 'A chart entry is never edited: remove it and chart again.',
  // HMOs and statutory discount IDs
  hmo_name_taken: 'The clinic already has an HMO of that name.',
  hmo_claim_deadline_invalid: 'The claim deadline is a whole number of days from 1 to 365.',
  hmo_annual_limit_invalid: 'The annual limit must be more than ₱0.00, or left empty for none.',
  hmo_coverage_price_or_percent: 'Give either a contracted price or a covered percentage, not both.',
  hmo_coverage_percent_invalid: 'The covered percentage is from 0 to 100.',
  hmo_coverage_price_invalid: 'The contracted price cannot be below ₱0.00.',
  hmo_coverage_taken: 'This HMO already covers that procedure.',
  hmo_card_member_required: 'Enter the card or member number.',
  hmo_card_dates_reversed: 'Valid until cannot be before valid from.',
  hmo_inactive: 'The clinic no longer accepts that HMO.',
  discount_id_number_required: 'Enter the senior citizen or PWD ID number.',
  discount_id_type_required: 'Choose the ID type (senior citizen or PWD) for this number.',
  // HMO claims, billing batches and HMO payments
  invoice_claim_paid: 'The HMO has paid this invoice’s claim, so the invoice cannot be voided.',
  invoice_claim_billed_to_patient:
    'The patient was billed for what the HMO did not pay of this invoice: void that invoice first.',
  hmo_batch_not_found: 'This billing batch no longer exists.',
  hmo_batch_forbidden: 'Your role cannot close billing batches.',
  hmo_batch_closed: 'This batch is already closed.',
  hmo_payment_forbidden: 'Your role cannot record HMO payments.',
  hmo_payment_key_required: 'The form lost its key; close it and try again.',
  hmo_payment_amount_invalid: 'Enter an amount of at least ₱0.01, in pesos and centavos.',
  hmo_payment_date_required: 'Enter the date the payment was received.',
  hmo_payment_date_future: 'The date received cannot be in the future.',
  hmo_payment_reference_too_long: 'The reference is too long (at most 100 characters).',
  hmo_payment_above_outstanding: 'This payment is more than what the batch still owes.',
  hmo_payment_key_reused: 'This form was already saved as another HMO payment; check it before saving again.',
  hmo_payment_key_voided:
    'This form was already saved as an HMO payment that has since been voided; record it in a new form.',
  hmo_claim_not_found: 'This claim no longer exists.',
  hmo_claim_forbidden: 'Your role cannot deny HMO claims.',
  hmo_claim_reason_required: 'A reason is required to deny a claim.',
  hmo_claim_reason_too_long: 'The reason is too long (at most 500 characters).',
  hmo_claim_withdrawn: 'This claim was withdrawn when its invoice was voided.',
  hmo_claim_already_denied: 'This claim is already denied.',
  hmo_claim_paid: 'The HMO has paid this claim, so it cannot be denied.',
  // Voiding an HMO payment
  hmo_payment_not_found: 'This HMO payment no longer exists.',
  hmo_payment_already_void: 'This HMO payment is already void.',
  hmo_payment_claim_billed_to_patient:
    'The patient was billed for a claim this payment settled part of: void that invoice first.',
  // Writing off an HMO claim
  hmo_claim_write_off_forbidden: 'Only an admin can write off an HMO claim.',
  hmo_claim_write_off_reason_required: 'A reason is required to write off a claim.',
  hmo_claim_write_off_reason_too_long: 'The reason is too long (at most 500 characters).',
  hmo_claim_already_written_off: 'This claim is already written off.',
  hmo_claim_nothing_to_write_off: 'Nothing is left to write off on this claim: it is paid in full or denied.',
  // Billing the patient for what the HMO did not pay
  hmo_claim_already_billed: 'The patient was already billed for this claim.',
  hmo_claim_not_unpaid: 'Only what the HMO did not pay of a denied or written-off claim can be billed to the patient.',
  // The HMO availment form
  availment_without_hmo: 'This invoice was not billed to an HMO, so it has no availment form.',
  // Treatment plans
  plan_patient_not_found: 'This patient was not found.',
  plan_forbidden: 'Your role cannot do this to a treatment plan.',
  plan_procedure_not_found: 'That procedure is no longer on the price list.',
  plan_condition_required: 'Choose what the procedure puts on the chart.',
  plan_phase_invalid: 'Choose a phase from 1 to 9.',
  plan_item_not_found: 'This plan item was not found.',
  plan_decision_invalid: 'A patient accepts or declines.',
  plan_item_decided: 'The patient already decided on this item.',
  plan_item_closed: 'This plan item is already done or declined.',
  plan_appointment_mismatch: 'That appointment is not this patient’s.',
  plan_appointment_not_found: 'This appointment was not found.',
  plan_appointment_not_completed: 'Set the appointment to Completed first.',
  plan_item_mismatch: 'A plan item is not this patient’s.',
  // The database's own machinery: nothing staff did, but still the reason
  trigger_misconfigured: 'The database is set up wrongly for this change; nothing was saved.',
  audit_log_written_by_database: 'The audit log is written by the database only.',
  audit_log_append_only: 'The audit log cannot be changed.',
  unknown_permission: 'The database is set up wrongly for this change; nothing was saved.',
  view_read_only: 'This list is read-only; change the records it shows instead.',
  procedure_has_hmo_coverage: 'An HMO covers it; an admin removes it from the coverage first (Clinic Config, HMOs).',
  procedure_on_open_plan: 'It is on a treatment plan still to be done or billed; change its name or price instead.',
};

/**
 * For a feature with no words of its own for a refusal without a code: the caller's role may read
 * the record but not change it (a 'forbidden' RequestError, e.g. an update row-level security
 * filtered out: src/lib/conditional-edit.ts).
 */
export const NOT_PERMITTED_TEXT = 'You do not have permission to change this.';

/**
 * The code of a refusal the database gave: read on the error itself or on its cause (a
 * RequestError wraps the PostgREST error). Undefined for anything without our code.
 */
export function refusalCodeOf(error: unknown): DatabaseErrorCode | undefined {
  return databaseErrorCodeOf(error) ?? (error instanceof Error ? databaseErrorCodeOf(error.cause) : undefined);
}

/** The words for a refusal the database gave with one of its codes (`refusalCodeOf`). */
export function refusalTextOf(error: unknown): string | undefined {
  const code = refusalCodeOf(error);
  return code === undefined ? undefined : REFUSAL_TEXT[code];
}
