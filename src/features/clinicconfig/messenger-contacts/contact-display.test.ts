import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/components/avatar/avatar';
import { CONTACTS_LIMIT, cappedContacts, contactName, firstMessageLine } from './contact-display';

describe('a Messenger contact as shown', () => {
  it('is named by its Messenger name, or Unknown sender when Meta gave none', () => {
    expect(contactName({ display_name: 'Maria Dela Cruz' })).toBe('Maria Dela Cruz');
    expect(contactName({ display_name: null })).toBe('Unknown sender');
    expect(contactName({ display_name: '   ' })).toBe('Unknown sender');
  });

  it('has the initials of its first and last word, or a question mark without a name', () => {
    expect(initialsOf('maria dela cruz')).toBe('MC');
    expect(initialsOf('Jose')).toBe('J');
    expect(initialsOf('  Ñino   Álvarez ')).toBe('ÑÁ');
    expect(initialsOf('😀 Smile')).toBe('😀S');
    expect(initialsOf(null)).toBe('?');
    expect(initialsOf('')).toBe('?');
  });

  it('shows the first message on one line, and nothing for a blank or missing one', () => {
    expect(firstMessageLine("Hi,\n  I'd like\tto book")).toBe("Hi, I'd like to book");
    expect(firstMessageLine(' \n ')).toBeNull();
    expect(firstMessageLine(null)).toBeNull();
  });

  it('lists at most the limit and says when there are more', () => {
    const rows = Array.from({ length: CONTACTS_LIMIT + 1 }, (_, index) => index);
    expect(cappedContacts(rows)).toEqual({ shown: rows.slice(0, CONTACTS_LIMIT), more: true });
    expect(cappedContacts(rows.slice(0, CONTACTS_LIMIT))).toEqual({
      shown: rows.slice(0, CONTACTS_LIMIT),
      more: false,
    });
    expect(cappedContacts([])).toEqual({ shown: [], more: false });
  });
});
