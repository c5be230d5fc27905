import { describe, expect, it } from 'vitest';
import {
  checkClinicForm,
  CLINIC_LIMITS,
  EMPTY_CLINIC_FORM,
  formValuesOf,
  isConnected,
  mergeConcurrentClinicEdit,
  parseReminderTime,
  saveConfirmation,
  storedFieldsOf,
  tokenFieldText,
  type ClinicFormValues,
  type ClinicPayload,
} from './clinic-form';

const valid: ClinicFormValues = {
  name: 'Smile Dental',
  reminderTime: '08:30',
  recallMonths: '6',
  vatRegistered: false,
  address: '12 Rizal St., Makati',
  email: 'hello@smile.example',
  phone: '0917 555 0101',
};

describe('parseReminderTime', () => {
  it('shows a stored HH:MM:SS time as HH:MM', () => {
    expect(parseReminderTime('09:00:00')).toBe('09:00');
    expect(parseReminderTime('17:45:30')).toBe('17:45');
    expect(parseReminderTime('23:59:59.5')).toBe('23:59');
  });

  it('keeps an HH:MM time as typed', () => {
    expect(parseReminderTime('07:05')).toBe('07:05');
    expect(parseReminderTime(' 00:00 ')).toBe('00:00');
  });

  it('answers null for anything that is not a time of day', () => {
    for (const text of ['', '24:00', '9:00', '12:60', '12:30:61', 'noon', null, undefined]) {
      expect(parseReminderTime(text)).toBeNull();
    }
  });
});

describe('formValuesOf', () => {
  it('starts a new clinic blank, with the database default reminder time', () => {
    expect(formValuesOf(null)).toEqual(EMPTY_CLINIC_FORM);
    expect(EMPTY_CLINIC_FORM.reminderTime).toBe('09:00');
  });

  it('shows a stored clinic with blanks for the fields it does not have', () => {
    expect(
      formValuesOf({
        name: 'Bright Teeth',
        reminder_time: '10:15:00',
        address: null,
        contact_email: 'bright@example.test',
        contact_phone: null,
      }),
    ).toEqual({
      name: 'Bright Teeth',
      reminderTime: '10:15',
      recallMonths: '6',
      vatRegistered: false,
      address: '',
      email: 'bright@example.test',
      phone: '',
    });
  });
});

describe('checkClinicForm', () => {
  it('when every field is right, then the payload is trimmed and has the time as HH:MM', () => {
    expect(checkClinicForm({ ...valid, name: '  Smile Dental  ', phone: ' 0917 555 0101 ' })).toEqual({
      ok: true,
      payload: {
        name: 'Smile Dental',
        reminder_time: '08:30',
        recall_interval_months: 6,
        vat_registered: false,
        address: '12 Rizal St., Makati',
        contact_email: 'hello@smile.example',
        contact_phone: '0917 555 0101',
      },
    });
    expect(checkClinicForm({ ...valid, vatRegistered: true })).toMatchObject({ payload: { vat_registered: true } });
  });

  it('when the recall interval is not a whole number of months from 1 to 36, then it is refused', () => {
    const error = 'Recall Interval must be a whole number of months from 1 to 36.';
    for (const recallMonths of ['0', '37', '2.5', '-1', 'six'])
      expect(checkClinicForm({ ...valid, recallMonths })).toEqual({ ok: false, errors: { recallMonths: error } });
    expect(checkClinicForm({ ...valid, recallMonths: ' ' })).toEqual({
      ok: false,
      errors: { recallMonths: 'Recall Interval is required.' },
    });
    expect(checkClinicForm({ ...valid, recallMonths: '36' })).toMatchObject({
      ok: true,
      payload: { recall_interval_months: 36 },
    });
  });

  it('when optional fields are blank or only spaces, then they are sent as null, never empty text', () => {
    const check = checkClinicForm({ ...valid, address: '   ', email: '', phone: ' ' });
    expect(check).toEqual({
      ok: true,
      payload: expect.objectContaining({ address: null, contact_email: null, contact_phone: null }),
    });
  });

  it('when the name or the reminder time is missing, then each says it is required', () => {
    expect(checkClinicForm({ ...valid, name: '   ', reminderTime: '' })).toEqual({
      ok: false,
      errors: { name: 'Clinic Name is required.', reminderTime: 'Reminder Time is required.' },
    });
  });

  it('when the reminder time is not a time of day, then it says so', () => {
    expect(checkClinicForm({ ...valid, reminderTime: '25:00' })).toEqual({
      ok: false,
      errors: { reminderTime: 'Reminder Time must be a time of day, like 09:00.' },
    });
  });

  it('when the e-mail has no @ or no domain, then it is refused', () => {
    for (const email of ['smile', 'smile@', '@smile.example', 'smile@clinic', 'a b@smile.example']) {
      expect(checkClinicForm({ ...valid, email })).toEqual({
        ok: false,
        errors: { email: 'Contact Email must be an e-mail address, like clinic@example.com.' },
      });
    }
  });

  it('accepts each field at its database limit and refuses one character more', () => {
    const atLimit = {
      ...valid,
      name: 'N'.repeat(CLINIC_LIMITS.name),
      address: 'A'.repeat(CLINIC_LIMITS.address),
      email: `${'e'.repeat(CLINIC_LIMITS.email - 12)}@example.com`,
      phone: '1'.repeat(CLINIC_LIMITS.phone),
    };
    expect(checkClinicForm(atLimit).ok).toBe(true);
    expect(
      checkClinicForm({
        ...atLimit,
        name: `${atLimit.name}N`,
        address: `${atLimit.address}A`,
        email: `e${atLimit.email}`,
        phone: `${atLimit.phone}1`,
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Clinic Name must be at most 200 characters.',
        address: 'Address must be at most 500 characters.',
        email: 'Contact Email must be at most 320 characters.',
        phone: 'Contact Phone must be at most 50 characters.',
      },
    });
  });

  it('counts characters as the database does: an emoji is one character', () => {
    expect(checkClinicForm({ ...valid, name: '😀'.repeat(CLINIC_LIMITS.name) }).ok).toBe(true);
  });
});

