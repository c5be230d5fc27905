import { describe, expect, it } from 'vitest';
import { hmoCardNotice, hmoCardStatusNotice } from './hmo-cards';

describe('the booking form’s HMO card notice', () => {
  it('says nothing for a patient without cards or with a valid card', () => {
    expect(hmoCardNotice([])).toBeNull();
    expect(
      hmoCardNotice([
        { hmo_name: 'Maxicare', status: 'valid' },
        { hmo_name: 'Maxicare', status: 'expired' },
      ]),
    ).toBeNull();
  });

  it('flags an expired card, and a card without validity dates before it', () => {
    expect(hmoCardNotice([{ hmo_name: 'Intellicare', status: 'expired' }])).toBe(
      'Intellicare card expired on this day: ask for the renewed card.',
    );
    expect(
      hmoCardNotice([
        { hmo_name: 'Intellicare', status: 'expired' },
        { hmo_name: 'Maxicare', status: 'validity_missing' },
      ]),
    ).toBe('Maxicare card has no validity dates recorded: check them on the card.');
  });

  it('says nothing for a card not valid yet or of an HMO no longer accepted', () => {
    expect(hmoCardNotice([{ hmo_name: 'PhilCare', status: 'not_yet_valid' }])).toBeNull();
    expect(hmoCardNotice([{ hmo_name: 'PhilCare', status: 'hmo_inactive' }])).toBeNull();
  });
});

describe('why a card cannot be used on a day (billing)', () => {
  it('says it for every status but valid', () => {
    expect(hmoCardStatusNotice({ hmo_name: 'Maxicare', status: 'valid' })).toBeNull();
    expect(hmoCardStatusNotice({ hmo_name: 'Intellicare', status: 'expired' })).toBe(
      'Intellicare card expired on this day: ask for the renewed card.',
    );
    expect(hmoCardStatusNotice({ hmo_name: 'PhilCare', status: 'not_yet_valid' })).toBe(
      'PhilCare card is not valid yet on this day: check its dates.',
    );
    expect(hmoCardStatusNotice({ hmo_name: 'PhilCare', status: 'hmo_inactive' })).toBe(
      'The clinic no longer accepts PhilCare: the card cannot be used.',
    );
    expect(hmoCardStatusNotice({ hmo_name: 'Maxicare', status: 'validity_missing' })).toBe(
      'Maxicare card has no validity dates recorded: check them on the card.',
    );
  });
});
