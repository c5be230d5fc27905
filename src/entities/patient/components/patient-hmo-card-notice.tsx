import type { ReactNode } from 'react';
import type { HmoCardStatus } from '@/lib/database.types';
import { usePatientHmoCards } from '../api/hmo-cards';
import { HMO_CARD_STATUS_TEXT, hmoCardNotice } from '../hmo-cards';
import './hmo-card.css';

/**
 * A small notice in a form booking a patient on a day (the booking form): the patient's HMO card
 * is expired that day, or has no validity dates. Nothing while loading, without a card, or with a
 * valid one; it never blocks the booking.
 */
export function PatientHmoCardNotice({
  clinicId,
  patientId,
  day,
}: {
  clinicId: number;
  patientId: number | null;
  day: string | null;
}) {
  const cards = usePatientHmoCards(clinicId, patientId, day);
  const notice = cards.data ? hmoCardNotice(cards.data) : null;
  return notice ? <HmoCardNotice>{notice}</HmoCardNotice> : null;
}

/** The notice's look, wherever a form says something about a patient's HMO card (booking, billing). */
export function HmoCardNotice({ children }: { children: ReactNode }) {
  return (
    <p className="hmo-card-notice" role="status">
      {children}
    </p>
  );
}

/** A card's status on the day it was read, as a badge ('Valid', 'Expired', …). */
export function HmoCardStatusBadge({ status }: { status: HmoCardStatus }) {
  const tone = status === 'valid' ? ' is-valid' : status === 'expired' ? ' is-expired' : '';
  return <span className={`hmo-card-status${tone}`}>{HMO_CARD_STATUS_TEXT[status]}</span>;
}
