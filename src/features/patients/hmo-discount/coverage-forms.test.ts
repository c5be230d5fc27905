import { describe, expect, it } from 'vitest';
import { cardFormSchema, discountIdSchema, EMPTY_CARD_FORM } from './coverage-forms';

describe('the HMO card form', () => {
  it('needs an HMO and a member number, and sends blanks as null', () => {
    const refused = cardFormSchema.safeParse(EMPTY_CARD_FORM);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path[0])).toEqual(['hmoId', 'member']);

    const sent = cardFormSchema.parse({ ...EMPTY_CARD_FORM, hmoId: '3', member: ' MX-1 ', validUntil: '2026-12-31' });
    expect(sent).toEqual({
      hmo_id: 3,
      member_number: 'MX-1',
      company: null,
      valid_from: null,
      valid_until: '2026-12-31',
      note: null,
    });
  });
});

describe('the discount ID form', () => {
  it('clears both columns for None and needs a number with a type', () => {
    expect(discountIdSchema.parse({ type: '', number: 'left over' })).toEqual({
      discount_id_type: null,
      discount_id_number: null,
    });
    expect(discountIdSchema.safeParse({ type: 'pwd', number: '  ' }).success).toBe(false);
    expect(discountIdSchema.parse({ type: 'senior_citizen', number: ' SC-1 ' })).toEqual({
      discount_id_type: 'senior_citizen',
      discount_id_number: 'SC-1',
    });
  });
});
