// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardContext } from '@/lib/dashboard';
import { requestBooking, takeBookingIntent, useBookingIntent, useOpenBooking } from './booking-intent';

const MARIA = { id: 11, name: 'Maria Santos' };

afterEach(() => {
  cleanup();
  // Nothing left over for the next test.
  takeBookingIntent(1);
  takeBookingIntent(2);
});

function Appointments({ clinicId, onIntent }: { clinicId: number; onIntent: (patientId: number) => void }) {
  useBookingIntent(clinicId, (intent) => onIntent(intent.patient.id));
  return null;
}

describe('a booking request handed to the Appointments tab', () => {
  it('is taken once, by its own clinic', () => {
    requestBooking({ clinicId: 1, patient: MARIA });
    expect(takeBookingIntent(2)).toBeNull();
    expect(takeBookingIntent(1)).toEqual({ clinicId: 1, patient: MARIA });
    expect(takeBookingIntent(1)).toBeNull();
  });

  it('is the latest one when two were made before Appointments opened', () => {
    requestBooking({ clinicId: 1, patient: MARIA });
    requestBooking({ clinicId: 1, patient: { id: 12, name: 'Jose Rizal' } });
    expect(takeBookingIntent(1)?.patient.id).toBe(12);
  });

  it('reaches the screen that mounts after it was made, and one made while the screen is on', () => {
    const onIntent = vi.fn();
    requestBooking({ clinicId: 1, patient: MARIA });
    render(<Appointments clinicId={1} onIntent={onIntent} />);
    expect(onIntent).toHaveBeenCalledWith(11);
    act(() => requestBooking({ clinicId: 1, patient: { id: 12, name: 'Jose Rizal' } }));
    expect(onIntent.mock.calls).toEqual([[11], [12]]);
  });

  it("is left for its clinic by another clinic's screen", () => {
    const onIntent = vi.fn();
    render(<Appointments clinicId={1} onIntent={onIntent} />);
    act(() => requestBooking({ clinicId: 2, patient: MARIA }));
    expect(onIntent).not.toHaveBeenCalled();
    expect(takeBookingIntent(2)?.patient).toEqual(MARIA);
  });

  it("is made by another tab's Book, which switches to Appointments", () => {
    const selectTab = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DashboardContext.Provider value={{ activeTab: 'recalls', selectTab }}>{children}</DashboardContext.Provider>
    );
    const { result } = renderHook(() => useOpenBooking(), { wrapper });
    result.current!({ clinicId: 1, patient: MARIA });
    expect(selectTab).toHaveBeenCalledWith('appointments');
    expect(takeBookingIntent(1)?.patient).toEqual(MARIA);
  });

  it('cannot be made outside the dashboard, where there is no Appointments tab to open', () => {
    const { result } = renderHook(() => useOpenBooking());
    expect(result.current).toBeNull();
  });
});
