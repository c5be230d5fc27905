import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { RequestError, toRequestError } from '@/lib/request-error';
import { BOOKING_EXTRA_TEXT } from './messages';
import { bookingFailureKind, bookingFailureView, doubleBookingDetails } from './outcome';

fixSystemClock();

/** A failed PostgREST answer as the booking form reads it. */
const bookingKindOf = (error: { code: string; message: string }, status: number) =>
  bookingFailureKind(toRequestError(error, status));

describe('classifying a failed booking request', () => {
  it('takes status 0 (no answer at all) for a connection failure, whatever the message', () => {
    expect(bookingKindOf({ code: '', message: 'TypeError: Failed to fetch' }, 0)).toBe('unreachable');
  });

  it("takes the booking rules' 23P01 for a refused slot and the guard's 23514 for an unknown procedure", () => {
    const refused = toRequestError({ code: '23P01', message: 'x' }, 409);
    expect({ kind: bookingFailureKind(refused), code: refused.code }).toMatchObject({
      kind: 'slot-refused',
      code: '23P01',
    });
    expect(bookingKindOf({ code: '23514', message: 'x' }, 400)).toBe('unknown-procedure');
  });

  it('takes anything else (RLS, foreign keys, server errors) as a plain failure', () => {
    for (const [code, status] of [
      ['42501', 403],
      ['23503', 409],
      ['PGRST000', 500],
    ] as const) {
      expect(bookingKindOf({ code, message: 'x' }, status)).toBe('failed');
    }
  });

  it("knows fetch's TypeError and a timeout as connection failures", () => {
    expect(bookingFailureKind(new TypeError('Failed to fetch'))).toBe('unreachable');
    const timeout = new Error('Timed out after 15000 ms');
    timeout.name = 'TimeoutError';
    expect(bookingFailureKind(timeout)).toBe('unreachable');
    expect(bookingFailureKind(new RequestError('gone'))).toBe('gone');
    expect(bookingFailureKind('weird')).toBe('failed');
  });
});

describe('how the form reports a failure', () => {
  it("shows 'Booking failed!' with the spec's text as banner and dialog, and refreshes the slots", () => {
    const view = bookingFailureView('slot-refused');
    expect(view).toEqual({
      banner: { text: 'Booking failed!', detail: 'This slot may already be taken or dentist is unavailable.' },
      dialog: { title: 'Booking failed!', text: 'This slot may already be taken or dentist is unavailable.' },
      refreshSlots: true,
      refreshProcedures: false,
    });
    expect(bookingFailureView('failed')).toEqual(view);
  });

  it("says 'Could not validate appointment. Please check connection.' when there was no answer", () => {
    expect(bookingFailureView('unreachable')).toEqual({
      banner: { text: 'Could not validate appointment. Please check connection.' },
      refreshSlots: false,
      refreshProcedures: false,
    });
  });

  it('says the appointment is gone, or the procedure is, and reads again what changed', () => {
    expect(bookingFailureView('gone')).toMatchObject({ banner: { text: BOOKING_EXTRA_TEXT.gone }, refreshSlots: true });
    expect(bookingFailureView('unknown-procedure')).toMatchObject({
      banner: { text: BOOKING_EXTRA_TEXT.unknownProcedure },
      refreshProcedures: true,
    });
  });
});

describe('the Double Booking details', () => {
  it.each(BROWSER_TIME_ZONES)(
    'show the clinic date, 12-hour time, dentist, reason and status (browser in %s)',
    (zone) => {
      inBrowserTimeZone(zone, () => {
        expect(
          doubleBookingDetails(
            {
              appointment_time: '2030-01-10T05:20:00Z',
              reason: 'Composite Filling — Notes: sensitive',
              dentist_name: 'Dr. Andrea Villanueva',
              status: 'Cancelled',
            },
            'Asia/Manila',
          ),
        ).toEqual({
          date: 'January 10, 2030',
          time: '1:20 PM',
          dentist: 'Dr. Andrea Villanueva',
          reason: 'Composite Filling — Notes: sensitive',
          status: 'Cancelled',
        });
      });
    },
  );

  it("reads 'Unknown dentist' and '—' when the dentist or the reason is missing", () => {
    expect(
      doubleBookingDetails(
        { appointment_time: '2030-01-09T16:00:00Z', reason: null, dentist_name: ' ', status: 'Scheduled' },
        'Asia/Manila',
      ),
    ).toEqual({
      date: 'January 10, 2030',
      time: '12:00 AM',
      dentist: 'Unknown dentist',
      reason: '—',
      status: 'Scheduled',
    });
  });
});
