import { useLayoutEffect, useRef } from 'react';
import { BOOKING_EXTRA_TEXT } from '../messages';
import { limitNotesEdit } from '../notes-limit';
import { notesLength } from '../validation';
import type { FieldKit } from './field-kit';

export interface NotesFieldProps {
  readonly kit: FieldKit;
  readonly notes: string;
  /** Characters of notes that fit beside the chosen procedure. */
  readonly room: number;
  readonly onChange: (notes: string) => void;
}

/** Additional Notes, with its live counter; an edit past the room is cut to fit. */
export function NotesField({ kit, notes, room, onChange }: NotesFieldProps) {
  const { formId, fieldId, invalid, describedBy, fieldError } = kit;
  const usedNotes = notesLength(notes);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const notesCaret = useRef<number | null>(null);
  // After the Notes box left out part of an insertion, the caret goes after what was kept.
  useLayoutEffect(() => {
    if (notesCaret.current === null) return;
    notesRef.current?.setSelectionRange(notesCaret.current, notesCaret.current);
    notesCaret.current = null;
  });
  return (
    <div className="field">
      <label className="field-label" htmlFor={fieldId('notes')}>
        Additional Notes <span className="booking-optional">(optional)</span>
      </label>
      <textarea
        ref={notesRef}
        id={fieldId('notes')}
        className={invalid('notes') ? 'input booking-notes is-invalid' : 'input booking-notes'}
        rows={3}
        value={notes}
        aria-invalid={invalid('notes') || undefined}
        aria-describedby={describedBy('notes', `${formId}-notes-count`)}
        onChange={(event) => {
          const limited = limitNotesEdit(notes, event.target.value, room);
          notesCaret.current = limited.caret;
          onChange(limited.text);
        }}
      />
      <p id={`${formId}-notes-count`} className={`booking-notes-count${usedNotes > room ? ' is-over' : ''}`}>
        {BOOKING_EXTRA_TEXT.notesCount(usedNotes, room)}
        <span className="visually-hidden"> {BOOKING_EXTRA_TEXT.notesCountUnit}</span>
      </p>
      {fieldError('notes')}
    </div>
  );
}
