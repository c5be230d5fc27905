import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { PatientListItem } from '../model/api/patient-columns';
import type { PatientFields } from './patient-form';
import { savePatientEdit, type PatientEditDependencies } from './save-patient';

const STORED: PatientListItem = { id: 7, name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: null };
const OPENED: PatientFields = { name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: null };
/** The user changed the phone only. */
const EDIT = {
  typed: { name: 'Carla Reyes', phone: ' 0919 000 0000 ', messengerId: '' },
  fields: { name: 'Carla Reyes', phone: '0919 000 0000', messenger_id: null },
  opened: OPENED,
};

function fakes(options: { write?: PatientEditDependencies['write']; current?: PatientListItem | null } = {}) {
  const write = vi.fn(options.write ?? (async (fields: PatientFields) => ({ ...STORED, ...fields })));
  const readCurrent = vi.fn(async () => (options.current === undefined ? STORED : options.current));
  return { deps: { write, readCurrent } satisfies PatientEditDependencies, write, readCurrent };
}

afterEach(() => vi.restoreAllMocks());

describe('saving an edited patient', () => {
  it('when the patient is stored as the form saw it, then it writes the fields against that and says so', async () => {
    const fake = fakes();

    const outcome = await savePatientEdit(EDIT, fake.deps);

    expect(outcome).toEqual({
      type: 'saved',
      row: { id: 7, name: 'Carla Reyes', phone: '0919 000 0000', messenger_id: null },
      text: 'Patient updated!',
    });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when someone else saved it meanwhile, then it writes nothing more, says so, and keeps what was typed', async () => {
    const current = { ...STORED, name: 'Carla Reyes-Santos', messenger_id: '7100000000000009' };
    const fake = fakes({ write: async () => null, current });

    const outcome = await savePatientEdit(EDIT, fake.deps);

    expect(outcome).toEqual({
      type: 'changed-meanwhile',
      current,
      opened: { name: 'Carla Reyes-Santos', phone: '0919 777 0303', messenger_id: '7100000000000009' },
      values: { name: 'Carla Reyes-Santos', phone: ' 0919 000 0000 ', messengerId: '7100000000000009' },
      message: {
        tone: 'error',
        text: 'Someone else changed this patient while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
      },
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the patient was deleted meanwhile, then it says the patient no longer exists', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: async () => null, current: null });

    expect(await savePatientEdit(EDIT, fake.deps)).toEqual({
      type: 'gone',
      message: {
        tone: 'error',
        text: 'Error updating patient.',
        detail: 'This patient no longer exists. It may have been deleted in another tab or by another user.',
      },
    });
  });

  it('when the write fails, then it reports the spec’s text, with a second line when refused or nothing answered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = fakes({ write: () => Promise.reject(toRequestError({ code: '42501', message: 'denied' }, 403)) });
    const unreachable = fakes({ write: () => Promise.reject(new RequestError('unreachable')) });

    expect(await savePatientEdit(EDIT, refused.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Error updating patient.', detail: 'You do not have permission to change this.' },
    });
    expect(await savePatientEdit(EDIT, unreachable.deps)).toMatchObject({
      type: 'failed',
      message: { tone: 'error', text: 'Error updating patient.', detail: expect.any(String) },
    });
    expect(refused.readCurrent).not.toHaveBeenCalled();
  });

  it('when another patient has the typed Messenger ID, then it says so plainly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: () => Promise.reject(toRequestError({ code: '23505', message: 'taken' }, 409)) });

    expect(await savePatientEdit(EDIT, fake.deps)).toEqual({
      type: 'failed',
      message: {
        tone: 'error',
        text: 'Error updating patient.',
        detail: 'Another patient of this clinic already has this Messenger ID.',
      },
    });
  });

  it('when the fresh read fails, then it reports the spec’s text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: async () => null });
    fake.readCurrent.mockRejectedValue(toRequestError({ code: 'XX000', message: 'boom' }, 500));

    expect(await savePatientEdit(EDIT, fake.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Error updating patient.' },
    });
  });

  it('when the same patient’s save is in flight, then it does nothing more', async () => {
    const fake = fakes({ write: async () => ALREADY_PENDING });

    expect(await savePatientEdit(EDIT, fake.deps)).toEqual({ type: 'already-pending' });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
