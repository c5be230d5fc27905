// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderMessage } from '../header-message/header-message';
import { Modal, useModalCloseGuard } from './modal';
import { holdBackGuard } from './modal-stack';

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

  it('opens a destructive confirmation on its Cancel, even with a field before it: Enter cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Void</button>
          <Modal
            open={open}
            title="Void invoice #7"
            onClose={() => setOpen(false)}
            destructive
            closeLabel="Cancel"
            footer={<button onClick={onConfirm}>Confirm void</button>}
          >
            <input aria-label="Reason" />
          </Modal>
        </>
      );
    }
    render(<Confirm />);
    await user.click(screen.getByRole('button', { name: 'Void' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
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

/** A form whose modal asks before it closes while something is typed. */
function GuardedHarness({ ask }: { ask: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Add Patient</button>
      <Modal open={open} title="Add Patient" onClose={() => setOpen(false)}>
        <GuardedInput ask={ask} />
      </Modal>
    </>
  );
}

function GuardedInput({ ask }: { ask: () => Promise<boolean> }) {
  const [value, setValue] = useState('');
  useModalCloseGuard(value ? ask : null);
  return <input aria-label="Name" value={value} onChange={(event) => setValue(event.target.value)} />;
}

const layer = () => (window.history.state as { ngitiLayer?: number } | null)?.ngitiLayer ?? 0;

describe('Modal with a close label', () => {
  it('puts a secondary button that closes it first in the footer, before the other buttons', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open title="Delete" onClose={onClose} closeLabel="Cancel" footer={<button>Delete</button>}>
        <p>Sure?</p>
      </Modal>,
    );
    const footer = screen.getByRole('button', { name: 'Cancel' }).closest('footer')!;
    expect(Array.from(footer.querySelectorAll('button')).map((button) => button.textContent)).toEqual([
      'Cancel',
      'Delete',
    ]);
    expect(screen.getByRole('button', { name: 'Cancel' }).className).toBe('button button-secondary');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Modal and the browser history', () => {
  it('adds a history entry while open; Back closes the modal and stays on the page', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const url = window.location.href;
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(layer()).toBe(1));
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(layer()).toBe(0);
    expect(window.location.href).toBe(url);
    expect(document.body.style.overflow).toBe('');
  });

  it('takes its entry back off when closed by × or Esc, so Back does not land on a dead entry', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(layer()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(layer()).toBe(0));
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(layer()).toBe(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(layer()).toBe(0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only the innermost of nested modals on Back, one per Back', async () => {
    const user = userEvent.setup();
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    await waitFor(() => expect(layer()).toBe(2));
    window.history.back();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(layer()).toBe(1);
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(layer()).toBe(0);
  });

  it('asks through the close guard on Back, Esc and ×: Keep stays open with the input, Discard closes', async () => {
    const user = userEvent.setup();
    const answers = [false, false, false, true];
    const ask = vi.fn(async () => answers.shift()!);
    render(<GuardedHarness ask={ask} />);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
    await waitFor(() => expect(layer()).toBe(1));

    window.history.back();
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    // Kept: the modal, what was typed, and an entry for the next Back.
    await waitFor(() => expect(layer()).toBe(1));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Ana');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(ask).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('dialog', { name: 'Add Patient' })).toBeTruthy();

    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ask).toHaveBeenCalledTimes(4);
    await waitFor(() => expect(layer()).toBe(0));
  });

  it('with a back guard held, Back with no modal open asks before leaving and stays when told to', async () => {
    const onLeave = vi.fn(async () => false);
    const release = holdBackGuard(onLeave);
    try {
      // The guard entry comes with the user's first touch of the page.
      fireEvent.pointerDown(document.body);
      await waitFor(() => expect(layer()).toBe(1));
      const url = window.location.href;
      window.history.back();
      await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(layer()).toBe(1));
      expect(window.location.href).toBe(url);
    } finally {
      release();
    }
    await waitFor(() => expect(layer()).toBe(0));
  });
});
