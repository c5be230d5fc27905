// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal/modal';
import { lazyModal } from './lazy-modal';

afterEach(cleanup);

function PatientForm({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Add Patient">
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

/** A chunk that arrives (or fails) when the test says. */
function heldChunk() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof PatientForm }>((resolve, reject) => {
        arrive = () => resolve({ default: PatientForm });
        fail = reject;
      }),
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe('lazyModal', () => {
  it('shows the loading in a modal of its own, where the click was looked at, then the modal itself', async () => {
    const chunk = heldChunk();
    const PatientFormModal = lazyModal(chunk.load, { label: 'Loading the patient form…' });
    render(
      <main>
        <p>Long list</p>
        <PatientFormModal onClose={() => undefined} />
      </main>,
    );
    const waiting = screen.getByRole('dialog', { name: 'Loading…' });
    expect(within(waiting).getByRole('status').textContent).toBe('Loading the patient form…');
    // The page behind is locked, as under any modal.
    expect(document.body.style.overflow).toBe('hidden');

    await act(async () => chunk.arrive());
    expect(screen.getByRole('dialog', { name: 'Add Patient' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Loading…' })).toBeNull();
  });

  it('gives the focus back to the opener when the modal that replaced the loading one closes', async () => {
    let arrive!: () => void;
    const RealModal = ({ onClose }: { onClose: () => void }) => (
      <Modal open title="Add Patient" onClose={onClose}>
        <input aria-label="Name" />
      </Modal>
    );
    const PatientFormModal = lazyModal(
      () => new Promise<{ default: typeof RealModal }>((resolve) => (arrive = () => resolve({ default: RealModal }))),
      { label: 'Loading the patient form…' },
    );
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Add Patient
          </button>
          {open ? <PatientFormModal onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Add Patient' });
    opener.focus();
    act(() => opener.click());
    expect(screen.getByRole('dialog', { name: 'Loading…' })).toBeTruthy();
    await act(async () => arrive());
    const dialog = screen.getByRole('dialog', { name: 'Add Patient' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('shows a failed load in that modal with Retry, and closing it gives up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunk = heldChunk();
    const onClose = vi.fn();
    const PatientFormModal = lazyModal(chunk.load, { label: 'Loading the patient form…' });
    render(<PatientFormModal onClose={onClose} />);
    await act(async () => chunk.fail(new TypeError('Failed to fetch dynamically imported module')));
    const failed = screen.getByRole('dialog', { name: 'Loading…' });
    expect(within(failed).getByRole('alert').textContent).toContain('This part of Ngiti could not be loaded.');
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeTruthy();

    act(() => within(failed).getByRole('button', { name: 'Close' }).click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
