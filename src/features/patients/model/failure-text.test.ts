import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import { failureText } from './failure-text';

describe('a failed patient request as the message to show', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the patient is gone under the spec text, for P0002 or an update that hit no row', () => {
    const gone = 'This patient no longer exists. It may have been deleted in another tab or by another user.';
    expect(failureText(toRequestError({ code: 'P0002' }, 400), 'Error deleting patient.')).toEqual({
      tone: 'error',
      text: 'Error deleting patient.',
      detail: gone,
    });
    expect(failureText(new RequestError('gone'), 'Error updating patient.')).toEqual({
      tone: 'error',
      text: 'Error updating patient.',
      detail: gone,
    });
  });

  it('adds a second line when the server could not be reached, and logs the failure', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(failureText(toRequestError({ code: '' }, 0), 'Error creating patient.')).toEqual({
      tone: 'error',
      text: 'Error creating patient.',
      detail: 'Could not reach the server. Check your connection and try again.',
    });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("shows the spec's text alone for any other failure", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(failureText(toRequestError({ code: 'XX000' }, 500), 'Error updating patient.')).toEqual({
      tone: 'error',
      text: 'Error updating patient.',
    });
    expect(failureText(new Error('boom'), 'Error deleting patient.')).toEqual({
      tone: 'error',
      text: 'Error deleting patient.',
    });
  });
});
