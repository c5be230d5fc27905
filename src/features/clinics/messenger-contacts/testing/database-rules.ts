import { db, pgError } from '@/testing/mocks';

/**
 * What migration 20261125000100 does on a patients write, for the mock: two live patients of a
 * clinic cannot share a messenger_id (23505 on patients_clinic_messenger_id_key), and a trigger
 * keeps messenger_contacts.patient_id in step with patients.messenger_id.
 */
export function mockMessengerLinkRules(): void {
  db.table('patients').check((row, { others }) => {
    if (row.deleted || row.messenger_id === null) return;
    const taken = others.some(
      (other) => !other.deleted && other.clinic_id === row.clinic_id && other.messenger_id === row.messenger_id,
    );
    if (taken)
      return pgError('23505', 'duplicate key value violates unique constraint "patients_clinic_messenger_id_key"', {
        details: `Key (clinic_id, messenger_id)=(${row.clinic_id}, ${row.messenger_id}) already exists.`,
      });
    // The trigger: this patient's contact is the one with its id; any other of its contacts is unlinked.
    db.table('messenger_contacts').update(
      (contact) =>
        contact.clinic_id === row.clinic_id && contact.patient_id === row.id && contact.psid !== row.messenger_id,
      { patient_id: null },
    );
    db.table('messenger_contacts').update(
      (contact) => contact.clinic_id === row.clinic_id && contact.psid === row.messenger_id,
      { patient_id: row.id },
    );
  });
}
