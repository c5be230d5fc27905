import { vi } from 'vitest';
import { seed } from '@/testing/real-db';

/** Wednesday 9 January 2030, 10:00 in Manila: the clinic's today is 2030-01-09. */
export const NOW = new Date('2030-01-09T02:00:00Z');
export const now = () => NOW;
/** The patient whose chart the tests open. */
export const patient = { id: 1, name: 'Maria Santos' };

/**
 * Before each chart test: Smile Dental (clinic 1) with the patient and Dr. Reyes (dentist 1), and
 * the console's errors silenced, since the tests provoke refusals the app logs.
 */
export async function seedChartClinic(): Promise<void> {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([patient]);
  await seed.dentists([{ id: 1, name: 'Dr. Reyes', email: 'reyes@example.test' }]);
}
