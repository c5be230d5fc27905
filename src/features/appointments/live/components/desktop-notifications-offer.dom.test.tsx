// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DesktopNotificationsOffer } from './desktop-notifications-offer';

const BUTTON = 'Turn on desktop notifications';

/** A browser's Notification whose permission starts as given and becomes `answer` when asked. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const requestPermission = vi.fn(async () => {
    stub.permission = answer;
    return answer;
  });
  const stub = { permission, requestPermission };
  vi.stubGlobal('Notification', stub);
  return stub;
}

describe('the offer to turn on desktop notifications', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the browser on a click while undecided, then goes away once granted', async () => {
    const stub = stubNotifications('default', 'granted');
    render(<DesktopNotificationsOffer />);
    const button = screen.getByRole('button', { name: BUTTON });
    expect(button.title).toBe('Updates then reach you while this tab is in the background.');
    expect(stub.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(stub.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });

  it('goes away when the user blocks them, and stays when the prompt was dismissed', async () => {
    stubNotifications('default', 'denied');
    const { unmount } = render(<DesktopNotificationsOffer />);
    await userEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    unmount();

    // Closing the prompt without choosing leaves the permission undecided: the offer stays.
    stubNotifications('default', 'default');
    render(<DesktopNotificationsOffer />);
    await userEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect((screen.getByRole('button', { name: BUTTON }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each(['granted', 'denied'] as const)('shows nothing when the permission is already %s', (permission) => {
    stubNotifications(permission);
    const { container } = render(<DesktopNotificationsOffer />);
    expect(container.textContent).toBe('');
  });

  it('shows nothing where the browser has no notifications', () => {
    vi.stubGlobal('Notification', undefined);
    const { container } = render(<DesktopNotificationsOffer />);
    expect(container.textContent).toBe('');
  });
});
