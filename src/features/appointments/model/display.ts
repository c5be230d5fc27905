/**
 * How appointment values read on screen: 'N/A' for a missing Messenger id, and the
 * Dentist select with inactive dentists disabled. Prices go through src/entities/money/money.ts; dates and times
 * in clinic time come from @common/clinic-calendar (formatClinicDate, formatClinicTime).
 */

/** The Messenger id as shown in the patient cell: the id, or 'N/A'. */
export function messengerIdText(messengerId: string | null | undefined): string {
  return messengerId == null || messengerId.trim() === '' ? 'N/A' : messengerId;
}

export interface DentistOption {
  readonly value: number;
  /** The name, with ' (Inactive)' for an inactive dentist. */
  readonly label: string;
  readonly disabled: boolean;
}

/** The booking form's Dentist select: every dentist given, inactive ones disabled and marked. */
export function dentistOptions(
  dentists: readonly { readonly id: number; readonly name: string; readonly is_active: boolean }[],
): DentistOption[] {
  return dentists.map((dentist) => ({
    value: dentist.id,
    label: dentist.is_active ? dentist.name : `${dentist.name} (Inactive)`,
    disabled: !dentist.is_active,
  }));
}

/** The DOM id of an appointment's row, so 'View' can scroll to it. */
export const appointmentRowId = (appointmentId: number) => `appointment-row-${appointmentId}`;
