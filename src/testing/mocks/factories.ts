/**
 * Factories (a full row of a table, with an id from its sequence and plausible values, overridden
 * by what the test cares about) and `seed`, which stores such rows.
 *
 *   const ana = createPatient({ name: 'Ana Santos' });   // a row, not stored
 *   seed.patients([ana, { name: 'Ben Cruz' }]);           // stored (partials are completed)
 */
import { db } from './db';
import { type Row, type RowOf, specOf, type TableName, tableNames } from './schema';

/** A complete row of `table`: the schema's defaults, sample values for required columns, then `overrides`. */
export function build<T extends TableName>(table: T, overrides: Partial<RowOf<T>> = {}): RowOf<T> {
  const spec = specOf(table);
  const given = (overrides as Row).id;
  if (given !== undefined) db.claimId(table, given);
  const id = given ?? db.nextId(table);
  return {
    id,
    ...(spec.defaults(new Date().toISOString()) as Row),
    ...(spec.sample(Number(id)) as Row),
    ...overrides,
  } as RowOf<T>;
}

export const createClinic = (overrides: Partial<RowOf<'clinics'>> = {}) => build('clinics', overrides);
export const createUserProfile = (overrides: Partial<RowOf<'users'>> = {}) => build('users', overrides);
export const createPatient = (overrides: Partial<RowOf<'patients'>> = {}) => build('patients', overrides);
export const createDentist = (overrides: Partial<RowOf<'dentists'>> = {}) => build('dentists', overrides);
export const createAvailabilityBlock = (overrides: Partial<RowOf<'dentist_availability'>> = {}) =>
  build('dentist_availability', overrides);
export const createAppointment = (overrides: Partial<RowOf<'appointments'>> = {}) => build('appointments', overrides);
export const createProcedureCategory = (overrides: Partial<RowOf<'procedure_categories'>> = {}) =>
  build('procedure_categories', overrides);
export const createProcedure = (overrides: Partial<RowOf<'procedures'>> = {}) => build('procedures', overrides);
export const createReminderLogEntry = (overrides: Partial<RowOf<'appointment_reminders'>> = {}) =>
  build('appointment_reminders', overrides);

export const createInvoice = (overrides: Partial<RowOf<'invoices'>> = {}) => build('invoices', overrides);
export const createPayment = (overrides: Partial<RowOf<'payments'>> = {}) => build('payments', overrides);
export const createMessengerContact = (overrides: Partial<RowOf<'messenger_contacts'>> = {}) =>
  build('messenger_contacts', overrides);

export type Seed = { [T in TableName]: (rows: readonly Partial<RowOf<T>>[]) => RowOf<T>[] };

/**
 * Stores rows, each completed by the table's factory: `seed.dentists([{ name: 'Dr. Ana' }])`.
 * Ids come from the table's sequence (1, 2, 3… in a fresh test) unless given. Returns the rows.
 */
export const seed = Object.fromEntries(
  tableNames.map((table) => [
    table,
    (rows: readonly Row[]) =>
      structuredClone(
        db.transaction(() =>
          db.insertRows(
            table,
            rows.map((row) => build(table, row as never) as Row),
          ),
        ),
      ),
  ]),
) as unknown as Seed;
