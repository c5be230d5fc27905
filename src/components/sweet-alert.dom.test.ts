// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dialogBody } from './sweet-alert';

const lines = (body: HTMLElement) =>
  Array.from(body.querySelectorAll('p')).map((line) => [line.className, line.textContent]);

describe('dialogBody', () => {
  it('when there is a second line, then it stands under the text, each as text in its class', () => {
    const body = dialogBody(
      { text: 'Could not save <b>it</b>.', className: 'x-text' },
      { text: 'Reason: offline', className: 'x-reason' },
    );
    expect(lines(body)).toEqual([
      ['x-text', 'Could not save <b>it</b>.'],
      ['x-reason', 'Reason: offline'],
    ]);
    expect(body.querySelector('b')).toBeNull();
  });

  it('when there is none, or it is empty, then only the text is there', () => {
    expect(lines(dialogBody({ text: 'Saved.', className: 'x-text' }))).toEqual([['x-text', 'Saved.']]);
    expect(lines(dialogBody({ text: 'Saved.', className: 'x-text' }, { text: '', className: 'x-reason' }))).toEqual([
      ['x-text', 'Saved.'],
    ]);
  });
});
