import { describe, expect, it } from 'vitest';
import { formValuesOf, mergeConcurrentEdit, storedFieldsOf } from './patient-form';

describe('the Edit Patient form', () => {
  it('starts from the stored patient, with a missing messenger id as an empty input', () => {
    expect(formValuesOf({ name: 'Ben', phone: '0918', messenger_id: null })).toEqual({
      name: 'Ben',
      phone: '0918',
      messengerId: '',
    });
  });
});

describe('an edit that meets a save made elsewhere meanwhile', () => {
  const opened = { name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: null };
  const current = { name: 'Carla Reyes-Santos', phone: '0919 777 0303', messenger_id: '7100000000000009' };

  it('takes the other save’s values where this form left the field as it was opened', () => {
    const typed = { name: 'Carla Reyes', phone: '0919 000 0000', messengerId: '' };
    expect(mergeConcurrentEdit(typed, opened, current)).toEqual({
      name: 'Carla Reyes-Santos',
      phone: '0919 000 0000',
      messengerId: '7100000000000009',
    });
  });

  it('keeps what was typed where both changed the field, and counts only a trimmed difference as a change', () => {
    const typed = { name: ' Carla R. ', phone: ' 0919 777 0303 ', messengerId: ' ' };
    expect(mergeConcurrentEdit(typed, opened, current)).toEqual({
      name: ' Carla R. ',
      phone: '0919 777 0303',
      messengerId: '7100000000000009',
    });
  });

  it('reads the stored patient as the fields that are written', () => {
    expect(storedFieldsOf({ name: 'Ana', phone: '0917', messenger_id: null })).toEqual({
      name: 'Ana',
      phone: '0917',
      messenger_id: null,
    });
  });
});
