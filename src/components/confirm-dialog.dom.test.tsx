// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubSweetAlertGlobals } from '@/testing/sweet-alert-globals';
import { confirmDialog } from './confirm-dialog';
import { openModalCount } from './modal/modal-stack';

beforeAll(stubSweetAlertGlobals);

/** A focused button standing in for the control that asked; the dialog gives focus back to it. */
function focusedOpener(): HTMLButtonElement {
  const opener = document.createElement('button');
  opener.textContent = 'Delete';
  document.body.append(opener);
  opener.focus();
  return opener;
}

describe('confirmDialog', () => {
  it("asks in the spec's words and resolves true on 'Yes, delete'", async () => {
    const opener = focusedOpener();
    const answer = confirmDialog({ title: 'Delete block?', text: 'Delete this block?' });
    // sweetalert2 is loaded on first use: on a busy machine that can take longer than findBy's 1 s.
    const confirm = await screen.findByRole('button', { name: 'Yes, delete' }, { timeout: 10_000 });
    expect(screen.getByText('Delete block?')).toBeTruthy();
    expect(screen.getByText('Delete this block?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(openModalCount()).toBe(1);
    fireEvent.click(confirm);
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(openModalCount()).toBe(0));
    // sweetalert2 gives focus back a moment after closing; the test ends only once it has.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    opener.remove();
  });

  it('resolves false on Cancel and gives focus back', async () => {
    const opener = focusedOpener();
    const answer = confirmDialog({
      title: 'Delete blocks?',
      text: 'Delete ALL blocks for 2025-06-02? This cannot be undone.',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));
    opener.remove();
  });
});
