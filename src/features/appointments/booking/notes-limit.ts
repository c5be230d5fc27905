/**
 * The Notes box's length limit, applied while typing the way the browser's `maxlength` applies
 * one, but counted as the database counts the reason (code points of the notes as saved, trimmed:
 * validation.ts's notesLength). `maxlength` itself counts UTF-16 units and knows nothing of the
 * procedure beside the notes, so the box and the check disagreed.
 */
import { notesLength } from './validation';

export interface LimitedNotesEdit {
  /** The notes to keep. */
  readonly text: string;
  /** Where the caret goes (UTF-16 index) when some of the inserted text was left out; else null. */
  readonly caret: number | null;
}

/**
 * What the box keeps of an edit from `previous` to `next` with `room` characters: the edit as
 * it is when it fits or does not lengthen the notes (deleting from notes that are over the limit
 * after a longer procedure was chosen is always possible); otherwise the inserted text, cut to
 * what fits, in its place, like a paste into a box with `maxlength`.
 */
export function limitNotesEdit(previous: string, next: string, room: number): LimitedNotesEdit {
  const length = notesLength(next);
  if (length <= room || length <= notesLength(previous)) return { text: next, caret: null };
  const before = Array.from(previous);
  const after = Array.from(next);
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  const head = after.slice(0, start).join('');
  const inserted = after.slice(start, after.length - end);
  const tail = after.slice(after.length - end).join('');
  // The longest start of the inserted text that fits; the length only grows with it.
  let low = 0;
  let high = inserted.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (notesLength(head + inserted.slice(0, middle).join('') + tail) <= room) low = middle;
    else high = middle - 1;
  }
  const kept = head + inserted.slice(0, low).join('');
  return { text: kept + tail, caret: kept.length };
}
