/**
 * The Availability Manager's unsaved clicks on one dentist's day, over the grid as stored. Pure.
 *
 * A draft holds the hours the user changed, not the whole grid: applied to the day as read again
 * (another desk changed it meanwhile), it shows that desk's blocks with the user's clicks on top,
 * so a save never undoes a change the user has not seen.
 */
import { isToggleable, type HourSlot } from './hour-slots';

/** Unsaved clicks on the grid of one dentist and date. */
export interface Draft {
  readonly key: string;
  /** Hours the user blocked that are stored available. */
  readonly blocked: readonly number[];
  /** Hours the user freed that are stored blocked. */
  readonly freed: readonly number[];
}

/** The key of a dentist's date, to tell whose day a draft belongs to. */
export const draftKeyOf = (dentistId: number | null, date: string | null) => `${dentistId}|${date}`;

/** The draft of the grid as shown (after a click), over the grid as stored: the hours that differ. */
export function draftOf(key: string, stored: readonly HourSlot[], shown: readonly HourSlot[]): Draft {
  const changed = (from: HourSlot['state'], to: HourSlot['state']) =>
    shown
      .filter((slot) => slot.state === to && stored.find((s) => s.hour === slot.hour)?.state === from)
      .map((slot) => slot.hour);
  return { key, blocked: changed('available', 'blocked'), freed: changed('blocked', 'available') };
}

/** The stored grid with the draft's clicks applied to the hours a click may change. */
export function withDraft(stored: readonly HourSlot[], draft: Pick<Draft, 'blocked' | 'freed'>): HourSlot[] {
  return stored.map((slot) => {
    if (!isToggleable(slot)) return slot;
    if (draft.blocked.includes(slot.hour)) return { ...slot, state: 'blocked' };
    if (draft.freed.includes(slot.hour)) return { ...slot, state: 'available' };
    return slot;
  });
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
  const outside = (hour: number) => hour < first || hour >= last;
  return { key: draft.key, blocked: draft.blocked.filter(outside), freed: draft.freed.filter(outside) };
}
