/**
 * The HMO card and discount ID forms' input rules: what must be filled in and how long it may be
 * (the database's column limits). Whether the dates are in order, the HMO still accepted and the
 * ID complete is the database's to say (…_hmo_coverage.sql); its refusal codes are worded in
 * src/lib/refusal-text.ts.
 */
import { z } from 'zod';
import type { DiscountIdType } from '@/lib/database.types';
import { COVERAGE_TEXT } from './messages';

export const CARD_LIMITS = { member: 50, company: 200, note: 500 } as const;

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const length = (text: string) => [...text.trim()].length;

export interface CardFields {
  hmo_id: number;
  member_number: string;
  company: string | null;
  valid_from: string | null;
  valid_until: string | null;
  note: string | null;
}

export const EMPTY_CARD_FORM = { hmoId: '', member: '', company: '', validFrom: '', validUntil: '', note: '' };

export const cardFormSchema = z
  .object({
    hmoId: z.string(),
    member: z.string(),
    company: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    note: z.string(),
  })
  .superRefine((values, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (values.hmoId === '') issue('hmoId', COVERAGE_TEXT.hmoRequired);
    if (values.member.trim() === '') issue('member', COVERAGE_TEXT.memberRequired);
    else if (length(values.member) > CARD_LIMITS.member)
      issue('member', COVERAGE_TEXT.tooLong(COVERAGE_TEXT.member, CARD_LIMITS.member));
    if (length(values.company) > CARD_LIMITS.company)
      issue('company', COVERAGE_TEXT.tooLong(COVERAGE_TEXT.company, CARD_LIMITS.company));
    if (length(values.note) > CARD_LIMITS.note)
      issue('note', COVERAGE_TEXT.tooLong(COVERAGE_TEXT.note, CARD_LIMITS.note));
  })
  .transform((values): CardFields => ({
    hmo_id: Number(values.hmoId),
    member_number: values.member.trim(),
    company: blankToNull(values.company),
    valid_from: values.validFrom || null,
    valid_until: values.validUntil || null,
    note: blankToNull(values.note),
  }));

export interface DiscountIdFields {
  discount_id_type: DiscountIdType | null;
  discount_id_number: string | null;
}

/** None clears both; a type needs its number. */
export const discountIdSchema = z
  .object({ type: z.enum(['', 'senior_citizen', 'pwd']), number: z.string() })
  .superRefine((values, context) => {
    if (values.type !== '' && values.number.trim() === '')
      context.addIssue({ code: 'custom', path: ['number'], message: COVERAGE_TEXT.discountNumberRequired });
  })
  .transform((values): DiscountIdFields =>
    values.type === ''
      ? { discount_id_type: null, discount_id_number: null }
      : { discount_id_type: values.type, discount_id_number: values.number.trim() },
  );
