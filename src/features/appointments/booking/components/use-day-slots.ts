import { useMemo } from 'react';
import type { IsoDate } from '@common/clinic-calendar';
import { daySlots, isClosedDay, type Slot } from '../../model/slots';
import { useDentistDay } from '../api/get-dentist-day';

/**
 * The dentist's day for the chosen date and its slots as the grid shows them: none on a day the
 * clinic is closed, undefined while the day loads (or before a date is chosen). The edited
 * appointment's own slot counts as free.
 */
export function useDaySlots(options: {
  clinicId: number;
  timeZone: string;
  dentistId: number | null;
  date: IsoDate | null;
  now: Date;
  editingId: number | null;
}) {
  const { clinicId, timeZone, dentistId, date, now, editingId } = options;
  const day = useDentistDay(clinicId, dentistId, date, timeZone);
  const closedDay = date !== null && isClosedDay(date);
  const slots = useMemo<readonly Slot[] | undefined>(() => {
    if (date === null) return undefined;
    if (closedDay) return [];
    if (!day.data) return undefined;
    return daySlots({
      date,
      timeZone,
      now,
      appointments: day.data.appointments,
      blocks: day.data.blocks,
      excludeAppointmentId: editingId,
    });
  }, [date, closedDay, day.data, timeZone, now, editingId]);
  return { day, closedDay, slots };
}
