/**
 * How a patient's HMO cards read: the words for each status the database gives
 * (public.hmo_card_status, the one rule of a card on a clinic day) and which notice, if any, a
 * form booking that patient on a day shows. Pure: the status comes from SQL, never from dates here.
 */
import type { HmoCardStatus } from '@/lib/database.types';

export const HMO_CARD_STATUS_TEXT: Readonly<Record<HmoCardStatus, string>> = {
  valid: 'Valid',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
  validity_missing: 'Validity not recorded',
  hmo_inactive: 'HMO no longer accepted',
};

export const HMO_CARD_NOTICE_TEXT = {
  expired: (hmo: string) => `${hmo} card expired on this day: ask for the renewed card.`,
  validityMissing: (hmo: string) => `${hmo} card has no validity dates recorded: check them on the card.`,
  notYetValid: (hmo: string) => `${hmo} card is not valid yet on this day: check its dates.`,
  hmoInactive: (hmo: string) => `The clinic no longer accepts ${hmo}: the card cannot be used.`,
} as const;

/** Why a card that is not valid on a day cannot be used, in words; null for a valid card. */
export function hmoCardStatusNotice(card: HmoCardOnDay): string | null {
  switch (card.status) {
    case 'valid':
      return null;
    case 'expired':
      return HMO_CARD_NOTICE_TEXT.expired(card.hmo_name);
    case 'validity_missing':
      return HMO_CARD_NOTICE_TEXT.validityMissing(card.hmo_name);
    case 'not_yet_valid':
      return HMO_CARD_NOTICE_TEXT.notYetValid(card.hmo_name);
    case 'hmo_inactive':
      return HMO_CARD_NOTICE_TEXT.hmoInactive(card.hmo_name);
  }
}

export interface HmoCardOnDay {
  hmo_name: string;
  status: HmoCardStatus;
}

/**
 * The booking form's notice for the patient's cards on the booked day: none while a card is valid
 * (or the patient has no card); else a card without validity dates, else an expired one. It
 * never blocks the booking.
 */
export function hmoCardNotice(cards: readonly HmoCardOnDay[]): string | null {
  if (cards.length === 0 || cards.some((card) => card.status === 'valid')) return null;
  const missing = cards.find((card) => card.status === 'validity_missing');
  if (missing) return hmoCardStatusNotice(missing);
  const expired = cards.find((card) => card.status === 'expired');
  return expired ? hmoCardStatusNotice(expired) : null;
}
