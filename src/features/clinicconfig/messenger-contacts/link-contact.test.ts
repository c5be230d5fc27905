import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError } from '@/lib/request-error';
import {
  linkChangedText,
  linkConfirmText,
  linkFailureText,
  linkPatientPattern,
  linkReplacesMessengerId,
  normalizeLinkTerm,
} from './link-contact';

describe('the patient search of Link to patient', () => {
  it('matches the typed name as a literal substring, with LIKE’s wildcards escaped', () => {
    expect(linkPatientPattern('  ana   santos ')).toBe('*ana santos*');
    expect(linkPatientPattern('50%_off*\\')).toBe('*50\\%\\_off\\*\\\\*');
    expect(linkPatientPattern('   ')).toBeUndefined();
  });

  it('sends at most 100 characters', () => {
    expect(normalizeLinkTerm('a'.repeat(150))).toHaveLength(100);
  });
});

describe('the confirmation of a link', () => {
  const psid = '7000000000000001';

  it('asks plainly when the patient has no Messenger ID or already this one', () => {
    expect(linkReplacesMessengerId({ messenger_id: null }, psid)).toBe(false);
    expect(linkReplacesMessengerId({ messenger_id: psid }, psid)).toBe(false);
    expect(linkConfirmText('Maria Cruz', { name: 'Ana Santos', messenger_id: null }, psid)).toBe(
      'Link the Messenger contact Maria Cruz to Ana Santos?',
    );
  });

  it('says the patient’s other Messenger ID will be replaced', () => {
    expect(linkReplacesMessengerId({ messenger_id: '123' }, psid)).toBe(true);
    expect(linkConfirmText('Maria Cruz', { name: 'Ana Santos', messenger_id: '123' }, psid)).toBe(
      'Link the Messenger contact Maria Cruz to Ana Santos? Ana Santos is already linked to another Messenger ID. ' +
        'Linking replaces it: reminders will go to this contact instead.',
    );
  });
});

describe('a failed link as the reason shown', () => {
  it('names the contact already linked to another patient for a unique violation', () => {
    expect(linkFailureText(toRequestError({ code: '23505' }, 409))).toBe(
      'This Messenger contact is already linked to another patient.',
    );
  });

  it('tells a deleted patient, a refusal and a lost connection apart from any other failure', () => {
    expect(linkFailureText(new RequestError('gone'))).toBe(
      'This patient no longer exists. It may have been deleted in another tab or by another user.',
    );
    expect(linkFailureText(toRequestError({ code: '42501' }, 403))).toBe(
      'You do not have permission to change this patient.',
    );
    expect(linkFailureText(toRequestError({ code: '' }, 0))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(linkFailureText(new Error('boom'))).toBe('Could not link the contact. Please try again.');
  });
});

describe('a link that found the patient’s Messenger ID changed meanwhile', () => {
  it('names whom the patient is linked to now: the sender when the page knows them, else the ID', () => {
    const ana = { name: 'Ana Santos', messenger_id: '7000000000000009' };
    expect(linkChangedText(ana, 'Pedro Reyes')).toBe(
      'Nothing was linked: someone else linked Ana Santos to the Messenger contact Pedro Reyes meanwhile. ' +
        'Link again to replace that link, or choose another patient.',
    );
    expect(linkChangedText(ana, null)).toBe(
      'Nothing was linked: someone else linked Ana Santos to Messenger ID 7000000000000009 meanwhile. ' +
        'Link again to replace that link, or choose another patient.',
    );
  });

  it('says when the link the confirmation warned of was removed', () => {
    expect(linkChangedText({ name: 'Ben Cruz', messenger_id: null }, null)).toBe(
      'Nothing was linked: Ben Cruz was unlinked from Messenger meanwhile. Link again to link this contact, or choose another patient.',
    );
  });
});
