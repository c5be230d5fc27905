import { describe, expect, it } from 'vitest';
import { limitNotesEdit } from './notes-limit';

describe('the Notes box’s limit while typing', () => {
  it('keeps an edit that fits, and says nothing about the caret', () => {
    expect(limitNotesEdit('abc', 'abcd', 4)).toEqual({ text: 'abcd', caret: null });
  });

  it('refuses a character past the limit', () => {
    expect(limitNotesEdit('abcd', 'abcde', 4)).toEqual({ text: 'abcd', caret: 4 });
  });

  it('counts an emoji as one character, as the database does, not two UTF-16 units', () => {
    const full = '😀'.repeat(3);
    expect(limitNotesEdit('😀😀', full, 3)).toEqual({ text: full, caret: null });
    expect(limitNotesEdit(full, `${full}😀`, 3)).toEqual({ text: full, caret: 6 });
  });

  it('keeps as much of a paste as fits, in its place, and puts the caret after it', () => {
    expect(limitNotesEdit('ab|yz', 'ab|12345yz', 8)).toEqual({ text: 'ab|123yz', caret: 6 });
    // The paste is cut between code points, never inside an emoji.
    expect(limitNotesEdit('ab', 'a😀😀😀b', 4)).toEqual({ text: 'a😀😀b', caret: 5 });
  });

  it('counts the notes as saved: spaces around them do not count', () => {
    expect(limitNotesEdit('abcd', 'abcd  ', 4)).toEqual({ text: 'abcd  ', caret: null });
    expect(limitNotesEdit('abcd  ', 'abcd  e', 4)).toEqual({ text: 'abcd  ', caret: 6 });
  });

  it('lets notes that are over the limit (a longer procedure was chosen) be shortened, not lengthened', () => {
    expect(limitNotesEdit('abcdef', 'abcde', 4)).toEqual({ text: 'abcde', caret: null });
    expect(limitNotesEdit('abcdef', 'abcdefg', 4)).toEqual({ text: 'abcdef', caret: 6 });
  });

  it('replaces a selection by no more than fits', () => {
    // 'bcd' selected and replaced by '12345' with room for 6: 'a' + '12345'[..4] + 'e'.
    expect(limitNotesEdit('abcde', 'a12345e', 6)).toEqual({ text: 'a1234e', caret: 5 });
  });
});
