/**
 * What the Status column says of an entry (pure): Waiting, Offered <slot>, Booked <slot>, Ended
 * (its dates passed) or Removed, from the entry's status and its latest offer. The slot is written in clinic time.
 */
import { formatClinicDateTimeShort } from '@common/clinic-calendar';
import type { WaitlistEntryStatus, WaitlistOfferStatus } from '@common/contract';

export interface OfferSummary {
  id: number;
  slot_time: string;
  status: WaitlistOfferStatus;
  created_at: string;
}

export interface EntryStatusLabel {
  tone: 'waiting' | 'offered' | 'booked' | 'removed';
  text: string;
  /** For a Waiting entry that was offered a slot before: how that offer ended. */
  detail?: string;
}

const ENDED_OFFER: Partial<Record<WaitlistOfferStatus, string>> = {
  gone: 'taken by another patient',
  expired: 'not answered in time',
  failed: 'could not be sent',
};

/** The latest offer (by created_at, then id); null without any. Does not change `offers`. */
export function latestOffer(offers: readonly OfferSummary[]): OfferSummary | null {
  let latest: OfferSummary | null = null;
  for (const offer of offers) {
    if (
      !latest ||
      offer.created_at > latest.created_at ||
      (offer.created_at === latest.created_at && offer.id > latest.id)
    )
      latest = offer;
  }
  return latest;
}

export function entryStatusLabel(
  entry: { status: WaitlistEntryStatus; offers: readonly OfferSummary[] },
  timeZone: string,
): EntryStatusLabel {
  const offer = latestOffer(entry.offers);
  const slot = (row: OfferSummary) => formatClinicDateTimeShort(new Date(row.slot_time), timeZone);
  switch (entry.status) {
    case 'offered': {
      const open = entry.offers.filter((row) => row.status === 'sending' || row.status === 'sent');
      const shown = latestOffer(open) ?? offer;
      return { tone: 'offered', text: shown ? `Offered ${slot(shown)}` : 'Offered' };
    }
    case 'booked': {
      const booked = latestOffer(entry.offers.filter((row) => row.status === 'booked'));
      return { tone: 'booked', text: booked ? `Booked ${slot(booked)}` : 'Booked' };
    }
    case 'removed':
      return { tone: 'removed', text: 'Removed' };
    case 'ended':
      return { tone: 'removed', text: 'Ended', detail: 'Its dates passed without a slot' };
    case 'waiting': {
      const ended = offer ? ENDED_OFFER[offer.status] : undefined;
      return offer && ended
        ? { tone: 'waiting', text: 'Waiting', detail: `Last offer ${slot(offer)}: ${ended}` }
        : { tone: 'waiting', text: 'Waiting' };
    }
  }
}

/** Open entries (Waiting or Offered) can still be removed by staff. */
export function isOpenEntry(status: WaitlistEntryStatus): boolean {
  return status === 'waiting' || status === 'offered';
}

/**
 * Whether the list shows an entry without 'Show booked and removed': open entries, and booked
 * ones whose slot is still ahead (the outcome staff want to see); the rest is history.
 */
export function isShownByDefault(
  entry: { status: WaitlistEntryStatus; offers: readonly OfferSummary[] },
  now: Date,
): boolean {
  if (isOpenEntry(entry.status)) return true;
  if (entry.status !== 'booked') return false;
  const booked = latestOffer(entry.offers.filter((row) => row.status === 'booked'));
  return booked !== null && Date.parse(booked.slot_time) > now.getTime();
}
