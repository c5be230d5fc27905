import { describe, expect, it, vi } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { ClinicSettings } from '../model/api/get-clinic';
import type { ClinicFormValues, ClinicPayload } from '../model/clinic-form';
import { saveClinicEdit, type ClinicEditDependencies } from './save-clinic-edit';

const OPENED: ClinicPayload = {
  name: 'Smile Dental',
  reminder_time: '09:00:00',
  recall_interval_months: 6,
  vat_registered: false,
  address: '12 Rizal St., Makati',
  contact_email: 'hello@smile.example',
  contact_phone: '0917 555 0101',
};
const STORED: ClinicSettings = {
  ...OPENED,
  id: 1,
  fb_page_id: '1000000000000001',
  fb_page_name: 'Smile Dental',
  messenger_page_id: '1000000000000001',
  page_token_hint: 'demo',
};
/** The user changed the phone only. */
const TYPED: ClinicFormValues = {
  name: 'Smile Dental',
  reminderTime: '09:00',
  recallMonths: '6',
  vatRegistered: false,
  address: '12 Rizal St., Makati',
  email: 'hello@smile.example',
  phone: ' 0918 555 0202 ',
};
const EDIT = {
  typed: TYPED,
  fields: { ...OPENED, reminder_time: '09:00', contact_phone: '0918 555 0202' },
  opened: OPENED,
};

function fakes(options: { write?: ClinicEditDependencies['write']; current?: () => Promise<ClinicSettings> } = {}) {
  const write = vi.fn(options.write ?? (async (fields: ClinicPayload) => ({ ...STORED, ...fields })));
  const readCurrent = vi.fn(options.current ?? (async () => STORED));
  return { deps: { write, readCurrent } satisfies ClinicEditDependencies, write, readCurrent };
}

describe('Update Clinic', () => {
  it('when the clinic is stored as the form saw it, then it writes the fields against that', async () => {
    const fake = fakes();
    const outcome = await saveClinicEdit(EDIT, fake.deps);
    expect(outcome).toEqual({ type: 'saved', row: { ...STORED, ...EDIT.fields } });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when someone else saved it meanwhile, then it writes nothing more, says so, and keeps what was typed', async () => {
    const current = { ...STORED, reminder_time: '07:15:00', vat_registered: true };
    const fake = fakes({ write: async () => null, current: async () => current });

    const outcome = await saveClinicEdit(EDIT, fake.deps);

    expect(outcome).toEqual({
      type: 'changed-meanwhile',
      current,
      opened: { ...OPENED, reminder_time: '07:15:00', vat_registered: true },
      values: { ...TYPED, reminderTime: '07:15', vatRegistered: true },
      message: {
        tone: 'error',
        text: "Someone else changed this clinic's settings while you were editing. The form now shows their changes, with yours kept: check it, then save again.",
      },
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the clinic can no longer be read, then it is the spec’s failure with why', async () => {
    const fake = fakes({
      write: async () => null,
      current: async () => {
        throw new RequestError('gone');
      },
    });
    expect(await saveClinicEdit(EDIT, fake.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Failed to save clinic.', detail: 'This clinic is no longer available.' },
    });
  });

  it('when the database refuses the write, then it is the spec’s failure with the kind of refusal', async () => {
    const fake = fakes({
      write: async () => {
        throw toRequestError({ code: '42501', message: 'permission denied' }, 403);
      },
    });
    expect(await saveClinicEdit(EDIT, fake.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Failed to save clinic.', detail: 'Your role may not do this.' },
    });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