describe('saveConfirmation', () => {
  it('asks "Add Clinic?" for a new clinic and "Update Clinic Info?" for an existing one', () => {
    expect(saveConfirmation(true, 'Ngiti North')).toMatchObject({ title: 'Add Clinic?', confirmText: 'Yes, Add' });
    expect(saveConfirmation(false, 'Smile Dental')).toMatchObject({
      title: 'Update Clinic Info?',
      confirmText: 'Yes, Update',
    });
  });
});

describe('the token field and the connection', () => {
  it('shows the stored hint behind a mask, or Not connected', () => {
    expect(tokenFieldText('abcd')).toBe('••••••••abcd');
    expect(tokenFieldText('••••••••abcd')).toBe('••••••••abcd');
    expect(tokenFieldText(null)).toBe('Not connected');
    expect(tokenFieldText(' ')).toBe('Not connected');
  });

  it('is connected only with both a page and a stored token', () => {
    expect(isConnected({ fb_page_id: '1000000000000001', page_token_hint: 'demo' })).toBe(true);
    expect(isConnected({ fb_page_id: '1000000000000001', page_token_hint: null })).toBe(false);
    expect(isConnected({ fb_page_id: null, page_token_hint: 'demo' })).toBe(false);
    expect(isConnected(null)).toBe(false);
  });
});

describe('an Update Clinic that meets a save made elsewhere meanwhile', () => {
  const opened: ClinicPayload = {
    name: 'Smile Dental',
    reminder_time: '08:30:00',
    recall_interval_months: 6,
    vat_registered: false,
    address: '12 Rizal St., Makati',
    contact_email: 'hello@smile.example',
    contact_phone: '0917 555 0101',
  };
  const current: ClinicPayload = {
    name: 'Smile Dental Makati',
    reminder_time: '07:15:00',
    recall_interval_months: 12,
    vat_registered: true,
    address: null,
    contact_email: 'front@smile.example',
    contact_phone: '0917 555 0999',
  };

  it('takes the other save’s values where this form left the field as it was opened', () => {
    expect(mergeConcurrentClinicEdit({ ...valid, phone: '0918 555 0202' }, opened, current)).toEqual({
      name: 'Smile Dental Makati',
      reminderTime: '07:15',
      recallMonths: '12',
      vatRegistered: true,
      address: '',
      email: 'front@smile.example',
      phone: '0918 555 0202',
    });
  });

  it('keeps what was typed where both changed a field; spaces, seconds and a leading zero are no change', () => {
    const typed: ClinicFormValues = {
      name: ' Smile Dental ',
      reminderTime: '08:30',
      recallMonths: '06',
      vatRegistered: true,
      address: '  ',
      email: 'hello@smile.example ',
      phone: '0917 555 0101',
    };
    expect(mergeConcurrentClinicEdit(typed, opened, current)).toEqual({
      name: 'Smile Dental Makati',
      reminderTime: '07:15',
      recallMonths: '12',
      vatRegistered: true,
      address: '  ',
      email: 'front@smile.example',
      phone: '0917 555 0999',
    });
  });

  it('reads the stored clinic as the columns that are written, the time as the database gives it', () => {
    expect(storedFieldsOf({ ...current, id: 1, fb_page_id: null } as ClinicPayload)).toEqual(current);
  });
});
