import { describe, expect, it } from 'vitest';
import { entryStatusLabel, isOpenEntry, isShownByDefault, latestOffer, type OfferSummary } from './entry-status';

const MANILA = 'Asia/Manila';
const offer = (id: number, status: OfferSummary['status'], slot: string, created = '2030-01-08T01:00:00Z') => ({
  id,
  status,
  slot_time: slot,
  created_at: created,
});

describe('the Status column', () => {
  it('says Waiting for an entry never offered anything', () => {
    expect(entryStatusLabel({ status: 'waiting', offers: [] }, MANILA)).toEqual({ tone: 'waiting', text: 'Waiting' });
  });

  it('names the offered slot in clinic time', () => {
    const label = entryStatusLabel({ status: 'offered', offers: [offer(1, 'sent', '2030-01-09T02:00:00Z')] }, MANILA);
    expect(label).toEqual({ tone: 'offered', text: 'Offered Jan 9, 2030, 10:00 AM' });
  });

  it('names the booked slot, not a later one that went to someone else', () => {
    const label = entryStatusLabel(
      {
        status: 'booked',
        offers: [
          offer(1, 'booked', '2030-01-09T02:00:00Z', '2030-01-08T01:00:00Z'),
          offer(2, 'withdrawn', '2030-01-10T02:00:00Z', '2030-01-08T05:00:00Z'),
        ],
      },
      MANILA,
    );
    expect(label).toEqual({ tone: 'booked', text: 'Booked Jan 9, 2030, 10:00 AM' });
  });

  it('says Removed, whatever was offered', () => {
    expect(
      entryStatusLabel({ status: 'removed', offers: [offer(1, 'withdrawn', '2030-01-09T02:00:00Z')] }, MANILA),
    ).toEqual({ tone: 'removed', text: 'Removed' });
  });

  it('tells how the last offer of a waiting entry ended', () => {
    expect(entryStatusLabel({ status: 'waiting', offers: [offer(1, 'gone', '2030-01-09T02:00:00Z')] }, MANILA)).toEqual(
      { tone: 'waiting', text: 'Waiting', detail: 'Last offer Jan 9, 2030, 10:00 AM: taken by another patient' },
    );
    expect(
      entryStatusLabel({ status: 'waiting', offers: [offer(1, 'failed', '2030-01-09T02:00:00Z')] }, MANILA).detail,
    ).toBe('Last offer Jan 9, 2030, 10:00 AM: could not be sent');
  });

  it('writes the slot in the clinic’s zone, not the browser’s', () => {
    // 23:30 UTC is 7:30 AM the next day in Manila.
    const label = entryStatusLabel({ status: 'offered', offers: [offer(1, 'sent', '2030-01-08T23:30:00Z')] }, MANILA);
    expect(label.text).toBe('Offered Jan 9, 2030, 7:30 AM');
  });
});

describe('latestOffer', () => {
  it('picks the newest by creation, then by id, and leaves its input alone', () => {
    const offers = [
      offer(3, 'gone', '2030-01-09T02:00:00Z', '2030-01-08T01:00:00Z'),
      offer(5, 'sent', '2030-01-09T03:00:00Z', '2030-01-08T02:00:00Z'),
      offer(4, 'gone', '2030-01-09T04:00:00Z', '2030-01-08T02:00:00Z'),
    ];
    const copy = [...offers];
    expect(latestOffer(offers)?.id).toBe(5);
    expect(offers).toEqual(copy);
    expect(latestOffer([])).toBeNull();
  });
});

describe('isOpenEntry', () => {
  it('is true for waiting and offered entries only', () => {
    expect(['waiting', 'offered', 'booked', 'removed'].map((status) => isOpenEntry(status as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('an entry whose dates passed', () => {
  it('says Ended, and is history', () => {
    expect(entryStatusLabel({ status: 'ended', offers: [] }, MANILA)).toEqual({
      tone: 'removed',
      text: 'Ended',
      detail: 'Its dates passed without a slot',
    });
    expect(isOpenEntry('ended')).toBe(false);
    expect(isShownByDefault({ status: 'ended', offers: [] }, new Date('2030-01-09T02:00:00Z'))).toBe(false);
  });
});

describe('isShownByDefault', () => {
  const now = new Date('2030-01-09T02:00:00Z');
  it('shows open entries and bookings still ahead, not past bookings, ended or removed entries', () => {
    expect(isShownByDefault({ status: 'waiting', offers: [] }, now)).toBe(true);
    expect(isShownByDefault({ status: 'offered', offers: [] }, now)).toBe(true);
    expect(isShownByDefault({ status: 'booked', offers: [offer(1, 'booked', '2030-01-09T03:00:00Z')] }, now)).toBe(
      true,
    );
    expect(isShownByDefault({ status: 'booked', offers: [offer(1, 'booked', '2030-01-09T02:00:00Z')] }, now)).toBe(
      false,
    );
    expect(isShownByDefault({ status: 'booked', offers: [] }, now)).toBe(false);
    expect(isShownByDefault({ status: 'removed', offers: [] }, now)).toBe(false);
    expect(isShownByDefault({ status: 'ended', offers: [] }, now)).toBe(false);
  });
});
