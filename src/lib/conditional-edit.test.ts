import { describe, expect, it, vi } from 'vitest';
import { saveConditionalEdit, type ConditionalEditSteps } from './conditional-edit';
import { ALREADY_PENDING } from './keyed-guard';
import { RequestError } from './request-error';

interface Row {
  id: number;
  title: string;
  note: string;
}
type Fields = Omit<Row, 'id'>;

const OPENED: Fields = { title: 'Cleaning', note: '' };
/** The user changed the note only. */
const EDIT = {
  typed: { title: 'Cleaning', note: ' call first ' },
  fields: { title: 'Cleaning', note: 'call first' },
  opened: OPENED,
};

function steps(write: ConditionalEditSteps<Fields, Row, Fields>['write'], current: Row | null = null) {
  return {
    write: vi.fn(write),
    readCurrent: vi.fn(async () => current),
    storedFieldsOf: ({ title, note }: Row) => ({ title, note }),
    // Theirs where this user changed nothing, the typed value elsewhere.
    merge: (typed: Fields, opened: Fields, now: Fields) => ({
      title: typed.title === opened.title ? now.title : typed.title,
      note: typed.note.trim() === opened.note ? now.note : typed.note,
    }),
  };
}

describe('saving an edit that another user may have saved meanwhile', () => {
  it('when the record is stored as the form saw it, then it writes against that and hands back the row', async () => {
    const fake = steps(async (fields) => ({ id: 1, ...fields }));

    expect(await saveConditionalEdit(EDIT, fake)).toEqual({ type: 'saved', row: { id: 1, ...EDIT.fields } });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when it was saved elsewhere meanwhile, then it reads it again and merges their values with the typed ones', async () => {
    const current = { id: 1, title: 'Deep cleaning', note: '' };

    expect(
      await saveConditionalEdit(
        EDIT,
        steps(async () => null, current),
      ),
    ).toEqual({
      type: 'changed-meanwhile',
      current,
      opened: { title: 'Deep cleaning', note: '' },
      values: { title: 'Deep cleaning', note: ' call first ' },
    });
  });

  it('when the record is still stored as the form saw it yet the write matched nothing, then the write was refused', async () => {
    // Row-level security let the caller read the record but filtered it out of the update: no error, no row.
    const refused = await saveConditionalEdit(
      EDIT,
      steps(async () => null, { id: 1, ...OPENED }),
    );

    expect(refused).toEqual({ type: 'failed', error: new RequestError('forbidden') });
    expect(refused.type === 'failed' && refused.error instanceof RequestError && refused.error.kind).toBe('forbidden');
  });

  it('compares the fields by value: any one of them changed, even inside a list, is a save made elsewhere', async () => {
    interface Tagged {
      id: number;
      title: string;
      tags: string[];
    }
    type TaggedFields = Omit<Tagged, 'id'>;
    const opened: TaggedFields = { title: 'Cleaning', tags: ['kids', 'fluoride'] };
    const outcomeWhenStored = (current: Tagged) =>
      saveConditionalEdit<TaggedFields, Tagged, TaggedFields>(
        { typed: { ...opened, title: 'Deep cleaning' }, fields: { ...opened, title: 'Deep cleaning' }, opened },
        {
          write: async () => null,
          readCurrent: async () => current,
          storedFieldsOf: ({ title, tags }) => ({ title, tags: [...tags] }),
          merge: (typed) => typed,
        },
      );

    expect((await outcomeWhenStored({ id: 1, title: 'Cleaning', tags: ['kids', 'fluoride'] })).type).toBe('failed');
    expect((await outcomeWhenStored({ id: 1, title: 'Cleaning', tags: ['kids'] })).type).toBe('changed-meanwhile');
    expect((await outcomeWhenStored({ id: 1, title: 'Cleaning', tags: ['fluoride', 'kids'] })).type).toBe(
      'changed-meanwhile',
    );
  });

  it('when the record is gone, by the read or by a request saying so, then it is gone', async () => {
    const deleted = new RequestError('gone');

    expect(
      await saveConditionalEdit(
        EDIT,
        steps(async () => null, null),
      ),
    ).toEqual({
      type: 'gone',
      error: new RequestError('gone'),
    });
    expect(
      await saveConditionalEdit(
        EDIT,
        steps(() => Promise.reject(deleted)),
      ),
    ).toEqual({ type: 'gone', error: deleted });
  });

  it('when a request fails otherwise, or the same save is in flight, then it says so and writes nothing more', async () => {
    const broken = new RequestError('unreachable');
    const pending = steps(async () => ALREADY_PENDING);

    expect(
      await saveConditionalEdit(
        EDIT,
        steps(() => Promise.reject(broken)),
      ),
    ).toEqual({ type: 'failed', error: broken });
    expect(await saveConditionalEdit(EDIT, pending)).toEqual({ type: 'already-pending' });
    expect(pending.readCurrent).not.toHaveBeenCalled();
  });
});
