/**
 * The Appointments list's layout: rows in time order, one collapsible card per dentist titled
 * '{dentist} (n appointments)', and the Dentist filter with counts. Pure; the caller passes the
 * appointments already narrowed to the view period.
 */
import { toInstant } from '@common/clinic-calendar';

export interface ListAppointment {
  readonly id: number;
  readonly dentist_id: number;
  readonly appointment_time: string;
}

export interface ListDentist {
  readonly id: number;
  readonly name: string;
}

export interface DentistGroup<A extends ListAppointment> {
  readonly dentistId: number;
  readonly dentistName: string;
  /** '{dentist} (n appointments)'. */
  readonly title: string;
  /** In time order. */
  readonly appointments: A[];
}

export interface DentistFilterOption {
  /** null: all dentists. */
  readonly value: number | null;
  /** 'All Dentists (12)', 'Dr. Ana Cruz (5)'. */
  readonly label: string;
  readonly count: number;
}

/** The card title for an appointment whose dentist is not in the list (e.g. removed). */
export const UNKNOWN_DENTIST = 'Unknown dentist';

/** A new array in time order, earliest first; equal times by id. */
export function sortByTime<A extends { readonly id: number; readonly appointment_time: string }>(
  appointments: readonly A[],
): A[] {
  return appointments
    .map((appointment) => ({ appointment, at: toInstant(appointment.appointment_time).getTime() }))
    .sort((a, b) => a.at - b.at || a.appointment.id - b.appointment.id)
    .map(({ appointment }) => appointment);
}

/** '{dentist} (n appointments)', word for word as the spec has it, for any n. */
export function dentistGroupTitle(dentistName: string, count: number): string {
  return `${dentistName} (${count} appointments)`;
}

/**
 * One group per dentist, in the order of `dentists`, each with its appointments in time order.
 * With no dentist chosen (null), dentists without appointments are left out; with one chosen, only
 * that dentist's group is returned, even when empty. Appointments of a dentist missing from
 * `dentists` come last, under 'Unknown dentist' (one group per missing id).
 */
export function groupByDentist<A extends ListAppointment>(
  appointments: readonly A[],
  dentists: readonly ListDentist[],
  selectedDentistId: number | null = null,
): DentistGroup<A>[] {
  const byDentist = new Map<number, A[]>();
  for (const appointment of sortByTime(appointments)) {
    if (selectedDentistId !== null && appointment.dentist_id !== selectedDentistId) continue;
    const list = byDentist.get(appointment.dentist_id);
    if (list) list.push(appointment);
    else byDentist.set(appointment.dentist_id, [appointment]);
  }
  const group = (dentistId: number, dentistName: string): DentistGroup<A> => {
    const list = byDentist.get(dentistId) ?? [];
    return { dentistId, dentistName, title: dentistGroupTitle(dentistName, list.length), appointments: list };
  };

  const known = new Set(dentists.map((dentist) => dentist.id));
  if (selectedDentistId !== null) {
    const chosen = dentists.find((dentist) => dentist.id === selectedDentistId);
    return [group(selectedDentistId, chosen?.name ?? UNKNOWN_DENTIST)];
  }
  const groups = dentists.filter((dentist) => byDentist.has(dentist.id)).map((d) => group(d.id, d.name));
  for (const dentistId of byDentist.keys()) {
    if (!known.has(dentistId)) groups.push(group(dentistId, UNKNOWN_DENTIST));
  }
  return groups;
}

/**
 * The Dentist filter: 'All Dentists (total)' first, then every dentist with their own count, in
 * the order given. Counts are of the appointments passed in (the view period's).
 */
export function dentistFilterOptions(
  dentists: readonly ListDentist[],
  appointments: readonly Pick<ListAppointment, 'dentist_id'>[],
): DentistFilterOption[] {
  const counts = new Map<number, number>();
  for (const appointment of appointments) {
    counts.set(appointment.dentist_id, (counts.get(appointment.dentist_id) ?? 0) + 1);
  }
  return [
    { value: null, label: `All Dentists (${appointments.length})`, count: appointments.length },
    ...dentists.map((dentist) => {
      const count = counts.get(dentist.id) ?? 0;
      return { value: dentist.id, label: `${dentist.name} (${count})`, count };
    }),
  ];
}
