import type { PatientRow } from '@/lib/database.types';

/** What the Patients screen holds of each patient: the lean list row (10,000 of them in a big clinic). */
export type PatientListItem = Pick<PatientRow, 'id' | 'name' | 'phone' | 'messenger_id'>;

export const PATIENT_LIST_COLUMNS = 'id, name, phone, messenger_id';
