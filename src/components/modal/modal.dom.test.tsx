// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeaderMessage } from '../header-message/header-message';
import { Modal } from './modal';

afterEach(cleanup);

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Add Patient</button>
      <HeaderMessage message={{ tone: 'success', text: 'Patient added!' }} />
      <Modal open={open} title="Add Patient" onClose={() => setOpen(false)}>
        <input aria-label="Name" />
        <input aria-label="Phone" />
        {nested ? <button onClick={() => setInner(true)}>Open inner</button> : null}
        <Modal open={inner} title="Inner" onClose={() => setInner(false)}>
          <button>Inner action</button>
        </Modal>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('locks page scrolling while open and unlocks it after', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(document.body.style.overflow).toBe('');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(screen.getByRole('dialog', { name: 'Add Patient' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Esc and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Add Patient' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.tab();
    expect(document.activeElement).toBe(phone);
    // Past the last element, Tab wraps to the first (the × button, first in the dialog) …
    await user.tab();
    expect(document.activeElement).toBe(close);
    // … and Shift+Tab from the first wraps back to the last.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(phone);
  });

  it('hides header messages while any modal is open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Patient added!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(screen.queryByText('Patient added!')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByText('Patient added!')).toBeTruthy();
  });

  it('lets Esc close only the innermost of nested modals', async () => {
    const user = userEvent.setup();
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
