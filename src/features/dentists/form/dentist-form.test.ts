import { describe, expect, it } from 'vitest';
import { dentistFormValuesOf, mergeConcurrentDentistEdit, storedDentistInput } from './dentist-form';

describe('an edit that meets a save made elsewhere meanwhile', () => {
  const opened = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0917', is_active: true };
  const current = { name: 'Dr. Beth Cruz-Reyes', email: 'beth@example.test', phone: '0917', is_active: false };

  it('takes the other save’s values where this form left the field as it was opened', () => {
    const typed = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0999', isActive: true };
    expect(mergeConcurrentDentistEdit(typed, opened, current)).toEqual({
      name: 'Dr. Beth Cruz-Reyes',
      email: 'beth@example.test',
      phone: '0999',
      isActive: false,
    });
  });

  it('keeps what was typed where both changed the field, and counts only a trimmed difference as a change', () => {
    const typed = { name: ' Dr. B. Cruz ', email: ' beth@example.test ', phone: '0917', isActive: false };
    expect(mergeConcurrentDentistEdit(typed, opened, { ...current, email: 'b@example.test' })).toEqual({
      name: ' Dr. B. Cruz ',
      email: 'b@example.test',
      phone: '0917',
      isActive: false,
    });
  });

  it('reads the stored dentist as the fields that are written', () => {
    const stored = { id: 4, clinic_id: 1, ...opened };
    expect(storedDentistInput(stored)).toEqual(opened);
  });
});

describe('the form as it opens', () => {
  it('starts from the dentist to edit, or empty and Active for Add', () => {
    const stored = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0917', is_active: false };
    expect(dentistFormValuesOf(stored)).toEqual({
      name: 'Dr. Beth Cruz',
      email: 'beth@example.test',
      phone: '0917',
      isActive: false,
    });
    expect(dentistFormValuesOf(undefined)).toEqual({ name: '', email: '', phone: '', isActive: true });
  });
});
