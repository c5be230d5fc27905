/**
 * The Availability Manager's unsaved clicks on one dentist's day, over the grid as stored. Pure.
 */
import { isToggleable, type HourSlot } from './hour-slots';

/** Unsaved clicks on the grid of one dentist and date: the hours the user wants blocked. */
export interface Draft {
  readonly key: string;
  readonly blocked: readonly number[];
}

/** The key of a dentist's date, to tell whose day a draft belongs to. */
export const draftKeyOf = (dentistId: number | null, date: string | null) => `${dentistId}|${date}`;

/** The stored grid with the draft's choice applied to the hours a click may change. */
export function withDraft(stored: readonly HourSlot[], blocked: readonly number[]): HourSlot[] {
  return stored.map((slot) =>
    isToggleable(slot) ? { ...slot, state: blocked.includes(slot.hour) ? 'blocked' : 'available' } : slot,
  );
}

export const blockedHoursOf = (slots: readonly HourSlot[]) =>
  slots.filter((slot) => slot.state === 'blocked').map((slot) => slot.hour);

/** Whether the grid as shown blocks other hours than the grid as stored. */
export const hasUnsavedHours = (shown: readonly HourSlot[], stored: readonly HourSlot[]) =>
  blockedHoursOf(shown).join() !== blockedHoursOf(stored).join();

/**
 * The draft once a stored block from `start` to `end` ('HH:MM', clinic time) is deleted: its hours
 * leave the draft, the other clicks stay.
 */
export function withoutBlock(draft: Draft, start: string, end: string): Draft {
  const hourOf = (time: string) => Number(time.slice(0, 2));
  const [first, last] = [hourOf(start), hourOf(end)];
  return { key: draft.key, blocked: draft.blocked.filter((hour) => hour < first || hour >= last) };
}
